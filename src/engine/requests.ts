/**
 * What the engine is asked and what it answers, shared by its entry points (suggest.ts, evaluate.ts,
 * sliced.ts) and by the layers above: the levels, the options, the answers and the default budget.
 */
import type { Move } from "../rules/index.ts";
import type { Value } from "./score.ts";

/** The levels of play, weakest first. */
export const LEVELS = ["random", "easy", "medium", "hard", "perfect"] as const;
export type Level = (typeof LEVELS)[number];

/**
 * Where an answer came from: `book` an installed opening book (no search), `known` a published fact
 * (the classic start is a draw), `search` the engine's own work at the request (exact or heuristic
 * search, or a random pick at the `random` level).
 */
export type AnswerSource = "book" | "known" | "search";

export interface SuggestOptions {
  /** Default "perfect". */
  level?: Level;
  /** Node budget; default DEFAULT_MAX_NODES. */
  maxNodes?: number;
  /** Makes choices among equal moves reproducible; without it a random seed is drawn. */
  seed?: number;
  /** Default true: an exact answer carries a principal variation. Book building turns it off (the line costs search, and a book entry keeps only the move). */
  line?: boolean;
}

export interface Suggestion {
  move: Move;
  /** The value of the position for the player to move, when known (exact, or proven by the heuristic). */
  value?: Value;
  /** True when the move is proven to keep the best value. */
  exact: boolean;
  /** Nodes searched (never more than maxNodes). */
  nodes: number;
  /** For exact answers: a line of best play starting with `move` (as far as a tenth of the budget left reaches). */
  principalVariation?: Move[];
  /** Placements until the game ends with best play, when the search found it. */
  pliesToEnd?: number;
  source: AnswerSource;
  note?: string;
}

export interface EvaluateOptions {
  maxNodes?: number;
  /** Also value every legal move. */
  moves?: boolean;
  /** Also compute pliesToEnd (the winner hurries, the loser delays). */
  distance?: boolean;
}

export interface MoveEvaluation {
  move: Move;
  value: Value | null;
  exact: boolean;
  pliesToEnd?: number;
}

export interface Evaluation {
  value: Value | null;
  exact: boolean;
  /** Placements until the game ends: the winner hurries, the loser delays; a draw fills the board. */
  pliesToEnd?: number;
  nodes: number;
  moves?: MoveEvaluation[];
  /** Where `value` came from (the moves' values below a book's deepest tier come from search). */
  source: AnswerSource;
  note?: string;
}

/**
 * 10 million nodes. On one core of the reference machine the exact search runs at 4-6 million nodes a
 * second and the heuristic search at about 1.2 million, so a request takes at most ~2.5 s solving or
 * ~8.5 s with the heuristic alone (a rules-variant start): well inside a Worker's 30 s of CPU.
 */
export const DEFAULT_MAX_NODES = 10_000_000;

/** A request's node budget: DEFAULT_MAX_NODES when it names none. Throws RangeError for a negative or non-finite one. */
export function budgetOf(maxNodes: number | undefined): number {
  const budget = maxNodes ?? DEFAULT_MAX_NODES;
  if (!Number.isFinite(budget) || budget < 0) throw new RangeError("engine: maxNodes must be a non-negative number");
  return Math.floor(budget);
}
