/**
 * The page shell every page shares (head, site header, footer, the inline stylesheet) and the way a page
 * loads its script: a file of this origin (client/scripts.ts) with the page's config beside it as JSON
 * data. Pages are served with a Content-Security-Policy that allows scripts from this origin only (no
 * inline code, no inline handlers), so a page cannot run injected markup's script or make an external
 * request even by mistake.
 */
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AnalyzeConfig } from "./client/analyze.ts";
import type { BotPageConfig } from "./client/bot.ts";
import type { BotsConfig } from "./client/bots.ts";
import type { HomeConfig } from "./client/home.ts";
import type { MatchPageConfig } from "./client/match.ts";
import type { PuzzlesConfig } from "./client/puzzles.ts";
import { PAGE_CONFIG_ID, type PageScript, SCRIPTS_PATH } from "./client/scripts.ts";
import type { TournamentPageConfig } from "./client/tournament.ts";
import type { TournamentsConfig } from "./client/tournaments.ts";
import { type Drawing, makeDrawing, VOCABULARY } from "./draw.ts";
import { makeMatchViews, type MatchViews } from "./match-view.ts";
import { STYLE } from "./style.ts";
import { makeTournamentViews, type TournamentViews } from "./tournament-view.ts";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const DRAWING: Drawing = makeDrawing(VOCABULARY);
export const MATCH_VIEWS: MatchViews = makeMatchViews(DRAWING);
export const TOURNAMENT_VIEWS: TournamentViews = makeTournamentViews(DRAWING);

/** Text people and bots supply (a name), as markup isolated from the text around it (see isolateHtml). */
export const isolated = (text: string): HtmlEscapedString => raw(DRAWING.isolateHtml(text));

/** The config each page script reads (the page module of the same name declares it). */
interface PageConfigs {
  analyze: AnalyzeConfig;
  bot: BotPageConfig;
  bots: BotsConfig;
  home: HomeConfig;
  match: MatchPageConfig;
  puzzles: PuzzlesConfig;
  tournament: TournamentPageConfig;
  tournaments: TournamentsConfig;
}

/**
 * JSON that is inert inside a <script type="application/json"> element: `<`, `>` and `&` as JSON escapes,
 * so no `</script` or `<!--` can end the element or change how it is parsed; JSON.parse reads them back.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (char) => `\\u00${char.charCodeAt(0).toString(16)}`);
}

/** A page's script: its config as data, then its bundle from this origin (client/boot.ts reads the one, the other runs). */
export function pageScript<N extends PageScript>(name: N, config: PageConfigs[N]): HtmlEscapedString {
  return raw(`<script type="application/json" id="${PAGE_CONFIG_ID}">${scriptJson(config)}</script>\n<script src="${SCRIPTS_PATH}${name}.js"></script>`);
}

const LOGO = raw(DRAWING.pieceSvg(13, { size: 30 }).replace('class="piece"', 'class="piece logo" aria-hidden="true"'));

/** The site's header: the brand and the navigation, on every page (the API reference at /docs too). */
export const SITE_HEADER = raw(`<header class="site">
<a class="brand" href="/" aria-label="Quarto: home">${LOGO}<span>Quarto</span></a>
<nav><a href="/">Play</a><a href="/puzzles">Puzzles</a><a href="/learn">Learn</a><a href="/analyze">Analyze</a><a href="/tournaments">Tournaments</a><a href="/ladder">Ladder</a><a href="/bots">Bots</a><a href="/docs">API docs</a></nav>
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
 * The CSP of every page: this origin only (its WebSocket included); scripts only from files of this
 * origin (a page's config is JSON data, which runs nothing), inline styles (the page's stylesheet and the
 * drawings' style attributes), SVG as data: images.
 */
export function contentSecurityPolicy(requestUrl: string): string {
  const url = new URL(requestUrl);
  const socket = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${socket}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
