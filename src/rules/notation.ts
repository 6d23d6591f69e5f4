/**
 * Text notation of docs/rules.md: piece ids as one hex digit, cells as `a1`..`d4` (or 0-15), moves as
 * `[cell]["!"]["-" piece]`. Each `parse*` has a `make*` inverse; parsers return null on bad input and
 * leave the explaining to their callers, which know the field.
 */
import { CELL_COUNT, CELL_NAMES, PIECE_COUNT } from "./vocabulary.ts";

export function pieceChar(piece: number): string {
  return piece.toString(16).toUpperCase();
}

/** One hex digit, either case. */
export function parsePiece(text: string): number | null {
  return /^[0-9a-fA-F]$/.test(text) ? Number.parseInt(text, 16) : null;
}

export function cellName(cell: number): string {
  return CELL_NAMES[cell];
}

/** `a1`..`d4` (either case) or a decimal 0-15. */
export function parseCell(text: string): number | null {
  const lower = text.toLowerCase();
  const named = CELL_NAMES.indexOf(lower);
  if (named >= 0) return named;
  if (/^(0|[1-9][0-9]?)$/.test(lower)) {
    const cell = Number(lower);
    return cell < CELL_COUNT ? cell : null;
  }
  return null;
}

/** A move as data. `place` absent: the opening give. `give` absent: a game-ending placement. */
export interface Move {
  readonly place?: number;
  readonly give?: number;
  /** Announces "Quarto!" (required to win under `announce: manual`, optional under `auto`). */
  readonly quarto?: boolean;
}

export function makeMoveText(move: Move): string {
  const place = move.place === undefined ? "" : cellName(move.place);
  const bang = move.quarto ? "!" : "";
  const give = move.give === undefined ? "" : `-${pieceChar(move.give)}`;
  return `${place}${bang}${give}`;
}

/** Parses `c3-A`, `-7`, `d4!`, `d4`; returns null when the text is not a move. */
export function parseMoveText(text: string): Move | null {
  const match = /^([a-dA-D][1-4]|[0-9]{1,2})?(!)?(?:-([0-9a-fA-F]))?$/.exec(text.trim());
  if (!match || text.trim() === "") return null;
  const [, placeText, bang, giveText] = match;
  const move: { place?: number; give?: number; quarto?: boolean } = {};
  if (placeText !== undefined) {
    const place = parseCell(placeText);
    if (place === null) return null;
    move.place = place;
  }
  if (bang) {
    if (move.place === undefined) return null;
    move.quarto = true;
  }
  if (giveText !== undefined) move.give = parsePiece(giveText) as number;
  if (move.place === undefined && move.give === undefined) return null;
  return move;
}

export const isPiece = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < PIECE_COUNT;
export const isCell = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < CELL_COUNT;
