/**
 * The engine's public API: exact win/draw/loss (and distance) for the player to move, and move
 * suggestions at five levels. Budgets are in nodes (positions searched), never time, so a request's
 * cost is bounded the same way in Node and in a Worker. Pure: depends only on the rules core. Positions
 * in an installed opening book (books.ts) are answered from it, with no search, at the `perfect` level
 * and by `evaluate`; `source` says where an answer came from.
 */
import { legalMoves, type Move, playMove, type Position, popcount, positionStatus, type Rules } from "../rules/index.ts";
import { available, classOf, completesShape, loadBoard, occupied, threats } from "./board.ts";
import { bookAnswer, bookRange } from "./books.ts";
import { BudgetExhausted, nodesSearched, setNodeLimit } from "./budget.ts";
import { randomIndex, type RandomSource, seededRandom, shuffleInPlace } from "./random.ts";
import { piecesAtEnd, PROVEN, SCORE_LIMIT, type Value } from "./score.ts";
import { configureRules, memoizeRootChildren, safeGivesAfter, scoreGive, scorePlacement, startRequest } from "./search.ts";
import { activeContinuation, runSliced, type SearchLane, type SliceOptions, turns } from "./slices.ts";

export type Level = "random" | "easy" | "medium" | "hard" | "perfect";
export const LEVELS: readonly Level[] = ["random", "easy", "medium", "hard", "perfect"];
/** For the player to move. */
export type { Value };
export { booksFingerprint, bookStatus, type BookFiles, type BookStatus, installBooks, openInstalledBooks } from "./books.ts";

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

/**
 * How many times this isolate allocated the 24 MiB transposition table: 0 until a request searches
 * (importing the engine, random and easy moves, the known classic start allocate nothing), then 1.
 */
export { tableAllocations } from "./table.ts";
/** Book building only: related requests on one table generation (see search.ts). */
export { shareTable } from "./search.ts";

const KNOWN_DRAW_NOTE =
  "the classic game's start is a draw with perfect play (Goossens 1998, confirmed by full solves since); every opening give is equivalent under piece relabelling";
const BUDGET_NOTE = "node budget exhausted before the position was solved";
const FIRST_PLACEMENT_NOTE =
  "after the opening give of the classic game the position is a draw with perfect play (Goossens 1998, and every opening give is equivalent under piece relabelling); the move comes from the heuristic search";
const VARIANT_START_NOTE = "no known value for this rules variant's empty board, and a full solve does not fit in a request";

/** A root move: `cell` -1 for a give-only move, `give` -1 when the placement ends the game. */
interface RootMove {
  cell: number;
  give: number;
  wins: boolean;
  /** Safe gives left after the placement (ordering), or -1 for give-only moves. */
  safeCount: number;
  /** The give lets the opponent win at once. */
  blunder: boolean;
}

interface Root {
  position: Position;
  /** The position as text: names the root in a sliced request's memo of finished root-move scores. */
  key: string;
  rules: Rules;
  hand: number;
  placed: number;
  empties: number;
}

function openRoot(position: Position, rules: Rules): Root {
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

function isClassicStart(root: Root): boolean {
  return root.placed === 0 && root.hand < 0 && isClassicRules(root.rules);
}

/** The classic game right after the opening give: a draw too, as every opening give is equivalent. */
function isClassicFirstPlacement(root: Root): boolean {
  return root.placed === 0 && root.hand >= 0 && isClassicRules(root.rules);
}

/** One move per class of interchangeable gives (pieces equal on every attribute in play). */
function rootMoves(root: Root): RootMove[] {
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
function orderMoves(moves: RootMove[], random: RandomSource): RootMove[] {
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

/** A node count computed once per request: a sliced request's later runs reuse the first run's value. */
function markOnce(name: string, compute: () => number): number {
  const marks = activeContinuation()?.marks;
  const known = marks?.get(name);
  if (known !== undefined) return known;
  const value = compute();
  marks?.set(name, value);
  return value;
}

const valueOfScore = (score: number): Value => (score > 0 ? "win" : score < 0 ? "loss" : "draw");

/** Placements from the root until the game ends, for an exact score. */
function pliesFromScore(root: Root, score: number): number {
  return score === 0 ? root.empties : piecesAtEnd(score) - root.placed;
}

/** Runs `attempt`; on an exhausted budget reloads the board and returns null. */
function withinBudget<T>(root: Root, attempt: () => T): T | null {
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
function moveValue(root: Root, move: RootMove): Value {
  if (move.wins) return "win";
  if (move.blunder) return "loss";
  if (scoreMove(root, move, 0, 1) >= 1) return "win";
  return scoreMove(root, move, -1, 0) >= 0 ? "draw" : "loss";
}

/** The exact score of one move within the value it is known to have (distance search). */
function moveScore(root: Root, move: RootMove, value: Value): number {
  if (value === "draw") return 0;
  return value === "win" ? scoreMove(root, move, 0, SCORE_LIMIT) : scoreMove(root, move, -SCORE_LIMIT, 0);
}

interface ExactResult {
  value: Value;
  move: RootMove;
}

/** Finds the root value and a move that keeps it: first a winning move, then a drawing one. */
function solveRoot(root: Root, moves: RootMove[]): ExactResult {
  for (const move of moves) if (move.wins) return { value: "win", move };
  for (const move of moves) if (!move.blunder && scoreMove(root, move, 0, 1) >= 1) return { value: "win", move };
  for (const move of moves) if (!move.blunder && scoreMove(root, move, -1, 0) >= 0) return { value: "draw", move };
  return { value: "loss", move: moves[0] };
}

/** Best score over the moves with a window known to contain it (the distance search). */
function bestScore(root: Root, moves: RootMove[], alpha: number, beta: number): { score: number; move: RootMove } {
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
function heuristicRoot(root: Root, moves: RootMove[], maxPlies: number): { move: RootMove; score: number } {
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
function concreteGive(give: number, random: RandomSource): number {
  const pieces: number[] = [];
  const members = classOf(give) & available;
  for (let piece = 0; piece < 16; piece++) if (members & (1 << piece)) pieces.push(piece);
  return pieces[randomIndex(random, pieces.length)];
}

function toMove(move: RootMove, give: number): Move {
  if (move.cell < 0) return { give };
  if (move.wins) return { place: move.cell, quarto: true };
  if (move.give < 0) return { place: move.cell };
  return { place: move.cell, give };
}

function budgetOf(maxNodes: number | undefined): number {
  const budget = maxNodes ?? DEFAULT_MAX_NODES;
  if (!Number.isFinite(budget) || budget < 0) throw new RangeError("engine: maxNodes must be a non-negative number");
  return Math.floor(budget);
}

/**
 * A move for the player to move. Throws RangeError when the game is over.
 * @example suggestMove(readPosition("0A3.............5").value, CLASSIC_RULES, { level: "hard", seed: 7 })
 */
export function suggestMove(position: Position, rules: Rules, options: SuggestOptions = {}): Suggestion {
  const level = options.level ?? "perfect";
  if (!LEVELS.includes(level)) throw new RangeError(`engine: unknown level ${String(level)}`);
  const maxNodes = budgetOf(options.maxNodes);
  const random = seededRandom(options.seed ?? Math.floor(Math.random() * 2 ** 32));
  const root = openRoot(position, rules);
  startRequest(maxNodes, activeContinuation()?.resume);
  const moves = orderMoves(rootMoves(root), random);
  const answer = (move: RootMove, fields: Omit<Suggestion, "move" | "nodes" | "source"> & { source?: AnswerSource }): Suggestion => ({
    move: toMove(move, move.give < 0 ? -1 : concreteGive(move.give, random)),
    nodes: nodesSearched(),
    source: "search",
    ...fields,
  });

  if (level === "random") return randomSuggestion(root, random);
  if (level === "easy") {
    if (moves[0].wins) return answer(moves[0], { value: "win", exact: true, pliesToEnd: 1 });
    const safe = moves.filter((move) => !move.blunder);
    return answer(safe[randomIndex(random, safe.length)] ?? moves[0], { exact: false });
  }
  // Only `perfect` reads the book: `hard` and `medium` stay beatable, exact only where their own search reaches.
  if (level === "perfect") {
    const booked = bookSuggestion(root, random);
    if (booked) return booked;
  }
  if (isClassicStart(root)) return answer(moves[0], { value: "draw", exact: true, pliesToEnd: 16, source: "known", note: KNOWN_DRAW_NOTE });
  if (moves[0].wins) return answer(moves[0], { value: "win", exact: true, pliesToEnd: 1, principalVariation: [toMove(moves[0], -1)] });
  if (level === "medium") {
    setNodeLimit(Math.min(maxNodes, 20_000));
    const found = heuristicRoot(root, moves, 1);
    return answer(found.move, { exact: false, ...provenValue(found.score) });
  }
  const fullStart = root.placed === 0;
  const exactShare = level === "perfect" ? 0.85 : 0.2;
  if (!fullStart) {
    setNodeLimit(Math.floor(maxNodes * exactShare));
    const solved = withinBudget(root, () => solveRoot(root, moves));
    if (solved) {
      const refined = level === "perfect" ? hurryOrDelay(root, moves, solved, maxNodes) : null;
      const chosen = refined ?? { move: solved.move };
      const move = toMove(chosen.move, chosen.move.give < 0 ? -1 : concreteGive(chosen.move.give, random));
      const principalVariation =
        options.line === false
          ? undefined
          : principalLine(
              position,
              rules,
              move,
              random,
              markOnce("line", () => nodesSearched() + Math.floor((maxNodes - nodesSearched()) / 10)),
            );
      return {
        move,
        value: solved.value,
        exact: true,
        nodes: nodesSearched(),
        source: "search",
        ...(principalVariation ? { principalVariation } : {}),
        ...(refined ? { pliesToEnd: refined.plies } : {}),
      };
    }
  }
  setNodeLimit(maxNodes);
  const found = heuristicRoot(root, moves, root.empties);
  if (isClassicFirstPlacement(root)) return answer(found.move, { value: "draw", exact: false, source: "known", note: FIRST_PLACEMENT_NOTE });
  return answer(found.move, {
    exact: false,
    ...provenValue(found.score),
    note: fullStart ? `${VARIANT_START_NOTE}: heuristic search` : BUDGET_NOTE,
  });
}

/**
 * A line of best play starting with `first`: each side's move from a win/draw/loss solve of the
 * position reached (cheap, the table is warm), until the game ends, 16 moves, or `nodeCap`.
 */
function principalLine(position: Position, rules: Rules, first: Move, random: RandomSource, nodeCap: number): Move[] {
  const line = [first];
  let current = position;
  let move = first;
  while (line.length < 16) {
    const played = playMove(current, move, rules);
    if (!played.ok || played.value.outcome.status !== "ongoing") break;
    current = played.value.position;
    const root = openRoot(current, rules);
    setNodeLimit(nodeCap);
    const moves = orderMoves(rootMoves(root), random);
    const solved = withinBudget(root, () => solveRoot(root, moves));
    if (!solved) break;
    move = toMove(solved.move, solved.move.give < 0 ? -1 : concreteGive(solved.move.give, random));
    line.push(move);
  }
  return line;
}

function provenValue(score: number): { value?: Value } {
  return score >= PROVEN ? { value: "win" } : score <= -PROVEN ? { value: "loss" } : {};
}

/**
 * Once the value is known, spends up to half the remaining budget on the distance search: the fastest
 * win, or the longest resistance. Null when the budget does not allow it or the game is a draw.
 */
function hurryOrDelay(root: Root, moves: RootMove[], solved: ExactResult, maxNodes: number): { move: RootMove; plies: number } | null {
  if (solved.value === "draw") return null;
  const spent = markOnce("distance", nodesSearched);
  setNodeLimit(spent + Math.floor((maxNodes - spent) / 2));
  const window = solved.value === "win" ? [0, SCORE_LIMIT] : [-SCORE_LIMIT, 0];
  const candidates = solved.value === "win" ? moves.filter((move) => !move.blunder) : moves;
  const found = withinBudget(root, () => bestScore(root, candidates, window[0], window[1]));
  if (!found || valueOfScore(found.score) !== solved.value) return null;
  return { move: found.move, plies: pliesFromScore(root, found.score) };
}

function randomSuggestion(root: Root, random: RandomSource): Suggestion {
  // Every legal move, with a completing placement always announced (its unannounced twin dropped).
  const seen = new Set<string>();
  const moves: Move[] = [];
  for (const move of legalMoves(root.position, root.rules)) {
    const announced = move.place !== undefined && root.hand >= 0 && completesShape(move.place, root.hand);
    const normal: Move = announced ? { place: move.place, quarto: true } : move;
    const key = `${normal.place}/${normal.give}/${normal.quarto}`;
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push(normal);
  }
  return { move: moves[randomIndex(random, moves.length)], exact: false, nodes: 0, source: "search" };
}

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

interface ValuedMove {
  move: RootMove;
  value: Value | null;
  score: number | null;
  /** Placements to the end after the move, when a book gave it. */
  plies?: number;
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

/** One entry per concrete legal move: a representative's value holds for its whole class. */
function expandMoves(valued: ValuedMove[], root: Root, distance: boolean): MoveEvaluation[] {
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

// ---- Answers from an installed opening book (books.ts): no search, except the moves of `evaluate` at
// the book's deepest tier, whose children lie below it.

const bookNote = (name: string): string => `exact from the opening book ${name} (${bookRange(name)}), no search`;
const negate = (value: Value): Value => (value === "win" ? "loss" : value === "loss" ? "win" : "draw");

/**
 * The book's move with its value, distance and a principal variation that follows the book as far as
 * it goes. The give is a seeded piece of the book's class, as with searched moves. Null outside the book.
 */
function bookSuggestion(root: Root, random: RandomSource): Suggestion | null {
  const booked = bookAnswer(root.position, root.rules);
  if (!booked) return null;
  const first: Move = booked.move.give === undefined ? booked.move : { ...booked.move, give: concreteGive(booked.move.give, random) };
  const principalVariation = [first];
  let current = root.position;
  let move = first;
  while (principalVariation.length < 16) {
    const played = playMove(current, move, root.rules);
    if (!played.ok || played.value.outcome.status !== "ongoing") break;
    current = played.value.position;
    const next = bookAnswer(current, root.rules);
    if (!next) break;
    move = next.move;
    principalVariation.push(move);
  }
  return {
    move: first,
    value: booked.value,
    exact: true,
    nodes: nodesSearched(),
    principalVariation,
    pliesToEnd: booked.pliesToEnd,
    source: "book",
    note: bookNote(booked.book),
  };
}

/** The value for the mover after a root move, from the book when the position it leads to is in it. */
function bookChild(root: Root, move: RootMove): { value: Value; plies: number } | undefined {
  if (move.wins) return { value: "win", plies: 1 };
  if (move.give < 0) return { value: "draw", plies: 1 };
  const board = [...root.position.board];
  if (move.cell >= 0) board[move.cell] = root.hand;
  const child = bookAnswer({ board, inHand: move.give }, root.rules);
  return child ? { value: negate(child.value), plies: child.pliesToEnd + (move.cell >= 0 ? 1 : 0) } : undefined;
}

function bookEvaluation(root: Root, moves: RootMove[], booked: NonNullable<ReturnType<typeof bookAnswer>>, withMoves: boolean, distance: boolean): Evaluation {
  const evaluation: Evaluation = {
    value: booked.value,
    exact: true,
    ...(distance ? { pliesToEnd: booked.pliesToEnd } : {}),
    nodes: 0,
    source: "book",
    note: bookNote(booked.book),
  };
  if (!withMoves) return evaluation;
  const valued: ValuedMove[] = moves.map((move) => ({ move, value: null, score: null }));
  let searched = false;
  for (const entry of valued) {
    const child = bookChild(root, entry.move);
    if (child) {
      entry.value = child.value;
      entry.plies = child.plies;
      continue;
    }
    // Below the book's deepest tier: the live solver, within the budget, as without a book.
    searched = true;
    const value = withinBudget(root, () => moveValue(root, entry.move));
    if (value === null) continue;
    entry.value = value;
    if (distance) {
      const score = withinBudget(root, () => moveScore(root, entry.move, value));
      if (score !== null) entry.score = score;
    }
  }
  evaluation.moves = expandMoves(valued, root, distance);
  evaluation.nodes = nodesSearched();
  if (searched) {
    const complete = valued.every(
      (entry) => entry.value !== null && (!distance || entry.plies !== undefined || entry.score !== null || entry.move.wins || entry.move.blunder),
    );
    evaluation.note = `${evaluation.note}; the moves' values below the book's deepest tier from search${complete ? "" : ` (${BUDGET_NOTE} for some)`}`;
    evaluation.note = evaluation.note.replace(", no search;", ";");
  }
  return evaluation;
}

/**
 * suggestMove in slices that yield (slices.ts): the same answer as suggestMove whenever that one is
 * exact, and the same as suggestMove for a request that fits in one slice. The seed is drawn once.
 */
export function suggestMoveSliced(position: Position, rules: Rules, options: SuggestOptions, slices: SliceOptions): Promise<Suggestion> {
  const seeded = { ...options, seed: options.seed ?? Math.floor(Math.random() * 2 ** 32) };
  return runSliced(() => suggestMove(position, rules, seeded), slices);
}

/** evaluate in slices that yield (slices.ts): the same answer whenever the unsliced one is exact. */
export function evaluateSliced(position: Position, rules: Rules, options: EvaluateOptions, slices: SliceOptions): Promise<Evaluation> {
  return runSliced(() => evaluate(position, rules, options), slices);
}

/**
 * suggestMove for a service: in this isolate's queue (one search at a time; `game` ahead of
 * `request`, a full request lane throws EngineBusy) and in slices that yield, so the thread keeps
 * serving. `random` and `easy` search nothing (they read the position only): they answer at once.
 */
export function suggestMoveInTurn(position: Position, rules: Rules, options: SuggestOptions, lane: SearchLane): Promise<Suggestion> {
  const level = options.level ?? "perfect";
  if (level === "random" || level === "easy") return Promise.resolve(suggestMove(position, rules, options));
  return turns.queue.run(lane, budgetOf(options.maxNodes), () => suggestMoveSliced(position, rules, options, turnSlices()));
}

/** The isolate's slices; each one tells the queue the search is alive. */
const turnSlices = (): SliceOptions => ({ sliceNodes: turns.sliceNodes, onSlice: () => turns.queue.heartbeat() });

/** evaluate for a service: in this isolate's queue and in slices, as suggestMoveInTurn. */
export function evaluateInTurn(position: Position, rules: Rules, options: EvaluateOptions, lane: SearchLane): Promise<Evaluation> {
  return turns.queue.run(lane, budgetOf(options.maxNodes), () => evaluateSliced(position, rules, options, turnSlices()));
}

export { configureTurns, DEFAULT_QUEUE_LENGTH, DEFAULT_SLICE_NODES, EngineBusy, EngineQueue, type SearchLane, type SliceOptions } from "./slices.ts";
