/**
 * The opening books' file format and its reader: per rules variant, every canonical position with a
 * piece in hand from the empty board down to a depth, with its exact value, a best move and the
 * placements to the end, found by the engine's canonical key. Pure and lazy (binary search in the
 * bytes), so the Worker and Node read a book alike; scripts/book-builder.ts writes the format.
 */
import { completedShapes, type Move, popcount, type Position, type Rules, type RulesInput } from "../rules/index.ts";
import { canonicalChoice, keyOccupancy, keySymmetry } from "./keys.ts";
import { negate, type Value } from "./score.ts";
import { boardSymmetries, mapCellMask } from "./symmetry.ts";

/** A plain board: cell -> piece or null. */
type Board = readonly (number | null)[];

/**
 * The layout (little-endian): "QBOK", u16 format version, u8 squares, u8 attribute count, u8 build
 * attribute mask, u8 top tier, u8 deepest tier, u8 tier count, u32 entry count, u32 CRC-32 of every byte
 * after it, u32 file length; then per tier (12 bytes) u8 empty cells, u8 key bytes, u16 0, u32 entries,
 * u32 offset; then per tier its sorted keys (big-endian, keyOf) and its u16 entries (decodeEntry).
 */
export const BOOK_FORMAT_VERSION = 1;
export const MAGIC = [0x51, 0x42, 0x4f, 0x4b]; // "QBOK"
export const HEADER_BYTES = 24;
export const TIER_BYTES = 12;

// ---- Variants.

/** What a book depends on: the squares option and how many attributes count. */
interface BookVariant {
  squares: boolean;
  attributeCount: number;
}

const variantOf = (rules: Pick<Rules, "squares" | "attributeMask">): BookVariant => ({
  squares: rules.squares,
  attributeCount: popcount(rules.attributeMask & 15),
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

// ---- Gives.

/** One piece per class of pieces equal on the attributes in play (the lowest id), among those not in `used` (a bit per piece). */
export function giveRepresentatives(used: number, attributeMask: number): number[] {
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
interface CanonicalForm {
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
function canonicalClass(form: CanonicalForm, piece: number): number {
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

export const keyBytesFor = (empties: number, attributeCount: number): number => (16 + attributeCount * (16 - empties) + 7) >> 3;

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

/** Value codes of an entry's top two bits. */
export const VALUE_CODES: readonly Value[] = ["loss", "draw", "win"];

/** An entry's 16 bits, high to low: value code (2), pliesToEnd (5), no give (1), cell (4), give class (4). */
export function decodeEntry(code: number): BookEntry {
  const value = VALUE_CODES[code >> 14];
  if (value === undefined) throw new BookError("book/malformed", "book: an entry has an invalid value code");
  return { value, pliesToEnd: (code >> 9) & 31, cell: (code >> 4) & 15, give: code & 256 ? -1 : code & 15 };
}

/** Higher is better for the player to move: a sooner win, then a draw, then a later loss. */
export function entryRank(value: Value, pliesToEnd: number): number {
  return value === "win" ? 100 - pliesToEnd : value === "draw" ? 0 : -100 + pliesToEnd;
}

// ---- The file.

type BookErrorCode = "book/truncated" | "book/bad_magic" | "book/version" | "book/checksum" | "book/rules" | "book/malformed";

/** A book that cannot be used: the caller falls back to search. */
export class BookError extends Error {
  readonly code: BookErrorCode;
  constructor(code: BookErrorCode, message: string) {
    super(message);
    this.name = "BookError";
    this.code = code;
  }
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
 * the one for `rules`. Only positions with a piece in hand are stored (the key is defined on those): a
 * position without is one ply of gives over them. So it costs one binary search with a piece in hand,
 * one per class of gives without.
 */
export function lookupBook(book: Book, position: Position, rules: Rules): BookAnswer | undefined {
  const variant = variantOf(rules);
  if (variant.squares !== book.squares || variant.attributeCount !== book.attributeCount) {
    throw new BookError(
      "book/rules",
      `book: this is the book for ${describeVariant(book.squares, book.attributeCount)}, the rules ask for ${describeVariant(variant.squares, variant.attributeCount)}`,
    );
  }
  const attributeMask = rules.attributeMask & 15;
  const empties = 16 - popcount(position.occupied);
  if (empties > book.topEmpties || empties < book.deepestEmpties || empties === 0) return undefined;
  if (completedShapes(position, rules).length > 0) return undefined;
  if (position.inHand !== null) return handAnswer(book, position, position.inHand, rules.squares, attributeMask, empties);
  let best: BookAnswer | undefined;
  let bestRank = -Infinity;
  for (const give of giveRepresentatives(position.usedPieces, attributeMask)) {
    const reply = handAnswer(book, position, give, rules.squares, attributeMask, empties);
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

/** The answer with `hand` in hand on the position's board (its own piece in hand, or a give's). */
function handAnswer(book: Book, position: Position, hand: number, squares: boolean, attributeMask: number, empties: number): BookAnswer | undefined {
  const board = position.board;
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
  // Once `hand` is placed, the pieces used are the board's and `hand`.
  const give = giveRepresentatives(position.usedPieces | (1 << hand), attributeMask).find((piece) => canonicalClass(form, piece) === entry.give);
  if (give === undefined) throw new BookError("book/malformed", "book: an entry's give is not available here");
  return { value: entry.value, move: { place, give }, pliesToEnd: entry.pliesToEnd };
}
