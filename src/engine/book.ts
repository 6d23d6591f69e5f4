/**
 * The opening book: for every canonical position from the empty board down to a chosen number of empty
 * cells, its exact value, a best move and the placements to the end, in one compact binary file per rules
 * variant, looked up by the engine's canonical key. Pure: it takes a Uint8Array and decodes lazily (binary
 * search in place), so Node (fs) and the Worker (a Data module or a static asset) load it the same way.
 *
 * Only positions with a piece in hand are stored: the engine's key is defined on those, and a give-phase
 * position is one ply of gives over hand positions of the same board (at most 16 lookups here), so storing
 * it too would add about 12% more entries for nothing. A book serves every attribute subset of its size:
 * the key only sees the multiset of the attributes' cell masks, so all subsets of k attributes coincide.
 */
import { ALL_SHAPES, LINES, type Move, type Position, type Rules, type RulesInput, type Setup } from "../rules/index.ts";
import { canonicalChoice, keyOccupancy, keySymmetry } from "./keys.ts";
import type { Value } from "./score.ts";
import { boardSymmetries, mapCellMask } from "./symmetry.ts";

export const BOOK_FORMAT_VERSION = 1;
const MAGIC = [0x51, 0x42, 0x4f, 0x4b]; // "QBOK"
const HEADER_BYTES = 24;
const TIER_BYTES = 12;

// ---- Variants.

/** What a book depends on: the squares option and how many attributes count. */
export interface BookVariant {
  squares: boolean;
  attributeCount: number;
}

export const variantOf = (rules: Pick<Rules, "squares" | "attributeMask">): BookVariant => ({
  squares: rules.squares,
  attributeCount: popcount4(rules.attributeMask & 15),
});

/**
 * The books' variant names and the rules each is built with. Every attribute subset of the same size
 * shares a book (any k attributes are equivalent under relabelling), so the first k attributes stand for
 * all of them.
 */
export const BOOK_VARIANTS: Readonly<Record<string, RulesInput>> = {
  classic: {},
  squares: { squares: true },
  "attributes-1": { attributes: ["height"] },
  "attributes-2": { attributes: ["height", "color"] },
  "attributes-3": { attributes: ["height", "color", "shape"] },
  "attributes-1-squares": { squares: true, attributes: ["height"] },
  "attributes-2-squares": { squares: true, attributes: ["height", "color"] },
  "attributes-3-squares": { squares: true, attributes: ["height", "color", "shape"] },
};

/** The variant name of the book that serves these rules (announce and missed-claim options do not matter). */
export function bookVariantName(rules: Pick<Rules, "squares" | "attributeMask">): string {
  const { squares, attributeCount } = variantOf(rules);
  if (attributeCount === 4) return squares ? "squares" : "classic";
  return `attributes-${attributeCount}${squares ? "-squares" : ""}`;
}

const popcount4 = (mask: number): number => (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);

// ---- Shapes and moves on a plain board (cell -> piece or null).

type Board = readonly (number | null)[];

const shapesOf = (squares: boolean) => (squares ? ALL_SHAPES : LINES);

/** Whether placing `piece` on the empty `cell` completes a shape under the rules. */
export function completesShape(board: Board, cell: number, piece: number, squares: boolean, attributeMask: number): boolean {
  for (const shape of shapesOf(squares)) {
    if (!(shape.mask & (1 << cell))) continue;
    let all = attributeMask;
    let none = attributeMask;
    let full = true;
    for (const other of shape.cells) {
      const p = other === cell ? piece : board[other];
      if (p === null) {
        full = false;
        break;
      }
      all &= p;
      none &= ~p;
    }
    if (full && (all | none) !== 0) return true;
  }
  return false;
}

/** Whether the board already holds a completed shape (the game is over, or a Quarto lapsed). */
export function hasCompletedShape(board: Board, squares: boolean, attributeMask: number): boolean {
  for (const shape of shapesOf(squares)) {
    let all = attributeMask;
    let none = attributeMask;
    let full = true;
    for (const cell of shape.cells) {
      const p = board[cell];
      if (p === null) {
        full = false;
        break;
      }
      all &= p;
      none &= ~p;
    }
    if (full && (all | none) !== 0) return true;
  }
  return false;
}

/** One piece per class of pieces equal on the attributes in play (the lowest id), not on the board or in hand. */
export function giveRepresentatives(board: Board, hand: number | null, attributeMask: number): number[] {
  let used = hand === null ? 0 : 1 << hand;
  for (const piece of board) if (piece !== null) used |= 1 << piece;
  let seenClasses = 0;
  const pieces: number[] = [];
  for (let piece = 0; piece < 16; piece++) {
    if (used & (1 << piece) || seenClasses & (1 << (piece & attributeMask))) continue;
    seenClasses |= 1 << (piece & attributeMask);
    pieces.push(piece);
  }
  return pieces;
}

// ---- Canonical form: the engine's key (keys.ts, canonicalChoice) with the transform that reaches it.

/**
 * The canonical form of a board with a reference piece (the piece in hand): every piece is XOR-ed with it
 * (so the hand becomes 0), the attributes in play are ordered by their cell masks, largest first, and the
 * board symmetry kept is the first giving the smallest (occupancy, masks) tuple. Two positions with a
 * piece in hand have the same form exactly when a symmetry of the game maps one onto the other.
 */
export interface CanonicalForm {
  /** The occupied cells in the canonical frame. */
  occupancy: number;
  /** The k attribute cell masks in the canonical frame, sorted descending. */
  masks: number[];
  /** Index into boardSymmetries(squares): where each cell goes. */
  symmetry: number;
  /** order[j]: the attribute bit (0-3) that canonical attribute j comes from. */
  order: number[];
  /** The piece XOR-ed onto every piece. */
  flip: number;
}

export function canonicalForm(board: Board, hand: number, squares: boolean, attributeMask: number): CanonicalForm {
  const symmetries = boardSymmetries(squares);
  let occupied = 0;
  const ones = [0, 0, 0, 0];
  for (let cell = 0; cell < 16; cell++) {
    const piece = board[cell];
    if (piece === null) continue;
    occupied |= 1 << cell;
    const relative = (piece ^ hand) & attributeMask;
    for (let bit = 0; bit < 4; bit++) if (relative & (1 << bit)) ones[bit] |= 1 << cell;
  }
  canonicalChoice(symmetries, symmetries.count, occupied, ones[0], ones[1], ones[2], ones[3]);
  const bestOccupancy = keyOccupancy;
  const bestSymmetry = keySymmetry;
  const inPlay = [0, 1, 2, 3].filter((bit) => (attributeMask >> bit) & 1);
  const masks = inPlay.map((bit) => mapCellMask(symmetries, bestSymmetry, ones[bit]));
  // Stable: equal masks keep bit order (swapping them is a symmetry of the position anyway).
  const order = inPlay.map((bit, index) => ({ bit, mask: masks[index] })).sort((x, y) => y.mask - x.mask);
  return { occupancy: bestOccupancy, masks: order.map((entry) => entry.mask), symmetry: bestSymmetry, order: order.map((entry) => entry.bit), flip: hand };
}

/** The class (canonical attribute bits) of a piece under a form. */
export function canonicalClass(form: CanonicalForm, piece: number): number {
  let q = 0;
  for (let j = 0; j < form.order.length; j++) q |= (((piece ^ form.flip) >> form.order[j]) & 1) << j;
  return q;
}

/**
 * The key as a number: occupancy (16 bits), then each canonical mask's bits on the occupied cells (the
 * lowest cell first), most significant first. At most 53 bits: books reach down to 7 empty cells with
 * four attributes, further with fewer. Stored big-endian in the file, so byte order is numeric order.
 */
export function keyOf(occupancy: number, masks: readonly number[]): number {
  let key = occupancy;
  for (const mask of masks) {
    for (let cell = 0; cell < 16; cell++) if (occupancy & (1 << cell)) key = key * 2 + ((mask >> cell) & 1);
  }
  if (key > Number.MAX_SAFE_INTEGER) throw new RangeError("book: a key longer than 53 bits (too many pieces on the board for a book)");
  return key;
}

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

export const keyBytesFor = (empties: number, attributeCount: number): number => (16 + attributeCount * (16 - empties) + 7) >> 3;

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
  const { occupancy, masks } = unpackKey(key, 16 - empties, popcount4(attributeMask));
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

// ---- Entries: value, best move and distance in 16 bits.

/** One book entry, for the player to move in the canonical frame. */
export interface BookEntry {
  value: Value;
  /** Placements until the game ends with best play (the winner hurries, the loser delays; a draw fills the board). */
  pliesToEnd: number;
  /** The cell to place on (canonical frame). */
  cell: number;
  /** The class of the piece to give (canonical attribute bits), or -1 when the placement ends the game. */
  give: number;
}

const VALUE_CODES: readonly Value[] = ["loss", "draw", "win"];

export function encodeEntry(entry: BookEntry): number {
  const value = VALUE_CODES.indexOf(entry.value);
  if (value < 0 || entry.pliesToEnd < 1 || entry.pliesToEnd > 16 || entry.cell < 0 || entry.cell > 15 || entry.give < -1 || entry.give > 15) {
    throw new RangeError(`book: entry out of range ${JSON.stringify(entry)}`);
  }
  return (value << 14) | (entry.pliesToEnd << 9) | (entry.give < 0 ? 256 : 0) | (entry.cell << 4) | Math.max(entry.give, 0);
}

export function decodeEntry(code: number): BookEntry {
  const value = VALUE_CODES[code >> 14];
  if (value === undefined) throw new BookError("book/malformed", "book: an entry has an invalid value code");
  return { value, pliesToEnd: (code >> 9) & 31, cell: (code >> 4) & 15, give: code & 256 ? -1 : code & 15 };
}

/** Higher is better for the player to move: a sooner win, then a draw, then a later loss. */
export function entryRank(value: Value, pliesToEnd: number): number {
  return value === "win" ? 100 - pliesToEnd : value === "draw" ? 0 : -100 + pliesToEnd;
}

const negate = (value: Value): Value => (value === "win" ? "loss" : value === "loss" ? "win" : "draw");

/**
 * The entry of a representative whose children (hand positions one placement deeper) are known, by
 * minimax: the first move in (cell, give) order among those with the best value and distance.
 * `child` returns the entry of a child position (board with a piece in hand).
 */
export function deriveEntry(setup: Setup, squares: boolean, attributeMask: number, child: (board: Board, hand: number) => BookEntry): BookEntry {
  const hand = setup.inHand as number;
  const board = [...setup.board];
  const empties = board.filter((piece) => piece === null).length;
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
    if (completesShape(board, cell, hand, squares, attributeMask)) {
      consider({ value: "win", pliesToEnd: 1, cell, give: -1 });
      continue;
    }
    if (empties === 1) {
      consider({ value: "draw", pliesToEnd: 1, cell, give: -1 });
      continue;
    }
    board[cell] = hand;
    for (const give of giveRepresentatives(board, null, attributeMask)) {
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
export const topTier = (): number[] => [0];

/**
 * The canonical positions one placement deeper than `tier` (keys of positions with `empties` empty
 * cells): every child of every position (placements that end the game excluded), sorted. Every
 * Quarto-free board with a piece in hand is such a child, so this is the whole tier.
 */
export function nextTier(tier: readonly number[], empties: number, squares: boolean, attributeMask: number): number[] {
  const found = new Set<number>();
  if (empties <= 1) return [];
  for (const key of tier) {
    const setup = representative(key, empties, attributeMask);
    const hand = setup.inHand as number;
    const board = [...setup.board];
    for (let cell = 0; cell < 16; cell++) {
      if (board[cell] !== null || completesShape(board, cell, hand, squares, attributeMask)) continue;
      board[cell] = hand;
      for (const give of giveRepresentatives(board, null, attributeMask)) found.add(positionKey(board, give, squares, attributeMask));
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
  for (const hand of giveRepresentatives(setup.board, null, attributeMask)) {
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

export type BookErrorCode = "book/truncated" | "book/bad_magic" | "book/version" | "book/checksum" | "book/rules" | "book/malformed";

/** A book that cannot be used: the caller falls back to search. */
export class BookError extends Error {
  readonly code: BookErrorCode;
  constructor(code: BookErrorCode, message: string) {
    super(message);
    this.name = "BookError";
    this.code = code;
  }
}

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

let crcTable: Uint32Array | null = null;

/** CRC-32 (IEEE) of bytes. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) crc = crcTable[(crc ^ bytes[i]) & 255] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Layout (little-endian): "QBOK", u16 format version, u8 squares, u8 attribute count, u8 build attribute
 * mask, u8 top tier, u8 deepest tier, u8 tier count, u32 entry count, u32 CRC-32 of every byte after it,
 * u32 file length; then per tier (12 bytes) u8 empty cells, u8 key bytes, u16 0, u32 entries, u32 offset;
 * then per tier its sorted keys and its u16 entries.
 */
export function encodeBook(contents: BookContents): Uint8Array {
  const attributeCount = popcount4(contents.attributeMask);
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

function readKey(bytes: Uint8Array, at: number, length: number): number {
  let key = 0;
  for (let i = 0; i < length; i++) key = key * 256 + bytes[at + i];
  return key;
}

interface TierView {
  empties: number;
  keyBytes: number;
  count: number;
  offset: number;
}

/** An opened, checked book. Nothing is decoded until a lookup. */
export interface Book {
  readonly squares: boolean;
  readonly attributeCount: number;
  readonly buildAttributeMask: number;
  readonly topEmpties: number;
  readonly deepestEmpties: number;
  readonly entryCount: number;
  readonly checksum: number;
  readonly bytes: Uint8Array;
  readonly tiers: readonly TierView[];
}

const describeVariant = (squares: boolean, attributeCount: number) =>
  `${attributeCount === 4 ? "all four attributes" : `${attributeCount} attribute${attributeCount === 1 ? "" : "s"}`}${squares ? " with squares" : ""}`;

/**
 * Checks a book file (magic, format version, length, checksum, tier table) and, when `rules` are given,
 * that it is the book of their variant. Throws BookError with a stable code and a clear message.
 */
export function openBook(input: Uint8Array | ArrayBuffer, rules?: Pick<Rules, "squares" | "attributeMask">): Book {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length < HEADER_BYTES) throw new BookError("book/truncated", `book: ${bytes.length} bytes is too short for a book header`);
  if (MAGIC.some((byte, i) => bytes[i] !== byte)) throw new BookError("book/bad_magic", "book: not a book file (bad magic bytes)");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== BOOK_FORMAT_VERSION) {
    throw new BookError("book/version", `book: format version ${version}, this code reads version ${BOOK_FORMAT_VERSION}: rebuild the book`);
  }
  const length = view.getUint32(20, true);
  if (length !== bytes.length) throw new BookError("book/truncated", `book: the header says ${length} bytes, the file has ${bytes.length}`);
  const checksum = view.getUint32(16, true);
  const actual = crc32(bytes, 20);
  if (checksum !== actual) {
    throw new BookError("book/checksum", `book: checksum mismatch (header ${checksum.toString(16)}, content ${actual.toString(16)}): the file is corrupt`);
  }
  const squares = view.getUint8(6) === 1;
  const attributeCount = view.getUint8(7);
  const tierCount = view.getUint8(11);
  const tiers: TierView[] = [];
  let entryCount = 0;
  for (let index = 0; index < tierCount; index++) {
    const at = HEADER_BYTES + TIER_BYTES * index;
    const tier = { empties: view.getUint8(at), keyBytes: view.getUint8(at + 1), count: view.getUint32(at + 4, true), offset: view.getUint32(at + 8, true) };
    if (tier.keyBytes !== keyBytesFor(tier.empties, attributeCount) || tier.offset + tier.count * (tier.keyBytes + 2) > bytes.length) {
      throw new BookError("book/malformed", `book: tier ${tier.empties} does not fit the file`);
    }
    if (index > 0 && tier.empties !== tiers[index - 1].empties - 1) throw new BookError("book/malformed", "book: tiers are not consecutive");
    entryCount += tier.count;
    tiers.push(tier);
  }
  if (attributeCount < 1 || attributeCount > 4 || tierCount === 0 || entryCount !== view.getUint32(12, true)) {
    throw new BookError("book/malformed", "book: the header's counts do not add up");
  }
  const book: Book = {
    squares,
    attributeCount,
    buildAttributeMask: view.getUint8(8),
    topEmpties: view.getUint8(9),
    deepestEmpties: view.getUint8(10),
    entryCount,
    checksum,
    bytes,
    tiers,
  };
  if (rules) {
    const wanted = variantOf(rules);
    if (wanted.squares !== squares || wanted.attributeCount !== attributeCount) {
      throw new BookError(
        "book/rules",
        `book: this is the book for ${describeVariant(squares, attributeCount)}, the rules ask for ${describeVariant(wanted.squares, wanted.attributeCount)}`,
      );
    }
  }
  return book;
}

/** Entry `index` of one of the book's tiers: its key and its decoded entry (keys ascending). */
export function tierEntry(book: Book, tier: Book["tiers"][number], index: number): { key: number; entry: BookEntry } {
  const at = tier.offset + tier.count * tier.keyBytes + 2 * index;
  return { key: readKey(book.bytes, tier.offset + index * tier.keyBytes, tier.keyBytes), entry: decodeEntry(book.bytes[at] | (book.bytes[at + 1] << 8)) };
}

/** Binary search for a key in its tier; the entry, or undefined. */
export function findEntry(book: Book, key: number, empties: number): BookEntry | undefined {
  const tier = book.tiers.find((candidate) => candidate.empties === empties);
  if (!tier) return undefined;
  const bytes = book.bytes;
  let low = 0;
  let high = tier.count - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = readKey(bytes, tier.offset + middle * tier.keyBytes, tier.keyBytes) - key;
    if (order === 0) return tierEntry(book, tier, middle).entry;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** A book's answer for a position, in the position's own frame. */
export interface BookAnswer {
  /** For the player to move. */
  value: Value;
  /** A best move: the fastest win, any draw-keeping move, or the longest resistance. */
  move: Move;
  /** Placements until the game ends with best play. */
  pliesToEnd: number;
}

/**
 * The exact answer for a position, or undefined when it is outside the book (deeper than its last tier,
 * the game over, or a lapsed Quarto on the board). Throws BookError("book/rules") when the book is not
 * the one for `rules`. Costs one binary search with a piece in hand, one per class of gives without.
 */
export function lookupBook(book: Book, position: Pick<Position, "board" | "inHand">, rules: Pick<Rules, "squares" | "attributeMask">): BookAnswer | undefined {
  const variant = variantOf(rules);
  if (variant.squares !== book.squares || variant.attributeCount !== book.attributeCount) {
    throw new BookError(
      "book/rules",
      `book: this is the book for ${describeVariant(book.squares, book.attributeCount)}, the rules ask for ${describeVariant(variant.squares, variant.attributeCount)}`,
    );
  }
  const attributeMask = rules.attributeMask & 15;
  const board = position.board;
  const empties = board.filter((piece) => piece === null).length;
  if (empties > book.topEmpties || empties < book.deepestEmpties || empties === 0) return undefined;
  if (hasCompletedShape(board, rules.squares, attributeMask)) return undefined;
  if (position.inHand !== null) return handAnswer(book, board, position.inHand, rules.squares, attributeMask, empties);
  let best: BookAnswer | undefined;
  let bestRank = -Infinity;
  for (const give of giveRepresentatives(board, null, attributeMask)) {
    const reply = handAnswer(book, board, give, rules.squares, attributeMask, empties);
    if (!reply) return undefined;
    const value = negate(reply.value);
    const rank = entryRank(value, reply.pliesToEnd);
    if (rank > bestRank) {
      best = { value, move: { give }, pliesToEnd: reply.pliesToEnd };
      bestRank = rank;
    }
  }
  return best;
}

function handAnswer(book: Book, board: Board, hand: number, squares: boolean, attributeMask: number, empties: number): BookAnswer | undefined {
  const form = canonicalForm(board, hand, squares, attributeMask);
  const entry = findEntry(book, keyOf(form.occupancy, form.masks), empties);
  if (!entry) return undefined;
  const perm = boardSymmetries(squares).perm;
  let place = -1;
  for (let cell = 0; cell < 16; cell++) if (perm[form.symmetry * 16 + cell] === entry.cell) place = cell;
  if (place < 0 || board[place] !== null) throw new BookError("book/malformed", "book: an entry's move is not legal here");
  if (entry.give < 0) {
    const move: Move = entry.value === "win" ? { place, quarto: true } : { place };
    return { value: entry.value, move, pliesToEnd: entry.pliesToEnd };
  }
  const after = [...board];
  after[place] = hand;
  const give = giveRepresentatives(after, null, attributeMask).find((piece) => canonicalClass(form, piece) === entry.give);
  if (give === undefined) throw new BookError("book/malformed", "book: an entry's give is not available here");
  return { value: entry.value, move: { place, give }, pliesToEnd: entry.pliesToEnd };
}
