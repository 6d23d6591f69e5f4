/**
 * A brute-force Quarto referee written from docs/rules.md alone, to check the rules core against. It keeps
 * a board as a plain array of piece ids (null for an empty cell), builds its shapes from (row, column)
 * coordinates and compares the four pieces of a shape attribute by attribute. It shares nothing with
 * src/rules but the rules options it reads (squares, attribute names, announce) and the Move shape:
 * no bitboards, no shape tables, no attribute masks. Slow on purpose: clarity is its only job.
 */
import type { Move, Rules } from "../../../src/rules/index.ts";

/** docs/rules.md: "8 = tall, 4 = dark, 2 = square, 1 = hollow"; the value named when the bit is clear comes first. */
export const REF_ATTRIBUTES = [
  { name: "height", bit: 8, values: ["short", "tall"] },
  { name: "color", bit: 4, values: ["light", "dark"] },
  { name: "shape", bit: 2, values: ["round", "square"] },
  { name: "fill", bit: 1, values: ["solid", "hollow"] },
] as const;

export type RefSeat = "first" | "second";
export type RefBoard = readonly (number | null)[];

export interface RefShape {
  kind: "row" | "column" | "diagonal" | "square";
  /** Sorted ascending. */
  cells: number[];
}

const cellAt = (row: number, column: number) => row * 4 + column;
const sorted = (cells: number[]) => [...cells].sort((a, b) => a - b);

/** Rows, columns and the two diagonals, from coordinates. */
function buildLines(): RefShape[] {
  const shapes: RefShape[] = [];
  for (let row = 0; row < 4; row++) shapes.push({ kind: "row", cells: [0, 1, 2, 3].map((column) => cellAt(row, column)) });
  for (let column = 0; column < 4; column++) shapes.push({ kind: "column", cells: [0, 1, 2, 3].map((row) => cellAt(row, column)) });
  shapes.push({ kind: "diagonal", cells: [0, 1, 2, 3].map((i) => cellAt(i, i)) });
  shapes.push({ kind: "diagonal", cells: sorted([0, 1, 2, 3].map((i) => cellAt(i, 3 - i))) });
  return shapes;
}

/** The nine 2x2 blocks of adjacent cells. */
function buildSquares(): RefShape[] {
  const shapes: RefShape[] = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      shapes.push({ kind: "square", cells: [cellAt(row, column), cellAt(row, column + 1), cellAt(row + 1, column), cellAt(row + 1, column + 1)] });
    }
  }
  return shapes;
}

const REF_LINES: readonly RefShape[] = buildLines();
const REF_LINES_AND_SQUARES: readonly RefShape[] = [...REF_LINES, ...buildSquares()];

/** The 10 lines (fresh copies). */
export const refLines = (): RefShape[] => REF_LINES.map((shape) => ({ kind: shape.kind, cells: [...shape.cells] }));
/** The 9 squares (fresh copies). */
export const refSquares = (): RefShape[] => REF_LINES_AND_SQUARES.slice(10).map((shape) => ({ kind: shape.kind, cells: [...shape.cells] }));

/** `a1`..`d4`: column letter, then row number counted from the top. */
export function refCellName(cell: number): string {
  return `${"abcd"[cell % 4]}${Math.floor(cell / 4) + 1}`;
}

export function refValueOf(piece: number, attribute: (typeof REF_ATTRIBUTES)[number]): string {
  return attribute.values[(piece & attribute.bit) === 0 ? 0 : 1];
}

/** A completed shape and the values its four pieces share (among the attributes in play), sorted. */
export interface RefWin {
  kind: RefShape["kind"];
  cells: number[];
  attributes: string[];
}

/** The values (of the attributes in play) that the four pieces all have; [] when they share none. */
export function refSharedValues(pieces: readonly number[], rules: Pick<Rules, "attributes">): string[] {
  const shared: string[] = [];
  for (const attribute of REF_ATTRIBUTES) {
    if (!rules.attributes.includes(attribute.name)) continue;
    const first = refValueOf(pieces[0], attribute);
    let same = true;
    for (const piece of pieces) if (refValueOf(piece, attribute) !== first) same = false;
    if (same) shared.push(first);
  }
  return shared.length > 1 ? shared.sort() : shared;
}

/** Every Quarto on the board (through `throughCell` when given), in no particular order. */
export function refCompletedShapes(board: RefBoard, rules: Pick<Rules, "attributes" | "squares">, throughCell?: number): RefWin[] {
  const wins: RefWin[] = [];
  for (const shape of rules.squares ? REF_LINES_AND_SQUARES : REF_LINES) {
    if (throughCell !== undefined && !shape.cells.includes(throughCell)) continue;
    const pieces: number[] = [];
    for (const cell of shape.cells) {
      const piece = board[cell];
      if (piece !== null) pieces.push(piece);
    }
    if (pieces.length < 4) continue;
    const attributes = refSharedValues(pieces, rules);
    if (attributes.length > 0) wins.push({ kind: shape.kind, cells: [...shape.cells], attributes });
  }
  return wins;
}

/** Sorts wins so two lists can be compared as sets. */
export function refSortWins(wins: RefWin[]): RefWin[] {
  const key = (win: RefWin) => win.cells.join(",");
  return [...wins].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const piecesOnBoard = (board: RefBoard) => board.filter((piece) => piece !== null).length;

/**
 * Moves alternate first, second, first... and the opening give is move 1, so placement number n is
 * move n + 1. With no piece in hand and n > 0 pieces down, the game has ended on placement n.
 */
export function refLastPlacer(board: RefBoard): RefSeat {
  return (piecesOnBoard(board) + 1) % 2 === 1 ? "first" : "second";
}

export interface RefStatus {
  status: "ongoing" | "won" | "drawn";
  phase: "give" | "place" | null;
  winner: RefSeat | null;
  shapes: RefWin[];
}

/**
 * The status a position shows on its own. A piece in hand: the game goes on (any Quarto on the board
 * has lapsed, since it was not claimed before the give). No piece in hand and an empty board: the
 * start. No piece in hand otherwise: the game ended on the last placement; a Quarto on the board is
 * read as that player's announced win (a position cannot tell an announced Quarto from a lapsed one
 * under `announce: manual`; see the report in rules-reference.test.ts); a full board without one is a draw.
 */
export function refStatus(board: RefBoard, inHand: number | null, rules: Pick<Rules, "attributes" | "squares">): RefStatus {
  if (inHand !== null) return { status: "ongoing", phase: "place", winner: null, shapes: [] };
  if (piecesOnBoard(board) === 0) return { status: "ongoing", phase: "give", winner: null, shapes: [] };
  const shapes = refCompletedShapes(board, rules);
  if (shapes.length > 0) return { status: "won", phase: null, winner: refLastPlacer(board), shapes };
  if (piecesOnBoard(board) === 16) return { status: "drawn", phase: null, winner: null, shapes: [] };
  return { status: "ongoing", phase: "give", winner: null, shapes: [] };
}

export type RefOutcome = { status: "ongoing"; missed: RefWin[] } | { status: "won"; winner: RefSeat; shapes: RefWin[] } | { status: "drawn" };

export type RefPlayed = { ok: true; board: (number | null)[]; inHand: number | null; outcome: RefOutcome } | { ok: false; code: string };

const isWhole = (value: unknown, below: number) => typeof value === "number" && Number.isInteger(value) && value >= 0 && value < below;

/** The seat to move: the opening give is move 1 (first); each placement is one more move. */
export function refMover(board: RefBoard, inHand: number | null): RefSeat {
  const movesPlayed = inHand === null && piecesOnBoard(board) === 0 ? 0 : piecesOnBoard(board) + 1;
  return movesPlayed % 2 === 0 ? "first" : "second";
}

/**
 * Referees one move, checking in the order the issue fixes for error codes: the game is over, the
 * values are out of range, then the phase (give only / place and give), the cell, the announcement,
 * and what the placement leaves to give.
 */
export function refPlay(board: RefBoard, inHand: number | null, move: Move, rules: Pick<Rules, "attributes" | "squares" | "announce">): RefPlayed {
  if (refStatus(board, inHand, rules).status !== "ongoing") return { ok: false, code: "move/game_over" };
  if (move.place !== undefined && !isWhole(move.place, 16)) return { ok: false, code: "move/bad_cell" };
  if (move.give !== undefined && !isWhole(move.give, 16)) return { ok: false, code: "move/bad_piece" };
  const mover = refMover(board, inHand);

  if (inHand === null) {
    if (move.place !== undefined) return { ok: false, code: "move/place_not_allowed" };
    if (move.quarto === true) return { ok: false, code: "move/no_quarto" };
    if (move.give === undefined) return { ok: false, code: "move/give_required" };
    if (board.includes(move.give)) return { ok: false, code: "move/piece_not_available" };
    return { ok: true, board: [...board], inHand: move.give, outcome: { status: "ongoing", missed: [] } };
  }

  if (move.place === undefined) return { ok: false, code: "move/place_required" };
  if (board[move.place] !== null) return { ok: false, code: "move/cell_occupied" };
  const next = [...board];
  next[move.place] = inHand;
  const completed = refCompletedShapes(next, rules, move.place);
  if (move.quarto === true && completed.length === 0) return { ok: false, code: "move/no_quarto" };
  const wins = completed.length > 0 && (rules.announce === "auto" || move.quarto === true);
  const full = next.every((piece) => piece !== null);
  if (wins || full) {
    if (move.give !== undefined) return { ok: false, code: "move/give_not_allowed" };
    return { ok: true, board: next, inHand: null, outcome: wins ? { status: "won", winner: mover, shapes: completed } : { status: "drawn" } };
  }
  if (move.give === undefined) return { ok: false, code: "move/give_required" };
  if (next.includes(move.give)) return { ok: false, code: "move/piece_not_available" };
  return { ok: true, board: next, inHand: move.give, outcome: { status: "ongoing", missed: completed } };
}

/**
 * Every move object a client could send with values in range: no place or a cell, no give or a piece,
 * and the "Quarto!" flag with each placement. (The flag on a move that places nothing is left out: the
 * text notation cannot write it.)
 */
export function refCandidateMoves(): Move[] {
  const moves: Move[] = [];
  for (let place = -1; place < 16; place++) {
    for (let give = -1; give < 16; give++) {
      const move: { place?: number; give?: number; quarto?: boolean } = {};
      if (place >= 0) move.place = place;
      if (give >= 0) move.give = give;
      moves.push(move);
      if (place >= 0) moves.push({ ...move, quarto: true });
    }
  }
  return moves;
}

const CANDIDATES = refCandidateMoves();

/**
 * The legal moves, found by refereeing every candidate. Under `announce: auto` the announcement is
 * optional and changes nothing, so the moves that carry it are the same moves as those without and
 * are left out; under `manual` they are distinct moves (announced win vs. missed Quarto).
 */
export function refLegalMoves(board: RefBoard, inHand: number | null, rules: Pick<Rules, "attributes" | "squares" | "announce">): Move[] {
  return CANDIDATES.filter((move) => refPlay(board, inHand, move, rules).ok && !(rules.announce === "auto" && move.quarto));
}

export function refMoveKey(move: Move): string {
  return `${move.place ?? "_"}${move.quarto ? "!" : ""}-${move.give ?? "_"}`;
}

/** The position string of docs/rules.md, written independently: 16 cells then the hand, hex digit or `.`. */
export function refPositionString(board: RefBoard, inHand: number | null): string {
  const char = (piece: number | null) => (piece === null ? "." : "0123456789ABCDEF"[piece]);
  return board.map(char).join("") + char(inHand);
}

export type RefValidation = { ok: true } | { ok: false; code: string; index?: number };

/**
 * Validates a position string as docs/rules.md describes it: 17 characters, each a hex digit
 * or `.`, no piece twice, the piece in hand not on the board, and under `announce: auto` no Quarto on
 * the board while a piece is in hand (the game would have ended).
 */
export function refValidateString(text: string, rules: Pick<Rules, "attributes" | "squares" | "announce">): RefValidation {
  if (text.length !== 17) return { ok: false, code: "position/wrong_length" };
  const slots: (number | null)[] = [];
  for (let index = 0; index < 17; index++) {
    const char = text[index];
    const digit = "0123456789abcdef".indexOf(char.toLowerCase());
    if (char === ".") slots.push(null);
    else if (digit >= 0 && char.length === 1) slots.push(digit);
    else return { ok: false, code: "position/bad_character", index };
  }
  const board = slots.slice(0, 16);
  const inHand = slots[16];
  for (let cell = 0; cell < 16; cell++) {
    const piece = board[cell];
    if (piece !== null && board.indexOf(piece) < cell) return { ok: false, code: "position/duplicate_piece", index: cell };
  }
  if (inHand !== null && board.includes(inHand)) return { ok: false, code: "position/piece_in_hand_on_board", index: 16 };
  if (rules.announce === "auto" && inHand !== null && refCompletedShapes(board, rules).length > 0) {
    return { ok: false, code: "position/quarto_with_piece_in_hand", index: 16 };
  }
  return { ok: true };
}
