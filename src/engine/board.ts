/**
 * The search's one mutable board (module state: one search at a time, which is how a Worker isolate
 * runs them): typed arrays, make and unmake, nothing allocated in the hot loop. The arrays stay private
 * behind small functions that V8 inlines (exported typed arrays, read through module cells, made the
 * search about a fifth slower); only the two masks every loop starts from are exported.
 */
import { ALL_SHAPES, popcount, type Rules } from "../rules/index.ts";

const MAX_SHAPES = 19;
/** At most 7 shapes pass through a cell (row, column, diagonal, four squares); 8 keeps indexing a shift. */
const MAX_SHAPES_PER_CELL = 8;
/** Undo slots: depths 0-15 of the search, 16 and 17 for the scratch placements of the endgame tests. */
const UNDO_DEPTHS = 18;

// ---- Rules in play (configureBoard).
let shapeTotal = 10;
let attributeMask = 15;
/** shapeMasks[s]: the cells of shape s. */
const shapeMasks = new Int32Array(MAX_SHAPES);
/** cellShapes[c * 8 + i], i < cellShapeCount[c]: the shapes through cell c. */
const cellShapes = new Uint8Array(16 * MAX_SHAPES_PER_CELL);
const cellShapeCount = new Uint8Array(16);
/** cellShapeSet[c]: bit s set for each shape through cell c. */
const cellShapeSet = new Int32Array(16);
/** pieceClass[p]: the pieces equal to p on every attribute in play. */
const pieceClass = new Int32Array(16);

// ---- The position. Each shape keeps one int `count | andP << 4 | andN << 8` (how many of its cells are
// filled, and the attribute bits that all its pieces have set / clear). Placing piece p is
// `(state & PLACE_MASK[p]) + 1`. A shape with three pieces threatens exactly the pieces in
// WIN_PIECES[andP | andN << 4]: those must not be given. Pieces equal on the attributes in play are
// interchangeable (classOf).
const shapeState = new Int32Array(MAX_SHAPES);
/** cellPiece[c]: the piece on cell c, or -1. */
const cellPiece = new Int8Array(16);
/** The cells holding a piece (read-only outside, as `available`: takePiece/returnPiece change that one). */
export let occupied = 0;
/** Pieces still beside the board, not counting the one in hand. */
export let available = 0;
/** Bit s set when shape s has exactly three pieces (it threatens the pieces that complete it). */
let threeSet = 0;
/** Bit s set when shape s has exactly two pieces. */
let twoSet = 0;
/** Bit s set when shape s has at most two pieces and they still share an attribute value. */
let liveSet = 0;
const undo = new Int32Array(UNDO_DEPTHS * MAX_SHAPES_PER_CELL);
const undoThree = new Int32Array(UNDO_DEPTHS);
const undoTwo = new Int32Array(UNDO_DEPTHS);
const undoLive = new Int32Array(UNDO_DEPTHS);

// ---- Threat summary of the current board (summarizeThreats): the union of what the three-piece
// shapes threaten, the empty cells those shapes still need, and per such cell what it threatens.
let threatUnion = 0;
let threatCellSet = 0;
const threatsAt = new Int32Array(16);

/** WIN_PIECES[andP | andN << 4]: the pieces that complete a 3-piece shape with those common bits. */
const WIN_PIECES = new Uint16Array(256);
for (let common = 0; common < 256; common++) {
  const set = common & 15;
  const clear = common >> 4;
  for (let piece = 0; piece < 16; piece++) if ((piece & set) | (~piece & clear & 15)) WIN_PIECES[common] |= 1 << piece;
}
/** AND-mask a shape state takes when `piece` joins it (the +1 on the count is added separately). */
const PLACE_MASK = new Int32Array(16);
for (let piece = 0; piece < 16; piece++) PLACE_MASK[piece] = 0xf | (piece << 4) | ((~piece & 15) << 8);
/** PIECES_WITH_BIT[b]: the pieces whose attribute bit b is set. */
const PIECES_WITH_BIT = new Int32Array(4);
for (let piece = 0; piece < 16; piece++) for (let bit = 0; bit < 4; bit++) if (piece & (1 << bit)) PIECES_WITH_BIT[bit] |= 1 << piece;

// The functions below are what other modules read the board through. The search modules copy them once
// into module constants: V8 reads an imported binding through its module cell at every use, a constant
// with one load.
const clz32 = Math.clz32;
/** The index of the lowest set bit of a non-zero mask (short enough for V8 to always inline it). */
export const lowestBit = (mask: number): number => 31 - clz32(mask & -mask);

/** The pieces equal to `piece` on every attribute in play. */
export const classOf = (piece: number): number => pieceClass[piece];
/** The piece on `cell`, or -1. */
export const pieceOn = (cell: number): number => cellPiece[cell];
/** The attribute bits in play (15 with all four). */
export const attributesInPlay = (): number => attributeMask;

export function configureBoard(rules: Pick<Rules, "squares" | "attributeMask">): void {
  shapeTotal = rules.squares ? ALL_SHAPES.length : 10;
  attributeMask = rules.attributeMask & 15;
  cellShapeCount.fill(0);
  cellShapeSet.fill(0);
  for (let s = 0; s < shapeTotal; s++) {
    shapeMasks[s] = ALL_SHAPES[s].mask;
    for (const cell of ALL_SHAPES[s].cells) {
      cellShapes[cell * MAX_SHAPES_PER_CELL + cellShapeCount[cell]++] = s;
      cellShapeSet[cell] |= 1 << s;
    }
  }
  for (let piece = 0; piece < 16; piece++) {
    pieceClass[piece] = 0;
    for (let other = 0; other < 16; other++) if (((piece ^ other) & attributeMask) === 0) pieceClass[piece] |= 1 << other;
  }
}

/** Loads a board (cell -> piece or null) and the pieces still to be given. Call configureBoard first. */
export function loadBoard(board: readonly (number | null)[], inHand: number | null): void {
  occupied = 0;
  threeSet = 0;
  twoSet = 0;
  liveSet = (1 << shapeTotal) - 1;
  cellPiece.fill(-1);
  for (let s = 0; s < shapeTotal; s++) shapeState[s] = (attributeMask << 4) | (attributeMask << 8);
  let used = 0;
  for (let cell = 0; cell < 16; cell++) {
    const piece = board[cell];
    if (piece === null || piece === undefined) continue;
    placePiece(cell, piece, UNDO_DEPTHS - 1);
    used |= 1 << piece;
  }
  if (inHand !== null) used |= 1 << inHand;
  available = ~used & 0xffff;
}

/** Takes `piece` from beside the board (it is being given). */
export function takePiece(piece: number): void {
  available &= ~(1 << piece);
}

/** Puts `piece` back beside the board (undoes takePiece). */
export function returnPiece(piece: number): void {
  available |= 1 << piece;
}

/** Places `piece` on the empty `cell`, saving what removePiece(cell, depth) restores. */
export function placePiece(cell: number, piece: number, depth: number): void {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  const saved = depth * MAX_SHAPES_PER_CELL;
  const mask = PLACE_MASK[piece];
  let three = threeSet;
  let two = twoSet;
  let live = liveSet;
  undoThree[depth] = three;
  undoTwo[depth] = two;
  undoLive[depth] = live;
  for (let i = 0; i < count; i++) {
    const s = cellShapes[base + i];
    const state = shapeState[s];
    undo[saved + i] = state;
    const next = (state & mask) + 1;
    shapeState[s] = next;
    const filled = next & 15;
    const bit = 1 << s;
    if (filled > 2 || (next & 0xff0) === 0) live &= ~bit;
    if (filled === 3) {
      three |= bit;
      two &= ~bit;
    } else if (filled === 2) two |= bit;
    else if (filled === 4) three &= ~bit;
  }
  threeSet = three;
  twoSet = two;
  liveSet = live;
  cellPiece[cell] = piece;
  occupied |= 1 << cell;
}

export function removePiece(cell: number, depth: number): void {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  const saved = depth * MAX_SHAPES_PER_CELL;
  for (let i = 0; i < count; i++) shapeState[cellShapes[base + i]] = undo[saved + i];
  threeSet = undoThree[depth];
  twoSet = undoTwo[depth];
  liveSet = undoLive[depth];
  cellPiece[cell] = -1;
  occupied &= ~(1 << cell);
}

/** The pieces that would complete a shape if placed now: the ones a player must not give. */
export function threats(): number {
  let pieces = 0;
  for (let left = threeSet; left !== 0; left &= left - 1) pieces |= WIN_PIECES[(shapeState[lowestBit(left)] >> 4) & 255];
  return pieces;
}

/** Whether placing `piece` on the empty `cell` completes a shape. */
export function completesShape(cell: number, piece: number): boolean {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  for (let i = 0; i < count; i++) {
    const state = shapeState[cellShapes[base + i]];
    if ((state & 15) === 3 && (WIN_PIECES[(state >> 4) & 255] >> piece) & 1) return true;
  }
  return false;
}

/** Whether `last` completes a shape on `cell` once `first` stands on `firstCell`, without placing it. */
export function completesAfter(cell: number, firstCell: number, first: number, last: number): boolean {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  const firstBit = 1 << firstCell;
  const firstMask = PLACE_MASK[first];
  for (let i = 0; i < count; i++) {
    const s = cellShapes[base + i];
    let state = shapeState[s];
    if (shapeMasks[s] & firstBit) state = (state & firstMask) + 1;
    if ((state & 15) === 3 && (WIN_PIECES[(state >> 4) & 255] >> last) & 1) return true;
  }
  return false;
}

/**
 * Whether `last` completes a shape on `cell` once `first` stands on `firstCell` and `second` on
 * `secondCell`, without placing them.
 */
export function completesWith(cell: number, firstCell: number, first: number, secondCell: number, second: number, last: number): boolean {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  const firstBit = 1 << firstCell;
  const secondBit = 1 << secondCell;
  const firstMask = PLACE_MASK[first];
  const secondMask = PLACE_MASK[second];
  for (let i = 0; i < count; i++) {
    const s = cellShapes[base + i];
    let state = shapeState[s];
    const mask = shapeMasks[s];
    if (mask & firstBit) state = (state & firstMask) + 1;
    if (mask & secondBit) state = (state & secondMask) + 1;
    if ((state & 15) === 3 && (WIN_PIECES[(state >> 4) & 255] >> last) & 1) return true;
  }
  return false;
}

/** Fills the threat summary that dangerAfterPlacing reads; returns the pieces threatened now (as threats()). */
export function summarizeThreats(): number {
  let union = 0;
  let cells = 0;
  for (let left = threeSet; left !== 0; left &= left - 1) {
    const s = lowestBit(left);
    const cell = lowestBit(shapeMasks[s] & ~occupied);
    const wins = WIN_PIECES[(shapeState[s] >> 4) & 255];
    if (cells & (1 << cell)) threatsAt[cell] |= wins;
    else threatsAt[cell] = wins;
    cells |= 1 << cell;
    union |= wins;
  }
  threatUnion = union;
  threatCellSet = cells;
  return union;
}

/**
 * The pieces that must not be given after placing `piece` on the empty `cell`, from the summary of summarizeThreats() and without make/unmake: three-piece shapes keep
 * threatening unless the placement fills their empty cell, and two-piece shapes through the cell start
 * threatening what completes them with the placed piece added. Valid when that piece completes nothing.
 */
export function dangerAfterPlacing(cell: number, piece: number): number {
  const placeMask = PLACE_MASK[piece];
  const bit = 1 << cell;
  let danger = threatUnion;
  if (threatCellSet & bit) {
    danger = 0;
    for (let others = threatCellSet ^ bit; others !== 0; others &= others - 1) danger |= threatsAt[lowestBit(others)];
  }
  for (let pairs = twoSet & cellShapeSet[cell]; pairs !== 0; pairs &= pairs - 1) {
    danger |= WIN_PIECES[((shapeState[lowestBit(pairs)] & placeMask) >> 4) & 255];
  }
  return danger;
}

/** Live shapes through the empty `cell` that placing `piece` there would kill (no common value left). */
export function shapesKilled(cell: number, piece: number): number {
  const placeMask = PLACE_MASK[piece];
  let kills = 0;
  for (let shapes = liveSet & cellShapeSet[cell]; shapes !== 0; shapes &= shapes - 1) {
    if (!(shapeState[lowestBit(shapes)] & placeMask & 0xff0)) kills++;
  }
  return kills;
}

/**
 * Whether some shape can still be completed by the pieces left (in hand and beside the board): a
 * shape with k empty cells needs k of them sharing one of the values its pieces have in common.
 */
export function quartoStillPossible(hand: number): boolean {
  const pool = available | (1 << hand);
  const poolCount = popcount(pool);
  // enough[k]: attribute values (bit set in the low nibble, clear in the high one) held by >= k pieces.
  let enough1 = 0;
  let enough2 = 0;
  let enough3 = 0;
  let enough4 = 0;
  for (let bit = 0; bit < 4; bit++) {
    const withBit = popcount(pool & PIECES_WITH_BIT[bit]);
    const without = poolCount - withBit;
    const setFlag = 1 << bit;
    const clearFlag = 16 << bit;
    if (withBit >= 1) enough1 |= setFlag;
    if (withBit >= 2) enough2 |= setFlag;
    if (withBit >= 3) enough3 |= setFlag;
    if (withBit >= 4) enough4 |= setFlag;
    if (without >= 1) enough1 |= clearFlag;
    if (without >= 2) enough2 |= clearFlag;
    if (without >= 3) enough3 |= clearFlag;
    if (without >= 4) enough4 |= clearFlag;
  }
  for (let s = 0; s < shapeTotal; s++) {
    const state = shapeState[s];
    const common = (state >> 4) & 255;
    if (common === 0) continue;
    const filled = state & 15;
    const enough = filled === 3 ? enough1 : filled === 2 ? enough2 : filled === 1 ? enough3 : filled === 0 ? enough4 : 0;
    if (common & enough) return true;
  }
  return false;
}
