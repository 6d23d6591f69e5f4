/**
 * The ladder runs itself: bots that join are paired by the ladder object's alarm with nothing else run
 * (no Cron Trigger, no request to the ladder), their pairings recorded by the same alarm; a lone bot is
 * paired with an anchor at once; anchors never move and never meet each other; the alarm goes when no
 * bot is left to pair and comes back when one joins; and every step survives the object's eviction.
 * The test bindings put the alarm an hour away, so it never runs by itself here: the test runs it
 * (runDurableObjectAlarm), as the runtime would when it falls due.
 */
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInAnswer } from "../../src/bots/index.ts";
import { LADDER_ANCHORS } from "../../src/tournament/index.ts";
import type { LadderBotOutput, LadderEntryOutput, LadderPageOutput } from "../../src/wire/ladder-schemas.ts";
import { LADDER_NAME, LADDER_SETTINGS } from "../../src/wire/ladder.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { json200, postJson, request } from "./http.ts";
import { driveToEnd } from "./tournament-client.ts";

let fleet: Fleet;
beforeAll(() => {
  const bot = goodBot((checked) => builtInAnswer("easy", checked, { maxNodes: 20_000 }));
  fleet = installFleet({ open1: bot, open2: bot, lone: bot, again: bot });
});
afterAll(() => fleet.restore());

const ladder = () => env.LADDER.get(env.LADDER.idFromName(LADDER_NAME));
const alarmAt = () => runInDurableObject(ladder(), (_instance, state) => state.storage.getAlarm());
const ladderBot = (id: string) => json200<LadderBotOutput>(request(`/v1/ladder/${id}`));
const ladderPage = () => json200<LadderPageOutput>(request("/v1/ladder?limit=100"));
const evict = () => evictDurableObject(ladder()).catch(() => {});
const anchorIds = new Set<string>(LADDER_ANCHORS.map((anchor) => anchor.level));

interface Registered {
  id: string;
  token: string;
  ladder?: LadderEntryOutput | null;
}

/** Registers an open bot that joins the ladder at registration. */
async function register(name: string): Promise<Registered> {
  const response = await postJson("/v1/bots", { name, url: fleet.url(name), ladder: true, entry: "open" });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const registered = JSON.parse(text) as Registered & { secret: string };
  fleet.secrets.set(name, registered.secret);
  return registered;
}

/** Plays the pairings the bots are in to their end (the tournaments' own alarms, run by the test). */
async function playOut(ids: readonly string[], seed: number): Promise<Set<string>> {
  const tournaments = new Set<string>();
  for (const id of ids) {
    const playing = (await ladderBot(id)).playing;
    if (playing) tournaments.add(playing.tournamentId);
  }
  for (const tournament of tournaments) expect((await driveToEnd(tournament, { seed, evict: 0.2 })).view.status).toBe("finished");
  return tournaments;
}

describe("the ladder's alarm", () => {
  it("puts the anchors on the ladder from the start, at their fixed ratings, with no alarm while no bot is there", async () => {
    const page = await ladderPage();
    const anchors = page.bots.filter((entry) => entry.anchor);
    expect(anchors.map((entry) => [entry.bot.id, entry.rating, entry.deviation])).toEqual(
      [...LADDER_ANCHORS].sort((a, b) => b.rating - a.rating).map((anchor) => [anchor.level, anchor.rating, 0]),
    );
    expect(page.settings.anchors).toEqual([...LADDER_ANCHORS].sort((a, b) => b.rating - a.rating).map((anchor) => ({ bot: anchor.level, rating: anchor.rating })));
    expect(await alarmAt()).toBeNull();
    // An anchor's entry reads by its name, marked as one.
    expect(await ladderBot("medium")).toMatchObject({ anchor: true, bot: { id: "medium", name: "medium" }, rating: 1500, history: [] });
    const html = await (await request("/ladder", { headers: { Accept: "text/html" } })).text();
    expect(html.match(/class="anchor-tag"/g)?.length).toBe(LADDER_ANCHORS.length);
    expect(await (await request("/ladder/hard", { headers: { Accept: "text/html" } })).text()).toContain('id="anchor-note"');
  });

  it("pairs a lone bot with an anchor, two open bots, and records them, on the alarm alone, through evictions", async () => {
    const lone = await register("lone");
    expect(lone.ladder).toMatchObject({ status: "active", anchor: false, playing: null });
    // Joining armed the alarm: the next round is at most LADDER_ALARM_MS away.
    expect(await alarmAt()).not.toBeNull();
    await evict();
    expect(await runDurableObjectAlarm(ladder())).toBe(true);
    const paired = await ladderBot(lone.id);
    expect(paired.playing, "the lone bot has an opponent at once").not.toBeNull();
    expect(anchorIds.has(paired.playing?.opponent.id as string)).toBe(true);

    const open1 = await register("open1");
    const open2 = await register("open2");
    await evict();
    expect(await runDurableObjectAlarm(ladder())).toBe(true);
    for (const bot of [open1, open2]) expect((await ladderBot(bot.id)).playing, "each open bot is paired").not.toBeNull();
    // No anchor ever plays an anchor, and no bot is in two pairings.
    const page = await ladderPage();
    const opponents = page.bots.filter((entry) => entry.playing !== null);
    for (const entry of opponents) if (entry.anchor) expect(anchorIds.has(entry.playing?.opponent.id as string)).toBe(false);
    expect(page.pairingsInPlay).toBe(new Set(opponents.map((entry) => entry.playing?.tournamentId)).size);

    // The pairings are played; the alarm (not a cron) records them, after an eviction.
    const bots = [lone.id, open1.id, open2.id];
    const played = await playOut(bots, 11);
    await evict();
    expect(await runDurableObjectAlarm(ladder())).toBe(true);
    for (const id of bots) {
      const entry = await ladderBot(id);
      expect(entry.games, entry.bot.name).toBe(LADDER_SETTINGS.gamesPerPairing);
      expect(played.has(entry.recentGames[0].tournamentId)).toBe(true);
      expect(entry.history).toHaveLength(1);
    }
    // The anchors' ratings have not moved; their games are counted.
    const after = await ladderPage();
    for (const anchor of LADDER_ANCHORS) expect(after.bots.find((entry) => entry.bot.id === anchor.level)).toMatchObject({ rating: anchor.rating, deviation: 0 });
    expect(after.bots.filter((entry) => entry.anchor).reduce((sum, entry) => sum + entry.games, 0)).toBeGreaterThanOrEqual(LADDER_SETTINGS.gamesPerPairing);

    // The same round paired them again (they are within their budgets): the ladder goes on by itself.
    for (const id of bots) expect((await ladderBot(id)).playing, "paired again").not.toBeNull();
    expect(await alarmAt()).not.toBeNull();

    // Everyone leaves: once their last pairings are recorded, the alarm goes.
    for (const [bot, name] of [
      [lone, "lone"],
      [open1, "open1"],
      [open2, "open2"],
    ] as const) {
      const left = await request(`/v1/ladder/${bot.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${bot.token}` } });
      expect(left.status, name).toBe(200);
    }
    await playOut(bots, 12);
    await evict();
    expect(await runDurableObjectAlarm(ladder())).toBe(true);
    expect((await ladderPage()).pairingsInPlay).toBe(0);
    expect(await alarmAt()).toBeNull();
    await evict();
    expect(await alarmAt(), "an object that starts with nothing to do arms nothing").toBeNull();
    for (const anchor of LADDER_ANCHORS) expect(await ladderBot(anchor.level)).toMatchObject({ rating: anchor.rating, deviation: 0, status: "active" });

    // One comes back: the alarm with it, and it is paired (with an anchor) by the next run.
    const back = await json200<LadderEntryOutput>(request(`/v1/ladder/${lone.id}`, { method: "PUT", headers: { Authorization: `Bearer ${lone.token}` } }));
    expect(back.status).toBe("active");
    expect(await alarmAt()).not.toBeNull();
    expect(await runDurableObjectAlarm(ladder())).toBe(true);
    expect(anchorIds.has((await ladderBot(lone.id)).playing?.opponent.id as string)).toBe(true);
    await request(`/v1/ladder/${lone.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${lone.token}` } });
    await playOut([lone.id], 13);
    expect(await runDurableObjectAlarm(ladder())).toBe(true);
    expect(await alarmAt()).toBeNull();
  });

  it("arms a missing alarm again when the object starts with work to do", async () => {
    const bot = await register("again");
    // The alarm is lost (as after its retries ran out); the next start of the object finds the work and arms it.
    await runInDurableObject(ladder(), (_instance, state) => state.storage.deleteAlarm());
    expect(await alarmAt()).toBeNull();
    await evict();
    expect(await alarmAt()).not.toBeNull();
    await request(`/v1/ladder/${bot.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${bot.token}` } });
  });
});
