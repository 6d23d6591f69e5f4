/**
 * Replaying a game record: every move is played through the match reducer (so announcements and the
 * missed-Quarto claim follow the same rules as a hosted match) and every position is kept. A recorded
 * result is checked against the moves: a Quarto or a draw must be what the last move did, a claim must
 * be claimable after it, an abort must come before the first placement, and the other endings
 * (resignation, timeout, forfeit, cancellation) must come while the game is still open. A record whose
 * result is null is a match still in progress: its moves must leave the game open. Every record the
 * service stores replays to its own result. Clocks are not replayed: times are information, not rules.
 */
import { err, type Move, type MoveErrorCode, ok, parseMoveText, type Position, type Result, type Rules, START_POSITION_STRING } from "../rules/index.ts";
import {
  applyAction,
  type MatchErrorCode,
  type MatchResult,
  type MatchState,
  newMatch,
  otherSeatIndex,
  positionOf,
  type ResultReason,
  type SeatIndex,
  seatToMove,
} from "./machine.ts";

const REPLAY_ERROR_CODES = [
  "replay/bad_start",
  "replay/bad_notation",
  "replay/record_mismatch",
  "replay/moves_after_end",
  "replay/result_mismatch",
] as const;
export type ReplayErrorCode = (typeof REPLAY_ERROR_CODES)[number];

export interface ReplayError {
  code: ReplayErrorCode | MoveErrorCode | MatchErrorCode;
  detail: string;
  /** The index of the move at fault, when there is one. */
  moveIndex?: number;
}

/** One move of a record: the move, with the ply, seat and text the record claims for it, if any. */
export interface RecordedMove {
  move: Move;
  ply?: number;
  seat?: SeatIndex;
  text?: string;
}

export interface ReplayInput {
  rules: Rules;
  firstSeat: SeatIndex;
  moves: RecordedMove[];
  /**
   * How many of the first moves are an opening played at creation (MatchConfig.opening): they are
   * replayed like the others, and only the seats' own moves count for an abort.
   */
  openingPlies?: number;
  /** The recorded result: checked when given; null says the game is not over (a match in progress). */
  result?: RecordedResult | null;
}

interface RecordedResult {
  winner: SeatIndex | null;
  reason: ResultReason;
}

interface ReplayStep {
  ply: number;
  /** The seat whose move led here, and that move in text; null for the start. */
  seat: SeatIndex | null;
  move: string | null;
  position: Position;
}

export interface Replay {
  steps: ReplayStep[];
  /** The reducer's final state (its result is the recorded one when the moves leave the game open). */
  state: MatchState;
}

/** Parses the one-line text form: the start position string, then the moves. */
export function parseRecordText(text: string): Result<Move[], ReplayError> {
  const [start, ...words] = text.trim().split(/\s+/);
  if (start !== START_POSITION_STRING) {
    return err({ code: "replay/bad_start", detail: `a record starts with the start position ${START_POSITION_STRING}, not '${start ?? ""}'` });
  }
  const moves: Move[] = [];
  for (const [index, word] of words.entries()) {
    const move = parseMoveText(word);
    if (move === null)
      return err({ code: "replay/bad_notation", moveIndex: index, detail: `move ${index + 1} '${word}' is not a move: expected [cell]["!"]["-" piece]` });
    moves.push(move);
  }
  return ok(moves);
}

/** The same move: same cell, same piece, both announcing Quarto or neither. */
export const sameMove = (a: Move, b: Move): boolean => a.place === b.place && a.give === b.give && Boolean(a.quarto) === Boolean(b.quarto);

/** Replays a record; the first fault found is the error. */
export function replayRecord(input: ReplayInput): Result<Replay, ReplayError> {
  // Records carry no clock rules: replay untimed, with the recorded order of moves as the only time.
  let state = newMatch({ rules: input.rules, clock: { kind: "none" }, firstSeat: input.firstSeat }, 0);
  const steps: ReplayStep[] = [{ ply: 0, seat: null, move: null, position: positionOf(state) }];
  for (const [index, recorded] of input.moves.entries()) {
    const where = `moves[${index}]`;
    if (state.status === "finished") {
      return err({ code: "replay/moves_after_end", moveIndex: index, detail: `${where}: the game was already over (${state.result?.reason})` });
    }
    const ply = state.moves.length;
    const seat = seatToMove(state);
    if (recorded.ply !== undefined && recorded.ply !== ply) {
      return err({
        code: "replay/record_mismatch",
        moveIndex: index,
        detail: `${where}: the record says ply ${recorded.ply}, but it is move ${ply + 1} (ply ${ply})`,
      });
    }
    if (recorded.seat !== undefined && recorded.seat !== seat) {
      return err({
        code: "replay/record_mismatch",
        moveIndex: index,
        detail: `${where}: the record says seat ${recorded.seat}, but seat ${seat} moves at ply ${ply}`,
      });
    }
    if (recorded.text !== undefined) {
      const parsed = parseMoveText(recorded.text);
      if (parsed === null || !sameMove(parsed, recorded.move)) {
        return err({ code: "replay/record_mismatch", moveIndex: index, detail: `${where}: the text '${recorded.text}' is not the move given` });
      }
    }
    const played = applyAction(state, { type: "move", seat, ply, move: recorded.move, at: index + 1 });
    if (!played.ok) return err({ ...played.error, moveIndex: index, detail: `${where}: ${played.error.detail}` });
    state = played.state;
    const record = state.moves[ply];
    steps.push({ ply: ply + 1, seat, move: record.text, position: positionOf(state) });
  }
  // An opening was replayed move by move like the rest; marking it now only changes what an abort may follow.
  const plies = Math.min(input.openingPlies ?? 0, state.moves.length);
  if (plies > 0) state = { ...state, config: { ...state.config, opening: { name: "opening", moves: state.moves.slice(0, plies).map((move) => move.text) } } };
  const checked = checkResult(state, input.result, input.moves.length + 1);
  return checked.ok ? ok({ steps, state: checked.value }) : checked;
}

function describe(result: RecordedResult): string {
  return result.winner === null ? result.reason : `${result.reason} won by seat ${result.winner}`;
}

/** The final state with the recorded result checked against the moves (and applied, if they left the game open). */
function checkResult(state: MatchState, recorded: ReplayInput["result"], at: number): Result<MatchState, ReplayError> {
  if (recorded === undefined) return ok(state);
  if (recorded === null) {
    if (!state.result) return ok(state);
    return err({ code: "replay/result_mismatch", detail: `the record says the game is not over, but the moves end in ${describe(state.result)}` });
  }
  const mismatch = (why: string) => err({ code: "replay/result_mismatch" as const, detail: `the record says ${describe(recorded)}, but ${why}` });
  if (state.result) {
    const actual = state.result;
    return actual.reason === recorded.reason && actual.winner === recorded.winner ? ok(state) : mismatch(`the moves end in ${describe(actual)}`);
  }
  const mover = seatToMove(state);
  const finish = (result: MatchResult): MatchState => ({ ...state, status: "finished", result, pendingClaim: null });
  switch (recorded.reason) {
    case "quarto":
    case "draw":
      return mismatch("the moves leave the game open");
    case "claim": {
      if (recorded.winner === null) return mismatch("a claim has a winner");
      const claimed = applyAction(state, { type: "claim", seat: recorded.winner, at });
      return claimed.ok ? ok(claimed.state) : mismatch(claimed.error.detail);
    }
    case "aborted": {
      if (recorded.winner !== null) return mismatch("an aborted match has no winner");
      const aborted = applyAction(state, { type: "abort", seat: null, at });
      return aborted.ok ? ok(aborted.state) : mismatch(aborted.error.detail);
    }
    case "cancelled": {
      if (recorded.winner !== null) return mismatch("a cancelled match has no winner");
      const cancelled = applyAction(state, { type: "cancel", at });
      return cancelled.ok ? ok(cancelled.state) : mismatch(cancelled.error.detail);
    }
    case "timeout":
      if (recorded.winner !== otherSeatIndex(mover)) return mismatch(`only seat ${mover}, the seat to move, can lose on time`);
      return ok(finish({ winner: recorded.winner, reason: "timeout", at }));
    case "resignation":
    case "forfeit":
      if (recorded.winner === null) return mismatch(`a ${recorded.reason} has a winner`);
      return ok(finish({ winner: recorded.winner, reason: recorded.reason, at }));
  }
}
