/**
 * Distances and per-move values against the brute force, and invariance under the symmetries of the
 * game (board symmetries that keep the shapes, piece relabellings of the attributes in play).
 */
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { ATTRIBUTE_BIT, makePositionString, playMove, type Position, positionFromTrustedSetup } from "../../src/rules/index.ts";
import { bruteScore, brutePlies, bruteValue, RULE_SETS } from "./engine-brute.ts";
import { ongoingPositions } from "./engine-positions.ts";


const NAMES = ["classic", "squares", "color+shape", "squares, manual, 3 attributes"] as const;

describe.each(NAMES)("distance and move values: %s", (name) => {
  const rules = RULE_SETS[name];

  it("pliesToEnd equals the brute-force distance (winner hurries, loser delays, a draw fills the board)", () => {
    for (const empties of [3, 4, 5, 6]) {
      for (const position of ongoingPositions(rules, empties, 40, empties * 13 + name.length)) {
        const score = bruteScore(position, rules, true);
        const result = evaluate(position, rules, { distance: true });
        expect({ position: makePositionString(position), value: result.value, pliesToEnd: result.pliesToEnd }).toEqual({
          position: makePositionString(position),
          value: bruteValue(score),
          pliesToEnd: brutePlies(position, score),
        });
      }
    }
  });

  it("every move's value and distance matches the brute force on the position after it", () => {
    for (const empties of [4, 5, 6]) {
      for (const position of ongoingPositions(rules, empties, 12, empties * 17 + name.length)) {
        const result = evaluate(position, rules, { moves: true, distance: true });
        expect(result.moves?.length).toBeGreaterThan(0);
        for (const entry of result.moves ?? []) {
          const played = playMove(position, entry.move, rules);
          expect(played.ok).toBe(true);
          if (!played.ok) continue;
          const { outcome, position: next } = played.value;
          // Score of the move for its player: minus the opponent's score after it.
          const score = outcome.status === "won" ? 17 - (16 - empties + 1) : outcome.status === "drawn" ? 0 : -bruteScore(next, rules, true);
          const label = `${makePositionString(position)} ${JSON.stringify(entry.move)}`;
          expect({ label, value: entry.value, plies: entry.pliesToEnd }).toEqual({ label, value: bruteValue(score), plies: brutePlies(position, score) });
        }
        // The position's value is the best move's.
        const order = { loss: 0, draw: 1, win: 2 };
        const best = (result.moves ?? []).reduce(
          (top, entry) => (order[entry.value ?? "loss"] > order[top] ? (entry.value ?? "loss") : top),
          "loss" as "win" | "draw" | "loss",
        );
        expect(result.value).toBe(best);
      }
    }
  });

  it("a move called a win wins against every reply", () => {
    // Moves that win only later, against every reply (a move that completes a shape is not counted). Several
    // depths, because with fewer attributes deep positions are mostly draws: 20 to 71 such moves per variant.
    let checked = 0;
    for (const empties of [5, 6, 7, 8]) {
      for (const position of ongoingPositions(rules, empties, 40, empties * 23 + name.length)) {
        const result = evaluate(position, rules, { moves: true });
        expect(result.moves?.length).toBeGreaterThan(0);
        for (const entry of result.moves ?? []) {
          if (entry.value !== "win") continue;
          const played = playMove(position, entry.move, rules);
          if (!played.ok) throw new Error("illegal move");
          if (played.value.outcome.status === "won") continue;
          // After the move the opponent is to move: every one of their continuations loses.
          expect(bruteValue(bruteScore(played.value.position, rules))).toBe("loss");
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});

// ---- Symmetries, written out independently of src/engine/symmetry.ts.
const rotate = (cell: number) => (cell & 3) * 4 + (3 - (cell >> 2));
const mirror = (cell: number) => (cell & ~3) | (3 - (cell & 3));
/** Swaps the outer and inner rows and columns (0 1 2 3 -> 1 0 3 2): keeps the 10 lines, not the squares. */
const innerOuter = (cell: number) => ((cell >> 2) ^ 1) * 4 + ((cell & 3) ^ 1);
/** Swaps the two middle rows and the two middle columns: keeps the 10 lines, not the 2x2 squares. */
const middles = (cell: number) => [0, 2, 1, 3][cell >> 2] * 4 + [0, 2, 1, 3][cell & 3];

function transform(position: Position, cellMap: (cell: number) => number, pieceMap: (piece: number) => number): Position {
  const board: (number | null)[] = Array(16).fill(null);
  position.board.forEach((piece, cell) => {
    board[cellMap(cell)] = piece === null ? null : pieceMap(piece);
  });
  return positionFromTrustedSetup({ board, inHand: position.inHand === null ? null : pieceMap(position.inHand) });
}

describe("symmetric positions get equal values", () => {
  it.each(NAMES)("%s", (name) => {
    const rules = RULE_SETS[name];
    const bits = rules.attributes.map((attribute) => ATTRIBUTE_BIT[attribute]);
    const random = seededRandom(5);
    const cellMaps = rules.squares ? [rotate, mirror] : [rotate, mirror, innerOuter, middles];
    let checked = 0;
    for (const position of ongoingPositions(rules, 8, 40, name.length)) {
      let cellMap = (cell: number) => cell;
      for (let step = 0; step < 4; step++) {
        const next = cellMaps[Math.floor(random() * cellMaps.length)];
        const before = cellMap;
        cellMap = (cell) => next(before(cell));
      }
      // Relabel: flip any attributes, and permute the attributes in play among themselves.
      const flip = Math.floor(random() * 16);
      const permuted = [...bits].sort(() => random() - 0.5);
      const pieceMap = (piece: number) => {
        let image = piece & ~rules.attributeMask;
        bits.forEach((bit, i) => {
          if (piece & bit) image |= permuted[i];
        });
        return image ^ flip;
      };
      const image = transform(position, cellMap, pieceMap);
      const original = evaluate(position, rules, { distance: true });
      const symmetric = evaluate(image, rules, { distance: true });
      expect([makePositionString(image), symmetric.value, symmetric.pliesToEnd]).toEqual([makePositionString(image), original.value, original.pliesToEnd]);
      checked++;
    }
    expect(checked).toBe(40);
  });
});
