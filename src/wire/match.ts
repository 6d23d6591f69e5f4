/**
 * A hosted match as stored by its Durable Object, and its public forms: the state every client sees
 * (players and spectators alike) and the game record. The stored form is the match id and the
 * reducer's state, which holds the seats; seat tokens appear only as SHA-256 hashes. Times are ms since
 * the epoch inside, ISO 8601 outside.
 */
import { ProblemError } from "./problems.ts";
import { moveFromInput, positionOutput, rulesFromInput, rulesOutput } from "./convert.ts";
import { type Move, parseCell, parseMoveText } from "../rules/index.ts";
import {
  type Announcement,
  clocksAt,
  deadline,
  isTimed,
  type MatchResult,
  type MatchSeat,
  type MatchState,
  type MoveRecord,
  openingPlies,
  parseRecordText,
  positionOf,
  type RecordedMove,
  recordText,
  type ReplayError,
  type ReplayInput,
  replayRecord,
  roleOf,
  sameMove,
  type SeatIndex,
  seatToMove,
} from "../match/index.ts";
import type {
  Announcement as AnnouncementInput,
  MatchMoveRequest,
  MatchRecordOutput,
  MatchView,
  ReplayOutput,
  ReplayRequest,
  ResultOutput,
  SeatView,
} from "./match-schemas.ts";
/** A hosted match as its Durable Object stores it: the reducer's state (seats included) under its id. */
export interface StoredMatch {
  id: string;
  state: MatchState;
  /** Tournament games only: the tournament's id. */
  tournamentId?: string;
}

/** The seats of a state (a state without seats, e.g. the local runner's, has two anonymous players). */
function seatsOf(state: MatchState): [MatchSeat, MatchSeat] {
  const anonymous: MatchSeat = { kind: "human", name: null, tokenHash: "" };
  return state.seats ?? [anonymous, anonymous];
}

const instant = (ms: number): string => new Date(ms).toISOString();

function seatView(seat: MatchSeat, index: SeatIndex, firstSeat: SeatIndex): SeatView {
  const role = roleOf(index, firstSeat);
  switch (seat.kind) {
    case "human":
      return { seat: index, role, kind: "human", taken: seat.tokenHash !== null, name: seat.name, level: null };
    case "engine":
      return { seat: index, role, kind: "engine", taken: true, name: null, level: seat.level };
    case "bot":
      return { seat: index, role, kind: "bot", taken: true, name: seat.name, level: null };
  }
}

function resultOutput(result: MatchResult, firstSeat: SeatIndex): ResultOutput {
  const output: ResultOutput = {
    winner: result.winner,
    winnerRole: result.winner === null ? null : roleOf(result.winner, firstSeat),
    reason: result.reason,
    shapes: result.shapes ?? [],
    detail: result.detail ?? null,
    at: instant(result.at),
  };
  if (result.forfeitCode !== undefined) output.forfeitCode = result.forfeitCode;
  return output;
}

function moveOutput(record: MoveRecord, firstSeat: SeatIndex): MatchView["moves"][number] {
  const { place, give, quarto } = record.move;
  const move = { ...(place === undefined ? {} : { place }), ...(give === undefined ? {} : { give }), ...(quarto ? { quarto: true as const } : {}) };
  const role = roleOf(record.seat, firstSeat);
  return { ply: record.ply, seat: record.seat, role, move, text: record.text, at: instant(record.at), elapsedMs: record.elapsedMs };
}

function seatViews(state: MatchState): SeatView[] {
  const [zero, one] = seatsOf(state);
  return [seatView(zero, 0, state.config.firstSeat), seatView(one, 1, state.config.firstSeat)];
}

/** The public state as of `now`. A claimable missed Quarto is deliberately not shown. */
export function matchView(match: StoredMatch, now: number): MatchView {
  const { state } = match;
  const { firstSeat } = state.config;
  const status = state.status;
  const position = positionOf(state);
  const mover = seatToMove(state);
  // Before the match starts nothing has elapsed; after it ends the clocks stand still.
  const remainingMs = clocksAt(state, status === "waiting" ? state.turnStartedAt : now);
  const running = status === "active" && state.config.clock.kind !== "none" && isTimed(state.config, mover) ? mover : null;
  const due = status === "active" ? deadline(state) : null;
  return {
    id: match.id,
    status,
    rules: rulesOutput(state.config.rules),
    clock: state.config.clock,
    firstSeat: state.config.firstSeat,
    seats: seatViews(state),
    ply: state.moves.length,
    position: positionOutput(position),
    turn:
      status === "finished"
        ? null
        : { seat: mover, role: roleOf(mover, firstSeat), phase: position.inHand === null ? "give" : "place", piece: position.inHand },
    clocks: { remainingMs, running, deadline: due === null ? null : instant(due), asOf: instant(now) },
    result: state.result ? resultOutput(state.result, firstSeat) : null,
    moves: state.moves.map((record) => moveOutput(record, firstSeat)),
    text: recordText(state),
    createdAt: instant(state.createdAt),
    ...(match.tournamentId === undefined ? {} : { tournamentId: match.tournamentId }),
    ...(state.config.opening ? { opening: { name: state.config.opening.name, plies: openingPlies(state.config) } } : {}),
  };
}

/** The complete game record: replays exactly with POST /v1/replay. */
export function matchRecord(match: StoredMatch): MatchRecordOutput {
  const { state } = match;
  return {
    id: match.id,
    rules: rulesOutput(state.config.rules),
    clock: state.config.clock,
    firstSeat: state.config.firstSeat,
    seats: seatViews(state),
    createdAt: instant(state.createdAt),
    moves: state.moves.map((record) => moveOutput(record, state.config.firstSeat)),
    result: state.result ? resultOutput(state.result, state.config.firstSeat) : null,
    text: recordText(state),
  };
}

/** A wire announcement (shape index or four cells, by number or name) in the reducer's form. */
export function announcementFromInput(input: AnnouncementInput): Announcement {
  const shape = typeof input.shape === "number" ? input.shape : input.shape.map((cell) => (typeof cell === "number" ? cell : (parseCell(cell) as number)));
  return { shape, attribute: input.attribute };
}

/** The move part of a move request; `quarto` (true or an announcement) announces. */
export function moveFromRequest(input: Pick<MatchMoveRequest, "place" | "give" | "quarto">): { move: Move; announcement?: Announcement } {
  const announced = typeof input.quarto === "object";
  const move = moveFromInput({ place: input.place, give: input.give, quarto: input.quarto === true || announced ? true : undefined });
  return announced ? { move, announcement: announcementFromInput(input.quarto as AnnouncementInput) } : { move };
}

// ---- replay ----

/** A replay's failure as the 422 problem naming the field (and the move) at fault. */
export function failReplay(error: ReplayError): never {
  fail(error, error.moveIndex === undefined ? ["result"] : ["moves", error.moveIndex]);
}

function fail(error: ReplayError, path: (string | number)[]): never {
  throw new ProblemError(error.code, error.detail, { errors: [{ path, message: error.detail }] });
}

/** The record of a replay request as the replay reads it (a 422 problem for notation at fault). */
export function replayInputOf(request: ReplayRequest): ReplayInput {
  return { rules: rulesFromInput(request.rules), firstSeat: request.firstSeat ?? 0, moves: recordedMoves(request), result: request.result };
}

/** The moves of the request: from `text`, from `moves`, or both (then they must agree). */
function recordedMoves(request: ReplayRequest): RecordedMove[] {
  let fromText: Move[] | null = null;
  if (request.text !== undefined) {
    const parsed = parseRecordText(request.text);
    if (!parsed.ok) fail(parsed.error, ["text"]);
    fromText = parsed.value;
  }
  if (request.moves === undefined) {
    if (fromText === null)
      throw new ProblemError("request/invalid", "give the record as `text` or as `moves`", { errors: [{ path: [], message: "give `text` or `moves`" }] });
    return fromText.map((move) => ({ move }));
  }
  const moves = request.moves.map((entry, index): RecordedMove => {
    if (typeof entry === "string") {
      const move = parseMoveText(entry);
      if (move === null)
        fail({ code: "replay/bad_notation", detail: `moves[${index}]: '${entry}' is not a move: expected [cell]["!"]["-" piece]` }, ["moves", index]);
      return { move };
    }
    return { move: moveFromInput(entry.move), ply: entry.ply, seat: entry.seat, text: entry.text };
  });
  if (fromText !== null) {
    const disagree = fromText.length !== moves.length || fromText.some((move, index) => !sameMove(move, moves[index].move));
    if (disagree) fail({ code: "replay/record_mismatch", detail: "`text` and `moves` are not the same moves" }, ["text"]);
  }
  return moves;
}

/**
 * The answer of POST /v1/replay: the record's moves (from `text`, `moves`, or both when they agree)
 * replayed, or a 422 problem naming the field and the move at fault.
 */
export function replayAnswer(request: ReplayRequest): ReplayOutput {
  const input = replayInputOf(request);
  const { rules, firstSeat } = input;
  const result = replayRecord(input);
  if (!result.ok) failReplay(result.error);
  const { steps, state } = result.value;
  const finalResult = state.result ? resultOutput(state.result, firstSeat) : null;
  return {
    valid: true,
    rules: rulesOutput(rules),
    firstSeat,
    text: recordText(state),
    positions: steps.map((step) => ({
      ply: step.ply,
      seat: step.seat,
      role: step.seat === null ? null : roleOf(step.seat, firstSeat),
      move: step.move,
      position: positionOutput(step.position),
    })),
    status: state.status === "finished" ? "finished" : "ongoing",
    result: finalResult && {
      winner: finalResult.winner,
      winnerRole: finalResult.winnerRole,
      reason: finalResult.reason,
      shapes: finalResult.shapes,
      detail: finalResult.detail,
    },
  };
}
