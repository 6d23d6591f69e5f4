/** The engine's public contract: levels, seeds, node budgets, the known start, and refusals. */
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_NODES, evaluate, LEVELS, suggestMove } from "../../src/engine/index.ts";
import { seededRandom } from "../../src/engine/random.ts";
import {
  CLASSIC_RULES,
  completedShapes,
  makePositionString,
  makeRules,
  playMove,
  type Position,
  positionFromTrustedSetup,
  readPosition,
  type Rules,
} from "../../src/rules/index.ts";
import { bruteScore, brutePlies, bruteValue, RULE_SETS } from "./engine-brute.ts";
import { ongoingPositions } from "./engine-positions.ts";

const read = (text: string, rules: Rules = CLASSIC_RULES): Position => {
  const result = readPosition(text, rules);
  if (!result.ok) throw new Error(result.error.detail);
  return result.value;
};

/** Whether giving `piece` lets the opponent complete a shape at once. */
function givesAwayWin(position: Position, piece: number, rules: Rules): boolean {
  for (let cell = 0; cell < 16; cell++) {
    if (position.board[cell] !== null) continue;
    const board = [...position.board];
    board[cell] = piece;
    if (completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules, cell).length > 0) return true;
  }
  return false;
}

describe("suggestMove", () => {
  const names = ["classic", "squares", "color+shape", "squares, manual, 3 attributes"] as const;

  it.each(names)("every level returns a legal move, reproducible with a seed, within the node budget: %s", (name) => {
    const rules = RULE_SETS[name];
    for (const empties of [2, 5, 9, 12, 15]) {
      for (const position of ongoingPositions(rules, empties, 3, empties + name.length)) {
        for (const level of LEVELS) {
          const maxNodes = 3000;
          const first = suggestMove(position, rules, { level, seed: 42, maxNodes });
          const again = suggestMove(position, rules, { level, seed: 42, maxNodes });
          expect(again).toEqual(first);
          expect(first.nodes).toBeLessThanOrEqual(maxNodes);
          const played = playMove(position, first.move, rules);
          expect(played.ok, `${level} ${makePositionString(position)} ${JSON.stringify(first.move)}`).toBe(true);
          // A winning placement is always announced, so it wins under both announce modes.
          if (played.ok && played.value.outcome.status === "won") expect(first.move.quarto).toBe(true);
        }
      }
    }
  });

  it("never spends more nodes than allowed, for any budget", () => {
    const random = seededRandom(3);
    for (const position of ongoingPositions(CLASSIC_RULES, 13, 6, 8)) {
      for (const level of LEVELS) {
        const maxNodes = Math.floor(random() * 20_000);
        expect(suggestMove(position, CLASSIC_RULES, { level, maxNodes, seed: 1 }).nodes).toBeLessThanOrEqual(maxNodes);
      }
      const maxNodes = Math.floor(random() * 50_000);
      const evaluation = evaluate(position, CLASSIC_RULES, { maxNodes, moves: true, distance: true });
      expect(evaluation.nodes).toBeLessThanOrEqual(maxNodes);
    }
  });

  it("perfect play keeps the brute-force value, and says so", () => {
    for (const name of names) {
      const rules = RULE_SETS[name];
      for (const position of ongoingPositions(rules, 6, 25, 11 + name.length)) {
        const value = bruteValue(bruteScore(position, rules));
        const suggestion = suggestMove(position, rules, { seed: 9 });
        expect(suggestion.exact).toBe(true);
        expect(suggestion.value).toBe(value);
        const played = playMove(position, suggestion.move, rules);
        if (!played.ok) throw new Error("illegal");
        const { outcome, position: next } = played.value;
        const after = outcome.status === "won" ? "win" : outcome.status === "drawn" ? "draw" : bruteValue(-bruteScore(next, rules));
        expect(after).toBe(value);
        // The principal variation starts with the move, is legal move after move, and ends the game
        // with the promised result when it is complete.
        const line = suggestion.principalVariation ?? [];
        expect(line[0]).toEqual(suggestion.move);
        let current = position;
        let last: string = "ongoing";
        line.forEach((move, index) => {
          const step = playMove(current, move, rules);
          if (!step.ok) throw new Error(`illegal move ${index} of the line`);
          current = step.value.position;
          last = step.value.outcome.status;
          if (step.value.outcome.status === "won") expect(index % 2 === 0 ? "win" : "loss").toBe(value);
        });
        if (last === "drawn") expect(value).toBe("draw");
      }
    }
  });

  it("without the line (book building) perfect play answers the same move, value and distance with fewer nodes", () => {
    let saved = 0;
    for (const position of ongoingPositions(CLASSIC_RULES, 8, 12, 5)) {
      const full = suggestMove(position, CLASSIC_RULES, { seed: 4 });
      const bare = suggestMove(position, CLASSIC_RULES, { seed: 4, line: false });
      expect(full.exact).toBe(true);
      expect([bare.move, bare.value, bare.pliesToEnd, bare.exact]).toEqual([full.move, full.value, full.pliesToEnd, full.exact]);
      // An immediate win still names its one move; a longer line is what `line: false` skips.
      expect(bare.principalVariation?.length ?? 0).toBeLessThanOrEqual(1);
      expect(bare.nodes).toBeLessThanOrEqual(full.nodes);
      saved += full.nodes - bare.nodes;
    }
    expect(saved).toBeGreaterThan(0);
  });

  it("perfect play hurries a win and delays a loss", () => {
    let decided = 0;
    for (const position of ongoingPositions(CLASSIC_RULES, 6, 30, 77)) {
      const suggestion = suggestMove(position, CLASSIC_RULES, { seed: 2 });
      const exact = evaluate(position, CLASSIC_RULES, { distance: true });
      if (exact.value === "draw") continue;
      decided++;
      expect(suggestion.pliesToEnd).toBe(exact.pliesToEnd);
      // The move itself reaches the end in that many placements against best play (brute force).
      const played = playMove(position, suggestion.move, CLASSIC_RULES);
      if (!played.ok) throw new Error("illegal");
      const { outcome, position: next } = played.value;
      // A give-only move places nothing: the count starts with the opponent's placement.
      const own = suggestion.move.place === undefined ? 0 : 1;
      const plies = outcome.status === "won" ? 1 : brutePlies(next, bruteScore(next, CLASSIC_RULES, true)) + own;
      expect(plies).toBe(exact.pliesToEnd);
    }
    expect(decided).toBeGreaterThan(5);
  });

  it("easy takes an immediate win and never hands over a winning piece when a safe one exists", () => {
    for (const name of names) {
      const rules = RULE_SETS[name];
      for (const position of ongoingPositions(rules, 7, 40, 5 + name.length)) {
        const move = suggestMove(position, rules, { level: "easy", seed: 3 }).move;
        const hand = position.inHand;
        const winningCells = position.board.flatMap((piece, cell) => {
          if (piece !== null || hand === null) return [];
          const board = position.board.map((p, c) => (c === cell ? hand : p));
          return completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules, cell).length > 0 ? [cell] : [];
        });
        if (winningCells.length > 0) {
          expect(move.quarto).toBe(true);
          expect(winningCells).toContain(move.place);
          continue;
        }
        if (move.give === undefined) continue;
        const afterPlacement =
          move.place === undefined || hand === null
            ? position
            : positionFromTrustedSetup({ board: position.board.map((piece, cell) => (cell === move.place ? hand : piece)), inHand: null });
        const pieces = Array.from({ length: 16 }, (_, piece) => piece).filter((piece) => !(afterPlacement.usedPieces & (1 << piece)) && piece !== hand);
        // Easy may place badly, but only gives away a win when no piece is safe after its placement.
        if (pieces.some((piece) => !givesAwayWin(afterPlacement, piece, rules))) expect(givesAwayWin(afterPlacement, move.give, rules)).toBe(false);
      }
    }
  });

  it("different seeds reach different equal moves", () => {
    const position = read("0.........3.....5");
    const moves = new Set<string>();
    for (let seed = 0; seed < 20; seed++) moves.add(JSON.stringify(suggestMove(position, CLASSIC_RULES, { level: "random", seed }).move));
    expect(moves.size).toBeGreaterThan(5);
    const easy = new Set<string>();
    for (let seed = 0; seed < 20; seed++) easy.add(JSON.stringify(suggestMove(position, CLASSIC_RULES, { level: "easy", seed }).move));
    expect(easy.size).toBeGreaterThan(5);
  });

  it("answers the classic start from the known result, and other starts with the heuristic", () => {
    const start = read(".................");
    const suggestion = suggestMove(start, CLASSIC_RULES, { seed: 1 });
    expect(suggestion).toMatchObject({ value: "draw", exact: true, nodes: 0 });
    expect(suggestion.note).toMatch(/Goossens 1998/);
    expect(suggestion.move.place).toBeUndefined();
    expect(playMove(start, suggestion.move, CLASSIC_RULES).ok).toBe(true);
    const evaluation = evaluate(start, CLASSIC_RULES, { distance: true });
    expect(evaluation).toMatchObject({ value: "draw", exact: true, pliesToEnd: 16 });
    expect(evaluation.note).toMatch(/Goossens 1998/);

    // After the opening give it is still a draw (every opening give is equivalent), and known as such.
    const firstPlacement = evaluate(read("................7"), CLASSIC_RULES);
    expect(firstPlacement).toMatchObject({ value: "draw", exact: true, nodes: 0 });
    const placing = suggestMove(read("................7"), CLASSIC_RULES, { seed: 1, maxNodes: 10_000 });
    expect(placing).toMatchObject({ value: "draw", exact: false });
    expect(playMove(read("................7"), placing.move, CLASSIC_RULES).ok).toBe(true);

    const squares = makeRules({ squares: true });
    expect(evaluate(read(".................", squares), squares)).toMatchObject({ value: null, exact: false, nodes: 0 });
    const variant = suggestMove(read(".................", squares), squares, { seed: 1, maxNodes: 20_000 });
    expect(variant.exact).toBe(false);
    expect(variant.nodes).toBeLessThanOrEqual(20_000);
    expect(playMove(read(".................", squares), variant.move, squares).ok).toBe(true);
  });

  it("when the budget runs out, still answers a legal move, marked inexact", () => {
    for (const position of ongoingPositions(CLASSIC_RULES, 14, 4, 21, true)) {
      const suggestion = suggestMove(position, CLASSIC_RULES, { maxNodes: 5000, seed: 4 });
      expect(suggestion.exact).toBe(false);
      expect(suggestion.note).toBeDefined();
      expect(playMove(position, suggestion.move, CLASSIC_RULES).ok).toBe(true);
      const evaluation = evaluate(position, CLASSIC_RULES, { maxNodes: 5000 });
      expect(evaluation).toMatchObject({ value: null, exact: false });
    }
  });

  it("refuses finished games and bad options", () => {
    const won = read("0123............."); // a row of pieces sharing "short"
    expect(() => suggestMove(won, CLASSIC_RULES)).toThrow(RangeError);
    expect(() => evaluate(won, CLASSIC_RULES)).toThrow(RangeError);
    const playing = read("0...............5");
    expect(() => suggestMove(playing, CLASSIC_RULES, { maxNodes: -1 })).toThrow(RangeError);
    expect(DEFAULT_MAX_NODES).toBeGreaterThan(1_000_000);
  });
});
