/**
 * The exact solver against the independent brute force on the largest positions it can afford (8-9
 * empty cells), in its own file so it runs beside the many small cases of engine.values.test.ts.
 */
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { makePositionString } from "../../src/rules/index.ts";
import { bruteScore, bruteValue, RULE_SETS } from "./engine-brute.ts";
import { ongoingPositions } from "./engine-positions.ts";


describe("exact values agree with brute force on larger positions", () => {
  // 8 empty cells: ~0.5 s of brute force each in the classic game, 9: ~5 s; squares are cheaper.
  const cases: [string, number, number][] = [
    ["classic", 8, 24],
    ["squares", 8, 30],
    ["squares", 9, 8],
    ["color+shape", 8, 6],
    ["squares, manual, 3 attributes", 8, 12],
    ["classic", 9, 2],
  ];
  it.each(cases)("%s, %i empty cells, %i positions", (name, empties, count) => {
    const rules = RULE_SETS[name];
    for (const position of ongoingPositions(rules, empties, count, 7 * empties + count)) {
      const expected = bruteValue(bruteScore(position, rules));
      expect({ position: makePositionString(position), value: evaluate(position, rules).value }).toEqual({
        position: makePositionString(position),
        value: expected,
      });
    }
  });
});
