/**
 * Every puzzle proved by a second route that shares no code with the engine (scripts/puzzle-proof.ts).
 * First the route itself is checked against the tests' brute force (engine-brute.ts, a full negamax) on
 * random positions of several rules: the same winning first moves and the same distance. Then every
 * committed puzzle must have its proof in src/puzzles/sets/proofs.json (written by `npm run
 * puzzles:verify`), agreeing with the puzzle, and a seeded sample of those proofs, the largest positions
 * among them, is made again here. Last, positions the mining proof accepts (the engine's proof, as
 * offerMinedPuzzle runs it on a reviewed game's positions) are confirmed by the second route.
 */
import { describe, expect, it } from "vitest";
import { evaluate, seededRandom, shuffleInPlace } from "../../src/engine/index.ts";
import { committedPuzzles, MAX_WINNING_MOVES, provePuzzle } from "../../src/puzzles/index.ts";
import { makeRules, readPosition, type Rules } from "../../src/rules/index.ts";
import proofFile from "../../src/puzzles/sets/proofs.json" with { type: "json" };
import { proveBySearch } from "../../scripts/puzzle-proof.ts";
import { brutePlies, bruteScore, bruteWinningMoves, RULE_SETS, randomPosition } from "./engine-brute.ts";

const CLASSIC = makeRules();
const SQUARES = makeRules({ squares: true });
const proofs = (proofFile as { proofs: Record<string, { winningMoves: number; moves: number }> }).proofs;

describe("the second route (scripts/puzzle-proof.ts) agrees with the brute force", () => {
  for (const [name, rules] of Object.entries(RULE_SETS)) {
    it(`${name}: winning first moves and the forced win's length, on random positions of 6 and 7 empty cells`, () => {
      const random = seededRandom(name.length * 31 + 7);
      let wins = 0;
      let checked = 0;
      while (checked < 20) {
        const position = randomPosition(random, rules, 6 + (checked % 2), true);
        if (position === null || position.inHand === null) continue;
        checked++;
        const start = { board: position.board, inHand: position.inHand };
        const proof = proveBySearch(start, rules);
        expect(proof.winningMoves).toBe(bruteWinningMoves(start, rules));
        const score = bruteScore(start, rules, true);
        if (score > 0) {
          wins++;
          expect(proof.moves).toBe((brutePlies(start, score) + 1) / 2);
        } else expect(proof.moves).toBeNull();
      }
      // The positions are not all one kind: some are forced wins, some not.
      expect(wins).toBeGreaterThan(0);
      expect(wins).toBeLessThan(checked);
    }, 120_000);
  }
});

describe("every committed puzzle is proved by the second route", () => {
  for (const [name, rules] of [
    ["classic", CLASSIC],
    ["squares", SQUARES],
  ] as const) {
    const puzzles = committedPuzzles(rules);

    it(`${name}: proofs.json has a proof for each puzzle, with 1 to ${MAX_WINNING_MOVES} winning first moves and the puzzle's length`, () => {
      for (const puzzle of puzzles) {
        const proof = proofs[puzzle.id];
        expect(proof, `${puzzle.id} has no proof: run npm run puzzles:verify`).toBeDefined();
        expect(proof.winningMoves, puzzle.id).toBeGreaterThanOrEqual(1);
        expect(proof.winningMoves, puzzle.id).toBeLessThanOrEqual(MAX_WINNING_MOVES);
        expect(proof.moves, puzzle.id).toBe(puzzle.moves);
      }
    });

    it(`${name}: a seeded sample of the proofs, the largest positions first, made again`, () => {
      const sized = puzzles.map((puzzle) => {
        const read = readPosition(puzzle.position, rules);
        if (!read.ok || read.value.inHand === null) throw new Error(puzzle.id);
        return { puzzle, position: read.value, empties: read.value.board.filter((piece) => piece === null).length };
      });
      const largest = Math.max(...sized.map((entry) => entry.empties));
      const random = seededRandom(name === "classic" ? 21 : 22);
      const sample = [
        ...shuffleInPlace(
          sized.filter((entry) => entry.empties === largest),
          random,
        ).slice(0, 10),
        ...shuffleInPlace(
          sized.filter((entry) => entry.empties < largest),
          random,
        ).slice(0, 20),
      ];
      for (const { puzzle, position } of sample) {
        const proof = proveBySearch({ board: position.board, inHand: position.inHand as number }, rules);
        expect({ winningMoves: proof.winningMoves, moves: proof.moves }, puzzle.id).toEqual({
          winningMoves: proofs[puzzle.id].winningMoves,
          moves: puzzle.moves,
        });
      }
    }, 120_000);
  }
});

describe("mined puzzles are proved by the second route", () => {
  const check = async (rules: Rules, seed: number) => {
    const random = seededRandom(seed);
    const found: number[] = [];
    for (let tries = 0; found.length < 8 && tries < 400; tries++) {
      const position = randomPosition(random, rules, 9 + (tries % 2), true);
      if (position === null || position.inHand === null) continue;
      // The proof mining runs: the engine's exact value and distance of every move.
      const mined = await provePuzzle(position, rules, (p, r) => Promise.resolve(evaluate(p, r, { moves: true, distance: true, maxNodes: 20_000_000 })));
      if (!mined.ok) continue;
      const proof = proveBySearch({ board: position.board, inHand: position.inHand }, rules);
      expect(proof.winningMoves).toBe(mined.winning.length);
      expect(proof.moves).toBe(mined.moves);
      found.push(mined.moves);
    }
    expect(found.length).toBe(8);
  };

  it("classic", () => check(CLASSIC, 5), 240_000);
  it("squares, manual announcement", () => check(makeRules({ squares: true, announce: "manual" }), 6), 240_000);
});
