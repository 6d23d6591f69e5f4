/**
 * The unbalanced suites: each is what scripts/unbalanced-openings.ts says (legal openings of
 * 12 to 14 empty cells that replay to their positions, no two related by a board symmetry or a
 * relabelling, no Quarto at once, the fewest winning moves first, at most `perShape` per board shape),
 * every entry an exact win for the player to move in the book, and, by a second route, a seeded sample
 * re-solved by the search with no book installed agrees on the value and on the winning moves.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readBookFiles } from "../../arena/books.ts";
import { positionKey } from "../../scripts/book-builder.ts";
import { evaluate, installBooks } from "../../src/engine/index.ts";
import { seededRandom, shuffleInPlace } from "../../src/engine/random.ts";
import { newMatch } from "../../src/match/machine.ts";
import { completedShapes, makeMoveText, makeRules, positionFromTrustedSetup, readPosition, type Rules } from "../../src/rules/index.ts";
import { OPENING_SUITES, parseOpenings, suiteProblem } from "../../src/tournament/openings.ts";
import classicData from "../../src/tournament/openings/classic-unbalanced.json" with { type: "json" };
import squaresData from "../../src/tournament/openings/squares-unbalanced.json" with { type: "json" };

const FILES = readBookFiles();
afterAll(() => installBooks(FILES));

const positionOf = (text: string, rules: Rules) => {
  const read = readPosition(text, rules);
  if (!read.ok) throw new Error(read.error.detail);
  return read.value;
};

/** Re-solved by the second route: how many entries of each suite (a classic one takes about a second, a squares one two or three). */
const RESOLVED = { "classic-unbalanced": 3, "squares-unbalanced": 2 } as const;

describe("the unbalanced suites", () => {
  for (const data of [classicData, squaresData]) {
    const rules = makeRules(data.rules);

    it(`${data.name}: legal, distinct up to symmetry and relabelling, 12-14 empty cells, no Quarto at once, the fewest winning moves first`, () => {
      const suite = OPENING_SUITES[data.name];
      expect(suite.openings.map((opening) => opening.name)).toEqual(data.openings.map((opening) => opening.name));
      expect(data.openings.length).toBe(data.generator.count);
      expect(suiteProblem(suite, rules)).toBeNull();
      expect(suiteProblem(suite, makeRules({ squares: !data.rules.squares }))).toMatch(/is for/);
      const keys = new Set<number>();
      const shapes = new Map<number, number>();
      for (const opening of data.openings) {
        const after = newMatch({ rules, clock: { kind: "none" }, firstSeat: 0, opening: { name: "t", moves: opening.moves } }, 0).position;
        expect(after).toBe(opening.position);
        const position = positionOf(opening.position, rules);
        const empties = position.board.filter((piece) => piece === null).length;
        expect(empties).toBe(opening.empties);
        expect(empties).toBeGreaterThanOrEqual(12);
        expect(empties).toBeLessThanOrEqual(14);
        for (let cell = 0; cell < 16; cell++) {
          if (position.board[cell] !== null) continue;
          const board = [...position.board];
          board[cell] = position.inHand;
          expect(completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules)).toEqual([]);
        }
        const key = positionKey(position.board, position.inHand as number, rules.squares, rules.attributeMask);
        keys.add(key);
        // The board's shape up to a symmetry: the canonical key's high part, its occupancy (4 mask bits per piece below).
        const shape = Math.floor(key / 2 ** (4 * (16 - empties)));
        shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
        expect(opening.winningMoves.length).toBeGreaterThan(0);
        expect(opening.winningMoves.length).toBeLessThan(opening.legalMoves);
      }
      expect(keys.size).toBe(data.openings.length);
      expect(Math.max(...shapes.values())).toBeLessThanOrEqual(data.generator.perShape);
      const counts = data.openings.map((opening) => opening.winningMoves.length);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      // By name, one at a time, as a caller's openings file may list them.
      const named = parseOpenings(data.openings[0].name, rules, "mine");
      expect(named).toEqual({ ok: true, openings: [suite.openings[0]] });
    });

    it(`${data.name}: every entry is an exact win for the player to move in the book, which the search alone does not prove within hard's share of the default budget`, () => {
      installBooks(FILES);
      for (const opening of data.openings) {
        expect(evaluate(positionOf(opening.position, rules), rules, { maxNodes: 0 }), opening.name).toMatchObject({
          value: "win",
          exact: true,
          source: "book",
        });
      }
      installBooks({});
      for (const opening of data.openings) {
        expect(evaluate(positionOf(opening.position, rules), rules, { maxNodes: data.generator.horizonNodes }), opening.name).toMatchObject({
          value: null,
          exact: false,
        });
      }
    });

    it(`${data.name}: the second route, a seeded sample re-solved without the book, agrees on the value and the winning moves`, { timeout: 120_000 }, () => {
      installBooks({});
      const sample = shuffleInPlace([...data.openings], seededRandom(23)).slice(0, RESOLVED[data.name as keyof typeof RESOLVED]);
      for (const opening of sample) {
        const evaluation = evaluate(positionOf(opening.position, rules), rules, { moves: true, maxNodes: 200_000_000 });
        expect(evaluation, opening.name).toMatchObject({ value: "win", exact: true, source: "search" });
        expect(evaluation.moves?.length).toBe(opening.legalMoves);
        const winning = (evaluation.moves ?? []).filter((move) => move.value === "win").map((move) => makeMoveText(move.move));
        expect(winning.sort(), opening.name).toEqual([...opening.winningMoves].sort());
      }
    });
  }
});
