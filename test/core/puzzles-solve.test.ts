/**
 * Judging moves on a puzzle (src/puzzles/solve.ts) with the engine's evaluate as the evaluator: every
 * move that keeps the forced win is right and only those; the defence is the reply that puts the end
 * furthest off (checked against the brute force's distances); the line played to the end is solved in
 * the puzzle's number of moves when the solver hurries; and a position is on the line exactly when
 * right moves and the defence reach it.
 */
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { committedPuzzles, defenceOf, type Evaluator, isOnLine, judgeMove, type Puzzle, provePuzzle } from "../../src/puzzles/index.ts";
import { legalMoves, makeMoveText, makeRules, type Move, type Position, playMove, readPosition } from "../../src/rules/index.ts";
import { brutePlies, bruteScore } from "./engine-brute.ts";

const CLASSIC = makeRules();
const evaluator: Evaluator = (position, rules) => Promise.resolve(evaluate(position, rules, { moves: true, distance: true, maxNodes: 50_000_000 }));

const read = (text: string): Position => {
  const position = readPosition(text, CLASSIC);
  if (!position.ok) throw new Error(position.error.detail);
  return position.value;
};

/** A classic puzzle of `moves` moves with at most 8 empty cells (so the brute force stays quick). */
const puzzleOf = (moves: number): Puzzle =>
  committedPuzzles(CLASSIC).find((puzzle) => puzzle.moves === moves && read(puzzle.position).board.filter((piece) => piece === null).length <= 8) as Puzzle;

describe("judging a move on a puzzle", () => {
  const puzzle = puzzleOf(3);
  const start = read(puzzle.position);

  it("accepts exactly the moves that keep the forced win", async () => {
    const proof = await provePuzzle(start, CLASSIC, evaluator);
    if (!proof.ok) throw new Error(proof.reason);
    const winning = new Set(proof.winning.map(makeMoveText));
    for (const move of legalMoves(start, CLASSIC).slice(0, 40)) {
      const judged = await judgeMove(start, move, CLASSIC, evaluator);
      if (!judged.ok) throw new Error(judged.detail);
      expect(judged.correct, makeMoveText(move)).toBe(winning.has(makeMoveText(move)));
    }
  });

  it("answers a right move with the defence: the reply with the longest game, by brute force", async () => {
    const proof = await provePuzzle(start, CLASSIC, evaluator);
    if (!proof.ok) throw new Error(proof.reason);
    const judged = await judgeMove(start, proof.winning[0], CLASSIC, evaluator);
    if (!judged.ok || !judged.correct || judged.solved) throw new Error("not a right move");
    const after = playMove(start, proof.winning[0], CLASSIC);
    if (!after.ok) throw new Error(after.error.detail);
    const defender = after.value.position;
    let longest = -1;
    let replyPlies = -1;
    for (const reply of legalMoves(defender, CLASSIC)) {
      const played = playMove(defender, reply, CLASSIC);
      if (!played.ok) throw new Error(played.error.detail);
      // Every reply loses: none ends the game, and the solver wins from each.
      expect(played.value.outcome.status).toBe("ongoing");
      const next = played.value.position;
      const score = bruteScore({ board: next.board, inHand: next.inHand }, CLASSIC, true);
      expect(score).toBeGreaterThan(0);
      const plies = brutePlies({ board: next.board, inHand: next.inHand }, score) + 1;
      longest = Math.max(longest, plies);
      if (makeMoveText(reply) === makeMoveText(judged.reply)) replyPlies = plies;
    }
    expect(replyPlies).toBe(longest);
  });

  it("refuses an illegal move with the rules' code", async () => {
    const occupied = start.board.findIndex((piece) => piece !== null);
    const judged = await judgeMove(start, { place: occupied, give: 0 }, CLASSIC, evaluator);
    expect(judged).toMatchObject({ ok: false, code: "move/cell_occupied" });
  });

  for (const moves of [1, 2, 4]) {
    it(`plays a ${moves}-move puzzle to its solution in ${moves} moves when the solver hurries, every position on the line`, async () => {
      const chosen = puzzleOf(moves);
      const first = read(chosen.position);
      let at = first;
      for (let step = 1; ; step++) {
        expect(await isOnLine(first, at, CLASSIC, evaluator)).toBe(true);
        const values = await evaluator(at, CLASSIC);
        const fastest = (values.moves ?? []).filter((entry) => entry.value === "win").sort((a, b) => (a.pliesToEnd ?? 99) - (b.pliesToEnd ?? 99))[0]
          .move as Move;
        const judged = await judgeMove(at, fastest, CLASSIC, evaluator);
        if (!judged.ok || !judged.correct) throw new Error(`step ${step}: not right`);
        if (judged.solved) {
          expect(step).toBe(chosen.moves);
          return;
        }
        at = judged.position;
      }
    });
  }
});

describe("the puzzle's line", () => {
  const puzzle = puzzleOf(3);
  const start = read(puzzle.position);

  it("excludes the position after a wrong move and its best reply, a position with the solver's piece elsewhere, and one with the defender to move", async () => {
    const proof = await provePuzzle(start, CLASSIC, evaluator);
    if (!proof.ok) throw new Error(proof.reason);
    const winning = new Set(proof.winning.map(makeMoveText));
    const wrong = legalMoves(start, CLASSIC).find((move) => move.give !== undefined && !winning.has(makeMoveText(move))) as Move;
    const afterWrong = playMove(start, wrong, CLASSIC);
    if (!afterWrong.ok) throw new Error(afterWrong.error.detail);
    const replies = legalMoves(afterWrong.value.position, CLASSIC).filter((move) => move.give !== undefined);
    const afterReply = playMove(afterWrong.value.position, replies[0], CLASSIC);
    if (!afterReply.ok) throw new Error(afterReply.error.detail);
    expect(await isOnLine(start, afterReply.value.position, CLASSIC, evaluator)).toBe(false);
    expect(await isOnLine(start, afterWrong.value.position, CLASSIC, evaluator)).toBe(false);

    const right = await judgeMove(start, proof.winning[0], CLASSIC, evaluator);
    if (!right.ok || !right.correct || right.solved) throw new Error("not a right move");
    expect(await isOnLine(start, right.position, CLASSIC, evaluator)).toBe(true);
    // The same pieces, but the defender's reply placed on another empty cell.
    const replyCell = right.reply.place as number;
    const board = [...right.position.board];
    const empty = board.indexOf(null);
    board[empty] = board[replyCell];
    board[replyCell] = null;
    const moved = readPosition({ board, inHand: right.position.inHand }, CLASSIC);
    if (moved.ok) expect(await isOnLine(start, moved.value, CLASSIC, evaluator)).toBe(false);
  });

  it("the defence is null from a position that is not lost", () => {
    const values = evaluate(start, CLASSIC, { moves: true, distance: true });
    expect(defenceOf(values)).toBeNull();
  });
});
