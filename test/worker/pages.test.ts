/**
 * The web pages as the Worker serves them: status and content type, `/` negotiated between the home page
 * (browsers) and the JSON index (everyone else), the match page rendering the state the API reports,
 * a page's "not found", and no page referring to another host. Their scripts run in test/browser.
 */
import { describe, expect, it } from "vitest";
import { prefersHtml } from "../../src/pages/routes.ts";
import { postJson, problemOf, request } from "./http.ts";
import { createMatch, sendMove, tokenOf } from "./match-client.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

async function htmlPage(path: string, status = 200): Promise<string> {
  const response = await request(path, { headers: { Accept: BROWSER_ACCEPT } });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8$/i);
  expect(response.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
  expect(text.startsWith("<!doctype html>")).toBe(true);
  return text;
}

/** The page without its script elements (its config, JSON data, holds the API's state). */
const markup = (page: string): string => page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

/** The values of every src, href and action attribute of a page's markup. */
function references(page: string): string[] {
  return [...markup(page).matchAll(/\b(?:src|href|action)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((match) => match[2] ?? match[3] ?? match[4]);
}

/** The data-piece of each board cell, as a 17th-character-less position string. */
function boardOf(page: string): string {
  const board = page.slice(page.indexOf('<svg class="board"'));
  const cells = [...board.matchAll(/<g class="cell[^"]*" data-cell="(\d+)"(?: data-piece="(\d+)")?/g)].slice(0, 16);
  expect(cells.map((match) => Number(match[1]))).toEqual(Array.from({ length: 16 }, (_, i) => i));
  return cells.map((match) => (match[2] === undefined ? "." : Number(match[2]).toString(16).toUpperCase())).join("");
}

describe("/ for browsers and for API clients", () => {
  it("answers a browser with the home page and its new-match form", async () => {
    const page = await htmlPage("/");
    expect(page).toContain('<form id="new-match"');
    for (const level of ["random", "easy", "medium", "hard", "perfect"]) expect(page).toContain(`<option value="${level}"`);
    // The 16 pieces of the legend, each labelled with its attributes.
    expect(page).toContain('aria-label="tall dark square hollow (F)"');
    expect(page).toContain('aria-label="short light round solid (0)"');
  });

  it.each([
    ["no Accept", undefined],
    ["*/*", "*/*"],
    ["JSON", "application/json"],
    ["JSON preferred to HTML", "text/html;q=0.5, application/json"],
  ])("answers %s with the JSON index", async (_name, accept) => {
    const response = await request("/", accept === undefined ? {} : { headers: { Accept: accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("vary")).toMatch(/accept/i);
    expect(await response.json()).toMatchObject({ name: "quarto-service", links: expect.any(Object) });
  });

  it.each([
    // [Accept header, prefers HTML] - browsers' real headers first.
    [BROWSER_ACCEPT, true],
    ["text/html", true],
    ["text/*", true],
    ["text/html;q=0.9, */*;q=0.8", true],
    ["*/*", false],
    ["application/json, text/html", false],
    ["text/html;q=0, */*", false],
    ["application/json;q=0.5, text/html;q=0.6", true],
    ["", false],
    [undefined, false],
  ])("prefersHtml(%j) is %s", (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

describe("/analyze", () => {
  it("draws the position of ?position= and keeps the rules of the query", async () => {
    const page = await htmlPage("/analyze?position=0A3.............5&squares=true&attributes=color,height");
    expect(boardOf(page)).toBe("0A3.............");
    expect(page).toContain('value="0A3.............5"');
    expect(page).toMatch(/name="squares" checked/);
    expect(page).toMatch(/value="color" checked/);
    expect(page).not.toMatch(/value="shape" checked/);
    // The piece in hand is drawn; pieces 0, A, 3 and 5 are not in the palette.
    expect(page).toContain('aria-label="short dark round hollow (5)"');
    const palette = page.slice(page.indexOf('id="palette"'), page.indexOf('id="to-hand"'));
    expect([...palette.matchAll(/<button[^>]*data-piece="(\d+)"/g)].map((match) => Number(match[1]))).toEqual([1, 2, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15]);
  });

  it("falls back to the start position for an unreadable one", async () => {
    const page = await htmlPage(`/analyze?position=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(boardOf(page)).toBe(".".repeat(16));
    expect(page).not.toContain("<script>alert");
    expect(page).toContain('value="................."');
  });

  it("answers other methods with 405 and Allow", async () => {
    const problem = await problemOf(request("/analyze", { method: "POST" }));
    expect(problem.code).toBe("request/method_not_allowed");
  });
});

describe("/matches/{id}", () => {
  it("renders a new match waiting for its second seat", async () => {
    const created = await createMatch({ seats: [{ kind: "human", take: true, name: "Ada" }, { kind: "human" }] });
    const page = await htmlPage(`/matches/${created.id}`);
    expect(page).toContain(created.id);
    expect(page).toContain("Waiting for a second player: take the open seat to play.");
    expect(page).toContain("Ada");
    expect(boardOf(page)).toBe(".".repeat(16));
    // The state the script starts from is the API's.
    expect(page).toContain(`"id":"${created.id}"`);
  });

  it("renders the moves, the board and the winning shape of a finished match", async () => {
    const created = await createMatch({
      seats: [
        { kind: "human", take: true, name: "Ada" },
        { kind: "human", take: true, name: "Grace" },
      ],
    });
    const moves = ["-8", "a1-9", "b1-A", "c1-B", "d1"];
    for (const [ply, move] of moves.entries()) {
      const response = await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, move);
      expect(response.status, await response.text()).toBe(200);
    }
    const page = await htmlPage(`/matches/${created.id}`);
    expect(boardOf(page)).toBe("89AB............");
    expect(page).toContain("<bdi>Ada</bdi> wins with a Quarto! row a1 b1 c1 d1: all tall");
    expect([...page.matchAll(/<g class="cell winning[^"]*" data-cell="(\d+)"/g)].map((match) => Number(match[1]))).toEqual([0, 1, 2, 3]);
    // Each move as written (after its mover's name), the piece it gives drawn beside its digit; the winning placement announced ("d1!").
    const listed = [...page.matchAll(/<span class="ply">\d+\.<\/span> (?:<bdi>[^<]*<\/bdi>)?[^<]*<code>(.*?)<\/code>/g)].map((match) => match[1].replace(/<svg[\s\S]*?<\/svg>/g, "").replace(/<[^>]+>/g, ""));
    expect(listed).toEqual(["-8", "a1-9", "b1-A", "c1-B", "d1!"]);
    expect(page.match(/<span class="move-piece"><svg class="piece inline"[^>]*aria-hidden="true"/g)?.length).toBe(4);
    expect(page).toContain('data-status="finished"');
  });

  it("answers an unknown match with a 404 page for browsers and a problem document for others", async () => {
    const unknown = "a".repeat(26);
    const page = await htmlPage(`/matches/${unknown}`, 404);
    expect(page).toContain("Not found");
    expect((await problemOf(request(`/matches/${unknown}`))).code).toBe("match/not_found");
    expect((await problemOf(request("/matches/not-an-id"))).code).toBe("match/not_found");
    await htmlPage("/matches/not-an-id", 404);
  });
});

describe("/tournaments/{id}", () => {
  it("renders a tournament's standings, crosstable and games from the API's view", async () => {
    const response = await postJson("/v1/tournaments", { name: "Pages <test>", bots: ["random", "easy"], gamesPerPair: 2, seed: 3 });
    const created = (await response.json()) as { id: string; state: { standings: { bot: string }[]; games: { gameId: string }[] } };
    expect(response.status).toBe(201);
    const page = await htmlPage(`/tournaments/${created.id}`);
    expect(page).toContain("Pages &lt;test&gt;");
    const bots = [...markup(page).matchAll(/<tr data-bot="([^"]+)">/g)].map((match) => match[1]);
    expect(bots.sort()).toEqual(["easy", "random"]);
    expect(page).toContain('<table class="crosstable">');
    const games = [...markup(page).matchAll(/<tr data-game="([^"]+)"/g)].map((match) => match[1]);
    expect(games).toEqual(created.state.games.map((game) => game.gameId));
    expect(page).toContain(`"id":"${created.id}"`);
  });

  it("answers an unknown tournament with a 404 page for browsers and a problem document for others", async () => {
    const unknown = "c".repeat(26);
    expect(await htmlPage(`/tournaments/${unknown}`, 404)).toContain("Not found");
    expect((await problemOf(request(`/tournaments/${unknown}`))).code).toBe("tournament/not_found");
    expect((await problemOf(request("/tournaments/nope"))).code).toBe("tournament/not_found");
  });
});

describe("every page", () => {
  it("refers to nothing outside this origin", async () => {
    const created = await createMatch();
    const tournament = (await (await postJson("/v1/tournaments", { bots: ["random", "easy"], gamesPerPair: 2 })).json()) as { id: string };
    const paths = [
      "/",
      "/puzzles",
      "/puzzles?id=26gxpcjsvcwe",
      "/learn",
      "/analyze",
      "/analyze?position=0A3.............5",
      `/matches/${created.id}`,
      `/matches/${"b".repeat(26)}`,
      `/tournaments/${tournament.id}`,
    ];
    for (const path of paths) {
      const response = await request(path, { headers: { Accept: BROWSER_ACCEPT } });
      const page = await response.text();
      expect(references(page).length, path).toBeGreaterThan(3);
      for (const reference of references(page)) expect(reference, `${path}: ${reference}`).toMatch(/^(\/(?!\/)|#|\?|data:)/);
      // Not even in a script or a stylesheet: no absolute URL at all, no protocol-relative one.
      expect(page, path).not.toMatch(/https?:\/\/|["'(]\/\/[a-z]/i);
      expect(page, path).not.toMatch(/@import|url\(/i);
    }
  });
});
