/**
 * Canonical keys of the board in board.ts, for the transposition table: equal for positions that are
 * the same up to a board symmetry and a relabelling of the pieces. The piece in hand is relabelled to
 * 0 by flipping attributes (XOR), the attributes are put in a canonical order by sorting their cell
 * masks, and the board symmetry chosen is the one giving the smallest (occupancy, attribute masks)
 * tuple. Three words, no hashing loss. The book (book.ts) builds its canonical form on the same
 * choice (canonicalChoice), so a book key and a table key never disagree on a position's class.
 */
import type { Rules } from "../rules/index.ts";
import { attributesInPlay as attributesInPlayImport, lowestBit as lowestBitImport, occupied, pieceOn as pieceOnImport } from "./board.ts";
import { type BoardSymmetries, boardSymmetries } from "./symmetry.ts";
import { tuning as tuningImport } from "./tuning.ts";

// Imported functions and objects as module constants, as in exact.ts (V8 reads an imported binding
// through its module cell at every use).
const attributesInPlay = attributesInPlayImport;
const lowestBit = lowestBitImport;
const pieceOn = pieceOnImport;
const tuning = tuningImport;

// The last canonical choice (computeKey, canonicalChoice): the occupancy image, the four sorted
// attribute masks two per word, and the symmetry that gave them (the first of the smallest).
export let keyOccupancy = 0;
export let keyHigh = 0;
export let keyLow = 0;
export let keySymmetry = 0;

let symmetries: BoardSymmetries | null = null;

/** Selects the board symmetries of the rules (32 without squares, 8 with). */
export function configureKeys(rules: Rules): void {
  symmetries = boardSymmetries(rules.squares);
}

/** Sets the key words for the current board with `hand` to be placed. Call configureKeys first. */
export function computeKey(hand: number): void {
  const symmetry = symmetries as BoardSymmetries;
  const filled = occupied;
  const attributes = attributesInPlay();
  let one0 = 0;
  let one1 = 0;
  let one2 = 0;
  let one3 = 0;
  for (let left = filled; left !== 0; left &= left - 1) {
    const bit = left & -left;
    const relative = (pieceOn(lowestBit(bit)) ^ hand) & attributes;
    if (relative & 1) one0 |= bit;
    if (relative & 2) one1 |= bit;
    if (relative & 4) one2 |= bit;
    if (relative & 8) one3 |= bit;
  }
  canonicalChoice(symmetry, tuning.fullCanonical ? symmetry.count : 1, filled, one0, one1, one2, one3);
}

/**
 * The canonical choice, the one definition of the key (the search's computeKey and the book's
 * canonicalForm both call it): over the first `count` symmetries, the smallest (occupancy image, masks
 * sorted descending) tuple, the first symmetry that gives it kept. `filled` is the occupied cells and
 * `cells0`..`cells3` the cells whose piece, XOR-ed with the piece in hand, has attribute bit 0..3 set
 * (0 for a bit out of play). Sets keyOccupancy, keyHigh, keyLow and keySymmetry.
 */
export function canonicalChoice(
  symmetry: BoardSymmetries,
  count: number,
  filled: number,
  cells0: number,
  cells1: number,
  cells2: number,
  cells3: number,
): void {
  let bestOccupancy = 0x10000;
  let bestHigh = 0;
  let bestLow = 0;
  let bestSymmetry = 0;
  const low = symmetry.maskLow;
  const high = symmetry.maskHigh;
  for (let s = 0; s < count; s++) {
    const row = s << 8;
    const image = low[row | (filled & 255)] | high[row | (filled >>> 8)];
    if (image > bestOccupancy) continue;
    let a = low[row | (cells0 & 255)] | high[row | (cells0 >>> 8)];
    let b = low[row | (cells1 & 255)] | high[row | (cells1 >>> 8)];
    let c = low[row | (cells2 & 255)] | high[row | (cells2 >>> 8)];
    let d = low[row | (cells3 & 255)] | high[row | (cells3 >>> 8)];
    // Sort descending (a five-comparator network).
    let t: number;
    if (a < b) {
      t = a;
      a = b;
      b = t;
    }
    if (c < d) {
      t = c;
      c = d;
      d = t;
    }
    if (a < c) {
      t = a;
      a = c;
      c = t;
    }
    if (b < d) {
      t = b;
      b = d;
      d = t;
    }
    if (b < c) {
      t = b;
      b = c;
      c = t;
    }
    const keyA = a * 65536 + b;
    const keyB = c * 65536 + d;
    if (image < bestOccupancy || keyA < bestHigh || (keyA === bestHigh && keyB < bestLow)) {
      bestOccupancy = image;
      bestHigh = keyA;
      bestLow = keyB;
      bestSymmetry = s;
    }
  }
  keyOccupancy = bestOccupancy;
  keyHigh = bestHigh | 0;
  keyLow = bestLow | 0;
  keySymmetry = bestSymmetry;
}
