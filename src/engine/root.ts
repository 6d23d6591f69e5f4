/**
 * The search driver at the root, shared by suggest.ts, evaluate.ts and book-answers.ts: it loads a
 * position into the board, lists and orders the root moves itself (so it can seed and budget them) and
 * scores each with the exact or heuristic search (search.ts); a sliced request's finished root moves are
 * remembered (slices.ts). Also the known results (the classic start) and the answers' notes.
 */
import { type Move, type Position, popcount, positionStatus, type Rules } from "../rules/index.ts";
import { available, classOf, completesShape, loadBoard, occupied, threats } from "./board.ts";
import { BudgetExhausted } from "./budget.ts";
import { randomIndex, type RandomSource, shuffleInPlace } from "./random.ts";
import type { MoveEvaluation } from "./requests.ts";
import { piecesAtEnd, PROVEN, SCORE_LIMIT, type Value } from "./score.ts";
import { configureRules, memoizeRootChildren, safeGivesAfter, scoreGive, scorePlacement } from "./search.ts";
import { activeContinuation } from "./slices.ts";

export const KNOWN_DRAW_NOTE =
  "the classic game's start is a draw with perfect play (Goossens 1998, confirmed by full solves since); every opening give is equivalent under piece relabelling";
export const BUDGET_NOTE = "node budget exhausted before the position was solved";
export const FIRST_PLACEMENT_NOTE =
  "after the opening give of the classic game the position is a draw with perfect play (Goossens 1998, and every opening give is equivalent under piece relabelling); the move comes from the heuristic search";
export const VARIANT_START_NOTE = "no known value for this rules variant's empty board, and a full solve does not fit in a request";

/** A root move: `cell` -1 for a give-only move, `give` -1 when the placement ends the game. */
export interface RootMove {
  cell: number;
  give: number;
  wins: boolean;
  /** Safe gives left after the placement (ordering), or -1 for give-only moves. */
  safeCount: number;
  /** The give lets the opponent win at once. */
  blunder: boolean;
}

export interface Root {
  position: Position;
  /** The position as text: names the root in a sliced request's memo of finished root-move scores. */
  key: string;
  rules: Rules;
  hand: number;
  placed: number;
  empties: number;
}

export function openRoot(position: Position, rules: Rules): Root {
  const status = positionStatus(position, rules);
  if (status.status !== "ongoing") throw new RangeError(`engine: the game is over (${status.status})`);
  configureRules(rules);
  loadBoard(position.board, position.inHand);
  const placed = popcount(position.occupied);
  const key = `${position.board.map((piece) => (piece === null ? "." : piece.toString(16))).join("")}${position.inHand ?? "."}`;
  return { position, key, rules, hand: position.inHand ?? -1, placed, empties: 16 - placed };
}

/** Reloads the board after an aborted search left it half-played. */
function reload(root: Root): void {
  loadBoard(root.position.board, root.position.inHand);
}

const isClassicRules = (rules: Rules): boolean => !rules.squares && (rules.attributeMask & 15) === 15;

export function isClassicStart(root: Root): boolean {
  return root.placed === 0 && root.hand < 0 && isClassicRules(root.rules);
}

/** The classic game right after the opening give: a draw too, as every opening give is equivalent. */
export function isClassicFirstPlacement(root: Root): boolean {
  return root.placed === 0 && root.hand >= 0 && isClassicRules(root.rules);
}

/** One move per class of interchangeable gives (pieces equal on every attribute in play). */
export function rootMoves(root: Root): RootMove[] {
  const moves: RootMove[] = [];
  const representatives: number[] = [];
  let left = available;
  while (left) {
    const give = 31 - Math.clz32(left & -left);
    representatives.push(give);
    left &= ~classOf(give);
  }
  if (root.hand < 0) {
    const danger = threats();
    for (const give of representatives) moves.push({ cell: -1, give, wins: false, safeCount: -1, blunder: ((danger >> give) & 1) === 1 });
    return moves;
  }
  for (let cell = 0; cell < 16; cell++) {
    if (occupied & (1 << cell)) continue;
    if (completesShape(cell, root.hand)) {
      moves.push({ cell, give: -1, wins: true, safeCount: 0, blunder: false });
    } else if (root.empties === 1) {
      moves.push({ cell, give: -1, wins: false, safeCount: 0, blunder: false });
    } else {
      const safe = safeGivesAfter(root.hand, cell);
      const safeCount = popcount(safe);
      for (const give of representatives) moves.push({ cell, give, wins: false, safeCount, blunder: ((safe >> give) & 1) === 0 });
    }
  }
  return moves;
}

/** Seeded order, then: wins first, blunders last, fewer safe replies (more forcing) first. */
export function orderMoves(moves: RootMove[], random: RandomSource): RootMove[] {
  shuffleInPlace(moves, random);
  const rank = (move: RootMove) => (move.wins ? -1 : move.blunder ? 100 : move.safeCount);
  return moves.sort((a, b) => rank(a) - rank(b));
}

function scoreMove(root: Root, move: RootMove, alpha: number, beta: number, heuristicPlies = -1): number {
  const continuation = activeContinuation();
  if (continuation === null) return searchMove(root, move, alpha, beta, heuristicPlies);
  // A sliced request (slices.ts) runs again after each slice: a finished root move is not searched twice.
  const key = `${root.key} ${move.cell} ${move.give} ${alpha} ${beta} ${heuristicPlies}`;
  const known = continuation.scores.get(key);
  if (known !== undefined) return known;
  if (key === continuation.abandoned) throw new BudgetExhausted("a heuristic root move that no slice could hold");
  continuation.current = { key, heuristic: heuristicPlies >= 0 };
  // The heuristic search stores nothing in the table: its root move's children are memoized instead.
  if (heuristicPlies >= 0) memoizeRootChildren(continuation.scores, key, move.cell < 0 ? 0 : 1);
  let score: number;
  try {
    score = searchMove(root, move, alpha, beta, heuristicPlies);
  } finally {
    memoizeRootChildren(null);
  }
  continuation.current = null;
  continuation.scores.set(key, score);
  return score;
}

function searchMove(root: Root, move: RootMove, alpha: number, beta: number, heuristicPlies: number): number {
  return move.cell < 0 ? scoreGive(move.give, alpha, beta, heuristicPlies) : scorePlacement(root.hand, move.cell, move.give, alpha, beta, heuristicPlies);
}

/** Placements from the root until the game ends, for an exact score. */
export function pliesFromScore(root: Root, score: number): number {
  return score === 0 ? root.empties : piecesAtEnd(score) - root.placed;
}

/** Runs `attempt`; on an exhausted budget reloads the board and returns null. */
export function withinBudget<T>(root: Root, attempt: () => T): T | null {
  try {
    return attempt();
  } catch (error) {
    if (error instanceof BudgetExhausted) {
      reload(root);
      return null;
    }
    throw error;
  }
}

/** Exact value of one move from the root: win/draw/loss null-window tests, the win test first. */
export function moveValue(root: Root, move: RootMove): Value {
  if (move.wins) return "win";
  if (move.blunder) return "loss";
  if (scoreMove(root, move, 0, 1) >= 1) return "win";
  return scoreMove(root, move, -1, 0) >= 0 ? "draw" : "loss";
}

/** The exact score of one move within the value it is known to have (distance search). */
export function moveScore(root: Root, move: RootMove, value: Value): number {
  if (value === "draw") return 0;
  return value === "win" ? scoreMove(root, move, 0, SCORE_LIMIT) : scoreMove(root, move, -SCORE_LIMIT, 0);
}

export interface ExactResult {
  value: Value;
  move: RootMove;
}

/** Finds the root value and a move that keeps it: first a winning move, then a drawing one. */
export function solveRoot(root: Root, moves: RootMove[]): ExactResult {
  for (const move of moves) if (move.wins) return { value: "win", move };
  for (const move of moves) if (!move.blunder && scoreMove(root, move, 0, 1) >= 1) return { value: "win", move };
  for (const move of moves) if (!move.blunder && scoreMove(root, move, -1, 0) >= 0) return { value: "draw", move };
  return { value: "loss", move: moves[0] };
}

/** Best score over the moves with a window known to contain it (the distance search). */
export function bestScore(root: Root, moves: RootMove[], alpha: number, beta: number): { score: number; move: RootMove } {
  let best = -SCORE_LIMIT - 1;
  let bestMove = moves[0];
  for (const move of moves) {
    const score = scoreMove(root, move, Math.max(alpha, best), beta);
    if (score > best) {
      best = score;
      bestMove = move;
      if (best >= beta) break;
    }
  }
  return { score: best, move: bestMove };
}

/**
 * Iterative deepening on the depth-limited search, until the budget runs out, a proven result, or
 * the whole game is seen. Returns the best move of the last completed iteration.
 */
export function heuristicRoot(root: Root, moves: RootMove[], maxPlies: number): { move: RootMove; score: number } {
  let order = moves.filter((move) => !move.blunder);
  if (order.length === 0) order = moves;
  let best = { move: order[0], score: 0 };
  if (order[0].wins) return { move: order[0], score: PROVEN + SCORE_LIMIT - root.placed - 1 };
  const scores = new Map<RootMove, number>();
  for (let plies = 0; plies <= Math.min(maxPlies, root.empties); plies++) {
    const completed = withinBudget(root, () => {
      let alpha = -4 * PROVEN;
      for (const move of order) {
        const score = scoreMove(root, move, alpha, 4 * PROVEN, plies);
        scores.set(move, score);
        if (score > alpha) alpha = score;
      }
      return true;
    });
    if (!completed) break;
    order = [...order].sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number));
    best = { move: order[0], score: scores.get(order[0]) as number };
    const allLost = (scores.get(order[0]) as number) <= -PROVEN;
    if (best.score >= PROVEN || allLost) break;
  }
  return best;
}

/** A concrete piece for a representative give: seeded among the pieces of its class still available. */
export function concreteGive(give: number, random: RandomSource): number {
  const pieces: number[] = [];
  const members = classOf(give) & available;
  for (let piece = 0; piece < 16; piece++) if (members & (1 << piece)) pieces.push(piece);
  return pieces[randomIndex(random, pieces.length)];
}

export function toMove(move: RootMove, give: number): Move {
  if (move.cell < 0) return { give };
  if (move.wins) return { place: move.cell, quarto: true };
  if (move.give < 0) return { place: move.cell };
  return { place: move.cell, give };
}

/** A root move with its value, and its score or distance once known (evaluate's moves). */
export interface ValuedMove {
  move: RootMove;
  value: Value | null;
  score: number | null;
  /** Placements to the end after the move, when a book gave it. */
  plies?: number;
}

/** One entry per concrete legal move: a representative's value holds for its whole class. */
export function expandMoves(valued: ValuedMove[], root: Root, distance: boolean): MoveEvaluation[] {
  const result: MoveEvaluation[] = [];
  const sorted = [...valued].sort((a, b) => a.move.cell - b.move.cell || a.move.give - b.move.give);
  for (const entry of sorted) {
    const gives = entry.move.give < 0 ? [-1] : piecesOf(classOf(entry.move.give) & available);
    for (const give of gives) {
      const evaluation: MoveEvaluation = { move: toMove(entry.move, give), value: entry.value, exact: entry.value !== null };
      if (distance && entry.value !== null && entry.plies !== undefined) {
        evaluation.pliesToEnd = entry.plies;
      } else if (distance && entry.value !== null) {
        const score = entry.move.wins
          ? SCORE_LIMIT - root.placed - 1
          : entry.move.blunder
            ? -(SCORE_LIMIT - root.placed - (entry.move.cell < 0 ? 1 : 2))
            : entry.score;
        if (score !== null) evaluation.pliesToEnd = pliesFromScore(root, score);
      }
      result.push(evaluation);
    }
  }
  return result;
}

function piecesOf(mask: number): number[] {
  const pieces: number[] = [];
  for (let piece = 0; piece < 16; piece++) if (mask & (1 << piece)) pieces.push(piece);
  return pieces;
}
