/**
 * The web pages: `/` (for browsers: the JSON index stays for everyone else), `/analyze`,
 * `/matches/{id}` and `/tournaments/{id}`. They are plain routes, not part of the OpenAPI document
 * (PAGE_ONLY_PATHS lists them), server-rendered with hono/html (no JSX transform to set up anywhere)
 * plus small inline scripts; they use only the public API. The Worker entry registers them first.
 */
import type { Context } from "hono";
import { type App, type AppEnv, problem } from "../http/index.ts";
import { isMatchId } from "../match/index.ts";
import { analyzePage } from "./analyze.ts";
import { homePage } from "./home.ts";
import { contentSecurityPolicy, type Html } from "./layout.ts";
import { matchPage, notFoundPage } from "./match.ts";
import { tournamentPage } from "./tournament.ts";
import { ladderBotPage, ladderPage } from "./ladder.ts";
import { DEFAULT_PAGE_LIMIT, LADDER_NAME, MAX_PAGE_LIMIT, nextLink } from "../wire/index.ts";

/**
 * The paths only pages serve (Hono paths), which the OpenAPI document leaves out (`/` is also the API's
 * index, so it is described there).
 */
export const PAGE_ONLY_PATHS: readonly string[] = ["/analyze", "/matches/:id", "/tournaments/:id", "/ladder", "/ladder/:bot"];

/**
 * True when the client prefers HTML to JSON: the highest-quality Accept range matching text/html beats
 * the one matching application/json (a tie, as with `*\/*` or no Accept at all, goes to JSON).
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(",").map((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { range: range.trim(), quality: Number.isFinite(quality) ? quality : 0 };
  });
  const qualityOf = (type: string) => {
    const [major] = type.split("/");
    const exact = ranges.find((entry) => entry.range === type);
    const family = ranges.find((entry) => entry.range === `${major}/*`);
    const any = ranges.find((entry) => entry.range === "*/*");
    return (exact ?? family ?? any)?.quality ?? 0;
  };
  const html = qualityOf("text/html");
  return html > 0 && html > qualityOf("application/json");
}

function render(c: Context<AppEnv>, body: Html, status: 200 | 404 = 200) {
  c.header("Content-Security-Policy", contentSecurityPolicy(c.req.url));
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "same-origin");
  c.header("Cache-Control", "no-store");
  return c.html(body, status);
}

/** A page's "not found": an HTML page for browsers, the usual problem document for anyone else. */
function pageNotFound(c: Context<AppEnv>, code: "match/not_found" | "tournament/not_found" | "ladder/not_found", what: string) {
  if (prefersHtml(c.req.header("Accept"))) return render(c, notFoundPage(what), 404);
  return problem(c, code, what);
}

export function registerPageRoutes(app: App): void {
  // Registered before the JSON index, which answers when this one passes.
  app.get("/", async (c, next) => {
    c.header("Vary", "Accept");
    if (!prefersHtml(c.req.header("Accept"))) return next();
    return render(c, homePage());
  });

  app.get("/analyze", (c) => render(c, analyzePage(c.req.query())));

  app.get("/matches/:id", async (c) => {
    const id = c.req.param("id");
    if (!isMatchId(id)) return pageNotFound(c, "match/not_found", `there is no match ${id.slice(0, 40)}`);
    const view = await c.env.MATCHES.get(c.env.MATCHES.idFromName(id)).view();
    if (!view.ok) return pageNotFound(c, "match/not_found", `there is no match ${id}`);
    return render(c, matchPage(view.value));
  });

  app.get("/ladder", async (c) => {
    const asked = Number(c.req.query("limit"));
    const limit = Number.isInteger(asked) && asked >= 1 && asked <= MAX_PAGE_LIMIT ? asked : DEFAULT_PAGE_LIMIT;
    const ladder = c.env.LADDER.get(c.env.LADDER.idFromName(LADDER_NAME));
    // A cursor that is not one of ours shows the first page.
    let read = await ladder.page(limit, c.req.query("cursor") ?? null);
    if (!read.ok) read = await ladder.page(limit, null);
    if (!read.ok) throw new Error(`the ladder did not answer its first page: ${read.error.detail}`);
    const { history, after, ...rest } = read.value;
    return render(c, ladderPage({ ...rest, next: after === null ? null : nextLink("/v1/ladder", limit, after) }, history, limit));
  });

  app.get("/ladder/:bot", async (c) => {
    const bot = c.req.param("bot");
    const view = isMatchId(bot) ? await c.env.LADDER.get(c.env.LADDER.idFromName(LADDER_NAME)).bot(bot) : null;
    if (!view?.ok) return pageNotFound(c, "ladder/not_found", `bot ${bot.slice(0, 40)} has never been on the ladder`);
    return render(c, ladderBotPage(view.value));
  });

  app.get("/tournaments/:id", async (c) => {
    const id = c.req.param("id");
    if (!isMatchId(id)) return pageNotFound(c, "tournament/not_found", `there is no tournament ${id.slice(0, 40)}`);
    const view = await c.env.TOURNAMENTS.get(c.env.TOURNAMENTS.idFromName(id)).get();
    if (!view.ok) return pageNotFound(c, "tournament/not_found", `there is no tournament ${id}`);
    return render(c, tournamentPage(view.value));
  });
}
