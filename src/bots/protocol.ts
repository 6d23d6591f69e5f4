/**
 * The bot protocol: the JSON the arena sends to a bot and the JSON it accepts back. A move request
 * carries the whole state (ids, ply, seat, position, rules, pieces, history, clock), so a bot needs no
 * memory between calls. `Player` is what a tournament game talks to: an HTTP bot and an in-process
 * built-in bot implement it alike.
 */
import {
  availablePieces,
  emptyCells,
  isCell,
  isPiece,
  makePositionString,
  type Move,
  parseCell,
  parsePiece,
  type Position,
  type PositionJson,
  positionToJson,
  type Rules,
  type RulesInput,
  rulesToJson,
  type Role,
} from "../rules/index.ts";
import { type MatchResult, type MatchState, positionOf, roleOf, type SeatIndex } from "../match/index.ts";
import type { ForfeitCode } from "./forfeits.ts";

const BOT_PROTOCOL_VERSION = 1;

/** A move already played, as a bot sees it. */
interface HistoryMove {
  ply: number;
  seat: Role;
  move: Move;
  /** The move in text notation (`c3-A`). */
  text: string;
}

/** Body of `POST {botUrl}/move`. */
export interface MoveRequest {
  protocol: typeof BOT_PROTOCOL_VERSION;
  /** Null outside a tournament (a hosted match with a bot seat, a conformance check). */
  tournamentId: string | null;
  /** The game in its tournament; a game aborted and replayed keeps its id. */
  gameId: string;
  /** This attempt at the game: a replay gets a new match id. */
  matchId: string;
  /** Moves played so far; the answer is the move at this ply. */
  ply: number;
  /** The seat this bot holds: `first` made (or makes) the opening give. */
  seat: Role;
  /** `give`: no piece in hand, choose one (the opening). `place`: place `inHand`, then give. */
  phase: "give" | "place";
  /** The 17-character position string. */
  position: string;
  positionJson: PositionJson;
  rules: Required<RulesInput>;
  /** Pieces that can still be given (after this placement, when placing). */
  availablePieces: number[];
  emptyCells: number[];
  moves: HistoryMove[];
  /** True when the opponent completed a Quarto without announcing it and this bot may claim it. */
  canClaim: boolean;
  clock: {
    /** The time left for this move, in ms, round trip included: answer well before it. */
    timeLeftMs: number;
  };
  opponent: { name: string };
  /**
   * Present when the game started from an opening (a suite's position): its name, and how many of
   * `moves` it made. Those moves were played at the match's creation, not by either bot.
   */
  opening?: { name: string; plies: number };
}

/** The body a bot answers to a move request: the same form as a hosted-match move. */
export interface MoveAnswer {
  /** The cell to place the piece in hand on: 0-15 or a name `a1`-`d4`. Absent for the opening give. */
  place?: number | string;
  /** The piece to hand over: 0-15 (or one hex digit). Absent when the placement ends the game. */
  give?: number | string;
  /** Announce "Quarto!" (needed to win under `announce: manual`). */
  quarto?: boolean;
  /** Claim the Quarto the opponent completed and did not announce (only when `canClaim`). */
  claim?: boolean;
}

/** Body of `GET {botUrl}/`. */
export interface BotInfo {
  name: string;
  author?: string;
  version?: string;
}

/** Body of `POST {botUrl}/end`: how a game ended, from the bot's seat. */
export interface EndNotice {
  protocol: typeof BOT_PROTOCOL_VERSION;
  tournamentId: string | null;
  gameId: string;
  matchId: string;
  seat: Role;
  opponent: { name: string };
  /** `aborted`: the game did not count: replayed when `reason` is `aborted` (see the forfeit policy), not when it is `cancelled` (its tournament was cancelled, or its SPRT decided). */
  outcome: "win" | "loss" | "draw" | "aborted";
  reason: MatchResult["reason"];
  forfeitCode?: string;
  detail?: string;
  position: string;
  moves: HistoryMove[];
}

/**
 * A bot's answer as the game sees it: the parsed JSON body, or the misbehaviour that replaced it.
 * `status` is what a bot's call log shows of the answer: its HTTP status (a connected bot's is the 200
 * of its POST), null when no answer came (a connection error, a timeout); absent for an in-process bot.
 */
export type PlayerReply = ({ ok: true; answer: unknown } | { ok: false; code: ForfeitCode; detail: string }) & { status?: number | null };

/** How an end notice went, for the bot's call log: the HTTP status of the answer (null: none came, or a connected bot's stream) and what went wrong, if anything. */
export interface EndDelivery {
  status: number | null;
  detail: string | null;
}

/** A seat-holder in a tournament game. */
export interface Player {
  readonly name: string;
  /**
   * In-process players (the built-in bots) move in the runner's own time: they hold untimed seats,
   * as an engine seat does in a hosted match. HTTP bots are charged the whole round trip.
   */
  readonly inProcess: boolean;
  move(request: MoveRequest, limits: { timeoutMs: number }): Promise<PlayerReply>;
  /** Best effort: failures are ignored and never change a result. A registered bot's player says how it went. */
  end?(notice: EndNotice): Promise<EndDelivery | undefined>;
}

/** A parsed answer: a move, or a claim of the opponent's unannounced Quarto. */
export type ParsedAnswer = { kind: "move"; move: Move } | { kind: "claim" };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function readCell(value: unknown): number | null {
  if (isCell(value)) return value;
  return typeof value === "string" ? parseCell(value) : null;
}

function readPiece(value: unknown): number | null {
  if (isPiece(value)) return value;
  return typeof value === "string" ? parsePiece(value) : null;
}

/**
 * Reads a bot's answer. Checks the form only (fields and types); whether the move is legal is the
 * match reducer's call. Returns a detail string on failure.
 */
export function parseMoveAnswer(body: unknown): { ok: true; value: ParsedAnswer } | { ok: false; error: string } {
  if (!isRecord(body)) return { ok: false, error: `the answer must be a JSON object like {"place": 5, "give": 10}, got ${describe(body)}` };
  if (body.claim === true) return { ok: true, value: { kind: "claim" } };
  if (body.claim !== undefined && body.claim !== false) return { ok: false, error: "claim must be a boolean" };
  const move: { place?: number; give?: number; quarto?: boolean } = {};
  if (body.place !== undefined && body.place !== null) {
    const place = readCell(body.place);
    if (place === null) return { ok: false, error: `place must be a cell 0-15 or a1-d4, got ${describe(body.place)}` };
    move.place = place;
  }
  if (body.give !== undefined && body.give !== null) {
    const give = readPiece(body.give);
    if (give === null) return { ok: false, error: `give must be a piece 0-15, got ${describe(body.give)}` };
    move.give = give;
  }
  if (body.quarto !== undefined && typeof body.quarto !== "boolean") return { ok: false, error: "quarto must be a boolean" };
  if (body.quarto) move.quarto = true;
  if (move.place === undefined && move.give === undefined) return { ok: false, error: "the answer has neither place nor give" };
  return { ok: true, value: { kind: "move", move } };
}

/** Reads the body of `GET /`: a name is required, author and version are optional strings. */
export function parseBotInfo(body: unknown): { ok: true; value: BotInfo } | { ok: false; error: string } {
  if (!isRecord(body)) return { ok: false, error: `GET / must answer a JSON object like {"name": "my-bot"}, got ${describe(body)}` };
  if (typeof body.name !== "string" || body.name.trim() === "") return { ok: false, error: "GET / must answer a non-empty string name" };
  const info: BotInfo = { name: body.name };
  for (const key of ["author", "version"] as const) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") return { ok: false, error: `${key} must be a string when present` };
    info[key] = value;
  }
  return { ok: true, value: info };
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function historyOf(state: MatchState): HistoryMove[] {
  return state.moves.map((record) => ({ ply: record.ply, seat: roleOf(record.seat, state.config.firstSeat), move: record.move, text: record.text }));
}

/** The move request for `seat` in an active match. */
export function moveRequestFor(
  state: MatchState,
  seat: SeatIndex,
  ids: { tournamentId: string | null; gameId: string; matchId: string; opponent: string },
  timeLeftMs: number,
): MoveRequest {
  const position = positionOf(state);
  return {
    protocol: BOT_PROTOCOL_VERSION,
    tournamentId: ids.tournamentId,
    gameId: ids.gameId,
    matchId: ids.matchId,
    ply: state.moves.length,
    seat: roleOf(seat, state.config.firstSeat),
    phase: position.inHand === null ? "give" : "place",
    position: makePositionString(position),
    positionJson: positionToJson(position),
    rules: rulesToJson(state.config.rules) as Required<RulesInput>,
    availablePieces: availablePieces(position),
    emptyCells: emptyCells(position),
    moves: historyOf(state),
    canClaim: state.pendingClaim?.claimant === seat,
    clock: { timeLeftMs: Math.max(0, Math.floor(timeLeftMs)) },
    opponent: { name: ids.opponent },
    ...(state.config.opening ? { opening: { name: state.config.opening.name, plies: state.config.opening.moves.length } } : {}),
  };
}

/**
 * The end notice for `seat` in a finished match. A cancelled match gets none (its tournament was
 * cancelled: the game neither counts nor is replayed, which no `outcome` says), so asking throws.
 */
export function endNoticeFor(
  state: MatchState,
  seat: SeatIndex,
  ids: { tournamentId: string | null; gameId: string; matchId: string; opponent: string },
): EndNotice {
  const result = state.result;
  if (!result) throw new Error("endNoticeFor: the match is not finished");
  // Cancelled (its tournament was, or an SPRT decided) does not count either: "aborted", with its reason.
  const outcome = result.reason === "aborted" || result.reason === "cancelled" ? "aborted" : result.winner === null ? "draw" : result.winner === seat ? "win" : "loss";
  const notice: EndNotice = {
    protocol: BOT_PROTOCOL_VERSION,
    tournamentId: ids.tournamentId,
    gameId: ids.gameId,
    matchId: ids.matchId,
    seat: roleOf(seat, state.config.firstSeat),
    opponent: { name: ids.opponent },
    outcome,
    reason: result.reason,
    position: state.position,
    moves: historyOf(state),
  };
  if (result.forfeitCode) notice.forfeitCode = result.forfeitCode;
  if (result.detail) notice.detail = result.detail;
  return notice;
}

/** A move request as a bot receives it, checked: the fields a bot needs, validated once. */
export interface CheckedMoveRequest {
  request: MoveRequest;
  position: Position;
  rules: Rules;
}
