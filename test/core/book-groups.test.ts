import { describe, expect, it } from "vitest";
import { positionKey, siblingGroup } from "../../scripts/book-builder.ts";
import { suggestMove } from "../../src/engine/index.ts";
import { shareTable } from "../../src/engine/search.ts";
import { CLASSIC_RULES, positionFromTrustedSetup, readPosition } from "../../src/rules/index.ts";

// Five pieces on the board, the rest of the pieces in turn in hand: one group of siblings.
const BOARD = "0.3..9.C..5.....";
const solveAll = (share: boolean) => {
  const board = readPosition(`${BOARD}1`);
  if (!board.ok) throw new Error(`${board.error.code}: ${board.error.detail}`);
  const placed = new Set(board.value.board.filter((piece) => piece !== null));
  const pieces = [...Array(16).keys()].filter((piece) => !placed.has(piece));
  if (share) shareTable(true);
  try {
    return pieces.map((inHand) => {
      const answer = suggestMove(positionFromTrustedSetup({ board: [...board.value.board], inHand }), CLASSIC_RULES, { level: "perfect", seed: 0, maxNodes: 1e9 });
      return { inHand, move: answer.move, value: answer.value, pliesToEnd: answer.pliesToEnd, nodes: answer.nodes };
    });
  } finally {
    shareTable(false);
  }
};

describe("solving siblings on one table (the book builder's groups)", () => {
  it("gives every sibling the same answer as a fresh table, with fewer nodes in all", () => {
    const fresh = solveAll(false);
    const shared = solveAll(true);
    expect(shared.map(({ nodes, ...answer }) => answer)).toEqual(fresh.map(({ nodes, ...answer }) => answer));
    const total = (answers: { nodes: number }[]) => answers.reduce((sum, answer) => sum + answer.nodes, 0);
    expect(total(shared)).toBeLessThan(total(fresh) * 0.9);
    expect(fresh.every((answer) => answer.value !== undefined)).toBe(true);
  });

  it("puts a position and all its siblings in one group, and another board in another", () => {
    const board = readPosition(`${BOARD}1`);
    if (!board.ok) throw new Error(`${board.error.code}: ${board.error.detail}`);
    const cells = board.value.board;
    const placed = new Set(cells.filter((piece) => piece !== null));
    const hands = [...Array(16).keys()].filter((piece) => !placed.has(piece));
    const groups = new Set(hands.map((hand) => siblingGroup(positionKey(cells, hand, false, 15), 11, false, 15)));
    expect(groups.size).toBe(1);
    const [group] = groups;
    expect(hands.map((hand) => positionKey(cells, hand, false, 15))).toContain(group);
    const moved = [...cells];
    moved[1] = moved[0];
    moved[0] = null;
    expect(siblingGroup(positionKey(moved, 1, false, 15), 11, false, 15)).not.toBe(group);
  });
});
