/**
 * One tournament game, played through the shared match reducer (src/match/machine.ts), so the arena
 * and hosted matches share one set of rules for turns, clocks, claims and forfeits. `playTurn` is one
 * bounded step (ask the seat to move, apply what came back) for a caller that stores the state between
 * steps; `playGame` loops it and applies the replay policy: a bot that cannot be reached (a connection
 * error) before its first move of a game has the game aborted and replayed once; on the replay the
 * same failure is a forfeit.
 */
import type { Rules } from "../rules/index.ts";
import {
  applyAction,
  type ClockConfig,
  deadline,
  flagFallen,
  type MatchAction,
  type MatchResult,
  type MatchState,
  newMatch,
  otherSeatIndex,
  recordText,
  type SeatIndex,
  seatToMove,
} from "../match/machine.ts";
import type { ForfeitCode } from "../bots/forfeits.ts";
import { endNoticeFor, moveRequestFor, parseMoveAnswer, type Player } from "../bots/protocol.ts";

/** The longest a single call may take when the clock sets no limit. */
export const DEFAULT_MAX_MOVE_MS = 60_000;

export interface TurnContext {
  tournamentId: string | null;
  gameId: string;
  matchId: string;
  /** The players by seat index. */
  seats: readonly [Player, Player];
  /** May a connection error before the seat's first move abort the match (first attempt only)? */
  mayAbort: boolean;
  maxMoveMs?: number;
  now?: () => number;
}

function forfeit(seat: SeatIndex, code: ForfeitCode, detail: string, at: number): MatchAction {
  return { type: "forfeit", seat, code, detail, at };
}

/**
 * Asks the seat to move and applies its answer, or the forfeit (or abort) that replaces it. The state
 * must be active; the result is the next state. Never throws for anything a bot does.
 */
export async function playTurn(state: MatchState, context: TurnContext): Promise<MatchState> {
  if (state.status !== "active") throw new Error("playTurn: the match is over");
  const now = context.now ?? Date.now;
  const seat = seatToMove(state);
  const player = context.seats[seat];
  const askedAt = now();
  const due = deadline(state);
  const timeLeftMs = Math.min(due === null ? Number.POSITIVE_INFINITY : due - askedAt, context.maxMoveMs ?? DEFAULT_MAX_MOVE_MS);

  let action: MatchAction;
  if (timeLeftMs <= 0) {
    action = forfeit(seat, "bot/timeout", "no time was left on the clock for this move", askedAt);
  } else {
    const ids = { tournamentId: context.tournamentId, gameId: context.gameId, matchId: context.matchId, opponent: context.seats[otherSeatIndex(seat)].name };
    const reply = await player.move(moveRequestFor(state, seat, ids, timeLeftMs), { timeoutMs: Math.max(0, timeLeftMs) });
    const at = now();
    action = replyAction(state, seat, player, reply, at, context.mayAbort);
  }
  const applied = applyAction(state, action);
  if (applied.ok) return applied.state;
  // The reducer refused the move: the bot played an illegal one.
  const refused = applyAction(state, forfeit(seat, "bot/illegal_move", `${applied.error.code}: ${applied.error.detail}`, action.at));
  if (!refused.ok) throw new Error(`playTurn: the reducer refused a forfeit (${refused.error.code})`);
  return refused.state;
}

function replyAction(state: MatchState, seat: SeatIndex, player: Player, reply: Awaited<ReturnType<Player["move"]>>, at: number, mayAbort: boolean): MatchAction {
  if (!reply.ok) {
    const hasMoved = state.moves.some((record) => record.seat === seat);
    if (reply.code === "bot/connection_error" && mayAbort && !hasMoved) {
      return { type: "abort", seat, at, detail: `${player.name} could not be reached before its first move (${reply.detail}); the game is replayed` };
    }
    return forfeit(seat, reply.code, reply.detail, at);
  }
  if (flagFallen(state, at)) {
    return forfeit(seat, "bot/timeout", `the answer arrived ${at - state.turnStartedAt} ms into the turn, after the time left`, at);
  }
  const parsed = parseMoveAnswer(reply.answer);
  if (!parsed.ok) return forfeit(seat, "bot/illegal_move", parsed.error, at);
  if (parsed.value.kind === "claim") return { type: "claim", seat, ply: state.moves.length, at };
  return { type: "move", seat, ply: state.moves.length, move: parsed.value.move, at };
}

export interface GameOptions {
  tournamentId?: string | null;
  gameId: string;
  rules: Rules;
  clock: ClockConfig;
  /** Makes the opening give. */
  first: Player;
  second: Player;
  maxMoveMs?: number;
  now?: () => number;
}

/** An attempt that was aborted and replayed (kept so the record explains the replay). */
export interface AbortedAttempt {
  matchId: string;
  detail: string;
  record: string;
}

export interface GameRecord extends GameOutcome {
  gameId: string;
  /** The match id of the attempt that counts. */
  matchId: string;
  first: string;
  second: string;
  plies: number;
  /** The game in text: the start position, then every move. */
  record: string;
  abortedAttempts: AbortedAttempt[];
  /** The final match state: the full record with times, for replays. */
  match: MatchState;
}

async function notifyEnd(state: MatchState, context: TurnContext): Promise<void> {
  await Promise.all(
    ([0, 1] as const).map(async (seat) => {
      const player = context.seats[seat];
      if (!player.end) return;
      const notice = endNoticeFor(state, seat, { ...context, opponent: context.seats[otherSeatIndex(seat)].name });
      await player.end(notice).catch(() => {});
    }),
  );
}

export interface GameOutcome {
  winner: string | null;
  reason: MatchResult["reason"];
  forfeitCode?: string;
  forfeitedBy?: string;
  detail?: string;
}

/**
 * How a finished match counts, with bot names for seats. A bot that ran out of time has the reducer's
 * reason `timeout` (the reducer turns any action after the deadline into a flag) and the forfeit code
 * `bot/timeout`, so every loss by misbehaviour carries a code.
 */
export function gameOutcome(state: MatchState, names: readonly [string, string]): GameOutcome {
  const result = state.result;
  if (!result) throw new Error("gameOutcome: the match is not finished");
  const outcome: GameOutcome = { winner: result.winner === null ? null : names[result.winner], reason: result.reason };
  const code = result.forfeitCode ?? (result.reason === "timeout" ? "bot/timeout" : undefined);
  if (code && result.winner !== null) {
    outcome.forfeitCode = code;
    outcome.forfeitedBy = names[otherSeatIndex(result.winner)];
  }
  if (result.detail) outcome.detail = result.detail;
  return outcome;
}

/**
 * In-process players (reference bots) move in the runner's own time, as an engine seat does in a
 * hosted match: their clock never runs and they never lose on time.
 */
export function untimedSeats(seats: readonly [Player, Player]): SeatIndex[] {
  return ([0, 1] as const).filter((seat) => seats[seat].inProcess);
}

/** Plays one game to its end (replaying it once after an abort) and returns its record. */
export async function playGame(options: GameOptions): Promise<GameRecord> {
  const now = options.now ?? Date.now;
  const seats = [options.first, options.second] as const;
  const abortedAttempts: AbortedAttempt[] = [];
  for (let attempt = 1; ; attempt++) {
    const context: TurnContext = {
      tournamentId: options.tournamentId ?? null,
      gameId: options.gameId,
      matchId: `${options.gameId}.${attempt}`,
      seats,
      mayAbort: attempt === 1,
      maxMoveMs: options.maxMoveMs,
      now,
    };
    let state = newMatch({ rules: options.rules, clock: options.clock, firstSeat: 0, untimedSeats: untimedSeats(seats) }, now());
    while (state.status === "active") state = await playTurn(state, context);
    await notifyEnd(state, context);
    const result = state.result as MatchResult;
    if (result.reason === "aborted") {
      abortedAttempts.push({ matchId: context.matchId, detail: result.detail ?? "aborted", record: recordText(state) });
      continue;
    }
    return {
      gameId: options.gameId,
      matchId: context.matchId,
      first: options.first.name,
      second: options.second.name,
      ...gameOutcome(state, [options.first.name, options.second.name]),
      plies: state.moves.length,
      record: recordText(state),
      abortedAttempts,
      match: state,
    };
  }
}
