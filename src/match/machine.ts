/**
 * A match as a pure reducer: `applyAction(state, action) -> { state, ... } | error`. The hosted-match
 * Durable Object and the arena runner both drive games through it, so they share one set of rules for
 * seats (joining, the start), turns, stale plies, announcements, missed-Quarto claims, clocks,
 * resignations, forfeits and cancellation: every change of a match is an action here, and every record
 * the service stores replays (src/match/replay.ts). State is plain JSON (stored as is); time is passed
 * in (`at`, ms since epoch), never read here, and so is randomness (seat token hashes, engine seeds).
 */
import {
  ALL_SHAPES,
  type AttributeValue,
  type Move,
  makeMoveText,
  makePositionString,
  playMove,
  positionFromTrustedSetup,
  parseMoveText,
  parsePositionString,
  type Position,
  type Rules,
  START_POSITION_STRING,
  type WinningShape,
  type MoveErrorCode,
  type Role,
} from "../rules/index.ts";
import type { Level } from "../engine/index.ts";

/** Seats are 0 and 1; `firstSeat` makes the opening give. */
export type SeatIndex = 0 | 1;
export const otherSeatIndex = (seat: SeatIndex): SeatIndex => (seat === 0 ? 1 : 0);

/**
 * A seat's role: `first` for the seat that made (or makes) the opening give. With seatOfRole, the one
 * mapping between the two names of a player (docs/rules.md, section Who is who: seats, roles and names).
 */
export const roleOf = (seat: SeatIndex, firstSeat: SeatIndex): Role => (seat === firstSeat ? "first" : "second");

/** The seat that holds `role`, the other way round. */
export const seatOfRole = (role: Role, firstSeat: SeatIndex): SeatIndex => (role === "first" ? firstSeat : otherSeatIndex(firstSeat));

export type ClockConfig =
  | { kind: "none" }
  /** A limit per move (tournament play: one minute per move). */
  | { kind: "move"; moveMs: number }
  /** A game clock with an increment added after each of the player's moves. */
  | { kind: "game"; initialMs: number; incrementMs: number };

export interface MatchConfig {
  rules: Rules;
  clock: ClockConfig;
  firstSeat: SeatIndex;
  /**
   * Moves played at creation, before either seat moves (an opening of a suite): they are the record's
   * first moves, charged to no clock; the seats play on from the position they reach.
   */
  opening?: MatchOpening;
  /**
   * Seats whose clock never runs: seats the server plays itself (engine seats of a hosted match),
   * since a clock is never charged for the server's own time. Such a seat never loses on time.
   */
  untimedSeats?: SeatIndex[];
}

/**
 * A start from an opening: its name (`classic/07`, or the caller's) and its moves in text notation
 * from the empty board. The record keeps them as ordinary moves (ply 0 by `firstSeat`, alternating),
 * so it replays like any other; `openingPlies` tells them apart from the seats' own moves.
 */
export interface MatchOpening {
  name: string;
  moves: string[];
}

/** How many of the record's first moves are the opening's (0 without one). */
export const openingPlies = (config: MatchConfig): number => config.opening?.moves.length ?? 0;

/** Whether the seat's clock runs at all (see MatchConfig.untimedSeats). */
export const isTimed = (config: MatchConfig, seat: SeatIndex): boolean => !(config.untimedSeats ?? []).includes(seat);

/**
 * Who plays a seat. `human`: whoever holds the seat's token (only its SHA-256 is kept; null while the
 * seat is open); `engine`: the server's engine at a level and a node budget per move; `bot`: a
 * tournament bot, moved by its tournament.
 */
export type MatchSeat =
  | { kind: "human"; name: string | null; tokenHash: string | null }
  | { kind: "engine"; level: Level; maxNodes: number }
  /** `botId`: a registered bot seated in a hosted match, which the match itself asks; without it, a tournament's bot. */
  | { kind: "bot"; name: string; botId?: string };

/** An open seat: a human seat nobody has taken yet. */
const isOpenSeat = (seat: MatchSeat): boolean => seat.kind === "human" && seat.tokenHash === null;

/**
 * `aborted`: a player called the game off before the first placement (from an opening: before both
 * seats moved). `cancelled`: the match was ended from outside at any ply (its tournament was
 * cancelled); neither has a winner.
 */
export const RESULT_REASONS = ["quarto", "draw", "timeout", "resignation", "claim", "forfeit", "aborted", "cancelled"] as const;
export type ResultReason = (typeof RESULT_REASONS)[number];

export interface MatchResult {
  /** The winning seat, or null for a draw or an aborted or cancelled match. */
  winner: SeatIndex | null;
  reason: ResultReason;
  /** The Quarto that decided the game (reason quarto or claim). */
  shapes?: WinningShape[];
  /** For forfeits: a stable code naming the misbehaviour (e.g. bot/timeout). */
  forfeitCode?: string;
  detail?: string;
  at: number;
}

export interface MoveRecord {
  /** The ply before the move: 0 for the opening give. */
  ply: number;
  seat: SeatIndex;
  move: Move;
  text: string;
  /** When the move was received (ms since epoch) and how much clock time it was charged. */
  at: number;
  elapsedMs: number;
}

/** An unannounced Quarto the opponent may still claim (announce: manual, missedClaim: true). */
interface PendingClaim {
  claimant: SeatIndex;
  shapes: WinningShape[];
  /** The ply of the move that completed it. */
  ply: number;
}

type MatchStateStatus = "waiting" | "active" | "finished";

export interface MatchState {
  config: MatchConfig;
  /** `waiting` while a seat is open (no move, clocks stopped), then `active`, then `finished`. */
  status: MatchStateStatus;
  /**
   * Who plays each seat. Absent for a match of two anonymous seats that starts at once (the local
   * runner's, a replay's); such a match has no open seat.
   */
  seats?: [MatchSeat, MatchSeat];
  position: string;
  moves: MoveRecord[];
  /** Game clock: time left per seat at the start of the current turn. Null without a game clock. */
  remainingMs: [number, number] | null;
  /** When the current turn began (ms since epoch). */
  turnStartedAt: number;
  pendingClaim: PendingClaim | null;
  result: MatchResult | null;
  createdAt: number;
  /** Turns whose clock the server restarted because it, not the player, lost the time (absent: none). */
  clockRestarts?: ClockRestart[];
}

/** A turn's clock restarted at `at`: the `lostMs` the server lost (a crash, a restart) were charged to no one. */
interface ClockRestart {
  ply: number;
  at: number;
  lostMs: number;
}

export interface Announcement {
  /** The four cells of the shape (any order), or its index in ALL_SHAPES. */
  shape: number | number[];
  attribute: AttributeValue;
}

/**
 * What a seat (or the clock) does in the game. Every action may carry the ply it was computed for (a
 * move must): it is then refused with `match/stale_ply` once the match is at another ply, so an answer
 * computed for an older state never applies. With the lifecycle actions below, everything that can
 * happen to a match.
 */
export type MatchAction =
  | {
      type: "move";
      seat: SeatIndex;
      ply: number;
      move: Move;
      announcement?: Announcement;
      at: number;
      /**
       * The clock time to charge instead of `at - turnStartedAt`: 0 for a move the server computed
       * itself (an engine seat), since a clock is never charged for the server's own time.
       */
      elapsedMs?: number;
    }
  | { type: "claim"; seat: SeatIndex; ply?: number; announcement?: Announcement; at: number }
  | { type: "resign"; seat: SeatIndex; ply?: number; at: number }
  | { type: "abort"; seat: SeatIndex | null; ply?: number; at: number; detail?: string }
  | { type: "forfeit"; seat: SeatIndex; ply?: number; code: string; detail: string; at: number }
  | { type: "flag"; ply?: number; at: number };

/** What happens to a match around the game: a seat taken (and so the start), a cancellation. */
type LifecycleAction =
  /**
   * Takes an open seat (the first one unless `seat` is given) for the holder of the token whose hash
   * is given; the match starts, clocks running from `at`, when no seat is left open.
   */
  | { type: "join"; seat?: SeatIndex; name?: string | null; tokenHash: string; at: number }
  /** Ends the match without a winner, at any ply, with reason `cancelled`; a finished match stays as it is. */
  | { type: "cancel"; ply?: number; at: number; detail?: string }
  /**
   * Starts the current turn's clock again at `at`, charging nobody for the time since the turn began:
   * the server lost it (a crash or a restart while the seat to move was being asked). Recorded in
   * `clockRestarts`; replays are untouched (clocks are not replayed).
   */
  | { type: "restartClock"; ply?: number; at: number };

export type AnyMatchAction = MatchAction | LifecycleAction;

const MATCH_ERROR_CODES = [
  "match/finished",
  "match/not_your_turn",
  "match/stale_ply",
  "match/wrong_announcement",
  "match/nothing_to_claim",
  "match/cannot_abort",
  "match/time_not_up",
  "match/waiting_for_players",
  "match/no_open_seat",
] as const;
export type MatchErrorCode = (typeof MATCH_ERROR_CODES)[number];

interface MatchError {
  code: MatchErrorCode | MoveErrorCode;
  detail: string;
}

export type ActionResult = { ok: true; state: MatchState; changed: boolean; duplicate?: boolean } | { ok: false; error: MatchError };

/**
 * A new match at `at`. With `seats`, the match knows who plays: it waits while a seat is open, and an
 * engine seat is untimed (the server's own time is never charged). Without, it starts at once. The
 * opening's moves (config.opening) are played at once; throws a RangeError when they are not an
 * opening (`openingError` says why beforehand).
 */
export function newMatch(config: MatchConfig, at: number, seats?: [MatchSeat, MatchSeat]): MatchState {
  const engineSeats = seats ? ([0, 1] as const).filter((index) => seats[index].kind === "engine") : [];
  const untimed = [...new Set([...(config.untimedSeats ?? []), ...engineSeats])].sort();
  const state: MatchState = {
    config: engineSeats.length > 0 ? { ...config, untimedSeats: untimed } : config,
    status: seats?.some(isOpenSeat) ? "waiting" : "active",
    ...(seats ? { seats: [{ ...seats[0] }, { ...seats[1] }] as [MatchSeat, MatchSeat] } : {}),
    position: START_POSITION_STRING,
    moves: [],
    remainingMs: config.clock.kind === "game" ? [config.clock.initialMs, config.clock.initialMs] : null,
    turnStartedAt: at,
    pendingClaim: null,
    result: null,
    createdAt: at,
  };
  if (!config.opening) return state;
  const opened = playOpening(state, config.opening.moves);
  if (typeof opened === "string") throw new RangeError(`opening ${config.opening.name}: ${opened}`);
  return opened;
}

/**
 * The opening's moves played on a new match, at its creation time and charged to no clock, or why
 * they cannot open a game: a move that is not one, an illegal one, one that ends the game, or a
 * Quarto left on the board (under `announce: manual`, one the next player could claim).
 */
function playOpening(start: MatchState, moves: readonly string[]): MatchState | string {
  let state = start;
  for (const [index, text] of moves.entries()) {
    const move = parseMoveText(text);
    if (move === null) return `move ${index + 1} '${text}' is not a move`;
    const played = playMove(positionOf(state), move, state.config.rules);
    if (!played.ok) return `move ${index + 1} '${text}': ${played.error.detail}`;
    if (played.value.outcome.status !== "ongoing" || played.value.outcome.missed) return `move ${index + 1} '${text}' ends the game or completes a Quarto`;
    const record: MoveRecord = { ply: index, seat: seatToMove(state), move: compactMove(move), text: makeMoveText(move), at: state.createdAt, elapsedMs: 0 };
    state = { ...state, position: makePositionString(played.value.position), moves: [...state.moves, record] };
  }
  return state;
}

/** Why `opening` cannot start a game under `rules`, or null when it can. */
export function openingError(opening: readonly string[], rules: Rules): string | null {
  const opened = playOpening(newMatch({ rules, clock: { kind: "none" }, firstSeat: 0 }, 0), opening);
  return typeof opened === "string" ? opened : null;
}

export const currentPly = (state: MatchState): number => state.moves.length;
export const seatToMove = (state: MatchState): SeatIndex => ((state.config.firstSeat + state.moves.length) % 2) as SeatIndex;

export function positionOf(state: MatchState): Position {
  const setup = parsePositionString(state.position);
  if (!setup.ok) throw new Error(`corrupt match position ${state.position}`);
  return positionFromTrustedSetup(setup.value);
}

/** When the player to move loses on time, or null without a clock or after the game. */
export function deadline(state: MatchState): number | null {
  if (state.status !== "active" || !isTimed(state.config, seatToMove(state))) return null;
  const clock = state.config.clock;
  if (clock.kind === "move") return state.turnStartedAt + clock.moveMs;
  if (clock.kind === "game" && state.remainingMs) return state.turnStartedAt + state.remainingMs[seatToMove(state)];
  return null;
}

/** Time left on each seat's clock as of `now` (null entries without a clock, and for untimed seats). */
export function clocksAt(state: MatchState, now: number): [number | null, number | null] {
  const clock = state.config.clock;
  const mover = seatToMove(state);
  const running = state.status === "active" ? Math.max(0, now - state.turnStartedAt) : 0;
  const left: [number | null, number | null] = [null, null];
  if (clock.kind === "game" && state.remainingMs) {
    left[0] = state.remainingMs[0];
    left[1] = state.remainingMs[1];
    left[mover] = Math.max(0, state.remainingMs[mover] - running);
  } else if (clock.kind === "move" && state.status !== "finished") {
    left[mover] = Math.max(0, clock.moveMs - running);
  }
  for (const seat of [0, 1] as const) if (!isTimed(state.config, seat)) left[seat] = null;
  return left;
}

const fail = (code: MatchError["code"], detail: string): ActionResult => ({ ok: false, error: { code, detail } });

function finish(state: MatchState, result: MatchResult): MatchState {
  return { ...state, status: "finished", result, pendingClaim: null };
}

function announcedShape(announcement: Announcement): number | null {
  if (typeof announcement.shape === "number") return announcement.shape >= 0 && announcement.shape < ALL_SHAPES.length ? announcement.shape : null;
  const mask = announcement.shape.reduce((m, cell) => m | (1 << cell), 0);
  const index = ALL_SHAPES.findIndex((shape) => shape.mask === mask);
  return index >= 0 && announcement.shape.length === 4 ? index : null;
}

/** Checks an announcement against the Quartos actually made; null when it names one of them. */
function announcementError(announcement: Announcement | undefined, shapes: WinningShape[]): string | null {
  if (!announcement) return null;
  const index = announcedShape(announcement);
  const made = shapes.find((shape) => shape.shape === index);
  if (!made) return "the announced shape is not a completed Quarto through the placed piece";
  if (!made.attributes.includes(announcement.attribute)) {
    return `the pieces of that shape do not all share '${announcement.attribute}' (they share ${made.attributes.join(", ")})`;
  }
  return null;
}

/** Charges the mover's clock for the time since the turn began; returns the remaining times after it. */
function chargeClock(state: MatchState, seat: SeatIndex, at: number): { remainingMs: [number, number] | null; elapsedMs: number } {
  const elapsedMs = Math.max(0, at - state.turnStartedAt);
  const clock = state.config.clock;
  if (clock.kind !== "game" || !state.remainingMs || !isTimed(state.config, seat)) return { remainingMs: state.remainingMs, elapsedMs };
  const remainingMs = [...state.remainingMs] as [number, number];
  remainingMs[seat] = remainingMs[seat] - elapsedMs + clock.incrementMs;
  return { remainingMs, elapsedMs };
}

/**
 * How long after its deadline a person's flag may still fall. The host applies a flag when it is due,
 * within milliseconds; one found later than this fell while the server was not running (a crash, a
 * restart), when the person could not move: the server lost that time, so the turn starts again instead.
 */
const LATE_FLAG_MS = 2_000;

/** True when the player to move has run out of time at `at`. */
export function flagFallen(state: MatchState, at: number): boolean {
  const due = deadline(state);
  return due !== null && at >= due;
}

/** True when the mover's flag fell more than LATE_FLAG_MS before `at`, unseen: the server was down; the turn restarts (`restartClock`). */
export function flagOverdue(state: MatchState, at: number): boolean {
  const due = deadline(state);
  return due !== null && at - due >= LATE_FLAG_MS;
}

/** The seats still open (a match without seats has none). */
export const openSeats = (state: MatchState): SeatIndex[] =>
  state.seats ? ([0, 1] as const).filter((index) => isOpenSeat((state.seats as [MatchSeat, MatchSeat])[index])) : [];

/** The seat whose token has this SHA-256 (hex), or null. */
export function seatOfTokenHash(state: MatchState, tokenHash: string): SeatIndex | null {
  for (const index of [0, 1] as const) {
    const seat = state.seats?.[index];
    if (seat?.kind === "human" && seat.tokenHash !== null && seat.tokenHash === tokenHash) return index;
  }
  return null;
}

/** The kind of a seat (`human` for a match without seats: anyone may play either side). */
export const seatKind = (state: MatchState, seat: SeatIndex): MatchSeat["kind"] => state.seats?.[seat].kind ?? "human";

const staleError = (state: MatchState, ply: number): ActionResult => fail("match/stale_ply", `the match is at ply ${currentPly(state)}, not ${ply}`);
/** The refusal of an action that names another ply than the match's, or null when it names none or the current one. */
const staleCheck = (state: MatchState, ply: number | undefined): ActionResult | null =>
  ply !== undefined && ply !== currentPly(state) ? staleError(state, ply) : null;

export function applyAction(state: MatchState, action: AnyMatchAction): ActionResult {
  if (state.status === "finished") {
    // A retried final move is recognised as such rather than refused; cancelling an ended match changes nothing.
    if (action.type === "move" && isDuplicateMove(state, action)) return { ok: true, state, changed: false, duplicate: true };
    if (action.type === "cancel") return { ok: true, state, changed: false };
    return fail("match/finished", `the match is over (${state.result?.reason ?? "finished"})`);
  }
  if (action.type === "join") return applyJoin(state, action);
  if (action.type === "cancel") {
    const stale = staleCheck(state, action.ply);
    if (stale !== null) return stale;
    const detail = action.detail ?? "the match was cancelled";
    return { ok: true, state: finish(state, { winner: null, reason: "cancelled", detail, at: action.at }), changed: true };
  }
  if (state.status === "waiting" && action.type !== "abort") {
    return fail("match/waiting_for_players", `seat ${openSeats(state).join(" and ")} still open: the match starts when every seat is taken`);
  }
  // Before the flag check: a restart is for time the server lost, so a flag that fell in it never counts.
  if (action.type === "restartClock") return applyRestartClock(state, action);
  // A move that arrives after the flag fell loses on time, whoever sends it. A move made in the
  // server's own time (elapsedMs given) is judged by the clock time it is charged, not by `at`.
  const clockAt = action.type === "move" && action.elapsedMs !== undefined ? state.turnStartedAt + action.elapsedMs : action.at;
  if (action.type !== "abort" && action.type !== "flag" && flagFallen(state, clockAt)) {
    return applyAction(state, { type: "flag", at: action.at });
  }
  // A move checks its ply itself (a retried move is a duplicate, not stale); a claim too (below).
  const stale = action.type === "move" || action.type === "claim" ? null : staleCheck(state, action.ply);
  if (stale !== null) return stale;
  switch (action.type) {
    case "flag": {
      const due = deadline(state);
      if (due === null || action.at < due) return fail("match/time_not_up", "the player to move still has time");
      const loser = seatToMove(state);
      const next = finish(state, { winner: otherSeatIndex(loser), reason: "timeout", detail: `seat ${loser} ran out of time`, at: due });
      if (next.remainingMs) next.remainingMs = next.remainingMs.map((ms, seat) => (seat === loser ? 0 : ms)) as [number, number];
      return { ok: true, state: next, changed: true };
    }
    case "resign":
      return {
        ok: true,
        state: finish(state, { winner: otherSeatIndex(action.seat), reason: "resignation", detail: `seat ${action.seat} resigned`, at: action.at }),
        changed: true,
      };
    case "forfeit":
      return {
        ok: true,
        state: finish(state, { winner: otherSeatIndex(action.seat), reason: "forfeit", forfeitCode: action.code, detail: action.detail, at: action.at }),
        changed: true,
      };
    case "abort": {
      // Before the first placement: before both seats have moved (the opening's moves are neither's).
      if (state.moves.length - openingPlies(state.config) >= 2) {
        return fail(
          "match/cannot_abort",
          state.config.opening
            ? "a match can only be aborted before both seats have moved after its opening"
            : "a match can only be aborted before the first placement",
        );
      }
      return {
        ok: true,
        state: finish(state, { winner: null, reason: "aborted", detail: action.detail ?? "aborted before the first placement", at: action.at }),
        changed: true,
      };
    }
    case "claim":
      return applyClaim(state, action);
    case "move":
      return applyMove(state, action);
  }
}

function applyRestartClock(state: MatchState, action: Extract<LifecycleAction, { type: "restartClock" }>): ActionResult {
  const stale = staleCheck(state, action.ply);
  if (stale !== null) return stale;
  if (action.at <= state.turnStartedAt) return { ok: true, state, changed: false };
  const restart: ClockRestart = { ply: currentPly(state), at: action.at, lostMs: action.at - state.turnStartedAt };
  return { ok: true, state: { ...state, turnStartedAt: action.at, clockRestarts: [...(state.clockRestarts ?? []), restart] }, changed: true };
}

function applyJoin(state: MatchState, action: Extract<LifecycleAction, { type: "join" }>): ActionResult {
  const open = openSeats(state);
  const index = action.seat ?? open[0];
  if (index === undefined || !state.seats) return fail("match/no_open_seat", "every seat of this match is taken");
  if (!open.includes(index)) return fail("match/no_open_seat", `seat ${index} is not open`);
  const taken = state.seats[index] as Extract<MatchSeat, { kind: "human" }>;
  const seats: [MatchSeat, MatchSeat] = [state.seats[0], state.seats[1]];
  seats[index] = { kind: "human", name: action.name ?? taken.name, tokenHash: action.tokenHash };
  const starts = !seats.some(isOpenSeat);
  // The clocks start with the match: the opening turn begins when the last seat is taken.
  const next: MatchState = { ...state, seats, ...(starts ? { status: "active" as const, turnStartedAt: action.at } : {}) };
  return { ok: true, state: next, changed: true };
}

/**
 * True when this exact move was already played at `action.ply` by the same seat: a retried request,
 * answered as a success without playing it again (even after the opponent has replied to it).
 */
function isDuplicateMove(state: MatchState, action: Extract<MatchAction, { type: "move" }>): boolean {
  const played = state.moves[action.ply];
  return (
    played !== undefined &&
    played.seat === action.seat &&
    played.move.place === action.move.place &&
    played.move.give === action.move.give &&
    // Under `announce: auto` a winning placement is recorded announced whether or not it was sent so.
    (state.config.rules.announce === "auto" || Boolean(played.move.quarto) === Boolean(action.move.quarto || action.announcement))
  );
}

function applyClaim(state: MatchState, action: Extract<MatchAction, { type: "claim" }>): ActionResult {
  const stale = staleCheck(state, action.ply);
  if (stale !== null) return stale;
  const pending = state.pendingClaim;
  if (!pending || pending.claimant !== action.seat) {
    return fail("match/nothing_to_claim", "there is no unannounced Quarto that this seat may claim now");
  }
  const wrong = announcementError(action.announcement, pending.shapes);
  if (wrong) return fail("match/wrong_announcement", wrong);
  return {
    ok: true,
    state: finish(state, {
      winner: action.seat,
      reason: "claim",
      shapes: pending.shapes,
      detail: "claimed a Quarto the placer did not announce",
      at: action.at,
    }),
    changed: true,
  };
}

function applyMove(state: MatchState, action: Extract<MatchAction, { type: "move" }>): ActionResult {
  if (isDuplicateMove(state, action)) return { ok: true, state, changed: false, duplicate: true };
  // The ply is checked first: of two different moves sent for the same ply, the second is stale.
  if (action.ply !== currentPly(state)) return staleError(state, action.ply);
  const mover = seatToMove(state);
  if (action.seat !== mover) return fail("match/not_your_turn", `it is seat ${mover}'s turn`);
  const rules = state.config.rules;
  const move: Move = action.announcement ? { ...action.move, quarto: true } : action.move;
  const played = playMove(positionOf(state), move, rules);
  if (!played.ok) return { ok: false, error: played.error };
  const { outcome, position } = played.value;
  if (outcome.status === "won") {
    const wrong = announcementError(action.announcement, outcome.shapes);
    if (wrong) return fail("match/wrong_announcement", wrong);
  }
  const { remainingMs, elapsedMs } = chargeClock(state, mover, action.elapsedMs === undefined ? action.at : state.turnStartedAt + action.elapsedMs);
  // A winning placement is recorded with its announcement, whoever made it and whether or not they
  // announced it under `announce: auto` (one notation: `d4!`, as validate-move writes it).
  const recorded: Move = outcome.status === "won" ? { ...move, quarto: true } : move;
  const record: MoveRecord = { ply: currentPly(state), seat: mover, move: compactMove(recorded), text: makeMoveText(recorded), at: action.at, elapsedMs };
  let next: MatchState = {
    ...state,
    position: makePositionString(position),
    moves: [...state.moves, record],
    remainingMs,
    turnStartedAt: action.at,
    pendingClaim: null,
  };
  if (outcome.status === "won") {
    next = finish(next, { winner: mover, reason: "quarto", shapes: outcome.shapes, at: action.at });
  } else if (outcome.status === "drawn") {
    next = finish(next, { winner: null, reason: "draw", detail: "the board is full", at: action.at });
  } else if (outcome.missed && rules.announce === "manual" && rules.missedClaim) {
    next.pendingClaim = { claimant: otherSeatIndex(mover), shapes: outcome.missed, ply: record.ply };
  }
  return { ok: true, state: next, changed: true };
}

function compactMove(move: Move): Move {
  const compact: { place?: number; give?: number; quarto?: boolean } = {};
  if (move.place !== undefined) compact.place = move.place;
  if (move.give !== undefined) compact.give = move.give;
  if (move.quarto) compact.quarto = true;
  return compact;
}

/** The game record as one line of text: the start position, then every move. */
export function recordText(state: MatchState): string {
  return [START_POSITION_STRING, ...state.moves.map((record) => record.text)].join(" ");
}
