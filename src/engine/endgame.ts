/**
 * The exact search's last placements, decided without recursion: with two empty cells or fewer, and
 * with three or four when a null window only asks whether the player to move wins (or holds a draw).
 * Three empty cells are the most common node of a solve, so these tests carry much of its speed.
 * The player to move holds `hand`, which completes no shape (givers never hand over a winning piece).
 */
import {
  available,
  classOf as classOfImport,
  completesAfter as completesAfterImport,
  completesShape as completesShapeImport,
  completesWith as completesWithImport,
  dangerAfterPlacing as dangerAfterPlacingImport,
  lowestBit as lowestBitImport,
  occupied,
  placePiece as placePieceImport,
  removePiece as removePieceImport,
  summarizeThreats as summarizeThreatsImport,
} from "./board.ts";
import { winScore as winScoreImport } from "./score.ts";

// Imported functions as module constants: V8 reads an imported binding through its module cell at
// every use, a constant with one load (about 5% of a solve's instructions across the search modules).
const classOf = classOfImport;
const completesAfter = completesAfterImport;
const completesShape = completesShapeImport;
const completesWith = completesWithImport;
const dangerAfterPlacing = dangerAfterPlacingImport;
const lowestBit = lowestBitImport;
const placePiece = placePieceImport;
const removePiece = removePieceImport;
const summarizeThreats = summarizeThreatsImport;
const winScore = winScoreImport;

/** Undo slots board.ts keeps free of the search's depths, for these scratch placements. */
const SCRATCH_DEPTH = 16;
const LAST_SCRATCH_DEPTH = 17;

/** What endgameScore answers when the position needs the full search. Outside the score range. */
export const UNDECIDED = 100;

/** The exact score within (alpha, beta) when a test below decides it, else UNDECIDED. */
export function endgameScore(hand: number, alpha: number, beta: number, empties: number): number {
  if (empties === 1) return 0;
  if (empties === 2) return lastTwoCells(hand);
  if (empties === 3) {
    // Only a win matters: the player places the 14th piece and wins with the 16th, or not at all.
    if (alpha >= 0) return winsWithThreeLeft(hand) ? winScore(16) : 0;
    // Only a loss matters: with two cells left after a safe move the opponent cannot win.
    if (beta <= 0) return hasSafeMove(hand) ? 0 : -winScore(15);
  }
  // Only a win matters: it can only come from leaving the opponent no safe move.
  if (empties === 4 && alpha >= 0) return leavesNoSafeMove(hand) ? winScore(15) : 0;
  return UNDECIDED;
}

/**
 * Two empty cells, one piece left: a draw if some placement leaves the last piece unable to complete
 * a shape on the last cell, otherwise a loss when the opponent places it.
 */
function lastTwoCells(hand: number): number {
  const empty = ~occupied & 0xffff;
  const first = lowestBit(empty);
  const second = lowestBit(empty & (empty - 1));
  const last = lowestBit(available);
  placePiece(first, hand, LAST_SCRATCH_DEPTH);
  const drawFirst = !completesShape(second, last);
  removePiece(first, LAST_SCRATCH_DEPTH);
  if (drawFirst) return 0;
  placePiece(second, hand, LAST_SCRATCH_DEPTH);
  const drawSecond = !completesShape(first, last);
  removePiece(second, LAST_SCRATCH_DEPTH);
  return drawSecond ? 0 : -winScore(16);
}

/** Whether some placement of `hand` leaves a piece of `pool` safe to give, after summarizeThreats(). */
function hasSafeMoveFrom(hand: number, pool: number): boolean {
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) {
    if ((pool & ~dangerAfterPlacing(lowestBit(empty), hand)) !== 0) return true;
  }
  return false;
}

/** Whether some placement of `hand` leaves a piece that is safe to give. */
function hasSafeMove(hand: number): boolean {
  summarizeThreats();
  return hasSafeMoveFrom(hand, available);
}

/**
 * Four empty cells: whether some placement and safe give leave the opponent without a safe move: the
 * only way to win from here, since the placement after next is played with a piece the opponent chose
 * safe unless they had none.
 */
function leavesNoSafeMove(hand: number): boolean {
  for (let left = ~occupied & 0xffff; left !== 0; left &= left - 1) {
    const cell = lowestBit(left);
    placePiece(cell, hand, SCRATCH_DEPTH);
    let wins = false;
    const pool = available;
    let gives = pool & ~summarizeThreats();
    while (gives !== 0 && !wins) {
      const give = lowestBit(gives);
      gives &= ~classOf(give);
      wins = !hasSafeMoveFrom(give, pool & ~(1 << give));
    }
    removePiece(cell, SCRATCH_DEPTH);
    if (wins) return true;
  }
  return false;
}

/**
 * Three empty cells, two pieces left: whether the player to move can force a win, i.e. place and give
 * a safe piece so that the opponent's two placements both let the last piece win.
 */
function winsWithThreeLeft(hand: number): boolean {
  const empty = ~occupied & 0xffff;
  const pieces = available;
  const pieceA = lowestBit(pieces);
  const pieceB = lowestBit(pieces & (pieces - 1));
  for (let left = empty; left !== 0; left &= left - 1) {
    const cell = lowestBit(left);
    const rest = empty & ~(1 << cell);
    const u = lowestBit(rest);
    const v = lowestBit(rest & (rest - 1));
    // Give A (safe: it completes nothing on u or v), the opponent places it on u or v and B ends it;
    // or the same with B given and A last. One loop body for both: four calls small enough for V8 to
    // inline all of them (eight written out exceed its inlining budget).
    for (let given = pieceA, last = pieceB, round = 0; round < 2; given = pieceB, last = pieceA, round++) {
      if (
        !completesAfter(u, cell, hand, given) &&
        !completesAfter(v, cell, hand, given) &&
        completesWith(v, cell, hand, u, given, last) &&
        completesWith(u, cell, hand, v, given, last)
      )
        return true;
    }
  }
  return false;
}
