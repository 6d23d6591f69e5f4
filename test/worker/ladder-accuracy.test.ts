/**
 * A bot's accuracy on the ladder: GET /v1/ladder/{bot} reads the reviews of its latest games from their
 * match objects. Until a game is reviewed it is pending and counts for nothing; once reviewed, the
 * bot's accuracy is the sum of its seat's summaries over its games, and its recent mistakes are exactly
 * its mistakes in those reviews, newest first, each with the position before it (checked against the
 * replay of the game's record). The bot's page lists them with links to their games and analyses.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index.ts";
import { builtInAnswer } from "../../src/bots/index.ts";
import type { MatchObject } from "../../src/objects/match.ts";
import type { LadderBotOutput } from "../../src/wire/ladder-schemas.ts";
import type { GameReviewOutput } from "../../src/wire/review-schemas.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { json200, postJson, request } from "./http.ts";
import { driveToEnd, getRecord, matchStubOf } from "./tournament-client.ts";

let fleet: Fleet;
beforeAll(() => {
  fleet = installFleet({
    sharp: goodBot((checked) => builtInAnswer("medium", checked, { maxNodes: 20_000 })),
    loose: goodBot((checked) => builtInAnswer("random", checked, { maxNodes: 1000 })),
  });
});
afterAll(() => fleet.restore());

async function cron(at: number): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env);
  await waitOnExecutionContext(ctx);
}

async function register(name: string): Promise<{ id: string; token: string }> {
  const response = await postJson("/v1/bots", { name, url: fleet.url(name), ladder: true });
  const registered = (await response.json()) as { id: string; token: string; secret: string };
  expect(response.status).toBe(201);
  fleet.secrets.set(name, registered.secret);
  return registered;
}

const ladderBot = (id: string) => json200<LadderBotOutput>(request(`/v1/ladder/${id}`));

describe("accuracy on the ladder", () => {
  it("counts a bot's reviewed games only, sums its seats' summaries, and lists exactly its mistakes, newest first", async () => {
    const sharp = await register("sharp");
    const loose = await register("loose");
    const start = Date.now() + 10_000 * 60_000;
    await cron(start);
    const { tournamentId, opponent } = (await ladderBot(loose.id)).playing as NonNullable<LadderBotOutput["playing"]>;
    expect(tournamentId).toBeDefined();
    // Its opponent: sharp or an anchor (a built-in bot, whose entry is read by its name).
    const rival = opponent.id === sharp.id ? sharp : { id: opponent.id };
    // Both leave at once: their pairing is played out, and no other one is started.
    for (const bot of [sharp, loose]) await request(`/v1/ladder/${bot.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${bot.token}` } });
    expect((await driveToEnd(tournamentId, { seed: 7 })).view.status).toBe("finished");
    await cron(start + 60_000);

    const recorded = await ladderBot(loose.id);
    const matchIds = recorded.recentGames.map((game) => game.matchId as string);
    expect(matchIds).toHaveLength(2);
    // The test bindings' 500,000 nodes are too few for some positions of random play: the deployed budget.
    for (const matchId of matchIds)
      await runInDurableObject(matchStubOf(matchId), (instance: MatchObject) => {
        Object.defineProperty(instance, "env", { value: { ...env, ENGINE_MAX_NODES: "20000000" }, configurable: true });
      });

    // Reviews are computed on demand here (REVIEW_GAMES=false): asking was the first read, so both are pending.
    const before = await ladderBot(loose.id);
    expect(before.accuracy).toEqual({ games: 0, pending: 2, moves: 0, kept: 0, accuracy: null, mistakes: 0, winsThrownAway: 0 });
    expect(before.recentMistakes).toEqual([]);

    const reviews = new Map<string, GameReviewOutput>();
    for (const matchId of matchIds) {
      await runDurableObjectAlarm(matchStubOf(matchId));
      for (let tries = 0; !reviews.has(matchId); tries++) {
        if (tries > 200) throw new Error(`match ${matchId} is not reviewed`);
        const response = await request(`/v1/matches/${matchId}/review`);
        if (response.status === 200) reviews.set(matchId, (await response.json()) as GameReviewOutput);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(reviews.get(matchId)?.exact).toBe(true);
    }

    for (const bot of [rival, loose]) {
      const entry = await ladderBot(bot.id);
      expect(entry.recentGames.map((game) => game.matchId)).toEqual(matchIds);
      const seats = entry.recentGames.map((game) => {
        const review = reviews.get(game.matchId as string) as GameReviewOutput;
        return { game, review, seat: review.seats.find((summary) => summary.role === game.role) as GameReviewOutput["seats"][number] };
      });
      const sum = (field: "moves" | "kept" | "winsThrownAway") => seats.reduce((total, { seat }) => total + seat[field], 0);
      expect(entry.accuracy).toEqual({
        games: 2,
        pending: 0,
        moves: sum("moves"),
        kept: sum("kept"),
        accuracy: Math.round((1000 * sum("kept")) / sum("moves")) / 1000,
        mistakes: seats.reduce((total, { seat }) => total + seat.mistakes.length, 0),
        winsThrownAway: sum("winsThrownAway"),
      });
      // Its mistakes: the newest game first, the latest ply first, at most ten.
      const expected = seats
        .flatMap(({ game, review, seat }) =>
          review.moves
            .filter((move) => move.seat === seat.seat && !move.opening && move.mistake)
            .reverse()
            .map((move) => ({ matchId: game.matchId as string, ply: move.ply, move: move.move, ...move.mistake })),
        )
        .slice(0, 10);
      expect(entry.recentMistakes.map(({ position: _, ...mistake }) => mistake)).toEqual(expected);
      // Each with the position before it, as the record replays.
      for (const mistake of entry.recentMistakes) {
        const replay = await json200<{ positions: { position: { string: string } }[] }>(postJson("/v1/replay", await getRecord(mistake.matchId)));
        expect(mistake.position).toBe(replay.positions[mistake.ply].position.string);
      }
    }

    const looseEntry = await ladderBot(loose.id);
    expect(looseEntry.accuracy.mistakes).toBeGreaterThan(0);
    // The page: the accuracy, and each mistake linked to its game and to the analysis of the position before it.
    const html = await (await request(`/ladder/${loose.id}`, { headers: { Accept: "text/html" } })).text();
    expect(html).toContain(`Accuracy <b>${Math.round((looseEntry.accuracy.accuracy as number) * 100)}%</b>`);
    expect(html.match(/<li class="mistake-item">/g)?.length).toBe(looseEntry.recentMistakes.length);
    for (const mistake of looseEntry.recentMistakes) {
      expect(html).toContain(`<a href="/matches/${mistake.matchId}">`);
      expect(html).toContain(`<a href="/analyze?position=${encodeURIComponent(mistake.position)}">`);
    }
  });
});
