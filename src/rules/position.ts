/**
 * Positions. A `Setup` is unchecked (parsed from the 17-character string or the JSON form); a
 * `Position` is a validated, immutable value that also carries bitboards: `occupied` (bit per filled
 * cell) and `bitCells[i]` (cells whose piece has attribute bit `1 << i`). A shape of mask m is a Quarto
 * iff it is full and, for some attribute bit in play, `bitCells[i] & m` is m or 0.
 */
import { err, ok, type Result } from "./result.ts";
import { CLASSIC_RULES, type Rules } from "./options.ts";
import { isPiece, parsePiece, pieceChar } from "./notation.ts";
import {
  ALL_SHAPES,
  type AttributeValue,
  ATTRIBUTE_VALUES,
  ATTRIBUTES,
  ATTRIBUTE_BIT,
  CELL_COUNT,
  CELL_NAMES,
  type Shape,
  type ShapeKind,
} from "./vocabulary.ts";

export interface Setup {
  board: (number | null)[];
  inHand: number | null;
}

/** The wire JSON form of a position. */
export interface PositionJson {
  board: (number | null)[];
  inHand: number | null;
}

export interface Position {
  readonly board: readonly (number | null)[];
  readonly inHand: number | null;
  readonly occupied: number;
  /** bitCells[i]: cells holding a piece with bit (1 << i) set. */
  readonly bitCells: readonly [number, number, number, number];
  /** Bit p set for each piece on the board or in hand. */
  readonly usedPieces: number;
}

export const POSITION_ERROR_CODES = [
  "position/wrong_length",
  "position/bad_character",
  "position/bad_piece",
  "position/duplicate_piece",
  "position/piece_in_hand_on_board",
  "position/quarto_with_piece_in_hand",
] as const;
export type PositionErrorCode = (typeof POSITION_ERROR_CODES)[number];

export interface PositionError {
  code: PositionErrorCode;
  detail: string;
  /** The character (string form) or cell (JSON form) at fault; 16 is the piece in hand. */
  index?: number;
}

export const START_POSITION_STRING = ".................";

/** Parses the 17-character string: 16 cells (hex digit or `.`), then the piece in hand or `.`. */
export function parsePositionString(text: string): Result<Setup, PositionError> {
  if (text.length !== CELL_COUNT + 1) {
    return err({ code: "position/wrong_length", detail: `a position string has 17 characters, this one has ${text.length}` });
  }
  const slots: (number | null)[] = [];
  for (let index = 0; index <= CELL_COUNT; index++) {
    const char = text[index];
    if (char === ".") {
      slots.push(null);
      continue;
    }
    const piece = parsePiece(char);
    if (piece === null) {
      return err({ code: "position/bad_character", index, detail: `character ${index + 1} is '${char}': expected a hex digit 0-F or '.'` });
    }
    slots.push(piece);
  }
  return ok({ board: slots.slice(0, CELL_COUNT), inHand: slots[CELL_COUNT] });
}

/** Checks the JSON form's shape (the HTTP layer's schema does the same; the core trusts nobody). */
function setupFromJson(json: { board: unknown; inHand: unknown }): Result<Setup, PositionError> {
  if (!Array.isArray(json.board) || json.board.length !== CELL_COUNT) {
    return err({ code: "position/wrong_length", detail: "board must be an array of 16 cells" });
  }
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    const value = json.board[cell];
    if (value !== null && !isPiece(value)) {
      return err({ code: "position/bad_piece", index: cell, detail: `cell ${cell} (${CELL_NAMES[cell]}) must be a piece 0-15 or null` });
    }
  }
  if (json.inHand !== null && !isPiece(json.inHand)) {
    return err({ code: "position/bad_piece", index: CELL_COUNT, detail: "inHand must be a piece 0-15 or null" });
  }
  return ok({ board: [...(json.board as (number | null)[])], inHand: json.inHand as number | null });
}

/** Builds the bitboards without any check: for callers that already hold a valid position. */
export function positionFromTrustedSetup(setup: Setup): Position {
  let occupied = 0;
  let usedPieces = 0;
  const bitCells: [number, number, number, number] = [0, 0, 0, 0];
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    const piece = setup.board[cell];
    if (piece === null) continue;
    occupied |= 1 << cell;
    usedPieces |= 1 << piece;
    for (let bit = 0; bit < 4; bit++) if (piece & (1 << bit)) bitCells[bit] |= 1 << cell;
  }
  if (setup.inHand !== null) usedPieces |= 1 << setup.inHand;
  return Object.freeze({
    board: Object.freeze([...setup.board]),
    inHand: setup.inHand,
    occupied,
    bitCells: Object.freeze(bitCells) as Position["bitCells"],
    usedPieces,
  });
}

/**
 * Validates a setup once. Under `announce: auto` a completed Quarto ends the game at once, so a
 * position that has one and also a piece in hand cannot arise; under `manual` it can (a lapsed one).
 */
function validatePosition(setup: Setup, rules: Rules = CLASSIC_RULES): Result<Position, PositionError> {
  const seenAt = new Map<number, number>();
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    const piece = setup.board[cell];
    if (piece === null) continue;
    const first = seenAt.get(piece);
    if (first !== undefined) {
      return err({
        code: "position/duplicate_piece",
        index: cell,
        detail: `piece ${pieceChar(piece)} is on both ${CELL_NAMES[first]} and ${CELL_NAMES[cell]}`,
      });
    }
    seenAt.set(piece, cell);
  }
  if (setup.inHand !== null && seenAt.has(setup.inHand)) {
    return err({
      code: "position/piece_in_hand_on_board",
      index: CELL_COUNT,
      detail: `piece ${pieceChar(setup.inHand)} is in hand and also on ${CELL_NAMES[seenAt.get(setup.inHand) as number]}`,
    });
  }
  const position = positionFromTrustedSetup(setup);
  if (rules.announce === "auto" && position.inHand !== null && completedShapes(position, rules).length > 0) {
    return err({
      code: "position/quarto_with_piece_in_hand",
      index: CELL_COUNT,
      detail: "the board already has a Quarto, which ends the game under announce 'auto', yet a piece is in hand",
    });
  }
  return ok(position);
}

/** Parses and validates a position given as a string or in JSON form. */
export function readPosition(input: string | { board: unknown; inHand: unknown }, rules: Rules = CLASSIC_RULES): Result<Position, PositionError> {
  const setup = typeof input === "string" ? parsePositionString(input) : setupFromJson(input);
  return setup.ok ? validatePosition(setup.value, rules) : setup;
}

export function makePositionString(position: Pick<Position, "board" | "inHand">): string {
  const cell = (piece: number | null) => (piece === null ? "." : pieceChar(piece));
  return position.board.map(cell).join("") + cell(position.inHand);
}

export function positionToJson(position: Position): PositionJson {
  return { board: [...position.board], inHand: position.inHand };
}

/** Pieces neither on the board nor in hand: the ones that can still be given. */
export function availablePieces(position: Position): number[] {
  const pieces: number[] = [];
  for (let piece = 0; piece < 16; piece++) if (!(position.usedPieces & (1 << piece))) pieces.push(piece);
  return pieces;
}

export function emptyCells(position: Position): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < CELL_COUNT; cell++) if (!(position.occupied & (1 << cell))) cells.push(cell);
  return cells;
}

function pieceCount(position: Position): number {
  return popcount(position.occupied);
}

/**
 * Moves played so far: the opening give counts one, each placement (with its give, if any) one more.
 * So every position past the start has played one move more than it has pieces on the board, including
 * a finished game, whose last placement gave nothing.
 */
export function plyOf(position: Position): number {
  if (position.occupied === 0 && position.inHand === null) return 0;
  return pieceCount(position) + 1;
}

/** A player's role in a game: `first` makes the opening give and moves at even plies, `second` at odd ones. */
export const ROLES = ["first", "second"] as const;
export type Role = (typeof ROLES)[number];
export const playerToMove = (position: Position): Role => (plyOf(position) % 2 === 0 ? "first" : "second");
export const otherRole = (role: Role): Role => (role === "first" ? "second" : "first");

export function popcount(mask: number): number {
  let n = mask - ((mask >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A completed shape and the attribute values its four pieces share. */
export interface WinningShape {
  kind: ShapeKind;
  /** Index into ALL_SHAPES (lines 0-9, squares 10-18). */
  shape: number;
  cells: number[];
  cellNames: string[];
  attributes: AttributeValue[];
}

/** The attribute values (among those in play) that all pieces of a full shape share; [] if none. */
function sharedAttributeValues(position: Position, shape: Shape, rules: Rules): AttributeValue[] {
  const shared: AttributeValue[] = [];
  for (const attribute of ATTRIBUTES) {
    const bit = ATTRIBUTE_BIT[attribute];
    if (!(rules.attributeMask & bit)) continue;
    const set = position.bitCells[31 - Math.clz32(bit)] & shape.mask;
    if (set === shape.mask) shared.push(ATTRIBUTE_VALUES[attribute][1]);
    else if (set === 0) shared.push(ATTRIBUTE_VALUES[attribute][0]);
  }
  return shared;
}

/**
 * Every Quarto on the board under `rules`, optionally only those through `throughCell` (the cell
 * just filled: under `announce: manual` older alignments may have lapsed).
 */
export function completedShapes(position: Position, rules: Rules, throughCell?: number): WinningShape[] {
  const found: WinningShape[] = [];
  const shapeCount = rules.squares ? ALL_SHAPES.length : 10;
  for (let index = 0; index < shapeCount; index++) {
    const shape = ALL_SHAPES[index];
    if ((position.occupied & shape.mask) !== shape.mask) continue;
    if (throughCell !== undefined && !(shape.mask & (1 << throughCell))) continue;
    const attributes = sharedAttributeValues(position, shape, rules);
    if (attributes.length === 0) continue;
    found.push({ kind: shape.kind, shape: index, cells: [...shape.cells], cellNames: shape.cells.map((c) => CELL_NAMES[c]), attributes });
  }
  return found;
}
