/**
 * The ladder: bots that opt in (at registration or with their token) are paired by the Worker's
 * scheduled handler (the Cron Trigger, the backstop of the ladder's own alarm: test/worker/ladder-alarm.test.ts),
 * beside the built-in anchors, whose games count for the bots that play them; the pairings' tournaments are played (their objects and the ladder evicted at
 * random steps) and recorded once; ratings move and persist with their history; pairing stops at the
 * hourly game budget; a bot that keeps forfeiting is paused and its owner sees why and resumes it; a
 * pairing stored but never created is created by the next tick; a connected bot plays its
 * pairings through its event stream and is recorded like any other; the listing is paginated.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, evictDurableObject, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index.ts";
import { newId } from "../../src/match/secrets.ts";
import { builtInAnswer } from "../../src/bots/index.ts";
import type { LadderBotOutput, LadderEntryOutput, LadderPageOutput } from "../../src/wire/ladder-schemas.ts";
import { LADDER_NAME, LADDER_SETTINGS } from "../../src/wire/ladder.ts";
import { LADDER_ANCHORS } from "../../src/tournament/index.ts";
import type { LadderObject } from "../../src/objects/ladder.ts";
import { badMover, type Fleet, goodBot, installFleet, json } from "./bot-fleet.ts";
import { answer, answerOf, type MoveEvent, registerConnected, Stream, sleep } from "./connected-client.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { driveToEnd, getTournament } from "./tournament-client.ts";

const strong = goodBot((checked) => builtInAnswer("medium", checked, { maxNodes: 20_000 }));
const weak = goodBot((checked) => builtInAnswer("random", checked, { maxNodes: 1000 }));

let fleet: Fleet;
beforeAll(() => {
  fleet = installFleet({
    strong1: strong,
    strong2: strong,
    weak1: weak,
    weak2: weak,
    budget1: weak,
    budget2: weak,
    crashy: badMover(() => json({ error: "internal" }, 500)),
    steady: strong,
    lost1: weak,
    lost2: weak,
    rival: weak,
    ...Object.fromEntries(["p1", "p2", "p3", "p4", "p5"].map((name) => [name, weak])),
  });
});
afterAll(() => fleet.restore());

const ladder = () => env.LADDER.get(env.LADDER.idFromName(LADDER_NAME));
const T0 = Date.now();
const MINUTE = 60_000;

/** Runs the Worker's scheduled handler as the Cron Trigger would, at `at`. */
async function cron(at: number): Promise<void> {
  const controller = createScheduledController({ scheduledTime: at, cron: "* * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env);
  await waitOnExecutionContext(ctx);
}

interface Registered {
  id: string;
  token: string;
  ladder?: LadderEntryOutput | null;
}

async function register(bot: string, ladderFlag: boolean): Promise<Registered> {
  const response = await postJson("/v1/bots", { name: bot, url: fleet.url(bot), ...(ladderFlag ? { ladder: true } : {}) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const registered = JSON.parse(text) as Registered & { secret: string };
  fleet.secrets.set(bot, registered.secret);
  return registered;
}

const ladderBot = (id: string) => json200<LadderBotOutput>(request(`/v1/ladder/${id}`));
const ladderPage = (query = "") => json200<LadderPageOutput>(request(`/v1/ladder${query}`));
const put = (id: string, token?: string) =>
  request(`/v1/ladder/${id}`, { method: "PUT", headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });

/** Plays every pairing the given bots are in to its end, evicting the tournament, its matches and the ladder at random steps. */
async function playPairings(ids: string[], seed: number): Promise<number> {
  const tournaments = new Set<string>();
  for (const id of ids) {
    const entry = await ladderBot(id);
    if (entry.playing) tournaments.add(entry.playing.tournamentId);
  }
  let index = 0;
  for (const tournament of tournaments) {
    await evictDurableObject(ladder()).catch(() => {});
    const { view } = await driveToEnd(tournament, { seed: seed + index++, evict: 0.25 });
    expect(view.status).toBe("finished");
  }
  return tournaments.size;
}

/** Takes the bots off the ladder, plays out their pairings in play and records them, so that later tests start from an empty ladder. */
async function retire(bots: Registered[], at: number): Promise<void> {
  for (const bot of bots) await request(`/v1/ladder/${bot.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${bot.token}` } });
  await playPairings(
    bots.map((bot) => bot.id),
    999,
  );
  await cron(at);
  expect((await ladderPage()).pairingsInPlay).toBe(0);
}

describe("the ladder", () => {
  it("pairs opted-in bots on the cron, records every game once through evictions, moves ratings and keeps their history", async () => {
    const bots = new Map<string, Registered>();
    for (const name of ["strong1", "strong2", "weak1"]) bots.set(name, await register(name, true));
    // One joins later, with its token.
    bots.set("weak2", await register("weak2", false));
    expect(bots.get("strong1")?.ladder).toMatchObject({ status: "active", rating: 1500, games: 0, playing: null });
    expect(bots.get("weak2")?.ladder).toBeUndefined();
    const weak2 = bots.get("weak2") as Registered;
    expect(await json200<{ ladder: LadderEntryOutput | null }>(request(`/v1/bots/${weak2.id}`))).toMatchObject({ ladder: null });
    expect(await json200<LadderEntryOutput>(put(weak2.id, weak2.token))).toMatchObject({ status: "active", bot: { id: weak2.id, name: "weak2" } });

    const ids = [...bots.values()].map((bot) => bot.id);
    const rounds = 4;
    let pairingsPlayed = 0;
    for (let round = 0; round < rounds; round++) {
      await cron(T0 + round * 10 * MINUTE);
      const page = await ladderPage();
      // Every bot is paired, with another bot or an anchor (never two anchors together).
      const playing = page.bots.filter((entry) => entry.playing !== null);
      expect(page.bots.filter((entry) => !entry.anchor).every((entry) => entry.playing !== null), `round ${round}`).toBe(true);
      expect(playing.filter((entry) => entry.anchor).every((entry) => ids.includes(entry.playing?.opponent.id as string))).toBe(true);
      expect(page.pairingsInPlay).toBe(new Set(playing.map((entry) => entry.playing?.tournamentId)).size);
      pairingsPlayed += await playPairings(ids, 100 + round * 10);
    }
    // The last pairings are recorded by the next tick (which also pairs again).
    await cron(T0 + rounds * 10 * MINUTE);
    await evictDurableObject(ladder()).catch(() => {});
    expect(pairingsPlayed).toBeGreaterThanOrEqual(2 * rounds);
    expect(pairingsPlayed).toBeLessThanOrEqual(4 * rounds);

    const entries = await Promise.all(ids.map(ladderBot));
    // Every game is recorded once, for both its bots.
    const seen = new Map<string, number>();
    for (const entry of entries) {
      expect(entry.games, entry.bot.name).toBe(rounds * LADDER_SETTINGS.gamesPerPairing);
      expect(entry.wins + entry.draws + entry.losses).toBe(entry.games);
      for (const game of entry.recentGames) {
        const key = `${game.tournamentId}/${game.gameId}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      expect(entry.history).toHaveLength(rounds);
      expect(entry.history.map((point) => point.games)).toEqual([2, 4, 6, 8]);
    }
    // Every game of every pairing, once for each of its bots (an anchor's side is the anchor's own entry).
    expect(seen.size).toBe(pairingsPlayed * LADDER_SETTINGS.gamesPerPairing);
    for (const entry of entries)
      for (const game of entry.recentGames)
        expect(seen.get(`${game.tournamentId}/${game.gameId}`)).toBe(ids.includes(game.opponent.id) ? 2 : 1);
    const anchorGames = (await ladderPage()).bots.filter((entry) => entry.anchor).reduce((sum, entry) => sum + entry.games, 0);
    expect([...seen.values()].filter((count) => count === 1)).toHaveLength(anchorGames);
    // The games are those of the tournaments, with the same results.
    const strong1 = entries.find((entry) => entry.bot.name === "strong1") as LadderBotOutput;
    for (const game of strong1.recentGames) {
      const view = await getTournament(game.tournamentId);
      const played = view.games.find((candidate) => candidate.gameId === game.gameId);
      expect(played?.matchId).toBe(game.matchId);
      const winner = played?.result?.winner ?? null;
      expect(game.result).toBe(winner === null ? "draw" : winner === "strong1" ? "win" : "loss");
    }
    // Each pairing is one opening of the classic suite, played twice with the seats swapped.
    const pairings = new Map<string, LadderBotOutput["recentGames"]>();
    for (const game of strong1.recentGames) pairings.set(game.tournamentId, [...(pairings.get(game.tournamentId) ?? []), game]);
    for (const games of pairings.values()) {
      expect(games.map((game) => game.role).sort()).toEqual(["first", "second"]);
      expect(games[0].opening).toMatch(/^classic\//);
      expect(games[1].opening).toBe(games[0].opening);
    }
    // Ratings moved and order the bots by strength; the uncertainty shrank with the games.
    const rating = (name: string) => entries.find((entry) => entry.bot.name === name) as LadderBotOutput;
    const strongest = Math.min(rating("strong1").rating, rating("strong2").rating);
    const weakest = Math.max(rating("weak1").rating, rating("weak2").rating);
    expect(strongest).toBeGreaterThan(weakest);
    for (const entry of entries) expect(entry.deviation).toBeLessThan(LADDER_SETTINGS.gamesPerPairing * 200);
    // The listing ranks them by rating, the anchors among them at their fixed ratings.
    const page = await ladderPage();
    expect(page.bots.map((entry) => entry.rating)).toEqual([...page.bots.map((entry) => entry.rating)].sort((a, b) => b - a));
    expect(page.bots[0].rank).toBe(1);
    for (const anchor of LADDER_ANCHORS) expect(page.bots.find((entry) => entry.bot.id === anchor.level)).toMatchObject({ anchor: true, rating: anchor.rating });
    // The pages: the ladder with a sparkline per bot, each bot with its chart (inline SVG, nothing external).
    const html = await (await request("/ladder", { headers: { Accept: "text/html" } })).text();
    for (const entry of entries) expect(html).toContain(`href="/ladder/${entry.bot.id}"`);
    expect(html.match(/<svg class="sparkline"/g)?.length).toBe(entries.length);
    const botHtml = await (await request(`/ladder/${strong1.bot.id}`, { headers: { Accept: "text/html" } })).text();
    // Two sizes of the chart (one shown on phones, one on wider screens), a dot per pairing in each.
    expect(botHtml.match(/<svg class="rating-chart[^"]*"[^>]*aria-label="strong1: rating [0-9.]+ ± [0-9.]+ after 8 games"/g)?.length).toBe(2);
    expect(botHtml.match(/<circle class="chart-dot"/g)?.length).toBe(2 * rounds);
    expect(botHtml).not.toMatch(/(src|href)="https?:/);
    expect((await request("/ladder/b4n6xr2mq7tz3kc5vj3wd2hp6e", { headers: { Accept: "text/html" } })).status).toBe(404);
    // Nothing lives only in memory: after an eviction every view is the same.
    await evictDurableObject(ladder()).catch(() => {});
    expect(await Promise.all(ids.map(ladderBot))).toEqual(entries);
    // Leave: no longer listed or paired; the games stay.
    const left = await json200<LadderEntryOutput>(request(`/v1/ladder/${weak2.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${weak2.token}` } }));
    expect(left).toMatchObject({ status: "left", rank: null, games: 8 });
    expect((await ladderPage()).bots.map((entry) => entry.bot.id)).not.toContain(weak2.id);
    await retire([...bots.values()], T0 + 100 * MINUTE);
  });

  it("starts no game past the hourly budget, and pairs again an hour later", async () => {
    const a = await register("budget1", true);
    const b = await register("budget2", true);
    const start = T0 + 1000 * MINUTE;
    const perHour = LADDER_SETTINGS.gamesPerHour / LADDER_SETTINGS.gamesPerPairing;
    for (let tick = 0; tick < perHour + 3; tick++) {
      await cron(start + tick * MINUTE);
      await playPairings([a.id, b.id], 300 + tick);
    }
    await cron(start + (perHour + 3) * MINUTE);
    const entry = await ladderBot(a.id);
    expect(entry.games).toBe(LADDER_SETTINGS.gamesPerHour);
    expect(entry.playing).toBeNull();
    await cron(start + 61 * MINUTE);
    expect((await ladderBot(a.id)).playing).not.toBeNull();
    await retire([a, b], start + 62 * MINUTE);
  });

  it("pauses a bot that forfeits repeatedly; its owner sees why and resumes it", async () => {
    const crashy = await register("crashy", true);
    const steady = await register("steady", true);
    const start = T0 + 2000 * MINUTE;
    let tick = 0;
    for (; tick < 5; tick++) {
      await cron(start + tick * MINUTE);
      if ((await ladderBot(crashy.id)).status === "paused") break;
      await playPairings([crashy.id, steady.id], 500 + tick);
    }
    const paused = await ladderBot(crashy.id);
    expect(paused.status).toBe("paused");
    expect(paused.forfeitStreak).toBeGreaterThanOrEqual(LADDER_SETTINGS.pauseAfterForfeits);
    expect(paused.pausedReason).toMatch(/forfeits in a row/);
    expect(paused.pausedReason).toMatch(/bot\/http_status/);
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.recentGames.every((game) => game.result === "loss" && game.forfeitCode === "bot/http_status" && game.forfeitedBy === crashy.id)).toBe(true);
    // The bot's own view and the ladder say so.
    const detail = await json200<{ ladder: LadderEntryOutput }>(request(`/v1/bots/${crashy.id}`));
    expect(detail.ladder).toMatchObject({ status: "paused", pausedReason: paused.pausedReason });
    expect((await ladderPage()).bots.find((entry) => entry.bot.id === crashy.id)).toMatchObject({ status: "paused" });
    const pageHtml = await (await request("/ladder", { headers: { Accept: "text/html" } })).text();
    expect(pageHtml).toContain("Paused:");
    expect(pageHtml).toContain("bot/http_status");
    expect(await (await request(`/ladder/${crashy.id}`, { headers: { Accept: "text/html" } })).text()).toContain("forfeits in a row");
    // A paused bot is not paired (the other plays an anchor, if any).
    await playPairings([crashy.id, steady.id], 590);
    await cron(start + (tick + 1) * MINUTE);
    expect((await ladderBot(crashy.id)).playing).toBeNull();
    expect((await ladderBot(steady.id)).playing?.opponent.id ?? null).not.toBe(crashy.id);
    // Resuming needs the bot's token.
    await expectProblem(put(crashy.id), "registry/token_required");
    await expectProblem(put(crashy.id, steady.token), "registry/wrong_token");
    await expectProblem(put("nobody"), "registry/token_required");
    await expectProblem(put("b4n6xr2mq7tz3kc5vj3wd2hp6e", crashy.token), "registry/not_found");
    const resumed = await json200<LadderEntryOutput>(put(crashy.id, crashy.token));
    expect(resumed).toMatchObject({ status: "active", pausedReason: null, forfeitStreak: 0 });
    await cron(start + (tick + 2) * MINUTE);
    expect((await ladderBot(crashy.id)).playing).not.toBeNull();
    await retire([crashy, steady], start + (tick + 3) * MINUTE);
  });

  it("creates on the next tick a pairing that was stored but whose tournament was never created", async () => {
    const a = await register("lost1", true);
    const b = await register("lost2", true);
    const tournamentId = newId();
    await runInDurableObject(ladder(), (_instance: LadderObject, state) => {
      state.storage.sql.exec(
        "INSERT INTO pairings (id, seq, a_id, a_name, b_id, b_name, opening, status, created_at) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM pairings), ?, 'lost1', ?, 'lost2', NULL, 'creating', ?)",
        tournamentId,
        a.id,
        b.id,
        T0 + 3000 * MINUTE,
      );
    });
    await expectProblem(request(`/v1/tournaments/${tournamentId}`), "tournament/not_found");
    await cron(T0 + 3000 * MINUTE);
    const view = await getTournament(tournamentId);
    expect(view.bots.map((bot) => bot.name)).toEqual(["lost1", "lost2"]);
    // It was the bots' pairing: no second one was started beside it.
    expect((await ladderBot(a.id)).playing?.tournamentId).toBe(tournamentId);
    expect((await ladderPage()).pairingsInPlay).toBe(1);
    await retire([a, b], T0 + 3001 * MINUTE);
    expect((await ladderBot(a.id)).games).toBe(2);
  });

  it("plays a connected bot (connection: stream) through its event stream, records its games, and forfeits nothing", async () => {
    const linked = await registerConnected({ ladder: true });
    const rival = await register("rival", true);
    const stream = await Stream.open(linked);
    const start = T0 + 4000 * MINUTE;
    await cron(start);
    const paired = await ladderBot(linked.id);
    const tournamentId = paired.playing?.tournamentId as string;
    expect(tournamentId, "the connected bot was paired").toBeDefined();
    // With the rival or an anchor.
    expect(paired.playing?.opponent.id).toMatch(new RegExp(`^(${rival.id}|${LADDER_ANCHORS.map((anchor) => anchor.level).join("|")})$`));
    // The bot's side: every move request of its stream answered by the easy engine, until the pairing is over.
    let answered = 0;
    let pending: Promise<MoveEvent | null> | null = null;
    for (;;) {
      const view = await getTournament(tournamentId);
      if (view.status !== "running") break;
      pending ??= stream.nextMove();
      const event = await Promise.race([pending, sleep(1_000).then(() => "idle" as const)]);
      if (event === "idle") continue;
      pending = null;
      if (event === null) throw new Error("the stream ended");
      expect(event.request).toMatchObject({ tournamentId });
      const taken = await answer(linked, event.requestId, answerOf(event));
      expect(taken.status, await taken.clone().text()).toBe(200);
      answered++;
    }
    await stream.drop();
    const view = await getTournament(tournamentId);
    expect(view.status).toBe("finished");
    expect(view.games.filter((game) => game.status === "finished")).toHaveLength(LADDER_SETTINGS.gamesPerPairing);
    expect(view.standings.every((row) => row.forfeits === 0)).toBe(true);
    // From an opening of the suite a game may end after a single move of the bot's.
    expect(answered).toBeGreaterThanOrEqual(LADDER_SETTINGS.gamesPerPairing);
    await retire([linked, rival], start + MINUTE);
    const recorded = await ladderBot(linked.id);
    expect(recorded).toMatchObject({ games: LADDER_SETTINGS.gamesPerPairing, bot: { id: linked.id } });
    expect(recorded.recentGames.map((game) => game.tournamentId)).toEqual(Array(LADDER_SETTINGS.gamesPerPairing).fill(tournamentId));
  });

  it("lists the ladder in pages by rating, with next links that neither skip nor repeat", async () => {
    const ids: string[] = [];
    for (const name of ["p1", "p2", "p3", "p4", "p5"]) ids.push((await register(name, true)).id);
    const listed: string[] = [];
    let next: string | null = "/v1/ladder?limit=2";
    let pages = 0;
    const total = ids.length + LADDER_ANCHORS.length;
    while (next !== null) {
      const page: LadderPageOutput = await json200<LadderPageOutput>(request(next));
      expect(page.bots.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(total);
      listed.push(...page.bots.map((entry) => entry.bot.id));
      next = page.next;
      pages++;
    }
    expect(pages).toBe(Math.ceil(total / 2));
    const everyone = (await ladderPage("?limit=100")).bots.map((entry) => entry.bot.id);
    expect(listed).toEqual(everyone);
    expect(everyone.filter((id) => ids.includes(id))).toEqual([...ids].sort());
    expect((await ladderPage()).settings).toMatchObject({ gamesPerHour: LADDER_SETTINGS.gamesPerHour, moveMs: LADDER_SETTINGS.moveMs });
    await expectProblem(request("/v1/ladder?cursor=nonsense!"), "request/invalid");
    await expectProblem(request("/v1/ladder?limit=0"), "request/invalid");
    await expectProblem(request("/v1/ladder?limit=many"), "request/invalid");
    await expectProblem(request("/v1/ladder/b4n6xr2mq7tz3kc5vj3wd2hp6e"), "ladder/not_found");
  });
});
