/**
 * The page shell every page shares (head, site header, footer, the inline stylesheet) and the way page
 * scripts are shipped: a client function and the self-contained factories it needs, inlined as their
 * source. Pages are served with a Content-Security-Policy that allows only this origin, so a page cannot
 * make an external request even by mistake.
 */
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { ATTRIBUTE_BIT, ATTRIBUTE_VALUES, ATTRIBUTES, CELL_NAMES } from "../rules/index.ts";
import { type DrawingVocabulary, type Drawing, makeDrawing } from "./draw.ts";
import { type Kit, makeKit } from "./client/kit.ts";
import { makeMatchViews, type MatchViews } from "./match-view.ts";
import { STYLE } from "./style.ts";
import { makeTournamentViews, type TournamentViews } from "./tournament-view.ts";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The rules core's tables, as the drawing takes them. */
const VOCABULARY: DrawingVocabulary = { attributes: ATTRIBUTES, bits: ATTRIBUTE_BIT, values: ATTRIBUTE_VALUES, cellNames: CELL_NAMES };
export const DRAWING: Drawing = makeDrawing(VOCABULARY);
export const MATCH_VIEWS: MatchViews = makeMatchViews(DRAWING);
export const TOURNAMENT_VIEWS: TournamentViews = makeTournamentViews(DRAWING);

/** What every page script receives. */
export interface ClientEnv {
  draw: Drawing;
  kit: Kit;
  views: MatchViews;
  tournament: TournamentViews;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A <script> that runs `main(env, config)` in the browser. The factories' and main's sources are
 * inlined; `__name` is the helper the Worker bundler (esbuild, keepNames) may call inside them.
 */
export function clientScript<C>(main: (env: ClientEnv, config: C) => void, config: C): HtmlEscapedString {
  const env = `{ draw: draw, kit: (${makeKit})(), views: (${makeMatchViews})(draw), tournament: (${makeTournamentViews})(draw) }`;
  const source = [
    "(function () {",
    '"use strict";',
    "var __name = function (target) { return target; };",
    `var draw = (${makeDrawing})(${scriptJson(VOCABULARY)});`,
    `(${main})(${env}, ${scriptJson(config)});`,
    "})();",
  ].join("\n");
  return raw(`<script>${source.replace(/<\/script/gi, "<\\/script")}</script>`);
}

const LOGO = raw(DRAWING.pieceSvg(13, { size: 30 }).replace('class="piece"', 'class="piece logo" aria-hidden="true"'));

/** The site's header: the brand and the navigation, on every page (the API reference at /docs too). */
export const SITE_HEADER = raw(`<header class="site">
<a class="brand" href="/" aria-label="Quarto: home">${LOGO}<span>Quarto</span></a>
<nav><a href="/">Play</a><a href="/puzzles">Puzzles</a><a href="/learn">Learn</a><a href="/analyze">Analyze</a><a href="/tournaments">Tournaments</a><a href="/ladder">Ladder</a><a href="/docs">API docs</a></nav>
</header>`);

export interface PageOptions {
  title: string;
  body: Html;
  script?: HtmlEscapedString;
}

export function page(options: PageOptions): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · Quarto</title>
<link rel="icon" href="/favicon.ico">
<style>${raw(STYLE)}</style>
</head>
<body>
${SITE_HEADER}
<main>
${options.body}
</main>
<footer class="site">The reference service for the board game Quarto. Everything on these pages uses the public API: see <a href="/docs">the API docs</a>.</footer>
${options.script ?? ""}
</body>
</html>`;
}

/**
 * The CSP of every page: this origin only (its WebSocket included), inline styles and scripts (the
 * page's own), SVG as data: images.
 */
export function contentSecurityPolicy(requestUrl: string): string {
  const url = new URL(requestUrl);
  const socket = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${socket}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
