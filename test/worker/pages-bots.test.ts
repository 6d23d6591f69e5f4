/**
 * `/bots` and `/bots/{id}` as the Worker renders them: the list shows every registered bot as GET
 * /v1/bots pages them (kind, entry, ladder rating, connected or not), a page at a time; a bot's page
 * shows who it is, its tournaments and its games from its side (a forfeit with its code and who made
 * it); a built-in bot's `/bots/{name}` stays the bot protocol's. The scripts run in test/browser.
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../src/match/secrets.ts";
import { objectNamed, REGISTRY_NAME } from "../../src/wire/index.ts";
import { type Fleet, goodBot, installFleet, refuse } from "./bot-fleet.ts";
import { postJson, request } from "./http.ts";
import { createTournament, driveToEnd, registerFleetBot } from "./tournament-client.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

async function htmlPage(path: string, status = 200): Promise<string> {
  const response = await request(path, { headers: { Accept: BROWSER_ACCEPT } });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8$/i);
  return text;
}

/** The page without its script elements (its config, JSON data, holds the API's state). */
const markup = (page: string): string => page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

/** The listed bots' rows: id and the cells' text. */
function rowsOf(page: string): { id: string; cells: string[] }[] {
  return [...markup(page).matchAll(/<tr data-bot="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, id, row]) => ({
    id,
    cells: [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
      cell[1]
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    ),
  }));
}

const suffix = () => Math.random().toString(36).slice(2, 8);

async function register(body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const response = await postJson("/v1/bots", body);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as { id: string; token: string };
}

describe("/bots", () => {
  it("lists every registered bot with its kind, entry, ladder rating and connection, a page at a time as the API does", async () => {
    const stream = await register({ name: `stream-${suffix()}`, connection: "stream", ladder: true });
    const owned = await register({ name: `owned-${suffix()}`, connection: "stream" });
    const all = rowsOf(await htmlPage("/bots?limit=100"));
    const row = (id: string) => all.find((entry) => entry.id === id)?.cells;
    // Bot, kind, entry, ladder rating, connection, last seen.
    expect(row(stream.id)?.slice(1, 5)).toEqual(["connected", "owner only", expect.stringMatching(/^1500 ±/), "not connected"]);
    expect(row(stream.id)?.[5]).toBe("–");
    expect(row(owned.id)?.[3]).toBe("–");
    const api = (await (await request("/v1/bots?limit=100")).json()) as { bots: { id: string }[] };
    expect(all.map((entry) => entry.id)).toEqual(api.bots.map((bot) => bot.id));

    const seen: string[] = [];
    let path: string | null = "/bots?limit=1";
    for (let pages = 0; path !== null; pages++) {
      expect(pages).toBeLessThan(all.length + 1);
      const page = await htmlPage(path);
      seen.push(...rowsOf(page).map((entry) => entry.id));
      path = /<a href="([^"]+)" id="next-bots">/.exec(markup(page))?.[1]?.replace(/&amp;/g, "&") ?? null;
    }
    expect(seen).toEqual(all.map((entry) => entry.id));
    expect(rowsOf(await htmlPage("/bots?limit=1&cursor=not-ours")).map((entry) => entry.id)).toEqual(all.slice(0, 1).map((entry) => entry.id));
    expect(markup(await htmlPage("/bots"))).toContain('<form id="register-bot"');
  });

  it("isolates the names people give", async () => {
    const bot = await register({ name: `Ada-${suffix()}`, connection: "stream" });
    const listed = markup(await htmlPage("/bots?limit=100"));
    expect(listed).toMatch(new RegExp(`<a href="/bots/${bot.id}"><bdi>Ada-`));
    expect(markup(await htmlPage(`/bots/${bot.id}`))).toMatch(/<h1><bdi>Ada-[a-z0-9]+<\/bdi> <code>/);
  });
});

describe("/bots/{id}", () => {
  let fleet: Fleet;
  beforeEach(() => {
    fleet = installFleet({ alice: goodBot(), mallory: goodBot() });
  });
  afterEach(() => fleet.restore());

  it("shows who the bot is, the tournaments it played and its games from its side, forfeits with their codes", async () => {
    const name = `alice-${suffix()}`;
    const alice = await registerFleetBot(fleet, "alice", name);
    const played = await createTournament({ name: "Bot page", bots: [alice, "random"], gamesPerPair: 2, seed: 3 });
    await driveToEnd(played.id, { seed: 1 });
    const page = markup(await htmlPage(`/bots/${alice}`));
    expect(page).toContain(`webhook: the service calls <code>${fleet.url("alice")}`);
    expect(page).toContain("open to everyone");
    expect(page).toMatch(new RegExp(`<a href="/tournaments/${played.id}"><bdi>Bot page</bdi></a>`));
    const games = [...page.matchAll(/<table class="bot-games">[\s\S]*?<\/table>/g)][0]?.[0] ?? "";
    expect([...games.matchAll(/<tr class="[^"]*"><td><bdi>random<\/bdi><\/td>/g)]).toHaveLength(2);
    expect(page).toContain('id="calls"');
    expect(page).toContain('id="no-rating"');

    // A bot that stops answering forfeits: its page says which code, and that it was this bot's.
    const mallory = await registerFleetBot(fleet, "mallory", `mallory-${suffix()}`);
    fleet.restore();
    fleet = installFleet({ mallory: refuse });
    const forfeited = await createTournament({ bots: [mallory, "random"], gamesPerPair: 2, seed: 4 });
    await driveToEnd(forfeited.id, { seed: 2 });
    const lost = markup(await htmlPage(`/bots/${mallory}`));
    expect(lost).toMatch(/<code>bot\/[a-z_]+<\/code> <span class="muted">by this bot<\/span>/);
  });

  it("lists the bot's tournaments however many the service has started since, newest first", async () => {
    const alice = await registerFleetBot(fleet, "alice", `alice-${suffix()}`);
    const first = await createTournament({ name: "Before the crowd", bots: [alice, "random"], gamesPerPair: 2, seed: 5 });
    await driveToEnd(first.id, { seed: 3 });
    // Sixty tournaments of others started after it: in the service's index, newer than the bot's.
    const registry = objectNamed(env.BOT_REGISTRY, REGISTRY_NAME);
    const later = Date.now() + 60_000;
    for (let index = 0; index < 60; index++) await registry.noteTournament(newId(), later + index, []);
    const second = await createTournament({ name: "After the crowd", bots: ["random", alice], gamesPerPair: 2, seed: 6 });
    await driveToEnd(second.id, { seed: 4 });
    const page = markup(await htmlPage(`/bots/${alice}`));
    const table = /<table class="bot-tournaments">[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    const listed = [...table.matchAll(/<a href="\/tournaments\/([a-z2-7]{26})">/g)].map((match) => match[1]);
    expect(listed).toEqual([second.id, first.id]);
    expect(await registry.tournamentsOf(alice, 10)).toEqual([
      { id: second.id, createdAt: expect.any(Number) },
      { id: first.id, createdAt: expect.any(Number) },
    ]);
    // A tournament dropped by retention leaves the bot's index too.
    await registry.forgetTournaments([first.id]);
    expect((await registry.tournamentsOf(alice, 10)).map((entry) => entry.id)).toEqual([second.id]);
  });

  it("is not found for an id no bot has, and a built-in bot's address is still the bot protocol's", async () => {
    const missing = markup(await htmlPage(`/bots/${"d".repeat(26)}`, 404));
    expect(missing).toContain("Not found");
    const builtIn = await request("/bots/easy", { headers: { Accept: BROWSER_ACCEPT } });
    expect(builtIn.status).toBe(200);
    expect(builtIn.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await builtIn.json()) as { name: string }).name).toBe("easy");
  });
});
