/**
 * Pagination: `GET /v1/bots` and a tournament's games come a page at a time (`limit`, `cursor`), each
 * page linking to the next; following the links lists every item once, in order, and a tournament's
 * view keeps its standings with a bounded games list and a link to the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_LIMIT } from "../../src/wire/pagination.ts";
import type { TournamentGameOutput, TournamentOutput } from "../../src/wire/tournament-schemas.ts";
import { TOURNAMENT_VIEW_GAMES } from "../../src/wire/tournament-schemas.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, request } from "./http.ts";
import { bearer } from "./match-client.ts";
import { createTournament, registerFleetBot } from "./tournament-client.ts";

interface BotPage {
  bots: { id: string; name: string; createdAt: string }[];
  next: string | null;
  builtIn: { name: string }[];
}

interface GamePage {
  games: TournamentGameOutput[];
  next: string | null;
}

/** Follows `next` from `first`, checking every link keeps the page size; answers the pages. */
async function follow<T extends { next: string | null }>(first: string, limit: number): Promise<T[]> {
  const pages: T[] = [];
  for (let path: string | null = first; path !== null; ) {
    const page: T = await json200<T>(request(path));
    pages.push(page);
    if (page.next !== null) expect(new URL(page.next, "http://x").searchParams.get("limit")).toBe(String(limit));
    path = page.next;
    if (pages.length > 100) throw new Error("the pages do not end");
  }
  return pages;
}

describe("GET /v1/bots", () => {
  let fleet: Fleet;
  const ids: string[] = [];
  beforeAll(async () => {
    // One fleet bot per registration: each checks the signatures of the secret it was registered with.
    fleet = installFleet(Object.fromEntries(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "late"].map((name) => [name, goodBot()])));
    for (let index = 0; index < 7; index++) ids.push(await registerFleetBot(fleet, `p${index}`, `pager-${index}-${crypto.randomUUID().slice(0, 6)}`));
  });
  afterAll(() => fleet.restore());

  it("pages through every bot once, oldest first, each page at most `limit` long", async () => {
    const pages = await follow<BotPage>("/v1/bots?limit=3", 3);
    const listed = pages.flatMap((page) => page.bots);
    for (const page of pages) expect(page.bots.length).toBeLessThanOrEqual(3);
    expect(pages.at(-1)?.next).toBeNull();
    expect(new Set(listed.map((bot) => bot.id)).size).toBe(listed.length);
    expect(listed.filter((bot) => ids.includes(bot.id)).map((bot) => bot.id)).toEqual(ids);
    const order = listed.map((bot) => `${bot.createdAt} ${bot.id}`);
    expect(order).toEqual([...order].sort());
    // Every page lists the built-in bots.
    for (const page of pages) expect(page.builtIn.map((bot) => bot.name)).toContain("easy");
    // One page of everything has no next.
    const all = await json200<BotPage>(request("/v1/bots?limit=200"));
    expect(all.bots.map((bot) => bot.id)).toEqual(listed.map((bot) => bot.id));
    expect(all.next).toBeNull();
  });

  it("a bot registered after a page was read comes on a later page, none is repeated", async () => {
    const first = await json200<BotPage>(request("/v1/bots?limit=2"));
    const late = await registerFleetBot(fleet, "late", `pager-late-${crypto.randomUUID().slice(0, 6)}`);
    const rest = await follow<BotPage>(first.next as string, 2);
    const listed = [...first.bots, ...rest.flatMap((page) => page.bots)].map((bot) => bot.id);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.at(-1)).toBe(late);
  });

  it("refuses a bad limit or a cursor it did not make", async () => {
    for (const query of ["limit=0", "limit=201", "limit=-1", "limit=two", "cursor=%21%21", "cursor=bm90LWEtY3Vyc29y"]) {
      const problem = await expectProblem(request(`/v1/bots?${query}`), "request/invalid");
      expect(problem.errors?.[0].path[0], query).toBe(query.split("=")[0]);
    }
  });
});

describe("a tournament's games", () => {
  // 5 built-in bots, 12 games a pair: 120 games, more than the view lists.
  let tournament: TournamentOutput;
  beforeAll(async () => {
    const created = await createTournament({ bots: ["random", "easy", "medium", "hard", "perfect"], gamesPerPair: 12, seed: 3 });
    // Nothing needs playing here: cancel it (the games stay listed, cancelled).
    tournament = await json200<TournamentOutput>(request(`/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: bearer(created.token) }));
  });

  it("the view keeps its standings and lists the first games, with a link to the rest", async () => {
    expect(tournament.progress.total).toBe(120);
    expect(tournament.games.map((game) => game.index)).toEqual([...Array(TOURNAMENT_VIEW_GAMES).keys()]);
    expect(tournament.standings).toHaveLength(5);
    expect(tournament.moreGames).toMatch(new RegExp(`^/v1/tournaments/${tournament.id}/games\\?limit=${DEFAULT_PAGE_LIMIT}&cursor=`));
    const rest = await follow<GamePage>(tournament.moreGames as string, DEFAULT_PAGE_LIMIT);
    expect(rest.flatMap((page) => page.games).map((game) => game.index)).toEqual([...Array(120 - TOURNAMENT_VIEW_GAMES).keys()].map((i) => i + TOURNAMENT_VIEW_GAMES));
  });

  it("pages through every game once, in play order, as the view shows them", async () => {
    const pages = await follow<GamePage>(`/v1/tournaments/${tournament.id}/games?limit=25`, 25);
    expect(pages.map((page) => page.games.length)).toEqual([25, 25, 25, 25, 20]);
    const games = pages.flatMap((page) => page.games);
    expect(games.map((game) => game.index)).toEqual([...Array(120).keys()]);
    expect(games.slice(0, TOURNAMENT_VIEW_GAMES)).toEqual(tournament.games);
    const all = await json200<GamePage>(request(`/v1/tournaments/${tournament.id}/games?limit=200`));
    expect(all).toEqual({ games, next: null });
  });

  it("a small tournament's view lists every game and links nowhere", async () => {
    const created = await createTournament({ bots: ["random", "easy"], gamesPerPair: 2, seed: 1 });
    const cancelled = await json200<TournamentOutput>(request(`/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: bearer(created.token) }));
    expect(cancelled.games).toHaveLength(2);
    expect(cancelled.moreGames).toBeNull();
    expect(await json200<GamePage>(request(`/v1/tournaments/${created.id}/games`))).toEqual({ games: cancelled.games, next: null });
  });

  it("refuses a cursor it did not make, and an unknown tournament", async () => {
    await expectProblem(request(`/v1/tournaments/${tournament.id}/games?cursor=zzzz`), "request/invalid");
    await expectProblem(request(`/v1/tournaments/${tournament.id}/games?limit=0`), "request/invalid");
    await expectProblem(request("/v1/tournaments/aaaaaaaaaaaaaaaaaaaaaaaaaa/games"), "tournament/not_found");
  });
});
