/**
 * Moves: legality, playing, game status. A move is atomic (place, then give); the opening move only
 * gives and a game-ending placement gives nothing. Win detection on a placement looks only at the
 * shapes through the placed cell, which is exact under both announce modes (see position.ts).
 */
import { err, ok, type Result } from "./result.ts";
import type { Rules } from "./options.ts";
import { isCell, isPiece, type Move, pieceChar } from "./notation.ts";
import {
  completedShapes,
  emptyCells,
  otherRole,
  type Position,
  playerToMove,
  positionFromTrustedSetup,
  type Role,
  type WinningShape,
  availablePieces,
} from "./position.ts";
import { CELL_NAMES, FULL_BOARD_MASK } from "./vocabulary.ts";

export const MOVE_ERROR_CODES = [
  "move/game_over",
  "move/bad_cell",
  "move/bad_piece",
  "move/place_required",
  "move/place_not_allowed",
  "move/cell_occupied",
  "move/give_required",
  "move/give_not_allowed",
  "move/piece_not_available",
  "move/no_quarto",
] as const;
export type MoveErrorCode = (typeof MOVE_ERROR_CODES)[number];

export interface MoveError {
  code: MoveErrorCode;
  detail: string;
}

export type Outcome =
  | { status: "ongoing" /** Quartos the mover completed but did not announce (announce: manual). */; missed?: WinningShape[] }
  | { status: "won"; winner: Role; shapes: WinningShape[] }
  | { status: "drawn" };

type Status = "ongoing" | "won" | "drawn";

export interface PositionStatus {
  status: Status;
  /** `give` when the player to move only chooses a piece, `place` when they hold one. */
  phase: "give" | "place" | null;
  winner: Role | null;
  shapes: WinningShape[];
}

/**
 * The status of a position on its own. With no piece in hand, a Quarto on the board means the game
 * ended with it (the last placer won); with a piece in hand any Quarto on the board has lapsed.
 */
export function positionStatus(position: Position, rules: Rules): PositionStatus {
  if (position.inHand !== null) return { status: "ongoing", phase: "place", winner: null, shapes: [] };
  if (position.occupied === 0) return { status: "ongoing", phase: "give", winner: null, shapes: [] };
  const shapes = completedShapes(position, rules);
  if (shapes.length > 0) return { status: "won", phase: null, winner: otherRole(playerToMove(position)), shapes };
  if (position.occupied === FULL_BOARD_MASK) return { status: "drawn", phase: null, winner: null, shapes: [] };
  return { status: "ongoing", phase: "give", winner: null, shapes: [] };
}

export interface PlayedMove {
  position: Position;
  outcome: Outcome;
}

/** Plays a move if it is legal; the position is not changed. */
export function playMove(position: Position, move: Move, rules: Rules): Result<PlayedMove, MoveError> {
  const before = positionStatus(position, rules);
  if (before.status !== "ongoing") return err({ code: "move/game_over", detail: `the game is over (${before.status})` });
  if (move.place !== undefined && !isCell(move.place)) return err({ code: "move/bad_cell", detail: "place must be a cell 0-15 or a1-d4" });
  if (move.give !== undefined && !isPiece(move.give)) return err({ code: "move/bad_piece", detail: "give must be a piece 0-15" });
  const mover = playerToMove(position);

  if (position.inHand === null) {
    if (move.place !== undefined) return err({ code: "move/place_not_allowed", detail: "no piece is in hand: this move only gives a piece" });
    if (move.quarto) return err({ code: "move/no_quarto", detail: "nothing is placed in this move, so there is no Quarto to announce" });
    if (move.give === undefined) return err({ code: "move/give_required", detail: "choose the piece to give" });
    if (position.usedPieces & (1 << move.give)) {
      return err({ code: "move/piece_not_available", detail: `piece ${pieceChar(move.give)} is not available` });
    }
    const next = positionFromTrustedSetup({ board: [...position.board], inHand: move.give });
    return ok({ position: next, outcome: { status: "ongoing" } });
  }

  if (move.place === undefined) return err({ code: "move/place_required", detail: `place piece ${pieceChar(position.inHand)} first` });
  if (position.occupied & (1 << move.place)) {
    return err({ code: "move/cell_occupied", detail: `cell ${CELL_NAMES[move.place]} is occupied` });
  }
  const board = [...position.board];
  board[move.place] = position.inHand;
  const placed = positionFromTrustedSetup({ board, inHand: null });
  const shapes = completedShapes(placed, rules, move.place);
  const full = placed.occupied === FULL_BOARD_MASK;

  if (move.quarto && shapes.length === 0) {
    return err({ code: "move/no_quarto", detail: `placing on ${CELL_NAMES[move.place]} completes no Quarto` });
  }
  const wins = shapes.length > 0 && (rules.announce === "auto" || move.quarto === true);
  if (wins || full) {
    if (move.give !== undefined) {
      return err({ code: "move/give_not_allowed", detail: wins ? "this placement wins: nothing is given" : "the board is full: nothing is given" });
    }
    return ok({ position: placed, outcome: wins ? { status: "won", winner: mover, shapes } : { status: "drawn" } });
  }
  if (move.give === undefined) return err({ code: "move/give_required", detail: "the game goes on: choose the piece to give" });
  if (placed.usedPieces & (1 << move.give)) {
    return err({ code: "move/piece_not_available", detail: `piece ${pieceChar(move.give)} is not available` });
  }
  const next = positionFromTrustedSetup({ board, inHand: move.give });
  return ok({ position: next, outcome: shapes.length > 0 ? { status: "ongoing", missed: shapes } : { status: "ongoing" } });
}

/** Every legal move. Under `announce: manual` a Quarto-completing placement may also go unannounced. */
export function legalMoves(position: Position, rules: Rules): Move[] {
  if (positionStatus(position, rules).status !== "ongoing") return [];
  const gives = availablePieces(position);
  if (position.inHand === null) return gives.map((give) => ({ give }));
  const moves: Move[] = [];
  const lastPlacement = gives.length === 0;
  for (const place of emptyCells(position)) {
    const board = [...position.board];
    board[place] = position.inHand;
    const completes = completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules, place).length > 0;
    if (completes && rules.announce === "auto") {
      moves.push({ place });
      continue;
    }
    if (completes) moves.push({ place, quarto: true });
    if (lastPlacement) {
      moves.push({ place });
      continue;
    }
    for (const give of gives) moves.push({ place, give });
  }
  return moves;
}
