/**
 * The puzzles API through the Worker: a puzzle drawn by rules and rating, looked up by id (never with
 * its solution), the daily puzzle; moves judged exactly (right and wrong told apart, the defence
 * answered, the line played to its solution), every bad input a 4xx problem; the puzzle's Glicko-2
 * rating moved by ended attempts and kept through the store's eviction; mined puzzles added once per
 * canonical position and at most so many a day. Any position and move is a verdict or a 4xx.
 */
import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { offerMinedPuzzle, puzzleStore } from "../../src/objects/index.ts";
import { committedPuzzles, dailyPuzzle, MAX_WINNING_MOVES, type Puzzle, puzzleId, puzzleKey } from "../../src/puzzles/index.ts";
import { bruteScore, bruteWinningMoves } from "../core/engine-brute.ts";
import { legalMoves, makeMoveText, makeRules, readPosition } from "../../src/rules/index.ts";
import type { PuzzleOutput, PuzzleVerdictOutput } from "../../src/wire/index.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";

const CLASSIC = makeRules();

const positionOf = (text: string, rules = CLASSIC) => {
  const read = readPosition(text, rules);
  if (!read.ok) throw new Error(read.error.detail);
  return read.value;
};

/** The moves that keep the win from `text`, fastest first (the engine, in the test). */
function winningMoves(text: string, rules = CLASSIC): string[] {
  const values = evaluate(positionOf(text, rules), rules, { moves: true, distance: true });
  return (values.moves ?? [])
    .filter((entry) => entry.value === "win")
    .sort((a, b) => (a.pliesToEnd ?? 99) - (b.pliesToEnd ?? 99))
    .map((entry) => makeMoveText(entry.move));
}

/** A legal move that does not keep the win. */
function losingMove(text: string): string {
  const winning = new Set(winningMoves(text));
  return makeMoveText(legalMoves(positionOf(text), CLASSIC).find((move) => !winning.has(makeMoveText(move))) as never);
}

const move = (id: string, body: unknown) => postJson(`/v1/puzzles/${id}/moves`, body);

describe("drawing puzzles", () => {
  it("next: a classic puzzle by default, a squares one with squares=true, near the rating asked", async () => {
    const classic = await json200<PuzzleOutput>(request("/v1/puzzles/next"));
    expect(classic.rules).toEqual({ squares: false, attributes: ["height", "color", "shape", "fill"], announce: "auto", missedClaim: true });
    expect(classic.position.json.inHand).not.toBeNull();
    expect(classic.source).toBe("set");
    const squares = await json200<PuzzleOutput>(request("/v1/puzzles/next?squares=true"));
    expect(squares.rules.squares).toBe(true);
    expect(committedPuzzles(makeRules({ squares: true })).map((puzzle) => puzzle.id)).toContain(squares.id);
    // The hardest puzzles start at 2000 (five moves): asking for 2400 draws among them.
    const hard = await json200<PuzzleOutput>(request("/v1/puzzles/next?rating=2400"));
    expect(hard.moves).toBe(5);
    const easy = await json200<PuzzleOutput>(request("/v1/puzzles/next?rating=800"));
    expect(easy.moves).toBe(1);
  });

  it("next: rules without puzzles are a 404, a bad rating a 422", async () => {
    await expectProblem(request("/v1/puzzles/next?attributes=color"), "puzzle/none_for_rules");
    await expectProblem(request("/v1/puzzles/next?rating=abc"), "request/invalid");
    await expectProblem(request("/v1/puzzles/next?rating=-5"), "request/invalid");
  });

  it("by id: the start, rules, moves to find and rating, and nothing of the solution", async () => {
    const puzzle = committedPuzzles(CLASSIC)[3];
    const served = await json200<PuzzleOutput>(request(`/v1/puzzles/${puzzle.id}`));
    expect(Object.keys(served).sort()).toEqual(["attempts", "deviation", "id", "moves", "position", "rating", "rules", "source"]);
    expect(served).toMatchObject({ id: puzzle.id, moves: puzzle.moves, rating: puzzle.rating, position: { string: puzzle.position } });
    await expectProblem(request("/v1/puzzles/aaaaaaaaaaaa"), "puzzle/not_found");
    await expectProblem(request("/v1/puzzles/NOT-AN-ID"), "request/invalid");
  });

  it("daily: the same puzzle all day, the day's pick", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const first = await json200<PuzzleOutput & { day: string }>(request("/v1/puzzles/daily"));
    const again = await json200<PuzzleOutput & { day: string }>(request("/v1/puzzles/daily"));
    expect(first.day).toBe(day);
    expect(first.id).toBe(again.id);
    expect(first.id).toBe(dailyPuzzle(day).id);
  });
});

describe("moves on a puzzle", () => {
  const puzzle = committedPuzzles(CLASSIC).find((candidate) => candidate.moves === 3) as Puzzle;

  it("a right move is answered with the defence; playing on from each answer solves it", async () => {
    let at = puzzle.position;
    for (let step = 1; step <= 10; step++) {
      const verdict = await json200<PuzzleVerdictOutput>(move(puzzle.id, { position: at, move: winningMoves(at)[0] }));
      expect(verdict.correct).toBe(true);
      if (verdict.solved) {
        expect(step).toBe(puzzle.moves);
        expect(verdict.shapes?.length).toBeGreaterThan(0);
        expect(verdict.move.endsWith("!")).toBe(true);
        return;
      }
      expect(verdict.reply).toMatch(/^[a-d][1-4]-[0-9A-F]$/);
      // The reply is one of the defender's legal moves from the position after the solver's move.
      at = verdict.position?.string as string;
      expect(positionOf(at).inHand).not.toBeNull();
    }
    throw new Error("not solved in 10 moves");
  });

  it("a wrong move is wrong, ends the attempt and raises the puzzle's rating; the solver's falls", async () => {
    const chosen = committedPuzzles(CLASSIC).find((candidate) => candidate.moves === 2) as Puzzle;
    const before = await json200<PuzzleOutput>(request(`/v1/puzzles/${chosen.id}`));
    const solver = { rating: 1500, deviation: 350, volatility: 0.06 };
    const verdict = await json200<PuzzleVerdictOutput>(move(chosen.id, { position: chosen.position, move: losingMove(chosen.position), solver }));
    expect(verdict).toMatchObject({ correct: false, solved: false });
    expect(verdict.reply).toBeUndefined();
    expect(verdict.puzzle.attempts).toBe(before.attempts + 1);
    expect(verdict.puzzle.rating).toBeGreaterThan(before.rating);
    expect(verdict.puzzle.deviation).toBeLessThan(before.deviation);
    expect(verdict.solver?.rating).toBeLessThan(1500);

    // Kept in storage: the store evicted, the puzzle reads the same.
    await evictDurableObject(puzzleStore(env));
    const after = await json200<PuzzleOutput>(request(`/v1/puzzles/${chosen.id}`));
    expect(after).toMatchObject({ rating: verdict.puzzle.rating, deviation: verdict.puzzle.deviation, attempts: before.attempts + 1 });

    // Solving it lowers the puzzle's rating and raises the solver's.
    const right = winningMoves(chosen.position)[0];
    const first = await json200<PuzzleVerdictOutput>(move(chosen.id, { position: chosen.position, move: right, solver }));
    const last = await json200<PuzzleVerdictOutput>(
      move(chosen.id, { position: first.position?.string, move: winningMoves(first.position?.string as string)[0], solver }),
    );
    expect(last.solved).toBe(true);
    expect(last.puzzle.rating).toBeLessThan(after.rating);
    expect(last.solver?.rating).toBeGreaterThan(1500);
    expect(last.puzzle.attempts).toBe(before.attempts + 2);
  });

  it("refuses, as 4xx problems: a position off the line, an illegal move, unreadable text, a bad position, an unknown puzzle", async () => {
    const start = positionOf(puzzle.position);
    const empty = start.board.indexOf(null);
    const occupied = start.board.findIndex((piece) => piece !== null);
    const offLine = [...puzzle.position];
    offLine[empty] = (start.inHand as number).toString(16).toUpperCase();
    offLine[16] = ".";
    const problem = await expectProblem(move(puzzle.id, { position: offLine.join(""), move: "a1-0" }), "puzzle/not_on_line");
    expect(problem.status).toBe(422);
    const otherStart = committedPuzzles(CLASSIC).find((candidate) => candidate.id !== puzzle.id)?.position;
    await expectProblem(move(puzzle.id, { position: otherStart, move: winningMoves(otherStart as string)[0] }), "puzzle/not_on_line");
    const cell = `${"abcd"[occupied % 4]}${Math.floor(occupied / 4) + 1}`;
    await expectProblem(move(puzzle.id, { position: puzzle.position, move: `${cell}-0` }), "move/cell_occupied");
    await expectProblem(move(puzzle.id, { position: puzzle.position, move: "z9" }), "request/invalid");
    await expectProblem(move(puzzle.id, { position: "0A3", move: "a1-0" }), "position/wrong_length");
    await expectProblem(move(puzzle.id, { position: puzzle.position }), "request/invalid");
    await expectProblem(move("aaaaaaaaaaaa", { position: puzzle.position, move: "a1-0" }), "puzzle/not_found");
    await expectProblem(
      request(`/v1/puzzles/${puzzle.id}/moves`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }),
      "request/malformed_json",
    );
  });

  it("answers any position and move with a verdict or a 4xx problem, never a 5xx", async () => {
    const start = puzzle.position;
    const empties = [...start.slice(0, 16)].flatMap((slot, cell) => (slot === "." ? [cell] : []));
    const free = Array.from({ length: 16 }, (_, piece) => piece.toString(16).toUpperCase()).filter((digit) => !start.toUpperCase().includes(digit));
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(empties),
        fc.shuffledSubarray([...free, start[16]]),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        async (cells, pieces, place, give) => {
          // The start with some of the free pieces (and maybe the one in hand) put on empty cells, and another in hand.
          const slots = [...start];
          cells.forEach((cell, index) => {
            if (index < pieces.length - 1) slots[cell] = pieces[index];
          });
          slots[16] = pieces.at(-1) ?? ".";
          const cell = `${"abcd"[place % 4]}${Math.floor(place / 4) + 1}`;
          const response = await move(puzzle.id, { position: slots.join(""), move: `${cell}-${give.toString(16)}` });
          expect(response.status, await response.text()).toBeLessThan(500);
        },
      ),
      { numRuns: 40, seed: 34 },
    );
  });

  it("counts moves against the puzzles policy", async () => {
    const response = await move(puzzle.id, { position: puzzle.position, move: winningMoves(puzzle.position)[0] });
    expect(response.status).toBe(200);
    expect(response.headers.get("RateLimit-Policy")).toBe(`"puzzles";q=60;w=60`);
  });
});

describe("mined puzzles", () => {
  const MANUAL = makeRules({ announce: "manual" });

  it("are proved, added once per canonical position, served under their rules, and bounded per day", async () => {
    // A committed classic puzzle under the announcement rule: a puzzle of other rules, so not known yet.
    const source = committedPuzzles(CLASSIC).find((candidate) => candidate.moves === 2) as { position: string };
    const position = positionOf(source.position, MANUAL);
    const now = Date.UTC(2026, 11, 6, 12);
    const first = await offerMinedPuzzle(env, position, MANUAL, now, (p, r) => Promise.resolve(evaluate(p, r, { moves: true, distance: true })));
    expect(first).toEqual({ verdict: "added", id: puzzleId(puzzleKey(position, MANUAL)) });
    // Confirmed by the brute force, which shares no code with the engine: a forced win, one or two winning moves.
    expect(bruteScore(position, MANUAL)).toBeGreaterThan(0);
    expect(bruteWinningMoves(position, MANUAL)).toBeGreaterThanOrEqual(1);
    expect(bruteWinningMoves(position, MANUAL)).toBeLessThanOrEqual(MAX_WINNING_MOVES);
    // The same position mirrored (columns a<->d, b<->c): the same canonical position.
    const mirrored = positionOf([...Array(16).keys()].map((cell) => source.position[(cell & ~3) | (3 - (cell & 3))]).join("") + source.position[16], MANUAL);
    expect(await offerMinedPuzzle(env, mirrored, MANUAL, now, (p, r) => Promise.resolve(evaluate(p, r, { moves: true, distance: true })))).toEqual({
      verdict: "known",
      id: first.verdict === "added" ? first.id : "",
    });
    // A committed puzzle is known already.
    const committed = positionOf(committedPuzzles(CLASSIC)[0].position);
    expect((await offerMinedPuzzle(env, committed, CLASSIC, now)).verdict).toBe("known");
    // The start of a game is no puzzle.
    const start = positionOf("................0");
    expect(
      await offerMinedPuzzle(env, start, MANUAL, now, (p, r) => Promise.resolve(evaluate(p, r, { moves: true, distance: true, maxNodes: 1000 }))),
    ).toMatchObject({ verdict: "not_a_puzzle" });

    const served = await json200<PuzzleOutput>(request("/v1/puzzles/next?announce=manual"));
    expect(served).toMatchObject({ id: first.verdict === "added" ? first.id : "", source: "mined", rules: { announce: "manual" } });
    await evictDurableObject(puzzleStore(env));
    await json200(request(`/v1/puzzles/${served.id}`));

    // The day's bound: with one allowed a day, a second new puzzle that day waits for the next.
    const other = committedPuzzles(CLASSIC).find((candidate) => candidate.moves === 3) as { position: string; id: string };
    const candidate = { id: "bbbbbbbbbbbb", key: "test:other", position: other.position, rules: { announce: "manual" as const }, moves: 3 };
    expect(await puzzleStore(env).addMined(candidate, "2026-12-06", 1)).toBe("daily_limit");
    expect(await puzzleStore(env).addMined(candidate, "2026-12-07", 1)).toBe("added");
    expect(await puzzleStore(env).addMined(candidate, "2026-12-08", 1)).toBe("known");
  });
});
