/**
 * The building half of the opening books (src/engine/book.ts reads them): the canonical positions of each
 * tier, a key's representative position, the entries of the tiers above the solved one by minimax, and
 * the file's bytes. Only `npm run book`, its checks and the tests need it, so it stays out of the Worker.
 */
import { completesShape, configureBoard, loadBoard } from "../src/engine/board.ts";
import {
  BOOK_FORMAT_VERSION,
  type BookEntry,
  canonicalForm,
  crc32,
  entryRank,
  giveRepresentatives,
  HEADER_BYTES,
  keyBytesFor,
  keyOf,
  MAGIC,
  TIER_BYTES,
  VALUE_CODES,
} from "../src/engine/book.ts";
import { negate, type Value } from "../src/engine/score.ts";
import { type Move, popcount, type Setup } from "../src/rules/index.ts";

/** A plain board: cell -> piece or null. */
type Board = readonly (number | null)[];

/** The pieces on a board, a bit per piece. */
function piecesOn(board: Board): number {
  let used = 0;
  for (const piece of board) if (piece !== null) used |= 1 << piece;
  return used;
}

/**
 * The empty cells where placing `hand` completes a shape, a bit per cell, from the engine's board
 * (board.ts), which this loads: call it before anything that searches (deriveEntry's `child` may).
 */
function completingCells(board: Board, hand: number, squares: boolean, attributeMask: number): number {
  configureBoard({ squares, attributeMask });
  loadBoard(board, hand);
  let cells = 0;
  for (let cell = 0; cell < 16; cell++) if (board[cell] === null && completesShape(cell, hand)) cells |= 1 << cell;
  return cells;
}

// ---- Keys and their positions.

/** The occupancy and canonical masks of a key with `pieces` pieces on the board. */
export function unpackKey(key: number, pieces: number, attributeCount: number): { occupancy: number; masks: number[] } {
  const cells: number[] = [];
  const maskBits = attributeCount * pieces;
  const occupancy = Math.floor(key / 2 ** maskBits);
  for (let cell = 0; cell < 16; cell++) if (occupancy & (1 << cell)) cells.push(cell);
  const masks: number[] = [];
  let rest = key - occupancy * 2 ** maskBits;
  for (let j = attributeCount - 1; j >= 0; j--) {
    let mask = 0;
    for (let i = cells.length - 1; i >= 0; i--) {
      if (rest % 2 === 1) mask |= 1 << cells[i];
      rest = Math.floor(rest / 2);
    }
    masks[j] = mask;
  }
  return { occupancy, masks };
}

/** The key of a position with a piece in hand. */
export function positionKey(board: Board, hand: number, squares: boolean, attributeMask: number): number {
  const form = canonicalForm(board, hand, squares, attributeMask);
  return keyOf(form.occupancy, form.masks);
}

/**
 * The representative of a key: the position in the canonical frame, with canonical attribute j on the
 * j-th attribute bit in play (ascending), the piece in hand the lowest of class 0, and pieces of the same
 * class told apart by the attributes not in play (lowest first, in cell order).
 */
export function representative(key: number, empties: number, attributeMask: number): Setup {
  const { occupancy, masks } = unpackKey(key, 16 - empties, popcount(attributeMask));
  const inPlay = [0, 1, 2, 3].filter((bit) => (attributeMask >> bit) & 1);
  const filler = [0, 1, 2, 3].filter((bit) => !((attributeMask >> bit) & 1));
  const spread = (value: number, bits: readonly number[]) => bits.reduce((piece, bit, j) => piece | (((value >> j) & 1) << bit), 0);
  const nextFiller = new Map<number, number>([[0, 1]]);
  const board: (number | null)[] = Array(16).fill(null);
  for (let cell = 0; cell < 16; cell++) {
    if (!(occupancy & (1 << cell))) continue;
    let q = 0;
    for (let j = 0; j < masks.length; j++) q |= ((masks[j] >> cell) & 1) << j;
    const index = nextFiller.get(q) ?? 0;
    if (index >= 1 << filler.length) throw new RangeError("book: more pieces of one class than the game has");
    nextFiller.set(q, index + 1);
    board[cell] = spread(q, inPlay) | spread(index, filler);
  }
  return { board, inHand: 0 };
}

// ---- Entries.

/** The 16 bits of an entry (decodeEntry in book.ts reads them). */
export function encodeEntry(entry: BookEntry): number {
  const value = VALUE_CODES.indexOf(entry.value);
  if (value < 0 || entry.pliesToEnd < 1 || entry.pliesToEnd > 16 || entry.cell < 0 || entry.cell > 15 || entry.give < -1 || entry.give > 15) {
    throw new RangeError(`book: entry out of range ${JSON.stringify(entry)}`);
  }
  return (value << 14) | (entry.pliesToEnd << 9) | (entry.give < 0 ? 256 : 0) | (entry.cell << 4) | Math.max(entry.give, 0);
}

/**
 * The entry of a representative whose children (hand positions one placement deeper) are known, by
 * minimax: the first move in (cell, give) order among those with the best value and distance.
 * `child` returns the entry of a child position (board with a piece in hand).
 */
export function deriveEntry(setup: Setup, squares: boolean, attributeMask: number, child: (board: Board, hand: number) => BookEntry): BookEntry {
  const hand = setup.inHand as number;
  const board = [...setup.board];
  const empties = board.filter((piece) => piece === null).length;
  const completing = completingCells(board, hand, squares, attributeMask);
  // Once `hand` is placed, the pieces used are the board's and `hand`.
  const used = piecesOn(board) | (1 << hand);
  let best: BookEntry | null = null;
  let bestRank = -Infinity;
  const consider = (entry: BookEntry) => {
    const rank = entryRank(entry.value, entry.pliesToEnd);
    if (rank > bestRank) {
      best = entry;
      bestRank = rank;
    }
  };
  for (let cell = 0; cell < 16; cell++) {
    if (board[cell] !== null) continue;
    if (completing & (1 << cell)) {
      consider({ value: "win", pliesToEnd: 1, cell, give: -1 });
      continue;
    }
    if (empties === 1) {
      consider({ value: "draw", pliesToEnd: 1, cell, give: -1 });
      continue;
    }
    board[cell] = hand;
    for (const give of giveRepresentatives(used, attributeMask)) {
      const reply = child(board, give);
      consider({ value: negate(reply.value), pliesToEnd: reply.pliesToEnd + 1, cell, give: give & attributeMask });
    }
    board[cell] = null;
  }
  if (best === null) throw new RangeError("book: a position without moves");
  return classOfGive(best, attributeMask);
}

/** Turns a give's in-play bits (real attribute bits of a representative) into canonical class bits. */
function classOfGive(entry: BookEntry, attributeMask: number): BookEntry {
  if (entry.give < 0) return entry;
  const inPlay = [0, 1, 2, 3].filter((bit) => (attributeMask >> bit) & 1);
  let q = 0;
  inPlay.forEach((bit, j) => {
    q |= ((entry.give >> bit) & 1) << j;
  });
  return { ...entry, give: q };
}

/** The entry for a move found by a solver on a representative (a real move with a concrete give). */
export function entryFromMove(value: Value, pliesToEnd: number, move: Move, attributeMask: number): BookEntry {
  if (move.place === undefined) throw new RangeError("book: a move on a position with a piece in hand places it");
  return classOfGive({ value, pliesToEnd, cell: move.place, give: move.give ?? -1 }, attributeMask);
}

// ---- Tiers: the canonical positions with a piece in hand, by number of empty cells.

/** The top tier: the empty board with the first piece in hand. */
const topTier = (): number[] => [0];

/**
 * The canonical positions one placement deeper than `tier` (keys of positions with `empties` empty
 * cells): every child of every position (placements that end the game excluded), sorted. Every
 * Quarto-free board with a piece in hand is such a child, so this is the whole tier.
 */
function nextTier(tier: readonly number[], empties: number, squares: boolean, attributeMask: number): number[] {
  const found = new Set<number>();
  if (empties <= 1) return [];
  for (const key of tier) {
    const setup = representative(key, empties, attributeMask);
    const hand = setup.inHand as number;
    const board = [...setup.board];
    const completing = completingCells(board, hand, squares, attributeMask);
    const used = piecesOn(board) | (1 << hand);
    for (let cell = 0; cell < 16; cell++) {
      if (board[cell] !== null || completing & (1 << cell)) continue;
      board[cell] = hand;
      for (const give of giveRepresentatives(used, attributeMask)) found.add(positionKey(board, give, squares, attributeMask));
      board[cell] = null;
    }
  }
  return Array.from(found).sort((a, b) => a - b);
}

/**
 * The key shared by a position's siblings: the same board with another piece in hand (the smallest key
 * among them). The book builder solves siblings one after another on one table, since they share most
 * of their subtrees; every position of a tier is in exactly one such group.
 */
export function siblingGroup(key: number, empties: number, squares: boolean, attributeMask: number): number {
  const setup = representative(key, empties, attributeMask);
  let group = key;
  for (const hand of giveRepresentatives(piecesOn(setup.board), attributeMask)) {
    const sibling = positionKey(setup.board, hand, squares, attributeMask);
    if (sibling < group) group = sibling;
  }
  return group;
}

/** Every tier's sorted keys from the empty board (16 empty cells) down to `deepest` empty cells, top first. */
export function enumerateTiers(squares: boolean, attributeMask: number, deepest: number): number[][] {
  const tiers = [topTier()];
  for (let empties = 16; empties > deepest; empties--) tiers.push(nextTier(tiers[tiers.length - 1], empties, squares, attributeMask));
  return tiers;
}

// ---- The file.

export interface BookTierData {
  empties: number;
  /** Sorted, distinct. */
  keys: ArrayLike<number>;
  /** encodeEntry codes, parallel to keys. */
  entries: ArrayLike<number>;
}

export interface BookContents {
  squares: boolean;
  /** The attribute mask the book was built with (any subset of the same size shares the book). */
  attributeMask: number;
  /** Top tier first (16 empty cells), each one cell deeper than the last. */
  tiers: readonly BookTierData[];
}

/** The book file of `contents`, in the layout described at BOOK_FORMAT_VERSION in book.ts. */
export function encodeBook(contents: BookContents): Uint8Array {
  const attributeCount = popcount(contents.attributeMask);
  const tiers = contents.tiers;
  if (tiers.length === 0 || tiers[0].empties !== 16) throw new RangeError("book: the first tier must be the empty board (16 empty cells)");
  let length = HEADER_BYTES + TIER_BYTES * tiers.length;
  const offsets: number[] = [];
  tiers.forEach((tier, index) => {
    if (index > 0 && tier.empties !== tiers[index - 1].empties - 1) throw new RangeError("book: tiers must be consecutive");
    if (tier.keys.length !== tier.entries.length) throw new RangeError("book: keys and entries differ in count");
    offsets.push(length);
    length += tier.keys.length * (keyBytesFor(tier.empties, attributeCount) + 2);
  });
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint16(4, BOOK_FORMAT_VERSION, true);
  view.setUint8(6, contents.squares ? 1 : 0);
  view.setUint8(7, attributeCount);
  view.setUint8(8, contents.attributeMask);
  view.setUint8(9, tiers[0].empties);
  view.setUint8(10, tiers[tiers.length - 1].empties);
  view.setUint8(11, tiers.length);
  view.setUint32(
    12,
    tiers.reduce((sum, tier) => sum + tier.keys.length, 0),
    true,
  );
  view.setUint32(20, length, true);
  tiers.forEach((tier, index) => {
    const keyBytes = keyBytesFor(tier.empties, attributeCount);
    const at = HEADER_BYTES + TIER_BYTES * index;
    view.setUint8(at, tier.empties);
    view.setUint8(at + 1, keyBytes);
    view.setUint32(at + 4, tier.keys.length, true);
    view.setUint32(at + 8, offsets[index], true);
    for (let i = 0; i < tier.keys.length; i++) {
      const key = tier.keys[i];
      if (i > 0 && tier.keys[i - 1] >= key) throw new RangeError("book: keys must be sorted and distinct");
      if (key >= 2 ** (8 * keyBytes)) throw new RangeError("book: a key is too long for its tier");
      writeKey(bytes, offsets[index] + i * keyBytes, keyBytes, key);
    }
    const entriesAt = offsets[index] + tier.keys.length * keyBytes;
    for (let i = 0; i < tier.keys.length; i++) view.setUint16(entriesAt + 2 * i, tier.entries[i], true);
  });
  view.setUint32(16, crc32(bytes, 20), true);
  return bytes;
}

function writeKey(bytes: Uint8Array, at: number, length: number, key: number): void {
  let rest = key;
  for (let i = length - 1; i >= 0; i--) {
    bytes[at + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}
