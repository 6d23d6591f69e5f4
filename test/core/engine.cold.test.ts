/**
 * Cold start: importing the engine and answering what needs no search allocate nothing; the 24 MiB
 * transposition table comes with the first request that searches, and later requests reuse it.
 * (Vitest gives each test file its own module graph, so the counter starts at zero here.)
 */
import { expect, it } from "vitest";
import { positionKey } from "../../scripts/book-builder.ts";
import { DEFAULT_MAX_NODES, evaluate, LEVELS, suggestMove, tableAllocations } from "../../src/engine/index.ts";
import { tableBytes } from "../../src/engine/search.ts";
import { CLASSIC_RULES, legalMoves, makeRules, type Position, readPosition, type Rules } from "../../src/rules/index.ts";

const read = (text: string, rules: Rules = CLASSIC_RULES): Position => {
  const result = readPosition(text, rules);
  if (!result.ok) throw new Error(result.error.detail);
  return result.value;
};

const EMPTY_BOARD = ".................";
/** Nine empty cells, piece 5 in hand: not decided by the root alone, so evaluating it searches. */
const MIDGAME = "..5.A...D3EF90.67";

it("allocates the transposition table on the first search only", () => {
  expect(tableAllocations()).toBe(0);
  expect(tableBytes()).toBe(0);

  // Answers that need no search: the known classic start, a variant's empty board, random and easy
  // moves, an immediate win, and the rules' and the book's helpers (legal moves, canonical keys).
  const start = read(EMPTY_BOARD);
  expect(evaluate(start, CLASSIC_RULES, { moves: true, distance: true })).toMatchObject({ value: "draw", nodes: 0 });
  expect(suggestMove(start, CLASSIC_RULES, { level: "perfect", seed: 1 }).nodes).toBe(0);
  expect(evaluate(start, makeRules({ squares: true })).nodes).toBe(0);
  const midgame = read(MIDGAME);
  for (const level of ["random", "easy"] as const) expect(suggestMove(midgame, CLASSIC_RULES, { level, seed: 3 }).nodes).toBe(0);
  const winning = read("012.............4"); // pieces 0, 1, 2 and 4 are all short: the row wins
  expect(suggestMove(winning, CLASSIC_RULES, { level: "hard", seed: 3 }).move).toMatchObject({ quarto: true });
  expect(legalMoves(midgame, CLASSIC_RULES).length).toBeGreaterThan(0);
  expect(positionKey(midgame.board, midgame.inHand as number, false, 15)).toBeGreaterThanOrEqual(0);
  expect(tableAllocations()).toBe(0);
  expect(tableBytes()).toBe(0);

  const solved = evaluate(midgame, CLASSIC_RULES);
  expect(solved.exact).toBe(true);
  expect(solved.nodes).toBeGreaterThan(0);
  expect(tableAllocations()).toBe(1);
  expect(tableBytes()).toBe(24 * 2 ** 20);

  // Later requests, exact or heuristic, under other rules too, start a new generation of the same table.
  for (const level of LEVELS) suggestMove(midgame, CLASSIC_RULES, { level, seed: 5, maxNodes: 50_000 });
  evaluate(midgame, makeRules({ squares: true, attributes: ["color", "shape", "fill"] }), { moves: true, distance: true, maxNodes: 200_000 });
  expect(evaluate(midgame, CLASSIC_RULES, { maxNodes: DEFAULT_MAX_NODES })).toEqual(solved);
  expect(tableAllocations()).toBe(1);
});
