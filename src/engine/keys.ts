/**
 * Canonical keys of the board in board.ts, for the transposition table: equal for positions that are
 * the same up to a board symmetry and a relabelling of the pieces. The piece in hand is relabelled to
 * 0 by flipping attributes (XOR), the attributes are put in a canonical order by sorting their cell
 * masks, and the board symmetry chosen is the one giving the smallest (occupancy, attribute masks)
 * tuple. Three words, no hashing loss.
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

// The last computeKey result: the occupancy image and the four sorted attribute masks, two per word.
export let keyOccupancy = 0;
export let keyHigh = 0;
export let keyLow = 0;

let symmetries: BoardSymmetries | null = null;
/** ones[b]: cells holding a piece with attribute bit b set (bits in play only). */
const ones = new Int32Array(4);

/** Selects the board symmetries of the rules (32 without squares, 8 with). */
export function configureKeys(rules: Rules): void {
  symmetries = boardSymmetries(rules.squares);
}

/** The image under symmetry `s` of the cells showing attribute `bit` (flipped when the hand's bit is set). */
function attributeMaskUnder(symmetries: BoardSymmetries, s: number, bit: number, handFlips: number, attributes: number, cellsFilled: number): number {
  if (!((attributes >> bit) & 1)) return 0;
  const cells = (handFlips >> bit) & 1 ? cellsFilled & ~ones[bit] : ones[bit];
  return symmetries.maskLow[(s << 8) | (cells & 255)] | symmetries.maskHigh[(s << 8) | (cells >>> 8)];
}

/** Sets keyOccupancy, keyHigh and keyLow for the current board with `hand` to be placed. Call configureKeys first. */
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
    const piece = pieceOn(lowestBit(bit)) & attributes;
    if (piece & 1) one0 |= bit;
    if (piece & 2) one1 |= bit;
    if (piece & 4) one2 |= bit;
    if (piece & 8) one3 |= bit;
  }
  ones[0] = one0;
  ones[1] = one1;
  ones[2] = one2;
  ones[3] = one3;
  const count = tuning.fullCanonical ? symmetry.count : 1;
  let bestOccupancy = 0x10000;
  let bestHigh = 0;
  let bestLow = 0;
  const low = symmetry.maskLow;
  const high = symmetry.maskHigh;
  for (let s = 0; s < count; s++) {
    const image = low[(s << 8) | (filled & 255)] | high[(s << 8) | (filled >>> 8)];
    if (image > bestOccupancy) continue;
    let a = attributeMaskUnder(symmetry, s, 0, hand, attributes, filled);
    let b = attributeMaskUnder(symmetry, s, 1, hand, attributes, filled);
    let c = attributeMaskUnder(symmetry, s, 2, hand, attributes, filled);
    let d = attributeMaskUnder(symmetry, s, 3, hand, attributes, filled);
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
    }
  }
  keyOccupancy = bestOccupancy;
  keyHigh = bestHigh | 0;
  keyLow = bestLow | 0;
}
