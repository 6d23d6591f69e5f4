/**
 * A puzzle's logic, pure over an evaluator the host supplies (the engine's evaluate with every move's
 * value and distance: run in the isolate's queue by the service, called directly by the script that
 * builds the committed set). A puzzle is a position where the player to move, the solver, holds a piece
 * and has a forced win that at most MAX_WINNING_MOVES of the legal moves keep. Any move that keeps the
 * win is right; the opponent then answers with the defence: of its moves (all losing), the one that
 * puts the end furthest off, ties broken by the move's text, so a puzzle's line depends on the solver's
 * moves only and a position can be checked to be on it without storing anything per solver.
 */
import { makeMoveText, type Move, playMove, type Position, type Rules } from "../rules/index.ts";

/** At most this many legal moves may win at a puzzle's first step. */
export const MAX_WINNING_MOVES = 2;

/** What the evaluator answers: the engine's Evaluation, as far as a puzzle reads it. */
export interface MoveValues {
  value: "win" | "draw" | "loss" | null;
  exact: boolean;
  pliesToEnd?: number;
  moves?: { move: Move; value: "win" | "draw" | "loss" | null; pliesToEnd?: number }[];
}

/** Every legal move's exact value and distance for the player to move (the engine's evaluate with `moves` and `distance`). */
export type Evaluator = (position: Position, rules: Rules) => Promise<MoveValues>;

export type Proof =
  | { ok: true; moves: number; winning: Move[] }
  | { ok: false; reason: "no_piece_in_hand" | "not_a_win" | "unproved" | "too_many_winning_moves" };

/**
 * Whether `position` is a puzzle: the player to move holds a piece and wins by force, every move is
 * valued exactly, and 1 to MAX_WINNING_MOVES of them win. `moves`: the solver's moves on the line
 * (the last completes a Quarto), from the distance with best play on both sides.
 */
export async function provePuzzle(position: Position, rules: Rules, evaluator: Evaluator): Promise<Proof> {
  if (position.inHand === null) return { ok: false, reason: "no_piece_in_hand" };
  const values = await evaluator(position, rules);
  if (!values.exact || values.moves === undefined || values.pliesToEnd === undefined) return { ok: false, reason: "unproved" };
  if (values.moves.some((entry) => entry.value === null)) return { ok: false, reason: "unproved" };
  if (values.value !== "win") return { ok: false, reason: "not_a_win" };
  const winning = values.moves.filter((entry) => entry.value === "win").map((entry) => entry.move);
  if (winning.length > MAX_WINNING_MOVES) return { ok: false, reason: "too_many_winning_moves" };
  return { ok: true, moves: (values.pliesToEnd + 1) / 2, winning };
}

/**
 * The defence from a position the player to move has lost: the move that keeps the game going
 * longest, the smallest move text among equals. Null when some move does not lose (not a lost
 * position) or a value is missing.
 */
export function defenceOf(values: MoveValues): Move | null {
  if (values.moves === undefined || values.moves.length === 0) return null;
  let best: { move: Move; plies: number; text: string } | null = null;
  for (const entry of values.moves) {
    if (entry.value !== "loss" || entry.pliesToEnd === undefined) return null;
    const text = makeMoveText(entry.move);
    if (best === null || entry.pliesToEnd > best.plies || (entry.pliesToEnd === best.plies && text < best.text))
      best = { move: entry.move, plies: entry.pliesToEnd, text };
  }
  return best === null ? null : best.move;
}

export type Judgement =
  | { ok: true; correct: false; solved: false }
  | { ok: true; correct: true; solved: true; position: Position }
  | { ok: true; correct: true; solved: false; reply: Move; position: Position }
  | { ok: false; code: string; detail: string };

/**
 * The verdict on the solver's `move` from `at` (a position on the puzzle's line): wrong, solved (it
 * completes a Quarto), or right with the defence played. An illegal move is an error with the rules'
 * code. A right move after which the evaluator cannot value every reply is an error (`unproved`).
 */
export async function judgeMove(at: Position, move: Move, rules: Rules, evaluator: Evaluator): Promise<Judgement> {
  const played = playMove(at, move, rules);
  if (!played.ok) return { ok: false, code: played.error.code, detail: played.error.detail };
  const { outcome, position } = played.value;
  if (outcome.status === "won") return { ok: true, correct: true, solved: true, position };
  if (outcome.status === "drawn") return { ok: true, correct: false, solved: false };
  const values = await evaluator(position, rules);
  if (values.value === "win" || values.value === "draw") return { ok: true, correct: false, solved: false };
  const reply = values.value === "loss" && values.exact ? defenceOf(values) : null;
  if (reply === null) return { ok: false, code: "unproved", detail: "the engine could not value every reply within its budget" };
  const answered = playMove(position, reply, rules);
  if (!answered.ok) return { ok: false, code: "unproved", detail: "the engine's defence is not a legal move" };
  return { ok: true, correct: true, solved: false, reply, position: answered.value.position };
}

/** Every piece of `inner` is on `outer` on the same cell. */
const extends_ = (outer: Position, inner: Position): boolean => inner.board.every((piece, cell) => piece === null || outer.board[cell] === piece);

const same = (a: Position, b: Position): boolean => a.inHand === b.inHand && a.board.every((piece, cell) => b.board[cell] === piece);

/**
 * Whether `target` is on the line of the puzzle that starts at `start`: reached from it by right moves
 * of the solver, each answered by the defence. The solver's placements are read off `target` (the
 * piece in hand has one cell there); only the piece given is guessed, among those `target` shows placed
 * since, and each guess costs one evaluation, so a line of n moves costs at most a few n evaluations.
 */
export async function isOnLine(start: Position, target: Position, rules: Rules, evaluator: Evaluator): Promise<boolean> {
  if (same(start, target)) return true;
  if (start.inHand === null || target.inHand === null || !extends_(target, start)) return false;
  const added = target.board.flatMap((piece, cell) => (piece !== null && start.board[cell] === null ? [piece] : []));
  if (added.length % 2 !== 0 || added.length === 0) return false;
  const place = target.board.indexOf(start.inHand);
  if (place < 0) return false;
  for (const give of added) {
    if (give === start.inHand) continue;
    const judged = await judgeMove(start, { place, give }, rules, evaluator);
    if (!judged.ok || !judged.correct || judged.solved) continue;
    if (!extends_(target, judged.position) || (judged.position.inHand !== target.inHand && !target.board.includes(judged.position.inHand))) continue;
    if (await isOnLine(judged.position, target, rules, evaluator)) return true;
  }
  return false;
}
