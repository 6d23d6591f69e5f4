/**
 * Searches in slices (src/engine/slices.ts): a sliced request answers like the unsliced one when that
 * one is exact, a continuation keeps the table (its node count stays close), a request that fits in
 * one slice is the same request, and other work runs between slices. The scheduler's own tests are in
 * engine-scheduler.test.ts. Node counts and order of completion only: nothing here is timed.
 */
import { describe, expect, it } from "vitest";
import { evaluate, suggestMove } from "../../src/engine/index.ts";
import { evaluateSliced, suggestMoveSliced } from "../../src/engine/sliced.ts";
import { makeMoveText, makePositionString, makeRules, playMove, type Position } from "../../src/rules/index.ts";
import { RULE_SETS } from "./engine-brute.ts";
import { ongoingPositions } from "./engine-positions.ts";

const classic = makeRules();

/** Runs a sliced request and counts its slices. */
async function counted<T>(
  run: (options: { sliceNodes: number; onSlice: () => void }) => Promise<T>,
  sliceNodes: number,
): Promise<{ result: T; slices: number }> {
  let slices = 1;
  const result = await run({ sliceNodes, onSlice: () => slices++ });
  return { result, slices };
}

describe("a sliced search answers like the unsliced one", () => {
  const positions = [...ongoingPositions(classic, 10, 6, 1010), ...ongoingPositions(classic, 11, 4, 1111)];

  it.each(positions.map((position) => [makePositionString(position), position] as const))("evaluate with moves and distance: %s", async (_, position) => {
    const options = { maxNodes: 3_000_000, moves: true, distance: true };
    const plain = evaluate(position, classic, options);
    const { result, slices } = await counted((slicing) => evaluateSliced(position, classic, options, slicing), 2_000);
    expect(plain.exact).toBe(true);
    expect(slices).toBeGreaterThan(1);
    expect(result.value).toBe(plain.value);
    expect(result.pliesToEnd).toBe(plain.pliesToEnd);
    expect(result.moves?.map((entry) => [makeMoveText(entry.move), entry.value, entry.pliesToEnd])).toEqual(
      plain.moves?.map((entry) => [makeMoveText(entry.move), entry.value, entry.pliesToEnd]),
    );
  });

  it.each(positions.map((position) => [makePositionString(position), position] as const))("suggestMove, perfect: %s", async (_, position) => {
    const options = { maxNodes: 3_000_000, seed: 9 };
    const plain = suggestMove(position, classic, options);
    const { result, slices } = await counted((slicing) => suggestMoveSliced(position, classic, options, slicing), 2_000);
    expect(plain.exact).toBe(true);
    expect(slices).toBeGreaterThan(1);
    expect([makeMoveText(result.move), result.value, result.pliesToEnd, result.principalVariation?.map(makeMoveText)]).toEqual([
      makeMoveText(plain.move),
      plain.value,
      plain.pliesToEnd,
      plain.principalVariation?.map(makeMoveText),
    ]);
  });

  it("squares rules, hard level and value-only evaluate agree too", async () => {
    const rules = RULE_SETS.squares;
    for (const position of ongoingPositions(rules, 10, 4, 77)) {
      const plain = evaluate(position, rules, { maxNodes: 3_000_000 });
      const sliced = await evaluateSliced(position, rules, { maxNodes: 3_000_000 }, { sliceNodes: 1_500 });
      expect(plain.exact).toBe(true);
      expect(sliced.value).toBe(plain.value);
      const hard = suggestMove(position, rules, { level: "hard", maxNodes: 3_000_000, seed: 3 });
      const hardSliced = await suggestMoveSliced(position, rules, { level: "hard", maxNodes: 3_000_000, seed: 3 }, { sliceNodes: 1_500 });
      if (hard.exact) expect([makeMoveText(hardSliced.move), hardSliced.value]).toEqual([makeMoveText(hard.move), hard.value]);
    }
  });

  it("a request that fits in one slice is the unsliced request, node for node", async () => {
    for (const position of ongoingPositions(classic, 8, 5, 808)) {
      const plain = suggestMove(position, classic, { maxNodes: 100_000, seed: 4 });
      const { result, slices } = await counted((slicing) => suggestMoveSliced(position, classic, { maxNodes: 100_000, seed: 4 }, slicing), 1_000_000);
      expect(slices).toBe(1);
      expect(result).toEqual(plain);
      const evaluation = evaluate(position, classic, { maxNodes: 100_000, moves: true });
      expect(await evaluateSliced(position, classic, { maxNodes: 100_000, moves: true }, { sliceNodes: 1_000_000 })).toEqual(evaluation);
    }
  });

  it("hard: a heuristic root move bigger than a slice goes on where the slice stopped (its children are memoized)", async () => {
    // 14 empty cells: no exact solve within 20% of 400,000 nodes, so hard deepens the heuristic search
    // until its budget ends. Root moves take more than two slices of 4,000 at the last depths: without
    // the memo they were abandoned, the answer came from a shallower depth with most of the budget unspent.
    for (const position of ongoingPositions(classic, 14, 3, 314, true)) {
      const options = { level: "hard" as const, maxNodes: 400_000, seed: 3 };
      const plain = suggestMove(position, classic, options);
      const { result, slices } = await counted((slicing) => suggestMoveSliced(position, classic, options, slicing), 4_000);
      expect(plain.exact).toBe(false);
      expect(slices).toBeGreaterThan(50);
      expect(makeMoveText(result.move)).toBe(makeMoveText(plain.move));
      expect(result.nodes).toBeGreaterThan(0.9 * options.maxNodes);
    }
  });

  it("a heuristic root move no slice can hold is abandoned, not started over until the budget ends", async () => {
    // A rules variant's empty board: no exact solve fits, so the heuristic search deepens until the
    // budget ends (unsliced, all 2,000,000 nodes). Sliced, the heuristic stores nothing to resume from:
    // a root move over two slices of 5,000 is abandoned and the answer comes from the depth before.
    const start = ongoingPositions(RULE_SETS.squares, 16, 1, 5, false)[0] as Position;
    const options = { level: "hard" as const, maxNodes: 2_000_000, seed: 1 };
    const plain = suggestMove(start, RULE_SETS.squares, options);
    const sliced = await suggestMoveSliced(start, RULE_SETS.squares, options, { sliceNodes: 5_000 });
    expect(plain.nodes).toBe(2_000_000);
    expect(sliced.exact).toBe(false);
    expect(sliced.nodes).toBeLessThan(1_000_000);
    expect(playMove(start, sliced.move, RULE_SETS.squares).ok).toBe(true);
  });
});

describe("a continuation keeps the table", () => {
  it("a sliced exact solve spends at most 25% more nodes than the unsliced one", async () => {
    // Were the table emptied at each slice, every continuation would start the solve over and the
    // budget would run out: these solves take 100,000 to 1,000,000 nodes, in slices of 10,000.
    for (const position of ongoingPositions(classic, 12, 3, 1212)) {
      const plain = evaluate(position, classic, { maxNodes: 5_000_000 });
      const { result, slices } = await counted((slicing) => evaluateSliced(position, classic, { maxNodes: 5_000_000 }, slicing), 10_000);
      expect(plain.exact).toBe(true);
      expect(slices).toBeGreaterThan(5);
      expect(result.value).toBe(plain.value);
      expect(result.nodes).toBeLessThanOrEqual(plain.nodes * 1.25);
    }
  });
});

describe("other work runs between slices", () => {
  it("a timer set when a search starts fires before the search ends", async () => {
    const position = ongoingPositions(classic, 11, 1, 4242)[0];
    const order: string[] = [];
    const search = evaluateSliced(position, classic, { maxNodes: 3_000_000 }, { sliceNodes: 2_000 }).then(() => order.push("search"));
    setTimeout(() => order.push("timer"), 0);
    await search;
    expect(order).toEqual(["timer", "search"]);
  });
});
