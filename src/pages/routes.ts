/**
 * The web pages: `/` and `/problems` (for browsers: the JSON stays for everyone else), `/analyze`, `/puzzles`, `/learn`,
 * `/matches/{id}`, `/tournaments`, `/tournaments/{id}`, `/ladder`, `/ladder/{bot}`, the API reference
 * (`/docs`) with the site's header, and the site's icon (`/favicon.ico`). They are plain routes, not part of the OpenAPI document (PAGE_ONLY_PATHS lists
 * them), server-rendered with hono/html (no JSX transform to set up anywhere) plus small inline scripts;
 * their scripts use only the public API. The Worker entry registers them first.
 */
import type { Context } from "hono";
import {
  type App,
  type AppEnv,
  ladderBotView,
  ladderObject,
  matchObject,
  problem,
  REFERENCE_HEADERS,
  referencePage,
  registryObject,
  tournamentObject,
} from "../http/index.ts";
import { isId } from "../match/index.ts";
import { analyzePage } from "./analyze.ts";
import { learnPage } from "./learn.ts";
import { puzzlesPage } from "./puzzles.ts";
import { homePage } from "./home.ts";
import { contentSecurityPolicy, type Html, SITE_HEADER } from "./layout.ts";
import { REFERENCE_HEADER_STYLE } from "./style.ts";
import { matchPage, notFoundPage } from "./match.ts";
import { tournamentPage } from "./tournament.ts";
import { tournamentsPage } from "./tournaments.ts";
import { ladderBotPage, ladderPage } from "./ladder.ts";
import { type BotGame, botPage, botsPage, gameFromLadder, gameFromTournament, type ListedBot } from "./bots.ts";
import { problemPage, problemsPage } from "./problems.ts";
import { FAVICON } from "./favicon.ts";
import { BUILT_IN_BOTS, isBuiltInBot } from "../bots/index.ts";
import { OPENING_SUITES } from "../tournament/index.ts";
import {
  type BotOutput,
  DEFAULT_PAGE_LIMIT,
  decodeCursor,
  isProblemCode,
  type LadderEntryOutput,
  MAX_PAGE_LIMIT,
  nextLink,
  TOURNAMENT_VIEW_GAMES,
  type TournamentOutput,
} from "../wire/index.ts";

/** Tournaments per page of /tournaments (at most MAX_PAGE_LIMIT with `?limit=`), and the registered bots its form offers. */
const TOURNAMENTS_PER_PAGE = 20;
const BOTS_OFFERED = 100;
/** The bot's newest tournaments its page shows (their games among them), and the games it lists. */
const BOT_TOURNAMENTS_SHOWN = 20;
const BOT_GAMES_SHOWN = 30;

/** `?limit=` of a page: a whole number from 1 to MAX_PAGE_LIMIT, else the default. */
function limitOf(c: Context<AppEnv>, fallback: number): number {
  const asked = Number(c.req.query("limit"));
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_PAGE_LIMIT ? asked : fallback;
}

/**
 * The paths only pages serve (Hono paths), which the OpenAPI document leaves out (`/` is also the API's
 * index, so it is described there).
 */
export const PAGE_ONLY_PATHS: readonly string[] = [
  "/analyze",
  "/puzzles",
  "/learn",
  "/matches/:id",
  "/tournaments",
  "/tournaments/:id",
  "/ladder",
  "/ladder/:bot",
  "/bots",
  "/bots/:id",
  "/favicon.ico",
];

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
function pageNotFound(c: Context<AppEnv>, code: "match/not_found" | "tournament/not_found" | "ladder/not_found" | "registry/not_found", what: string) {
  if (prefersHtml(c.req.header("Accept"))) return render(c, notFoundPage(what), 404);
  return problem(c, code, what);
}

/**
 * The API's answer to a GET, asked of this app in process: the pages that show what an API route shows
 * (the bots, with their connection state) render its answer rather than compute it again. Null when it refuses.
 */
async function apiGet<T>(app: App, c: Context<AppEnv>, path: string): Promise<T | null> {
  const response = await app.request(path, { headers: { Accept: "application/json" } }, c.env, c.executionCtx);
  return response.ok ? ((await response.json()) as T) : null;
}

export function registerPageRoutes(app: App): void {
  // A browser that opens an address nothing serves gets a page saying so, not the API's problem document
  // (which API clients, asking for JSON or for nothing in particular, still get).
  app.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" || c.res.status !== 404 || !prefersHtml(c.req.header("Accept"))) return;
    if (!c.res.headers.get("Content-Type")?.startsWith("application/problem+json")) return;
    const document = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (document?.code !== "request/not_found") return;
    c.res = await render(c, notFoundPage(`Nothing is served at ${c.req.path.slice(0, 80)}.`), 404);
  });

  // Registered before the JSON index, which answers when this one passes.
  app.get("/", async (c, next) => {
    c.header("Vary", "Accept");
    if (!prefersHtml(c.req.header("Accept"))) return next();
    const bots = await registryObject(c.env).list(BOTS_OFFERED);
    return render(c, homePage(bots.bots.filter((bot) => bot.entry === "open").map(({ id, name }) => ({ id, name }))));
  });

  app.get("/analyze", (c) => render(c, analyzePage(c.req.query())));
  app.get("/puzzles", (c) => render(c, puzzlesPage(c.req.query())));
  app.get("/learn", (c) => render(c, learnPage()));

  // The error codes, readable: a problem document's `type` leads a person here (API clients get the JSON).
  app.get("/problems", async (c, next) => {
    c.header("Vary", "Accept");
    if (!prefersHtml(c.req.header("Accept"))) return next();
    return render(c, problemsPage());
  });
  app.get("/problems/:namespace/:name", async (c, next) => {
    const code = `${c.req.param("namespace")}/${c.req.param("name")}`;
    c.header("Vary", "Accept");
    if (!prefersHtml(c.req.header("Accept")) || !isProblemCode(code)) return next();
    return render(c, problemPage(code));
  });

  // The API reference with the site's header and navigation, as every page has them (the API's own
  // GET /docs, registered after this, serves it bare to an app without pages).
  app.get("/docs", (c) => c.html(referencePage({ header: String(SITE_HEADER), style: REFERENCE_HEADER_STYLE }), 200, REFERENCE_HEADERS));

  // The site's icon (the /docs page asks for it too).
  app.get("/favicon.ico", () => new Response(FAVICON, { headers: { "Content-Type": "image/x-icon", "Cache-Control": "public, max-age=86400" } }));

  app.get("/matches/:id", async (c) => {
    const id = c.req.param("id");
    if (!isId(id)) return pageNotFound(c, "match/not_found", `there is no match ${id.slice(0, 40)}`);
    const view = await matchObject(c.env, id).view();
    if (!view.ok) return pageNotFound(c, "match/not_found", `there is no match ${id}`);
    return render(c, matchPage(view.value));
  });

  app.get("/ladder", async (c) => {
    const limit = limitOf(c, DEFAULT_PAGE_LIMIT);
    const ladder = ladderObject(c.env);
    // A cursor that is not one of ours shows the first page.
    let read = await ladder.page(limit, c.req.query("cursor") ?? null);
    if (!read.ok) read = await ladder.page(limit, null);
    if (!read.ok) throw new Error(`the ladder did not answer its first page: ${read.error.detail}`);
    const { history, after, ...rest } = read.value;
    return render(c, ladderPage({ ...rest, next: after === null ? null : nextLink("/v1/ladder", limit, after) }, history, limit));
  });

  app.get("/ladder/:bot", async (c) => {
    const bot = c.req.param("bot");
    const view = isId(bot) || isBuiltInBot(bot) ? await ladderBotView(c.env, bot) : null;
    if (!view?.ok) return pageNotFound(c, "ladder/not_found", `bot ${bot.slice(0, 40)} has never been on the ladder`);
    return render(c, ladderBotPage(view.value));
  });

  app.get("/bots", async (c) => {
    const limit = limitOf(c, DEFAULT_PAGE_LIMIT);
    const cursor = c.req.query("cursor");
    const pageOf = (after: string | undefined) =>
      apiGet<{ bots: BotOutput[]; next: string | null }>(app, c, `/v1/bots?limit=${limit}${after === undefined ? "" : `&cursor=${encodeURIComponent(after)}`}`);
    // A cursor that is not one of ours shows the first page.
    const listed = (cursor === undefined ? null : await pageOf(cursor)) ?? (await pageOf(undefined));
    if (listed === null) throw new Error("the bot list did not answer its first page");
    const ladder = ladderObject(c.env);
    const bots: ListedBot[] = await Promise.all(listed.bots.map(async (bot) => ({ ...bot, ladder: await ladder.status(bot.id) })));
    return render(c, botsPage({ bots, next: listed.next?.replace("/v1/bots", "/bots") ?? null, first: cursor === undefined || bots.length === 0 }));
  });

  // `/bots/{name}` of a built-in bot is the bot protocol's (the API's route answers it); a registered bot's id is a page.
  app.get("/bots/:id", async (c, next) => {
    const id = c.req.param("id");
    if (!isId(id)) return next();
    const bot = await apiGet<BotOutput & { ladder: LadderEntryOutput | null }>(app, c, `/v1/bots/${id}`);
    if (bot === null) return pageNotFound(c, "registry/not_found", `there is no bot ${id}`);
    const ladderView = bot.ladder === null ? null : await ladderBotView(c.env, id);
    const ladder = ladderView?.ok ? ladderView.value : null;
    const entered = await registryObject(c.env).tournamentsOf(id, BOT_TOURNAMENTS_SHOWN);
    const views = await Promise.all(entered.map(({ id: tournamentId }) => tournamentObject(c.env, tournamentId).get()));
    const tournaments = views.flatMap((view) => (view.ok ? [view.value] : []));
    // Newest first: the tournaments' games (latest first) and the ladder's, by when they were started and ended.
    const dated: { at: number; game: BotGame }[] = [
      ...tournaments.flatMap((view: TournamentOutput) =>
        view.games
          .flatMap((game) => gameFromTournament(view, game, bot.name) ?? [])
          .reverse()
          .map((game) => ({ at: Date.parse(view.createdAt), game })),
      ),
      ...(ladder?.recentGames ?? []).map((game) => ({ at: Date.parse(game.finishedAt), game: gameFromLadder(game, id) })),
    ];
    const games = dated
      .sort((a, b) => b.at - a.at)
      .slice(0, BOT_GAMES_SHOWN)
      .map(({ game }) => game);
    return render(c, botPage({ bot, ladder, tournaments, shown: BOT_TOURNAMENTS_SHOWN, games }));
  });

  app.get("/tournaments", async (c) => {
    const registry = registryObject(c.env);
    const limit = limitOf(c, TOURNAMENTS_PER_PAGE);
    // A cursor names the last tournament of the page before (creation time, id); one that is not ours shows the newest.
    const parts = decodeCursor(c.req.query("cursor") ?? "");
    const after = parts?.length === 2 && /^[0-9]{1,15}$/.test(parts[0]) && isId(parts[1]) ? { createdAt: Number(parts[0]), id: parts[1] } : null;
    const [index, bots] = await Promise.all([registry.tournaments(limit, after), registry.list(BOTS_OFFERED)]);
    const views = await Promise.all(index.tournaments.map(({ id }) => tournamentObject(c.env, id).get()));
    // A tournament deleted by retention leaves the index.
    const gone = index.tournaments.filter((_, at) => !views[at].ok).map(({ id }) => id);
    if (gone.length > 0) await registry.forgetTournaments(gone);
    const last = index.tournaments.at(-1);
    return render(
      c,
      tournamentsPage({
        tournaments: views.flatMap((view) => (view.ok ? [view.value] : [])),
        older: index.more && last ? nextLink("/tournaments", limit, [last.createdAt, last.id]) : null,
        first: after === null,
        builtIn: BUILT_IN_BOTS.map((name) => ({ name, note: "built-in" })),
        // Anyone may enter an open bot; a bot kept by its owner needs its management token, which this page does not have.
        registered: bots.bots.filter((bot) => bot.entry === "open"),
        moreRegistered: bots.more,
        suites: Object.values(OPENING_SUITES).map((suite) => ({ name: suite.name, count: suite.openings.length, squares: suite.rules.squares })),
      }),
    );
  });

  app.get("/tournaments/:id", async (c) => {
    const id = c.req.param("id");
    if (!isId(id)) return pageNotFound(c, "tournament/not_found", `there is no tournament ${id.slice(0, 40)}`);
    const tournament = tournamentObject(c.env, id);
    const view = await tournament.get();
    if (!view.ok) return pageNotFound(c, "tournament/not_found", `there is no tournament ${id}`);
    // `?from=` a game number past the view's first page: that page of GET /v1/tournaments/{id}/games.
    const from = Number(c.req.query("from"));
    if (!Number.isInteger(from) || from <= view.value.games.length || from > view.value.progress.total) return render(c, tournamentPage(view.value));
    const games = await tournament.games(from - 2, TOURNAMENT_VIEW_GAMES);
    return render(c, tournamentPage(view.value, games.ok ? { games: games.value.games, from } : null));
  });
}
