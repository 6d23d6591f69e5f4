/**
 * The exact search: negamax with alpha-beta on absolute scores (score.ts) over the board in board.ts,
 * with the transposition table from eight empty cells, move ordering, and the endgame tests at the
 * leaves. A node lists the placements that leave a safe give (the others lose at once), most forcing
 * first, and for each tries one give per class of interchangeable pieces.
 */
import { popcount as popcountImport } from "../rules/index.ts";
import {
  available,
  classOf as classOfImport,
  dangerAfterPlacing as dangerAfterPlacingImport,
  lowestBit as lowestBitImport,
  occupied,
  placePiece as placePieceImport,
  removePiece as removePieceImport,
  returnPiece as returnPieceImport,
  shapesKilled as shapesKilledImport,
  summarizeThreats as summarizeThreatsImport,
  takePiece as takePieceImport,
} from "./board.ts";
import { countNode as countNodeImport } from "./budget.ts";
import { endgameScore as endgameScoreImport, UNDECIDED as UNDECIDEDImport } from "./endgame.ts";
import { computeKey as computeKeyImport, keyHigh, keyLow, keyOccupancy } from "./keys.ts";
import { SCORE_LIMIT as SCORE_LIMITImport, winScore as winScoreImport } from "./score.ts";
import { table as tableImport } from "./table.ts";
import { tuning as tuningImport } from "./tuning.ts";

// Imported functions and objects as module constants: V8 reads an imported binding through its module
// cell at every use, a constant with one load (about 5% of a solve's instructions across the search
// modules). The board's masks and the key words change, so they stay live imports.
const popcount = popcountImport;
const classOf = classOfImport;
const dangerAfterPlacing = dangerAfterPlacingImport;
const lowestBit = lowestBitImport;
const placePiece = placePieceImport;
const removePiece = removePieceImport;
const returnPiece = returnPieceImport;
const shapesKilled = shapesKilledImport;
const summarizeThreats = summarizeThreatsImport;
const takePiece = takePieceImport;
const countNode = countNodeImport;
const endgameScore = endgameScoreImport;
const UNDECIDED = UNDECIDEDImport;
const computeKey = computeKeyImport;
const SCORE_LIMIT = SCORE_LIMITImport;
const winScore = winScoreImport;
const table = tableImport;
const tuning = tuningImport;

// Per-depth buffers: the node at `depth` uses slots depth * 16 to depth * 16 + 15.
const BUFFER_DEPTHS = 18;
const moveCell = new Int8Array(BUFFER_DEPTHS * 16);
const moveSafe = new Int32Array(BUFFER_DEPTHS * 16);
const moveKey = new Float64Array(BUFFER_DEPTHS * 16);
const giveOrder = new Int8Array(BUFFER_DEPTHS * 16);
const giveWeight = new Int32Array(BUFFER_DEPTHS * 16);
/** cellHistory[c]: how often (weighted by empties squared) a placement on c refuted a node this request. */
const cellHistory = new Int32Array(16);

/** Forgets the refutation history: each request orders its moves from scratch. */
export function resetHistory(): void {
  cellHistory.fill(0);
}

/** A copy of the refutation history, for a sliced request that another request may interrupt. */
export const saveHistory = (): Int32Array => cellHistory.slice();

/** Puts back a history saved by saveHistory. */
export function restoreHistory(saved: Int32Array): void {
  cellHistory.set(saved);
}

/**
 * The exact score of the position for the player to move, who holds `hand`, when it lies in (alpha,
 * beta); otherwise a bound on the same side. Preconditions: `hand` completes no shape and `empties` >= 1.
 * `depth` counts placements from the root and selects the buffers and undo slots.
 */
export function exactSearch(hand: number, alpha: number, beta: number, empties: number, depth: number): number {
  countNode();
  if (empties <= 4) {
    const known = endgameScore(hand, alpha, beta, empties);
    if (known !== UNDECIDED) return known;
  }
  const placed = 16 - empties;
  // The best this player can do is win on their next placement but one; the worst, lose on the next.
  const worst = -winScore(placed + 2);
  const bestPossible = winScore(placed + 3);
  if (bestPossible <= alpha) return bestPossible;
  if (worst >= beta) return worst;

  // The key is copied to locals: the children overwrite keys.ts's words.
  let high = 0;
  let low = 0;
  let occupancy = -1;
  if (empties >= tuning.tableMinEmpties) {
    computeKey(hand);
    high = keyHigh;
    low = keyLow;
    occupancy = keyOccupancy;
    const entry = table.find(high, low, occupancy);
    if (entry >= 0) {
      const lower = table.lower(entry);
      const upper = table.upper(entry);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
    }
  }

  const alphaStart = alpha;
  const moveCount = listPlacements(hand, empties, depth);
  let best = moveCount > 0 ? -SCORE_LIMIT : worst;
  const buffer = depth * 16;
  outer: for (let m = 0; m < moveCount; m++) {
    const cell = moveCell[buffer + m];
    placePiece(cell, hand, depth);
    const giveCount = listGives(moveSafe[buffer + m], empties, depth);
    for (let g = 0; g < giveCount; g++) {
      const give = giveOrder[buffer + g];
      takePiece(give);
      const score = -exactSearch(give, -beta, -alpha, empties - 1, depth + 1);
      returnPiece(give);
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) {
            cellHistory[cell] += empties * empties;
            removePiece(cell, depth);
            break outer;
          }
        }
      }
    }
    removePiece(cell, depth);
  }
  if (occupancy >= 0) table.store(high, low, occupancy, best <= alphaStart ? -SCORE_LIMIT : best, best >= beta ? SCORE_LIMIT : best, empties);
  return best;
}

// ---- Placement order. Smallest key first, compared field by field: fewer safe gives left (the reply
// is more forced), then (from tuning.killOrderMinEmpties up) fewer live shapes killed (the tension
// stays), then the cells that refuted most often, then the cell. The fields are packed into one
// float64, each a digit in its own base, so one number comparison compares them in that order.

/** The cell, 0-15: the last field. */
const CELL_BASE = 16;
/** Refutation history, clamped below 2^24 and stored as its complement so that more refutations come first. */
const HISTORY_BASE = 2 ** 24;
/** Live shapes killed, 0-7 (at most seven shapes pass through a cell). */
const KILLS_BASE = 8;
// Safe gives left, 1-16, is the leading field: the whole key stays below 2^36, exact in a float64.

function placementKey(safeGives: number, kills: number, history: number, cell: number): number {
  const historyRank = HISTORY_BASE - 1 - Math.min(history, HISTORY_BASE - 1);
  return ((safeGives * KILLS_BASE + kills) * HISTORY_BASE + historyRank) * CELL_BASE + cell;
}

/**
 * Lists, in order, the placements of `hand` that leave a safe give (moveCell, with the safe gives in
 * moveSafe) in the buffers of `depth`, and returns how many.
 */
function listPlacements(hand: number, empties: number, depth: number): number {
  summarizeThreats();
  const countKills = empties >= tuning.killOrderMinEmpties;
  const buffer = depth * 16;
  const pool = available;
  let count = 0;
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) {
    const cell = lowestBit(empty);
    const safe = pool & ~dangerAfterPlacing(cell, hand);
    if (safe === 0) continue;
    const key = placementKey(popcount(safe), countKills ? shapesKilled(cell, hand) : 0, cellHistory[cell], cell);
    let i = count++;
    while (i > 0 && moveKey[buffer + i - 1] > key) {
      moveKey[buffer + i] = moveKey[buffer + i - 1];
      moveCell[buffer + i] = moveCell[buffer + i - 1];
      moveSafe[buffer + i] = moveSafe[buffer + i - 1];
      i--;
    }
    moveKey[buffer + i] = key;
    moveCell[buffer + i] = cell;
    moveSafe[buffer + i] = safe;
  }
  return count;
}

/**
 * Lists one give per class of interchangeable pieces among `gives` in giveOrder (buffers of `depth`)
 * and returns how many: from tuning.orderMinEmpties up, the gives that leave the opponent fewest safe
 * replies first; lower, by piece.
 */
function listGives(gives: number, empties: number, depth: number): number {
  const byMobility = empties >= tuning.orderMinEmpties;
  // The board is the same for every give: one threat summary serves all their reply counts.
  if (byMobility) summarizeThreats();
  const buffer = depth * 16;
  let count = 0;
  while (gives) {
    const give = lowestBit(gives);
    gives &= ~classOf(give);
    const weight = byMobility ? replyMobility(give) : count;
    let i = count++;
    while (i > 0 && giveWeight[buffer + i - 1] > weight) {
      giveWeight[buffer + i] = giveWeight[buffer + i - 1];
      giveOrder[buffer + i] = giveOrder[buffer + i - 1];
      i--;
    }
    giveWeight[buffer + i] = weight;
    giveOrder[buffer + i] = give;
  }
  return count;
}

/** Safe (placement, give) pairs the opponent would have with `give` in hand, after summarizeThreats(). */
function replyMobility(give: number): number {
  const pool = available & ~(1 << give);
  let total = 0;
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) total += popcount(pool & ~dangerAfterPlacing(lowestBit(empty), give));
  return total;
}
