/**
 * The search's entry points for root.ts, which loads a Position into the board (board.ts), drives
 * the root moves itself (so it can order, seed and budget them) and scores each with the exact search
 * (exact.ts) or the heuristic one (heuristic.ts). The transposition table gets a new generation, and
 * on the first such request its memory, only when a request reaches a search.
 */
import { popcount, type Rules } from "../rules/index.ts";
import { available, completesShape, configureBoard, occupied, placePiece, removePiece, returnPiece, takePiece, threats } from "./board.ts";
import { startBudget } from "./budget.ts";
import { exactSearch, resetHistory, restoreHistory, saveHistory } from "./exact.ts";
import { heuristicSearch } from "./heuristic.ts";
export { memoizeRootChildren } from "./heuristic.ts";
import { configureKeys } from "./keys.ts";
import { PROVEN, winScore } from "./score.ts";
import { table, type TableBank } from "./table.ts";
import { tuning } from "./tuning.ts";

/** Whether this request's table generation is started (by its first search). */
let tableReady = false;

/** Sets up the board and the keys for `rules`; loadBoard (board.ts) then loads a position. */
export function configureRules(rules: Rules): void {
  configureBoard(rules);
  configureKeys(rules);
}

/**
 * Where a sliced request's last slice ended: its node count, whether it had started its table
 * generation, and its refutation history (another request may run between two slices and reset it).
 */
export interface Resume {
  nodes: number;
  tableReady: boolean;
  /** The table generation it searched in (table.currentGeneration), when tableReady. */
  generation: number;
  history: Int32Array;
}

/** The state a sliced request resumes from after its slice ended where it is now. */
export const resumePoint = (nodes: number): Resume => ({ nodes, tableReady, generation: table.currentGeneration, history: saveHistory() });

/** Selects the table bank the next search uses (table.ts): the sliced driver sets it per slice. */
export function useTableBank(bank: TableBank): void {
  table.useBank(bank);
}

/**
 * Starts a request: a node budget, a fresh move history, and a fresh table once a search needs it.
 * `resume` continues a sliced request instead (slices.ts): the count goes on from there, and the
 * history and the table generation are kept, so the work already done is found again. (Any request
 * may run between two slices: the history comes back from `resume`, and a request of the other
 * priority class searches in the other table bank.)
 */
export function startRequest(maxNodes: number, resume?: Resume): void {
  if (resume !== undefined) {
    startBudget(maxNodes, resume.nodes);
    // Another request started a generation in this bank meanwhile (an unsliced search between two
    // slices): its entries are not this request's, so this one starts afresh in a generation of its own.
    tableReady = resume.tableReady && resume.generation === table.currentGeneration;
    restoreHistory(resume.history);
    return;
  }
  startBudget(maxNodes);
  resetHistory();
  tableReady = false;
}

/** Whether requests share the table generation started by shareTable(true) (off in the service). */
let sharing = false;

/**
 * Book building (scripts/book-worker.ts) solves related positions one after another: with `true`, a new
 * table generation starts now and the requests that follow all use it, finding each other's work, until
 * the next call. Only the node counts change: an exact answer's move is the first root move, in the
 * request's own order, that reaches the best exact score, which no table contents can alter.
 */
export function shareTable(share: boolean): void {
  sharing = share;
  if (share) table.newGeneration();
}

/** Called right before a search: the request's table generation (the first ever allocates the table). */
function prepareTable(): void {
  if (tableReady) return;
  if (!sharing) table.newGeneration();
  tableReady = true;
}

/** Bytes of the transposition table: 0 until a request has searched. */
export const tableBytes = (): number => table.bytes;

/** Tuning switches for the benchmark's ablation (see tuning.ts). */
export function tuneSearch(options: Partial<typeof tuning>): void {
  if (options.tableMinEmpties !== undefined) tuning.tableMinEmpties = options.tableMinEmpties;
  if (options.fullCanonical !== undefined) tuning.fullCanonical = options.fullCanonical;
  if (options.orderMinEmpties !== undefined) tuning.orderMinEmpties = options.orderMinEmpties;
  if (options.killOrderMinEmpties !== undefined) tuning.killOrderMinEmpties = options.killOrderMinEmpties;
}

/** Safe gives after placing `hand` on `cell` (0 when every piece lets the opponent win). */
export function safeGivesAfter(hand: number, cell: number): number {
  placePiece(cell, hand, 0);
  const safe = available & ~threats();
  removePiece(cell, 0);
  return safe;
}

/**
 * The score, for the player to move holding `hand`, of placing it on `cell` and giving `give` (-1
 * when the placement ends the game). With `heuristicPlies` >= 0 the depth-limited search is used.
 */
export function scorePlacement(hand: number, cell: number, give: number, alpha: number, beta: number, heuristicPlies = -1): number {
  const placed = popcount(occupied);
  const proven = heuristicPlies >= 0 ? PROVEN : 0;
  if (completesShape(cell, hand)) return proven + winScore(placed + 1);
  if (placed + 1 === 16) return 0;
  placePiece(cell, hand, 0);
  let score: number;
  if ((threats() >> give) & 1) score = -(proven + winScore(placed + 2));
  else {
    prepareTable();
    takePiece(give);
    score = heuristicPlies >= 0 ? -heuristicSearch(give, -beta, -alpha, 15 - placed, 1, heuristicPlies) : -exactSearch(give, -beta, -alpha, 15 - placed, 1);
    returnPiece(give);
  }
  removePiece(cell, 0);
  return score;
}

/** The score, for the player to move with no piece in hand, of giving `give`. */
export function scoreGive(give: number, alpha: number, beta: number, heuristicPlies = -1): number {
  const placed = popcount(occupied);
  if ((threats() >> give) & 1) return -((heuristicPlies >= 0 ? PROVEN : 0) + winScore(placed + 1));
  prepareTable();
  takePiece(give);
  const score = heuristicPlies >= 0 ? -heuristicSearch(give, -beta, -alpha, 16 - placed, 0, heuristicPlies) : -exactSearch(give, -beta, -alpha, 16 - placed, 0);
  returnPiece(give);
  return score;
}
