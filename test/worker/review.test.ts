/**
 * Reviews on the service: POST /v1/review answers any record at once; GET /v1/matches/{id}/review
 * answers 409 while the match is played, 202 with Retry-After until the match's object has reviewed it
 * in its alarm, then the stored review, through evictions; with REVIEW_GAMES on (wrangler.toml's
 * default; the test bindings turn it off) the object reviews a game as soon as it ends, unasked.
 * Tournament games are matches and are reviewed alike. A win thrown away in a reviewed game becomes a
 * mined puzzle.
 */
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchObject } from "../../src/objects/match.ts";
import { reviewWork } from "../../src/objects/match-review.ts";
import type { MatchStore } from "../../src/objects/match-store.ts";
import type { GameReviewOutput } from "../../src/wire/review-schemas.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { createMatch, ROW_QUARTO_SETUP, sendMove, stubOf, tokenOf } from "./match-client.ts";
import { createTournament, getTournament, tournamentStub } from "./tournament-client.ts";
import { evaluate } from "../../src/engine/index.ts";
import { committedPuzzles, puzzleId, puzzleKey } from "../../src/puzzles/index.ts";
import { legalMoves, makeMoveText, makeRules, readPosition } from "../../src/rules/index.ts";
import type { PuzzleOutput } from "../../src/wire/index.ts";

/** The game won by a row of tall pieces: seat 1's `c1-B` handed over the fourth tall piece. */
const WON = [...ROW_QUARTO_SETUP, "d1"];

async function playWon(): Promise<string> {
  const created = await createMatch();
  for (const [ply, move] of WON.entries()) {
    const response = await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, move);
    expect(response.status, await response.clone().text()).toBe(200);
  }
  return created.id;
}

/** The review of the game above, as every test expects it. */
function expectWonReview(review: GameReviewOutput): void {
  expect(review).toMatchObject({ status: "ready", exact: true, firstSeat: 0 });
  expect(review.moves.map((move) => [move.move, move.before, move.after])).toEqual([
    ["-8", "draw", "draw"],
    ["a1-9", "draw", "draw"],
    ["b1-A", "draw", "draw"],
    ["c1-B", "draw", "loss"],
    ["d1!", "win", "win"],
  ]);
  expect(review.moves[3]).toMatchObject({ seat: 1, role: "second", afterPlacement: "draw", mistake: { kind: "give", from: "draw", to: "loss" } });
  expect(review.moves[3].mistake?.better.length).toBeGreaterThan(0);
  expect(review.seats).toMatchObject([
    { seat: 0, moves: 3, kept: 3, accuracy: 1, mistakes: [] },
    { seat: 1, moves: 2, kept: 1, accuracy: 0.5, winsThrownAway: 0, mistakes: [{ ply: 3, kind: "give", from: "draw", to: "loss" }] },
  ]);
}

describe("POST /v1/review", () => {
  it("reviews a record given as text, as moves, or as a match record", async () => {
    expectWonReview(await json200<GameReviewOutput>(postJson("/v1/review", { text: `................. ${WON.join(" ")}` })));
    expectWonReview(await json200<GameReviewOutput>(postJson("/v1/review", { moves: WON })));
    const id = await playWon();
    const record = await json200(request(`/v1/matches/${id}/record`));
    expectWonReview(await json200<GameReviewOutput>(postJson("/v1/review", record)));
  });

  it("refuses a record that does not replay or is not one, with a problem", async () => {
    await expectProblem(postJson("/v1/review", { moves: ["-8", "a1-8"] }), "move/piece_not_available");
    await expectProblem(postJson("/v1/review", { text: "nonsense" }), "replay/bad_start");
    await expectProblem(postJson("/v1/review", {}), "request/invalid");
    await expectProblem(request("/v1/review", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }), "request/malformed_json");
  });
});

describe("GET /v1/matches/{id}/review", () => {
  it("409 while the match is played, 202 until the object has reviewed it, then the stored review through evictions", async () => {
    const created = await createMatch();
    await sendMove(created.id, tokenOf(created, 0), 0, "-8");
    await expectProblem(request(`/v1/matches/${created.id}/review`), "match/not_finished");
    for (const [ply, move] of WON.entries()) if (ply > 0) await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, move);

    const pending = await request(`/v1/matches/${created.id}/review`);
    expect(pending.status).toBe(202);
    expect(Number(pending.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await pending.json()).toMatchObject({ status: "pending", matchId: created.id });
    // Asking armed the object's alarm: the review is computed there, in the background.
    expect(await runDurableObjectAlarm(stubOf(created.id))).toBe(true);
    const review = await json200<GameReviewOutput>(request(`/v1/matches/${created.id}/review`));
    expectWonReview(review);
    expect(review.matchId).toBe(created.id);

    await evictDurableObject(stubOf(created.id));
    expect(await json200<GameReviewOutput>(request(`/v1/matches/${created.id}/review`))).toEqual(review);
    // Stored beside the match, and the alarm is back to the match's retention.
    const keys = await runInDurableObject(stubOf(created.id), (_instance, state) => [...state.storage.kv.list()].map(([key]) => key).sort());
    expect(keys).toEqual(["match", "review"]);
  });

  it("with REVIEW_GAMES on, a game is reviewed as soon as it ends, unasked", async () => {
    const created = await createMatch();
    await runInDurableObject(stubOf(created.id), (instance: MatchObject) => {
      Object.defineProperty(instance, "env", { value: { ...env, REVIEW_GAMES: "true" }, configurable: true });
    });
    for (const [ply, move] of WON.entries()) await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, move);
    const alarm = await runInDurableObject(stubOf(created.id), (_instance, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm as number).toBeLessThanOrEqual(Date.now());
    expect(await runDurableObjectAlarm(stubOf(created.id))).toBe(true);
    expectWonReview(await json200<GameReviewOutput>(request(`/v1/matches/${created.id}/review`)));
  });

  it("a match with no move has an empty review at once; an unknown match is a 404", async () => {
    const created = await createMatch();
    await request(`/v1/matches/${created.id}/abort`, { method: "POST", headers: { Authorization: `Bearer ${tokenOf(created, 0)}` } });
    const review = await json200<GameReviewOutput>(request(`/v1/matches/${created.id}/review`));
    expect(review).toMatchObject({ moves: [], seats: [{ moves: 0, accuracy: null }, { moves: 0, accuracy: null }] });
    await expectProblem(request("/v1/matches/aaaaaaaaaaaaaaaaaaaaaaaaaa/review"), "match/not_found");
    await expectProblem(request("/v1/matches/not-an-id/review"), "match/not_found");
  });

  it("reviews a tournament game, which is a match, and the tournament sums each bot's accuracy", async () => {
    const created = await createTournament({ bots: ["easy", "random"], gamesPerPair: 2, seed: 4 });
    for (let alarms = 0; (await getTournament(created.id)).status === "running"; alarms++) {
      if (alarms > 500) throw new Error("the tournament does not end");
      if (!(await runDurableObjectAlarm(tournamentStub(created.id)))) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const finished = await getTournament(created.id);
    expect(finished.accuracy).toEqual([
      { bot: "easy", games: 0, moves: 0, kept: 0, accuracy: null, mistakes: 0, winsThrownAway: 0 },
      { bot: "random", games: 0, moves: 0, kept: 0, accuracy: null, mistakes: 0, winsThrownAway: 0 },
    ]);
    const reviews: GameReviewOutput[] = [];
    for (const game of finished.games) {
      const matchId = game.matchId as string;
      // The test bindings' 500,000 nodes in 2,000-node slices are too few for some positions of random play: the deployed
      // budget, given before the review is asked for (asking arms the alarm, which may fire at once).
      await runInDurableObject(stubOf(matchId), (instance: MatchObject) => {
        Object.defineProperty(instance, "env", { value: { ...env, ENGINE_MAX_NODES: "20000000", ENGINE_SLICE_NODES: "20000" }, configurable: true });
      });
      expect((await request(`/v1/matches/${matchId}/review`)).status).toBe(202);
      await runDurableObjectAlarm(stubOf(matchId));
      const review = await json200<GameReviewOutput>(request(`/v1/matches/${matchId}/review`));
      const record = await json200<{ moves: { text: string }[] }>(request(`/v1/matches/${matchId}/record`));
      expect(review.moves.map((move) => move.move)).toEqual(record.moves.map((move) => move.text));
      expect(review.exact, JSON.stringify(review.moves.filter((move) => !move.exact))).toBe(true);
      reviews.push(review);
    }
    // Each review went to the tournament: its accuracy rows are the sums of the games' seats.
    const { accuracy } = await getTournament(created.id);
    for (const [index, bot] of ["easy", "random"].entries()) {
      const seats = reviews.flatMap((review, game) => review.seats.filter((seat) => (finished.games[game].first === bot ? seat.seat === 0 : seat.seat === 1)));
      const moves = seats.reduce((sum, seat) => sum + seat.moves, 0);
      const kept = seats.reduce((sum, seat) => sum + seat.kept, 0);
      expect(accuracy[index]).toEqual({
        bot,
        games: 2,
        moves,
        kept,
        accuracy: Math.round((1000 * kept) / moves) / 1000,
        mistakes: moves - kept,
        winsThrownAway: seats.reduce((sum, seat) => sum + seat.winsThrownAway, 0),
      });
    }
    expect(accuracy[1].mistakes).toBeGreaterThan(0);
  });

  it("a person's game is reviewed ahead of a backlog of tournament games' reviews, as is a tournament game whose review was asked for", async () => {
    const workOf = (id: string) =>
      runInDurableObject(stubOf(id), (instance: MatchObject, state) => {
        const match = (instance as unknown as { store: MatchStore }).store.load();
        if (!match) throw new Error(`no match ${id}`);
        return reviewWork(state.storage, match);
      });
    expect(await workOf(await playWon())).toEqual({ priority: "idle", ahead: true });
    const created = await createTournament({ bots: ["easy", "random"], gamesPerPair: 2, seed: 5 });
    for (let alarms = 0; (await getTournament(created.id)).status === "running"; alarms++) {
      if (alarms > 500) throw new Error("the tournament does not end");
      if (!(await runDurableObjectAlarm(tournamentStub(created.id)))) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const [game] = (await getTournament(created.id)).games;
    const matchId = game.matchId as string;
    expect(await workOf(matchId)).toEqual({ priority: "idle", ahead: false });
    expect((await request(`/v1/matches/${matchId}/review`)).status).toBe(202);
    expect(await workOf(matchId)).toEqual({ priority: "idle", ahead: true });
  });

  it("a forced win thrown away in a reviewed game becomes a mined puzzle", async () => {
    // A committed classic puzzle's position, played under the announcement rule (so not a puzzle yet) as a match's opening.
    const rules = makeRules({ announce: "manual" });
    const source = committedPuzzles(makeRules()).find((candidate) => candidate.moves === 2) as { position: string };
    const read = readPosition(source.position, rules);
    if (!read.ok) throw new Error(read.error.detail);
    const values = evaluate(read.value, rules, { moves: true });
    const thrown = legalMoves(read.value, rules).find((move) => values.moves?.some((entry) => entry.value !== "win" && makeMoveText(entry.move) === makeMoveText(move)));
    if (!thrown) throw new Error("no move that throws the win away");
    const created = await createMatch({ rules: { announce: "manual" }, opening: source.position });
    const mover = created.state.turn?.seat as 0 | 1;
    expect((await sendMove(created.id, tokenOf(created, mover), created.state.ply, makeMoveText(thrown))).status).toBe(200);
    await request(`/v1/matches/${created.id}/resign`, { method: "POST", headers: { Authorization: `Bearer ${tokenOf(created, mover)}` } });
    await runInDurableObject(stubOf(created.id), (instance: MatchObject) => {
      Object.defineProperty(instance, "env", { value: { ...env, ENGINE_MAX_NODES: "20000000", ENGINE_SLICE_NODES: "20000" }, configurable: true });
    });
    expect((await request(`/v1/matches/${created.id}/review`)).status).toBe(202);
    await runDurableObjectAlarm(stubOf(created.id));
    const review = await json200<GameReviewOutput>(request(`/v1/matches/${created.id}/review`));
    const last = review.moves[review.moves.length - 1];
    expect(last).toMatchObject({ opening: false, before: "win", mistake: { from: "win" } });
    const id = puzzleId(puzzleKey(read.value, rules));
    expect(await json200<PuzzleOutput>(request(`/v1/puzzles/${id}`))).toMatchObject({ id, source: "mined", rules: { announce: "manual" } });
  });
});
