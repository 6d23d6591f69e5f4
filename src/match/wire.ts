/**
 * A hosted match as stored by its Durable Object, and its public forms: the state every client sees
 * (players and spectators alike) and the game record. The stored form is the reducer's state plus the
 * seats; seat tokens appear only as SHA-256 hashes. Times are ms since the epoch inside, ISO 8601 outside.
 */
import { moveFromInput, positionOutput } from "../api/wire.ts";
import type { Level } from "../engine/index.ts";
import { type Move, parseCell, type Rules, rulesToJson } from "../rules/index.ts";
import {
  type Announcement,
  clocksAt,
  deadline,
  isTimed,
  type MatchResult,
  type MatchState,
  type MoveRecord,
  positionOf,
  recordText,
  type SeatIndex,
  seatToMove,
} from "./machine.ts";
import type { Announcement as AnnouncementInput, MatchMoveRequest, MatchRecordOutput, MatchView, ResultOutput, SeatView } from "./schemas.ts";

export type StoredSeat =
  | { kind: "human"; name: string | null; tokenHash: string | null }
  | { kind: "engine"; level: Level; maxNodes: number };

export interface StoredMatch {
  id: string;
  seats: [StoredSeat, StoredSeat];
  /** The clocks run, and moves are taken, once every human seat is taken. */
  started: boolean;
  state: MatchState;
}

export type MatchStatus = MatchView["status"];

export function matchStatus(match: StoredMatch): MatchStatus {
  if (match.state.status === "finished") return "finished";
  return match.started ? "active" : "waiting";
}

const instant = (ms: number): string => new Date(ms).toISOString();

export function rulesOutput(rules: Rules): MatchView["rules"] {
  return { ...rulesToJson(rules), attributes: [...rules.attributes] };
}

function seatView(seat: StoredSeat, index: SeatIndex): SeatView {
  return seat.kind === "human"
    ? { seat: index, kind: "human", taken: seat.tokenHash !== null, name: seat.name, level: null }
    : { seat: index, kind: "engine", taken: true, name: null, level: seat.level };
}

export function resultOutput(result: MatchResult): ResultOutput {
  return { winner: result.winner, reason: result.reason, shapes: result.shapes ?? [], detail: result.detail ?? null, at: instant(result.at) };
}

function moveOutput(record: MoveRecord) {
  return { ply: record.ply, seat: record.seat, move: { ...record.move }, text: record.text, at: instant(record.at), elapsedMs: record.elapsedMs };
}

/** The public state as of `now`. A claimable missed Quarto is deliberately not shown. */
export function matchView(match: StoredMatch, now: number): MatchView {
  const { state } = match;
  const status = matchStatus(match);
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
    seats: [seatView(match.seats[0], 0), seatView(match.seats[1], 1)],
    ply: state.moves.length,
    position: positionOutput(position),
    turn: status === "finished" ? null : { seat: mover, phase: position.inHand === null ? "give" : "place", piece: position.inHand },
    clocks: { remainingMs, running, deadline: due === null ? null : instant(due), asOf: instant(now) },
    result: state.result ? resultOutput(state.result) : null,
    moves: state.moves.map(moveOutput),
    text: recordText(state),
    createdAt: instant(state.createdAt),
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
    seats: [seatView(match.seats[0], 0), seatView(match.seats[1], 1)],
    createdAt: instant(state.createdAt),
    moves: state.moves.map(moveOutput),
    result: state.result ? resultOutput(state.result) : null,
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
