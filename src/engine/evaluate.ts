/**
 * evaluate: the exact value of a position for the player to move, optionally with every move's value
 * and the distance to the end, within a node budget. A booked position is answered from the book, the
 * classic start from the known result; anything else is solved, or `value: null` when the budget ends.
 */
import type { Position, Rules } from "../rules/index.ts";
import { bookEvaluation } from "./book-answers.ts";
import { bookAnswer } from "./books.ts";
import { nodesSearched } from "./budget.ts";
import { seededRandom } from "./random.ts";
import { budgetOf, type Evaluation, type EvaluateOptions } from "./requests.ts";
import {
  BUDGET_NOTE,
  bestScore,
  expandMoves,
  FIRST_PLACEMENT_NOTE,
  isClassicFirstPlacement,
  isClassicStart,
  KNOWN_DRAW_NOTE,
  moveScore,
  moveValue,
  openRoot,
  orderMoves,
  pliesFromScore,
  type Root,
  type RootMove,
  rootMoves,
  solveRoot,
  type ValuedMove,
  VARIANT_START_NOTE,
  withinBudget,
} from "./root.ts";
import { SCORE_LIMIT, type Value } from "./score.ts";
import { startRequest } from "./search.ts";
import { activeContinuation } from "./slices.ts";

/**
 * The value of a position for the player to move, and optionally of every move and the distance.
 * Throws RangeError when the game is over.
 */
export function evaluate(position: Position, rules: Rules, options: EvaluateOptions = {}): Evaluation {
  const maxNodes = budgetOf(options.maxNodes);
  const root = openRoot(position, rules);
  startRequest(maxNodes, activeContinuation()?.resume);
  const moves = orderMoves(rootMoves(root), seededRandom(0));
  const distance = options.distance === true;

  const booked = bookAnswer(position, rules);
  if (booked) return bookEvaluation(root, moves, booked, options.moves === true, distance);

  if (isClassicStart(root)) {
    return {
      value: "draw",
      exact: true,
      ...(distance ? { pliesToEnd: 16 } : {}),
      nodes: 0,
      ...(options.moves
        ? {
            moves: expandMoves(
              moves.map((move) => ({ move, value: "draw" as Value, score: 0 })),
              root,
              distance,
            ),
          }
        : {}),
      source: "known",
      note: KNOWN_DRAW_NOTE,
    };
  }

  if (root.placed === 0) {
    // Sixteen empty cells: beyond a request's budget. The classic game is known to be a draw.
    const known = isClassicFirstPlacement(root);
    return {
      value: known ? "draw" : null,
      exact: known,
      ...(known && distance ? { pliesToEnd: 16 } : {}),
      nodes: 0,
      ...(options.moves
        ? {
            moves: expandMoves(
              moves.map((move) => ({ move, value: null, score: null })),
              root,
              distance,
            ),
          }
        : {}),
      source: known ? "known" : "search",
      note: known ? FIRST_PLACEMENT_NOTE.replace("; the move comes from the heuristic search", "") : VARIANT_START_NOTE,
    };
  }

  if (options.moves) return evaluateWithMoves(root, moves, distance);

  const solved = withinBudget(root, () => solveRoot(root, moves));
  if (!solved) return { value: null, exact: false, nodes: nodesSearched(), source: "search", note: BUDGET_NOTE };
  const evaluation: Evaluation = { value: solved.value, exact: true, nodes: nodesSearched(), source: "search" };
  if (distance) {
    const plies = distanceOf(root, moves, solved.value);
    if (plies === null) evaluation.note = "node budget exhausted before the distance was found";
    else evaluation.pliesToEnd = plies;
  }
  evaluation.nodes = nodesSearched();
  return evaluation;
}

function distanceOf(root: Root, moves: RootMove[], value: Value): number | null {
  if (value === "draw") return root.empties;
  const window = value === "win" ? [0, SCORE_LIMIT] : [-SCORE_LIMIT, 0];
  const found = withinBudget(root, () => bestScore(root, moves, window[0], window[1]));
  return found === null ? null : pliesFromScore(root, found.score);
}

function evaluateWithMoves(root: Root, moves: RootMove[], distance: boolean): Evaluation {
  const valued: ValuedMove[] = moves.map((move) => ({ move, value: null, score: null }));
  for (const entry of valued) {
    const value = withinBudget(root, () => moveValue(root, entry.move));
    if (value === null) break;
    entry.value = value;
  }
  if (distance) {
    for (const entry of valued) {
      if (entry.value === null) break;
      const value = entry.value;
      const score = withinBudget(root, () => moveScore(root, entry.move, value));
      if (score === null) break;
      entry.score = score;
    }
  }
  const known = valued.filter((entry) => entry.value !== null);
  const rank = (value: Value | null) => (value === "win" ? 2 : value === "draw" ? 1 : 0);
  const complete = known.length === valued.length;
  let value: Value | null = null;
  if (known.some((entry) => entry.value === "win")) value = "win";
  else if (complete) value = known.reduce<Value>((best, entry) => (rank(entry.value) > rank(best) ? (entry.value as Value) : best), "loss");
  const evaluation: Evaluation = { value, exact: value !== null, nodes: nodesSearched(), moves: expandMoves(valued, root, distance), source: "search" };
  if (value !== null && distance && known.every((entry) => entry.score !== null) && complete) {
    const best = Math.max(...known.map((entry) => entry.score as number));
    evaluation.pliesToEnd = pliesFromScore(root, best);
  }
  if (!complete) evaluation.note = BUDGET_NOTE;
  return evaluation;
}
