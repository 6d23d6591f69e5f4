/**
 * The exact solver against an independent brute force (test/core/engine-brute.ts: plain negamax over
 * arrays, no engine code) on random positions from non-blundering random play, both phases (a piece in
 * hand, and only a give to make), for classic, squares and attribute-subset rules.
 */
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { makePositionString } from "../../src/rules/index.ts";
import { bruteScore, bruteValue, RULE_SETS } from "./engine-brute.ts";
import { ongoingPositions } from "./engine-positions.ts";


const RULES_UNDER_TEST = ["classic", "squares", "color+shape", "squares, manual, 3 attributes"] as const;
// Counts per rules option: many small positions, fewer large ones (the brute force grows ~10x a cell).
const PLAN: [empties: number, count: number][] = [
  [3, 150],
  [4, 250],
  [5, 300],
  [6, 250],
  [7, 80],
];

describe.each(RULES_UNDER_TEST)("exact values agree with brute force: %s", (name) => {
  const rules = RULE_SETS[name];
  it.each(PLAN)("%i empty cells, %i positions", (empties, count) => {
    const list = ongoingPositions(rules, empties, count, empties * 101 + name.length);
    expect(list.length).toBe(count);
    for (const position of list) {
      const expected = bruteValue(bruteScore(position, rules));
      const result = evaluate(position, rules);
      expect({ position: makePositionString(position), value: result.value, exact: result.exact }).toEqual({
        position: makePositionString(position),
        value: expected,
        exact: true,
      });
    }
  });
});
