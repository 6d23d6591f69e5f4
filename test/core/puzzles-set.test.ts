/**
 * The committed puzzle sets (src/puzzles/sets/*.json, written by scripts/puzzles.ts): large enough,
 * spread over distinct positions (no two related by a board symmetry or a piece relabelling), and each
 * of a seeded sample (up to 9 empty cells) re-proved by a second route that shares no code with the engine: the brute-force
 * negamax of engine-brute.ts values every legal first move (a forced win, at most 2 winning moves) and
 * the distance with best play (the puzzle's `moves`). The key's invariance is checked against the
 * symmetries and relabellings generated from their definitions (reference/symmetries.ts). The script
 * that made the sets makes the same puzzles again from the same games, and docs/puzzles.md's numbers are theirs.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom, shuffleInPlace } from "../../src/engine/index.ts";
import { committedPuzzle, committedPuzzles, dailyPuzzle, MAX_WINNING_MOVES, type Puzzle, puzzleId, puzzleKey } from "../../src/puzzles/index.ts";
import { makeRules, readPosition } from "../../src/rules/index.ts";
import { bruteScore, brutePlies, bruteWinningMoves } from "./engine-brute.ts";
import classicSet from "../../src/puzzles/sets/classic.json" with { type: "json" };
import squaresSet from "../../src/puzzles/sets/squares.json" with { type: "json" };
import { generateGroup, INNER_OUTER, MIRROR, preservesShapes, RELABELLINGS, relabel, ROTATE, SWAP_MIDDLE } from "./reference/symmetries.ts";
import { refSquares } from "./reference/quarto.ts";

const CLASSIC = makeRules();
const SQUARES = makeRules({ squares: true });
const LINE_SYMMETRIES = generateGroup([ROTATE, MIRROR, SWAP_MIDDLE, INNER_OUTER]);
const SQUARE_SYMMETRIES = LINE_SYMMETRIES.filter((map) => preservesShapes(map, refSquares()));

const positionOf = (puzzle: Puzzle) => {
  const read = readPosition(puzzle.position, puzzle.rules);
  if (!read.ok) throw new Error(`${puzzle.id}: ${read.error.detail}`);
  return read.value;
};

describe("the committed puzzle sets", () => {
  for (const [name, rules, least] of [
    ["classic", CLASSIC, 500],
    ["squares", SQUARES, 200],
  ] as const) {
    const puzzles = committedPuzzles(rules);

    it(`${name}: at least ${least} puzzles, each a position where the player to move holds a piece, under the set's rules`, () => {
      expect(puzzles.length).toBeGreaterThanOrEqual(least);
      for (const puzzle of puzzles) {
        expect(puzzle.rules).toEqual(rules);
        expect(positionOf(puzzle).inHand).not.toBeNull();
        expect(puzzle.moves).toBeGreaterThanOrEqual(1);
        expect(committedPuzzle(puzzle.id)).toBe(puzzle);
      }
    });

    it(`${name}: no two puzzles are related by a symmetry or a relabelling, and each id comes from its canonical key`, () => {
      const keys = new Set<string>();
      for (const puzzle of puzzles) {
        const key = puzzleKey(positionOf(puzzle), rules);
        expect(puzzle.id).toBe(puzzleId(key));
        keys.add(key);
      }
      expect(keys.size).toBe(puzzles.length);
    });

    it(`${name}: a seeded sample re-proved by brute force (a forced win, 1 to ${MAX_WINNING_MOVES} winning moves, the puzzle's length)`, () => {
      // The brute force (no table, no pruning beyond the first win found) stays cheap up to 9 empty cells (about a second a puzzle).
      const small = puzzles.filter((puzzle) => positionOf(puzzle).board.filter((piece) => piece === null).length <= 9);
      const sample = shuffleInPlace([...small], seededRandom(name === "classic" ? 11 : 12)).slice(0, 12);
      for (const puzzle of sample) {
        const position = positionOf(puzzle);
        const start = { board: position.board, inHand: position.inHand };
        const winning = bruteWinningMoves(start, rules);
        expect(winning, puzzle.id).toBeGreaterThanOrEqual(1);
        expect(winning, puzzle.id).toBeLessThanOrEqual(MAX_WINNING_MOVES);
        const score = bruteScore(start, rules, true);
        expect(score, puzzle.id).toBeGreaterThan(0);
        expect((brutePlies(start, score) + 1) / 2, puzzle.id).toBe(puzzle.moves);
      }
    }, 120_000);
  }

  it("the script makes the same puzzles again: its first games give the committed puzzles found in them", () => {
    const directory = mkdtempSync(join(tmpdir(), "puzzles-"));
    try {
      const out = join(directory, "classic.json");
      const run = spawnSync(
        process.execPath,
        ["--experimental-strip-types", "scripts/puzzles.ts", "--variant", "classic", "--games", "4", "--out", out, "--progress", directory],
        {
          cwd: join(import.meta.dirname, "..", ".."),
          encoding: "utf8",
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const made = JSON.parse(readFileSync(out, "utf8")) as { puzzles: { id: string; game: number }[] };
      const committed = (classicSet as { puzzles: { id: string; game: number }[] }).puzzles.filter((puzzle) => puzzle.game < 4);
      expect(made.puzzles.map((puzzle) => puzzle.id).sort()).toEqual(committed.map((puzzle) => puzzle.id).sort());
      expect(made.puzzles.length).toBeGreaterThan(0);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it("docs/puzzles.md's table is the committed sets' own numbers", () => {
    const table = readFileSync(join(import.meta.dirname, "..", "..", "docs", "puzzles.md"), "utf8");
    for (const [name, set] of [
      ["classic", classicSet],
      ["squares", squaresSet],
    ] as const) {
      const byMoves = [1, 2, 3, 4, 5].map((moves) => set.puzzles.filter((puzzle) => puzzle.moves === moves).length);
      const row = `| ${name} | ${set.puzzles.length} | ${byMoves.join(", ")} | ${set.generator.games} | ${set.generator.positionsTried.toLocaleString("en")} |`;
      expect(table).toContain(row);
      expect(set.puzzles.every((puzzle) => puzzle.moves >= 1 && puzzle.moves <= 5)).toBe(true);
    }
  });

  it("the daily puzzle is a classic puzzle fixed by the day", () => {
    const today = dailyPuzzle("2026-12-06");
    expect(dailyPuzzle("2026-12-06")).toBe(today);
    expect(committedPuzzles(CLASSIC)).toContain(today);
    const days = Array.from({ length: 30 }, (_, day) => dailyPuzzle(`2027-01-${String(day + 1).padStart(2, "0")}`).id);
    expect(new Set(days).size).toBeGreaterThan(20);
  });
});

describe("puzzleKey", () => {
  const puzzle = committedPuzzles(CLASSIC)[100];
  const squaresPuzzle = committedPuzzles(SQUARES)[50];

  it("is the same for every image of a position under the rules' symmetries and the relabellings", () => {
    for (const [chosen, rules, symmetries] of [
      [puzzle, CLASSIC, LINE_SYMMETRIES],
      [squaresPuzzle, SQUARES, SQUARE_SYMMETRIES],
    ] as const) {
      const position = positionOf(chosen);
      const key = puzzleKey(position, rules);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: symmetries.length - 1 }), fc.integer({ min: 0, max: RELABELLINGS.length - 1 }), (s, r) => {
          const board: (number | null)[] = Array(16).fill(null);
          position.board.forEach((piece, cell) => {
            board[symmetries[s][cell]] = piece === null ? null : relabel(piece, RELABELLINGS[r]);
          });
          const inHand = relabel(position.inHand as number, RELABELLINGS[r]);
          expect(puzzleKey({ board, inHand }, rules)).toBe(key);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("tells apart positions that play differently: another piece in hand, the squares rule, a board symmetry only the lines keep", () => {
    const position = positionOf(puzzle);
    const key = puzzleKey(position, CLASSIC);
    const free = Array.from({ length: 16 }, (_, piece) => piece).find((piece) => piece !== position.inHand && !position.board.includes(piece)) as number;
    expect(puzzleKey({ board: position.board, inHand: free }, CLASSIC)).not.toBe(key);
    expect(puzzleKey(position, SQUARES)).not.toBe(key);
    const lineOnly = LINE_SYMMETRIES.filter((map) => !preservesShapes(map, refSquares()));
    const square = positionOf(squaresPuzzle);
    const squareKey = puzzleKey(square, SQUARES);
    const moved = lineOnly.map((map) => {
      const board: (number | null)[] = Array(16).fill(null);
      square.board.forEach((piece, cell) => {
        board[map[cell]] = piece;
      });
      return puzzleKey({ board, inHand: square.inHand }, SQUARES);
    });
    expect(moved.some((image) => image !== squareKey)).toBe(true);
  });
});
