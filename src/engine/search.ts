/**
 * The exact solver's search state and its negamax. One mutable board lives here (typed arrays, make
 * and unmake, nothing allocated in the hot loop); the public functions in index.ts load a Position
 * into it, run a search, and read the result out.
 *
 * Representation: each shape keeps one int `count | andP << 4 | andN << 8` (how many of its cells are
 * filled, and the attribute bits that all its pieces have set / clear). Placing piece p is
 * `(state & PLACE_MASK[p]) + 1`. A shape with three pieces is a threat to exactly the pieces in
 * WIN_PIECES[andP | andN << 4]; the union over those shapes is the set of pieces that must not be
 * given. Pieces equal on the attributes in play are interchangeable, so gives try one per class.
 *
 * Scores are absolute, so a table entry is valid from any root: a win for the player to move scores
 * 17 - n, a loss -(17 - n), where n is the number of pieces on the board when the game ends, and a
 * draw 0. The winner hurries, the loser delays; `score > 0` is a win whatever the distance, so the
 * win/draw/loss questions are null-window searches around 0 and 1 on the same scale.
 */
import { ALL_SHAPES, type Rules } from "../rules/index.ts";
import { type BoardSymmetries, boardSymmetries } from "./symmetry.ts";
import { TranspositionTable } from "./table.ts";

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

export const SCORE_LIMIT = 17;
/** The score of a win for the player to move when the game ends with `piecesAtEnd` pieces placed. */
export const winScore = (piecesAtEnd: number): number => SCORE_LIMIT - piecesAtEnd;
/** Pieces on the board at the end of the game, from a non-zero score. */
export const piecesAtEnd = (score: number): number => SCORE_LIMIT - Math.abs(score);

/** Thrown (one shared instance) when the node budget is spent; the search unwinds to the caller. */
export class BudgetExhausted extends Error {}
const BUDGET_EXHAUSTED = new BudgetExhausted("node budget exhausted");

const MAX_SHAPES = 19;
const MAX_SHAPES_PER_CELL = 8;
/** Positions with fewer empty cells than this are cheaper to search again than to look up. */
let tableMinEmpties = 8;

// ---- The board (module state: one search at a time, which is how a Worker isolate runs them).
let shapeTotal = 10;
const shapeMasks = new Int32Array(MAX_SHAPES);
const cellShapes = new Uint8Array(16 * MAX_SHAPES_PER_CELL);
const cellShapeCount = new Uint8Array(16);
const shapeState = new Int32Array(MAX_SHAPES);
const cellPiece = new Int8Array(16);
/** ones[b]: cells holding a piece with attribute bit b set (bits in play only), filled by computeKey. */
const ones = new Int32Array(4);
const undo = new Int32Array(18 * MAX_SHAPES_PER_CELL);
let occupied = 0;
/** Bit s set when shape s has exactly three pieces (it threatens the pieces that complete it). */
let threeSet = 0;
/** Bit s set when shape s has exactly two pieces. */
let twoSet = 0;
/** Bit s set when shape s has at most two pieces and they still share an attribute value. */
let liveSet = 0;
const undoLive = new Int32Array(18);
const undoThree = new Int32Array(18);
const undoTwo = new Int32Array(18);
/** cellShapeSet[c]: bit s set for each shape through cell c. */
const cellShapeSet = new Int32Array(16);
/** Pieces still beside the board, not counting the one in hand. */
let available = 0;
let attributeMask = 15;
/** pieceClass[p]: the pieces equal to p on every attribute in play. */
const pieceClass = new Int32Array(16);
let symmetries: BoardSymmetries = boardSymmetries(false);
let fullCanonical = true;

// Per-depth move buffers.
const moveCell = new Int8Array(18 * 16);
const moveSafe = new Int32Array(18 * 16);
const moveOrder = new Float64Array(18 * 16);

let nodes = 0;
let nodeLimit = 0;
const table = new TranspositionTable();

export function configureRules(rules: Rules): void {
  shapeTotal = rules.squares ? ALL_SHAPES.length : 10;
  attributeMask = rules.attributeMask & 15;
  symmetries = boardSymmetries(rules.squares);
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

/** Loads a board (cell -> piece or null) and the pieces still to be given. Call configureRules first. */
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
    placePiece(cell, piece, 17);
    used |= 1 << piece;
  }
  if (inHand !== null) used |= 1 << inHand;
  available = ~used & 0xffff;
}

export function placePiece(cell: number, piece: number, depth: number): void {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  const saved = depth * MAX_SHAPES_PER_CELL;
  const mask = PLACE_MASK[piece];
  const threeSetBefore = threeSet;
  const twoSetBefore = twoSet;
  const liveSetBefore = liveSet;
  for (let i = 0; i < count; i++) {
    const s = cellShapes[base + i];
    const state = shapeState[s];
    undo[saved + i] = state;
    const next = (state & mask) + 1;
    shapeState[s] = next;
    const filled = next & 15;
    if (filled > 2 || (next & 0xff0) === 0) liveSet &= ~(1 << s);
    if (filled === 3) {
      threeSet |= 1 << s;
      twoSet &= ~(1 << s);
    } else if (filled === 2) twoSet |= 1 << s;
    else if (filled === 4) threeSet &= ~(1 << s);
  }
  undoThree[depth] = threeSetBefore;
  undoTwo[depth] = twoSetBefore;
  undoLive[depth] = liveSetBefore;
  const bit = 1 << cell;
  cellPiece[cell] = piece;
  occupied |= bit;
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

export function popcount(mask: number): number {
  let n = mask - ((mask >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);

// ---- Canonical keys. The piece in hand is relabelled to 0 by flipping attributes (XOR), the
// attributes are put in a canonical order by sorting their cell masks, and the board symmetry chosen
// is the one giving the smallest (occupancy, attribute masks) tuple. Three words, no hashing loss.
let keyOccupancy = 0;
let keyHigh = 0;
let keyLow = 0;

function attributeMaskUnder(s: number, bit: number, handFlips: number): number {
  if (!((attributeMask >> bit) & 1)) return 0;
  const cells = (handFlips >> bit) & 1 ? occupied & ~ones[bit] : ones[bit];
  return symmetries.maskLow[(s << 8) | (cells & 255)] | symmetries.maskHigh[(s << 8) | (cells >>> 8)];
}

export function computeKey(hand: number): void {
  let one0 = 0;
  let one1 = 0;
  let one2 = 0;
  let one3 = 0;
  for (let left = occupied; left !== 0; left &= left - 1) {
    const bit = left & -left;
    const piece = cellPiece[lowestBit(bit)] & attributeMask;
    if (piece & 1) one0 |= bit;
    if (piece & 2) one1 |= bit;
    if (piece & 4) one2 |= bit;
    if (piece & 8) one3 |= bit;
  }
  ones[0] = one0;
  ones[1] = one1;
  ones[2] = one2;
  ones[3] = one3;
  const count = fullCanonical ? symmetries.count : 1;
  let bestOccupancy = 0x10000;
  let bestHigh = 0;
  let bestLow = 0;
  const low = symmetries.maskLow;
  const high = symmetries.maskHigh;
  for (let s = 0; s < count; s++) {
    const image = low[(s << 8) | (occupied & 255)] | high[(s << 8) | (occupied >>> 8)];
    if (image > bestOccupancy) continue;
    let a = attributeMaskUnder(s, 0, hand);
    let b = attributeMaskUnder(s, 1, hand);
    let c = attributeMaskUnder(s, 2, hand);
    let d = attributeMaskUnder(s, 3, hand);
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

// ---- The search.

// Threat summary of the current board, filled by summarizeThreats(): the union of what the
// three-piece shapes threaten, the cells those shapes still need, and per such cell its threats.
let threatUnion = 0;
let threatCellSet = 0;

function summarizeThreats(): void {
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
}

/**
 * Whether some placement of `hand` leaves a piece of `pool` safe to give, after summarizeThreats():
 * three-piece shapes threaten unless the placement fills their empty cell, and two-piece shapes
 * through the placed cell start threatening.
 */
function hasSafeMoveFrom(hand: number, pool: number): boolean {
  if (threatCellSet === 0 && (pool & ~threatUnion) === 0) return false;
  const handMask = PLACE_MASK[hand];
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) {
    const bit = empty & -empty;
    const cell = lowestBit(bit);
    let danger = threatUnion;
    if (threatCellSet & bit) {
      danger = 0;
      for (let others = threatCellSet ^ bit; others !== 0; others &= others - 1) danger |= threatsAt[lowestBit(others)];
    }
    for (let pairs = twoSet & cellShapeSet[cell]; pairs !== 0; pairs &= pairs - 1) {
      danger |= WIN_PIECES[((shapeState[lowestBit(pairs)] & handMask) >> 4) & 255];
    }
    if ((pool & ~danger) !== 0) return true;
  }
  return false;
}

/** Whether some placement of `hand` leaves a piece that is safe to give. */
function hasSafeMove(hand: number): boolean {
  summarizeThreats();
  return hasSafeMoveFrom(hand, available);
}

/**
 * Four empty cells, `hand` safe: whether some placement and safe give leave the opponent without a
 * safe move: the only way to win from here, since the placement after next is played with a piece
 * the opponent chose safe unless they had none.
 */
function leavesNoSafeMove(hand: number): boolean {
  const empty = ~occupied & 0xffff;
  for (let left = empty; left !== 0; left &= left - 1) {
    const cell = lowestBit(left);
    placePiece(cell, hand, 16);
    summarizeThreats();
    let gives = available & ~threatUnion;
    while (gives) {
      const give = lowestBit(gives);
      gives &= ~pieceClass[give];
      if (!hasSafeMoveFrom(give, available & ~(1 << give))) {
        removePiece(cell, 16);
        return true;
      }
    }
    removePiece(cell, 16);
  }
  return false;
}

/**
 * Three empty cells, `hand` safe, two pieces left: whether the player to move can force a win, i.e.
 * place and give a safe piece so that the opponent's two placements both let the last piece win.
 */
function winsWithThreeLeft(hand: number): boolean {
  const empty = ~occupied & 0xffff;
  const pieceA = lowestBit(available);
  const pieceB = lowestBit(available & (available - 1));
  for (let left = empty; left !== 0; left &= left - 1) {
    const cell = lowestBit(left);
    const rest = empty & ~(1 << cell);
    const u = lowestBit(rest);
    const v = lowestBit(rest & (rest - 1));
    // Give A (safe: it completes nothing on u or v); the opponent places it on u or v and B ends it.
    if (
      !completesWith(u, cell, hand, -1, 0, pieceA) &&
      !completesWith(v, cell, hand, -1, 0, pieceA) &&
      completesWith(v, cell, hand, u, pieceA, pieceB) &&
      completesWith(u, cell, hand, v, pieceA, pieceB)
    )
      return true;
    if (
      !completesWith(u, cell, hand, -1, 0, pieceB) &&
      !completesWith(v, cell, hand, -1, 0, pieceB) &&
      completesWith(v, cell, hand, u, pieceB, pieceA) &&
      completesWith(u, cell, hand, v, pieceB, pieceA)
    )
      return true;
  }
  return false;
}

/** Whether `last` completes a shape on `cell` once `first` stands on `firstCell` and `second` on `secondCell` (-1: none). */
function completesWith(cell: number, firstCell: number, first: number, secondCell: number, second: number, last: number): boolean {
  const base = cell * MAX_SHAPES_PER_CELL;
  const count = cellShapeCount[cell];
  const firstBit = 1 << firstCell;
  const secondBit = secondCell < 0 ? 0 : 1 << secondCell;
  for (let i = 0; i < count; i++) {
    const s = cellShapes[base + i];
    let state = shapeState[s];
    const mask = shapeMasks[s];
    if (mask & firstBit) state = (state & PLACE_MASK[first]) + 1;
    if (mask & secondBit) state = (state & PLACE_MASK[second]) + 1;
    if ((state & 15) === 3 && (WIN_PIECES[(state >> 4) & 255] >> last) & 1) return true;
  }
  return false;
}
const cellHistory = new Int32Array(16);
const threatsAt = new Int32Array(16);
const giveOrder = new Int8Array(18 * 16);
const giveWeight = new Int32Array(18 * 16);
let orderMinEmpties = 7;
/** From this many empty cells up, placements that kill fewer live shapes go first among equals. */
let killOrderMinEmpties = 7;

/** Safe (placement, give) pairs the opponent would have with `give` in hand on the current board. */
function replyMobility(give: number): number {
  const pool = available & ~(1 << give);
  const giveMask = PLACE_MASK[give];
  summarizeThreats();
  const allThreats = threatUnion;
  const threatCells = threatCellSet;
  let total = 0;
  for (let empty = ~occupied & 0xffff; empty !== 0; empty &= empty - 1) {
    const bit = empty & -empty;
    const cell = lowestBit(bit);
    let danger = allThreats;
    if (threatCells & bit) {
      danger = 0;
      for (let others = threatCells ^ bit; others !== 0; others &= others - 1) danger |= threatsAt[lowestBit(others)];
    }
    for (let pairs = twoSet & cellShapeSet[cell]; pairs !== 0; pairs &= pairs - 1) {
      danger |= WIN_PIECES[((shapeState[lowestBit(pairs)] & giveMask) >> 4) & 255];
    }
    total += popcount(pool & ~danger);
  }
  return total;
}

/**
 * Two empty cells, `hand` safe, one piece left: a draw if some placement leaves the last piece unable
 * to complete a shape on the last cell, otherwise a loss on the next placement.
 */
function lastTwoCells(hand: number): number {
  const empty = ~occupied & 0xffff;
  const first = lowestBit(empty);
  const second = lowestBit(empty & (empty - 1));
  const last = lowestBit(available);
  placePiece(first, hand, 17);
  const drawFirst = !completesShape(second, last);
  removePiece(first, 17);
  if (drawFirst) return 0;
  placePiece(second, hand, 17);
  const drawSecond = !completesShape(first, last);
  removePiece(second, 17);
  return drawSecond ? 0 : -1;
}

/**
 * Negamax with alpha-beta on absolute scores. Preconditions: the player to move holds `hand`, which
 * completes no shape (the giver never hands over a piece that wins at once), and `empties` >= 1.
 */
function search(hand: number, alpha: number, beta: number, empties: number, depth: number): number {
  if (nodes >= nodeLimit) throw BUDGET_EXHAUSTED;
  nodes++;
  if (empties <= 2) return empties === 1 ? 0 : lastTwoCells(hand);
  // Three cells left and only a win matters: a dedicated test, no recursion (the most common node).
  if (empties === 3) {
    if (alpha >= 0) return winsWithThreeLeft(hand) ? SCORE_LIMIT - (16 - empties) - 3 : 0;
    // With two cells left after a safe move the opponent cannot win: one such move holds the draw.
    if (beta <= 0) return hasSafeMove(hand) ? 0 : -(SCORE_LIMIT - (16 - empties) - 2);
  }
  // Four cells left and only a win matters: it can only come from leaving the opponent no safe move.
  if (empties === 4 && alpha >= 0) return leavesNoSafeMove(hand) ? SCORE_LIMIT - (16 - empties) - 3 : 0;
  const placed = 16 - empties;
  // The best this player can do is win on their next placement but one; the worst, lose on the next.
  const worst = -(SCORE_LIMIT - placed - 2);
  const bestPossible = empties >= 3 ? SCORE_LIMIT - placed - 3 : 0;
  if (bestPossible <= alpha) return bestPossible;
  if (worst >= beta) return worst;

  // The key is copied to locals: the children overwrite the shared key words.
  let high = 0;
  let low = 0;
  let occupancyKey = -1;
  if (empties >= tableMinEmpties) {
    computeKey(hand);
    high = keyHigh;
    low = keyLow;
    occupancyKey = keyOccupancy;
    const slot = table.find(high, low, occupancyKey);
    if (slot >= 0) {
      const lower = table.lower(slot);
      const upper = table.upper(slot);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
      if (lower > alpha) alpha = lower;
      if (upper < beta) beta = upper;
    }
  }

  // Placements that leave at least one safe piece to give; the others lose at once. The safe set after
  // placing on c needs no make/unmake: shapes with three pieces keep threatening unless c fills them,
  // and shapes through c with two pieces start threatening what completes them with `hand` added.
  // A shape with three pieces has one empty cell; it threatens unless the placement fills that cell.
  summarizeThreats();
  const allThreats = threatUnion;
  const threatCells = threatCellSet;
  const handMask = PLACE_MASK[hand];
  const buffer = depth * 16;
  let moveCount = 0;
  let empty = ~occupied & 0xffff;
  while (empty) {
    const cell = lowestBit(empty);
    const bit = empty & -empty;
    empty ^= bit;
    let danger = allThreats;
    if (threatCells & bit) {
      danger = 0;
      for (let others = threatCells ^ bit; others !== 0; others &= others - 1) danger |= threatsAt[lowestBit(others)];
    }
    for (let pairs = twoSet & cellShapeSet[cell]; pairs !== 0; pairs &= pairs - 1) {
      danger |= WIN_PIECES[((shapeState[lowestBit(pairs)] & handMask) >> 4) & 255];
    }
    const safe = available & ~danger;
    if (safe === 0) continue;
    // Order: fewer safe gives first (more forcing), then (high in the tree) placements that kill fewer
    // live shapes (the tension stays), then the cells that refuted most often, then by cell.
    let kills = 0;
    for (let shapes = empties >= killOrderMinEmpties ? liveSet & cellShapeSet[cell] : 0; shapes !== 0; shapes &= shapes - 1) {
      if (!(shapeState[lowestBit(shapes)] & handMask & 0xff0)) kills++;
    }
    const order = (popcount(safe) * 8 + kills) * 0x10000000 + (0xffffff - Math.min(cellHistory[cell], 0xffffff)) * 16 + cell;
    let i = moveCount++;
    while (i > 0 && moveOrder[buffer + i - 1] > order) {
      moveOrder[buffer + i] = moveOrder[buffer + i - 1];
      moveCell[buffer + i] = moveCell[buffer + i - 1];
      moveSafe[buffer + i] = moveSafe[buffer + i - 1];
      i--;
    }
    moveOrder[buffer + i] = order;
    moveCell[buffer + i] = cell;
    moveSafe[buffer + i] = safe;
  }
  const alphaStart = alpha;
  let best = worst;
  if (moveCount > 0) {
    best = -SCORE_LIMIT;
    outer: for (let m = 0; m < moveCount; m++) {
      const cell = moveCell[buffer + m];
      let gives = moveSafe[buffer + m];
      placePiece(cell, hand, depth);
      // High in the tree, gives that leave the opponent fewest safe replies go first.
      let giveCount = 0;
      while (gives) {
        const give = lowestBit(gives);
        gives &= ~pieceClass[give];
        const weight = empties >= orderMinEmpties ? replyMobility(give) : giveCount;
        let i = giveCount++;
        while (i > 0 && giveWeight[buffer + i - 1] > weight) {
          giveWeight[buffer + i] = giveWeight[buffer + i - 1];
          giveOrder[buffer + i] = giveOrder[buffer + i - 1];
          i--;
        }
        giveWeight[buffer + i] = weight;
        giveOrder[buffer + i] = give;
      }
      for (let g = 0; g < giveCount; g++) {
        const give = giveOrder[buffer + g];
        available ^= 1 << give;
        const score = -search(give, -beta, -alpha, empties - 1, depth + 1);
        available ^= 1 << give;
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
  }
  if (occupancyKey >= 0) {
    table.store(high, low, occupancyKey, best <= alphaStart ? -SCORE_LIMIT : best, best >= beta ? SCORE_LIMIT : best, empties);
  }
  return best;
}

// ---- Heuristic search: depth-limited negamax on the same board, for when the exact search runs out
// of budget. Proven results keep their exact scores shifted by PROVEN; a horizon scores 0 plus a
// small mobility term. Exact table entries left by an earlier exact attempt are used, never written.
export const PROVEN = 1000;

/** Mobility at the horizon: placements that leave a safe give, minus half a point per forced one. */
function horizonScore(hand: number): number {
  let empty = ~occupied & 0xffff;
  let open = 0;
  while (empty) {
    const cell = lowestBit(empty);
    empty &= empty - 1;
    placePiece(cell, hand, 17);
    const safe = available & ~threats();
    removePiece(cell, 17);
    if (safe !== 0) open += popcount(safe) > 1 ? 2 : 1;
  }
  return open;
}

function heuristicSearch(hand: number, alpha: number, beta: number, empties: number, depth: number, plies: number): number {
  if (nodes >= nodeLimit) throw BUDGET_EXHAUSTED;
  nodes++;
  if (empties === 1) return 0;
  const placed = 16 - empties;
  if (!quartoStillPossible(hand)) return 0;
  if (empties >= tableMinEmpties) {
    computeKey(hand);
    const slot = table.find(keyHigh, keyLow, keyOccupancy);
    if (slot >= 0) {
      const lower = table.lower(slot);
      const upper = table.upper(slot);
      if (lower > 0) return PROVEN + lower;
      if (upper < 0) return -PROVEN + upper;
      if (lower === 0 && upper === 0) return 0;
    }
  }
  if (plies === 0) return horizonScore(hand);
  const buffer = depth * 16;
  let moveCount = 0;
  let empty = ~occupied & 0xffff;
  while (empty) {
    const cell = lowestBit(empty);
    empty &= empty - 1;
    placePiece(cell, hand, depth);
    const safe = available & ~threats();
    removePiece(cell, depth);
    if (safe === 0) continue;
    moveCell[buffer + moveCount] = cell;
    moveSafe[buffer + moveCount] = safe;
    moveCount++;
  }
  if (moveCount === 0) return -(PROVEN + winScore(placed + 2));
  let best = -2 * PROVEN;
  for (let m = 0; m < moveCount; m++) {
    const cell = moveCell[buffer + m];
    let gives = moveSafe[buffer + m];
    placePiece(cell, hand, depth);
    while (gives) {
      const give = lowestBit(gives);
      gives &= ~pieceClass[give];
      available ^= 1 << give;
      const score = -heuristicSearch(give, -beta, -alpha, empties - 1, depth + 1, plies - 1);
      available ^= 1 << give;
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

// ---- Root helpers: index.ts drives the root moves itself, so it can order, seed and budget them.

/** Starts a request: a node budget and a fresh (generation of the) transposition table. */
export function startRequest(maxNodes: number): void {
  nodes = 0;
  nodeLimit = maxNodes;
  cellHistory.fill(0);
  table.newGeneration();
}

export const nodesSearched = (): number => nodes;
/** Lowers or raises the budget mid-request (never below what is spent). */
export function setNodeLimit(limit: number): void {
  nodeLimit = Math.max(limit, nodes);
}
export const nodeLimitNow = (): number => nodeLimit;
export const tableBytes = (): number => table.bytes;
export const occupiedMask = (): number => occupied;
export const availableMask = (): number => available;
export const classOf = (piece: number): number => pieceClass[piece];

/** Tuning switches for the benchmark: table use below this many empty cells, and full symmetry keys. */
export function tuneSearch(options: { tableMinEmpties?: number; fullCanonical?: boolean; orderMinEmpties?: number; killOrderMinEmpties?: number }): void {
  if (options.killOrderMinEmpties !== undefined) killOrderMinEmpties = options.killOrderMinEmpties;
  if (options.orderMinEmpties !== undefined) orderMinEmpties = options.orderMinEmpties;
  if (options.tableMinEmpties !== undefined) tableMinEmpties = options.tableMinEmpties;
  if (options.fullCanonical !== undefined) fullCanonical = options.fullCanonical;
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
    available ^= 1 << give;
    score = heuristicPlies >= 0 ? -heuristicSearch(give, -beta, -alpha, 15 - placed, 1, heuristicPlies) : -search(give, -beta, -alpha, 15 - placed, 1);
    available ^= 1 << give;
  }
  removePiece(cell, 0);
  return score;
}

/** The score, for the player to move with no piece in hand, of giving `give`. */
export function scoreGive(give: number, alpha: number, beta: number, heuristicPlies = -1): number {
  const placed = popcount(occupied);
  if ((threats() >> give) & 1) return -((heuristicPlies >= 0 ? PROVEN : 0) + winScore(placed + 1));
  available ^= 1 << give;
  const score = heuristicPlies >= 0 ? -heuristicSearch(give, -beta, -alpha, 16 - placed, 0, heuristicPlies) : -search(give, -beta, -alpha, 16 - placed, 0);
  available ^= 1 << give;
  return score;
}
