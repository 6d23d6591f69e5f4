/**
 * The pages added for newcomers, as the Worker serves them: `/tournaments` lists the
 * tournaments POST /v1/tournaments started, newest first and a page at a time, and its form offers the
 * built-in bots and the registered bots open to everyone (not those kept by their owners); `/problems`
 * and `/problems/{code}` are pages for browsers and the JSON for everyone else; `/favicon.ico` is an
 * icon. Their scripts and layout run in test/browser.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { postJson, request } from "./http.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

async function htmlPage(path: string): Promise<string> {
  const response = await request(path, { headers: { Accept: BROWSER_ACCEPT } });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8$/i);
  expect(response.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
  return text;
}

/** The page without its script elements (its config, JSON data, holds the API's state). */
const markup = (page: string): string => page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

const rowsOf = (page: string): string[] => [...markup(page).matchAll(/<tr data-tournament="([^"]+)"/g)].map((match) => match[1]);

async function startTournament(name: string): Promise<string> {
  const response = await postJson("/v1/tournaments", { name, bots: ["random", "easy"], gamesPerPair: 2, seed: 5 });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return (JSON.parse(text) as { id: string }).id;
}

describe("/tournaments", () => {
  it("lists the tournaments started, newest first, with their pages", async () => {
    const ids: string[] = [];
    for (const name of ["Listed one", "Listed two", "Listed three"]) {
      ids.push(await startTournament(name));
      // Distinct creation times, so "newest first" is not decided by the id.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const page = await htmlPage("/tournaments");
    const rows = rowsOf(page).filter((id) => ids.includes(id));
    expect(rows).toEqual([...ids].reverse());
    for (const id of ids) expect(markup(page)).toContain(`href="/tournaments/${id}"`);
    expect(page).toContain("Listed three");
  });

  it("pages through them with ?limit= and the Older link, and shows the newest for a cursor not of its own", async () => {
    for (const name of ["Paged one", "Paged two", "Paged three"]) {
      await startTournament(name);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = rowsOf(await htmlPage(`/tournaments?limit=200`));
    const seen: string[] = [];
    let path: string | null = "/tournaments?limit=2";
    while (path !== null) {
      const page = await htmlPage(path);
      const rows = rowsOf(page);
      expect(rows.length).toBeLessThanOrEqual(2);
      seen.push(...rows);
      path = /<a href="([^"]+)" id="older">/.exec(markup(page))?.[1]?.replace(/&amp;/g, "&") ?? null;
    }
    expect(seen).toEqual(all);
    expect(rowsOf(await htmlPage("/tournaments?cursor=not-ours&limit=2"))).toEqual(all.slice(0, 2));
  });

  describe("its form", () => {
    let fleet: Fleet;
    beforeEach(() => {
      fleet = installFleet({ alice: goodBot(), bob: goodBot() });
    });
    afterEach(() => fleet.restore());

    it("offers the built-in bots and the registered bots open to everyone, not those kept by their owners", async () => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const open = await postJson("/v1/bots", { name: `open-${suffix}`, url: fleet.url("alice"), entry: "open" });
      const kept = await postJson("/v1/bots", { name: `kept-${suffix}`, url: fleet.url("bob") });
      expect([open.status, kept.status]).toEqual([201, 201]);
      const [openBot, keptBot] = [(await open.json()) as { id: string }, (await kept.json()) as { id: string }];
      const page = markup(await htmlPage("/tournaments"));
      const offered = [...page.matchAll(/<input type="checkbox" name="bots" value="([^"]+)"/g)].map((match) => match[1]);
      expect(offered.slice(0, 5)).toEqual(["random", "easy", "medium", "hard", "perfect"]);
      expect(offered).toContain(openBot.id);
      expect(offered).not.toContain(keptBot.id);
      expect(page).toContain('<form id="new-tournament"');
      for (const suite of ["classic", "squares"]) expect(page).toContain(`<option value="${suite}"`);
    });
  });
});

describe("/problems for browsers", () => {
  it("is a page of every code for a browser, the JSON list for everyone else", async () => {
    const listed = (await (await request("/problems")).json()) as { problems: { code: string; status: number }[] };
    const page = markup(await htmlPage("/problems"));
    expect([...page.matchAll(/<tr id="[^"]+" data-code="([^"]+)"/g)].map((match) => match[1])).toEqual(listed.problems.map((problem) => problem.code));
    expect((await request("/problems", { headers: { Accept: BROWSER_ACCEPT } })).headers.get("vary")).toMatch(/accept/i);
  });

  it("describes one code for a browser; an unknown code is the not-found page for a browser, the API's 404 for the rest", async () => {
    const page = await htmlPage("/problems/position/bad_character");
    expect(page).toContain("<code>position/bad_character</code>");
    expect(page).toContain("422");
    const json = await request("/problems/position/bad_character");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const unknown = await request("/problems/position/nothing", { headers: { Accept: BROWSER_ACCEPT } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^text\/html/);
    const unknownJson = await request("/problems/position/nothing");
    expect(unknownJson.status).toBe(404);
    expect(unknownJson.headers.get("content-type")).toBe("application/problem+json");
  });
});

describe("/favicon.ico", () => {
  it("is an ICO of three PNG images, cacheable", async () => {
    const response = await request("/favicon.ico");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/x-icon");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    const view = new DataView(bytes.buffer);
    for (let image = 0; image < 3; image++) {
      const offset = view.getUint32(6 + 16 * image + 12, true);
      // Each image is a PNG (its signature starts with 0x89 "PNG").
      expect([...bytes.slice(offset, offset + 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });
});

describe("the new pages", () => {
  it("refer to nothing outside this origin", async () => {
    await startTournament("Referring");
    for (const path of ["/tournaments", "/problems", "/problems/position/bad_character"]) {
      const page = await htmlPage(path);
      const references = [...markup(page).matchAll(/\b(?:src|href|action)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((match) => match[2] ?? match[3] ?? match[4]);
      expect(references.length, path).toBeGreaterThan(3);
      for (const reference of references) expect(reference, `${path}: ${reference}`).toMatch(/^(\/(?!\/)|#|\?|data:)/);
      // Not even in a script or a stylesheet (the error codes' examples may quote a bot's URL as text: that page is left out).
      if (path === "/tournaments") expect(page, path).not.toMatch(/https?:\/\/|["'(]\/\/[a-z]/i);
    }
  });
});

describe("a tournament's page says what it means", () => {
  const tournamentPage = async (id: string, query = "") => markup(await htmlPage(`/tournaments/${id}${query}`));
  const gameRows = (page: string): string[] => [...page.matchAll(/<tr data-game="([^"]+)"/g)].map((match) => match[1]);

  it("an SPRT of 300 games: its hypotheses in normalized Elo, no tie-break column, and every game reached a page at a time", async () => {
    const response = await postJson("/v1/tournaments", { kind: "sprt", bots: ["easy", "random"], sprt: { elo0: 0, elo1: 10, maxGames: 300 }, seed: 9 });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const { id } = JSON.parse(text) as { id: string };
    const page = await tournamentPage(id);
    expect(page).toContain("H0: 0 nElo, H1: 10 nElo (normalized Elo");
    expect(page).not.toMatch(/\d Elo, H1/);
    expect(page).toMatch(/<p id="sprt-elo">(<strong>)?nElo /);
    // Two bots: Sonneborn-Berger (or any tie-break) would restate their score against each other.
    expect(page).not.toContain(">SB</th>");
    expect(page).not.toContain(">Bh</th>");

    const api = (await (await request(`/v1/tournaments/${id}`)).json()) as { progress: { total: number }; games: unknown[] };
    expect(api.progress.total).toBe(300);
    expect(api.games).toHaveLength(100);
    const seen: string[] = [];
    let query: string | null = "";
    for (let pages = 0; query !== null; pages++) {
      expect(pages).toBeLessThan(4);
      const shown = await tournamentPage(id, query);
      seen.push(...gameRows(shown));
      query = /<a href="\/tournaments\/[a-z0-9]+(\?from=\d+)#games" id="later-games">/.exec(shown)?.[1] ?? null;
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    expect(await tournamentPage(id, "?from=201")).toContain("Games 201–300 of 300.");
    // A number past the end, or not a number, is the first page.
    expect(gameRows(await tournamentPage(id, "?from=999"))).toEqual(seen.slice(0, 100));
  });

  it("numbers rounds from 1, in the API as on the page", async () => {
    const response = await postJson("/v1/tournaments", { kind: "swiss", bots: ["random", "easy", "medium", "hard"], rounds: 2, seed: 4 });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const { id } = JSON.parse(text) as { id: string };
    const view = (await (await request(`/v1/tournaments/${id}`)).json()) as { games: { round: number }[]; swiss: { byRound: { round: number }[] } };
    expect(view.swiss.byRound.map((round) => round.round)).toEqual([1]);
    expect(new Set(view.games.map((game) => game.round))).toEqual(new Set([1]));
    const page = await tournamentPage(id);
    expect(page).toContain("<summary>Round 1 (");
    expect(page).not.toContain("Round 0");
    expect(page).not.toContain("Round 2 (");
  });

  it("the form starts an SPRT from the unbalanced suite of its rules, and names its hypotheses in nElo", async () => {
    const page = markup(await htmlPage("/tournaments"));
    expect(page).toMatch(/<option value="classic-unbalanced" data-squares="false" data-sprt-default>/);
    expect(page).toContain('name="elo1" value="10" min="-1000" max="1000" step="any"> nElo');
  });
});
