/**
 * The heuristic search, for when the exact one runs out of budget: depth-limited negamax on the same
 * board. Proven results keep their exact scores shifted by PROVEN; a horizon scores 0 plus a small
 * mobility term. Exact table entries left by an earlier exact attempt are used, never written.
 */
import { popcount as popcountImport } from "../rules/index.ts";
import {
  available,
  classOf as classOfImport,
  dangerAfterPlacing as dangerAfterPlacingImport,
  lowestBit as lowestBitImport,
  occupied,
  placePiece as placePieceImport,
  quartoStillPossible as quartoStillPossibleImport,
  removePiece as removePieceImport,
  returnPiece as returnPieceImport,
  summarizeThreats as summarizeThreatsImport,
  takePiece as takePieceImport,
} from "./board.ts";
import { countNode as countNodeImport } from "./budget.ts";
import { computeKey as computeKeyImport, keyHigh, keyLow, keyOccupancy } from "./keys.ts";
import { PROVEN as PROVENImport, winScore as winScoreImport } from "./score.ts";
import { table as tableImport } from "./table.ts";
import { tuning as tuningImport } from "./tuning.ts";

// Imported functions and objects as module constants, as in exact.ts (V8 reads an imported binding
// through its module cell at every use).
const popcount = popcountImport;
const classOf = classOfImport;
const dangerAfterPlacing = dangerAfterPlacingImport;
const lowestBit = lowestBitImport;
const placePiece = placePieceImport;
const quartoStillPossible = quartoStillPossibleImport;
const removePiece = removePieceImport;
const returnPiece = returnPieceImport;
const summarizeThreats = summarizeThreatsImport;
const takePiece = takePieceImport;
const countNode = countNodeImport;
const computeKey = computeKeyImport;
const PROVEN = PROVENImport;
const winScore = winScoreImport;
const table = tableImport;
const tuning = tuningImport;

/** What provenByTable answers when the table proves nothing. Outside the heuristic's score range. */
const UNKNOWN = 4 * PROVEN;
// Per-depth buffers: the node at `depth` uses slots depth * 16 to depth * 16 + 15.
const moveCell = new Int8Array(17 * 16);
const moveSafe = new Int32Array(17 * 16);

/**
 * A sliced request (slices.ts) runs again after each slice, and the heuristic search stores nothing in
 * the table to find again: so the scores of the children of a root move's own node (the node at
 * `memoDepth`) are kept in the request's memo, under the root move's memo key, the child and its window.
 * A root move bigger than a slice then goes on where the last slice stopped, child by child, as the
 * unsliced search would. Null when the request is not sliced.
 */
let childMemo: Map<string, number> | null = null;
let memoPrefix = "";
let memoDepth = -1;

/**
 * Called by root.ts around a sliced request's heuristic root move: `memo` and the root move's key, and
 * the depth of the node the root move leads to (1 after a placement, 0 after a give-only move); null to
 * stop (always, once the root move returns or throws).
 */
export function memoizeRootChildren(memo: Map<string, number> | null, prefix = "", depth = -1): void {
  childMemo = memo;
  memoPrefix = prefix;
  memoDepth = memo === null ? -1 : depth;
}

/** A child of the root move's node, from the memo or searched and remembered (see childMemo). */
function memoizedChild(cell: number, give: number, alpha: number, beta: number, empties: number, depth: number, plies: number): number {
  const key = `${memoPrefix}/${cell} ${give} ${alpha} ${beta}`;
  const memo = childMemo as Map<string, number>;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const score = -heuristicSearch(give, -beta, -alpha, empties - 1, depth + 1, plies - 1);
  memo.set(key, score);
  return score;
}

/**
 * The heuristic score for the player to move, who holds `hand` (safe to hold: it completes nothing),
 * looking `plies` placements ahead. `depth` counts placements from the root.
 */
export function heuristicSearch(hand: number, alpha: number, beta: number, empties: number, depth: number, plies: number): number {
  countNode();
  if (empties === 1) return 0;
  if (!quartoStillPossible(hand)) return 0;
  if (empties >= tuning.tableMinEmpties) {
    const known = provenByTable(hand);
    if (known !== UNKNOWN) return known;
  }
  if (plies === 0) return horizonScore(hand);
  const moveCount = listPlacements(hand, depth);
  if (moveCount === 0) return -(PROVEN + winScore(16 - empties + 2));
  const buffer = depth * 16;
  let best = -2 * PROVEN;
  for (let m = 0; m < moveCount; m++) {
    const cell = moveCell[buffer + m];
    let gives = moveSafe[buffer + m];
    placePiece(cell, hand, depth);
    while (gives) {
      const give = lowestBit(gives);
      gives &= ~classOf(give);
      takePiece(give);
      const score =
        depth === memoDepth
          ? memoizedChild(cell, give, alpha, beta, empties, depth, plies)
          : -heuristicSearch(give, -beta, -alpha, empties - 1, depth + 1, plies - 1);
      returnPiece(give);
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) {
            removePiece(cell, depth);
            return best;
          }
        }
      }
    }
    removePiece(cell, depth);
  }
  return best;
}

/** The proven score when an exact table entry decides the position (win, loss or draw), else UNKNOWN. */
function provenByTable(hand: number): number {
  computeKey(hand);
  const entry = table.find(keyHigh, keyLow, keyOccupancy);
  if (entry < 0) return UNKNOWN;
  const lower = table.lower(entry);
  const upper = table.upper(entry);
  if (lower > 0) return PROVEN + lower;
  if (upper < 0) return -PROVEN + upper;
  if (lower === 0 && upper === 0) return 0;
  return UNKNOWN;
}

/** Mobility at the horizon: placements that leave a safe give, minus half a point per forced one. */
function horizonScore(hand: number): number {
  summarizeThreats();
  const pool = available;
  let open = 0;
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) {
    const safe = pool & ~dangerAfterPlacing(lowestBit(empty), hand);
    if (safe !== 0) open += popcount(safe) > 1 ? 2 : 1;
  }
  return open;
}

/** Lists the placements of `hand` that leave a safe give in the buffers of `depth`, by cell; returns how many. */
function listPlacements(hand: number, depth: number): number {
  summarizeThreats();
  const buffer = depth * 16;
  const pool = available;
  let count = 0;
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) {
    const cell = lowestBit(empty);
    const safe = pool & ~dangerAfterPlacing(cell, hand);
    if (safe === 0) continue;
    moveCell[buffer + count] = cell;
    moveSafe[buffer + count] = safe;
    count++;
  }
  return count;
}
