/**
 * One turn of a tournament game, in three parts so that only the middle one does I/O: `turnAsk` (pure:
 * which seat to ask, the request, how long the call may take, or the flag when no time is left),
 * `askBot` (the one call to the bot) and `decideAction` (pure: the reducer action the reply stands for,
 * always one the reducer accepts). The tournament step (step.ts) asks and decides; the local runner and
 * the tournament object only carry out the call.
 */
import {
  applyAction,
  deadline,
  flagFallen,
  type MatchAction,
  type MatchState,
  openingPlies,
  otherSeatIndex,
  type SeatIndex,
  seatToMove,
} from "../match/index.ts";
import { type MoveRequest, moveRequestFor, type Player, type PlayerReply, parseMoveAnswer } from "../bots/index.ts";
import { DEFAULT_MAX_MOVE_MS } from "./game.ts";

/**
 * Which limit ends the call: `clock` is the reducer's deadline (a call cut there is the reducer's flag),
 * `cap` the runner's own longest call (no clock, an untimed seat, or more time left than the cap): a call
 * cut there is a `bot/timeout` forfeit.
 */
type TimeLimit = "clock" | "cap";

/** A question to the seat to move, with everything needed to judge its answer. */
export interface Ask {
  /** The bot holding the seat (its entrant name). */
  bot: string;
  seat: SeatIndex;
  /** The match as it was when asked: the answer is judged against it. */
  match: MatchState;
  request: MoveRequest;
  /** How long the call may take, round trip included. */
  timeoutMs: number;
  limit: TimeLimit;
  /** May a connection error before the seat's first move abort the match (the first attempt of a game only)? */
  mayAbort: boolean;
}

export interface TurnContext {
  tournamentId: string | null;
  gameId: string;
  matchId: string;
  /** The bots by seat index. */
  names: readonly [string, string];
  mayAbort: boolean;
  /** The longest a call may take when the clock allows more (DEFAULT_MAX_MOVE_MS). */
  maxMoveMs?: number;
}

/** What a turn starts with: a question to a bot, or (no time left) the flag without asking. */
export type TurnStart = { type: "ask"; ask: Ask } | { type: "act"; action: MatchAction };

/** The question for the seat to move in an active match, as of `at`. */
export function turnAsk(match: MatchState, context: TurnContext, at: number): TurnStart {
  if (match.status !== "active") throw new Error("turnAsk: the match is not active");
  const seat = seatToMove(match);
  const due = deadline(match);
  const cap = context.maxMoveMs ?? DEFAULT_MAX_MOVE_MS;
  const clockLeft = due === null ? Number.POSITIVE_INFINITY : due - at;
  if (due !== null && clockLeft <= 0) return { type: "act", action: { type: "flag", at: Math.max(at, due) } };
  const timeoutMs = Math.min(clockLeft, cap);
  const ids = { tournamentId: context.tournamentId, gameId: context.gameId, matchId: context.matchId, opponent: context.names[otherSeatIndex(seat)] };
  return {
    type: "ask",
    ask: {
      bot: context.names[seat],
      seat,
      match,
      request: moveRequestFor(match, seat, ids, timeoutMs),
      timeoutMs,
      limit: clockLeft <= cap ? "clock" : "cap",
      mayAbort: context.mayAbort,
    },
  };
}

/** The call itself: the bot's reply and when it came, on the caller's clock. Never rejects for anything a bot does. */
export async function askBot(player: Player, ask: Ask, now: () => number): Promise<{ reply: PlayerReply; at: number }> {
  const reply = await player.move(ask.request, { timeoutMs: Math.max(0, ask.timeoutMs) });
  return { reply, at: now() };
}

const forfeit = (seat: SeatIndex, code: string, detail: string, at: number): MatchAction => ({ type: "forfeit", seat, code, detail, at });

/**
 * The reducer action a reply (received at `at`) stands for. The reducer itself judges legality: an
 * action it refuses on the asked state becomes a `bot/illegal_move` forfeit, so the result always applies.
 */
export function decideAction(ask: Ask, reply: PlayerReply, at: number): MatchAction {
  const action = replyAction(ask, reply, at);
  const applied = applyAction(ask.match, action);
  if (applied.ok) return action;
  return forfeit(ask.seat, "bot/illegal_move", `${applied.error.code}: ${applied.error.detail}`, action.at);
}

function replyAction(ask: Ask, reply: PlayerReply, at: number): MatchAction {
  const { match, seat } = ask;
  if (!reply.ok) {
    // One clock decides a loss on time, the reducer's: a call cut at its deadline is its flag, stamped at
    // the deadline even when the caller's timer fired a millisecond early.
    const due = deadline(match);
    if (reply.code === "bot/timeout" && ask.limit === "clock" && due !== null) return { type: "flag", at: Math.max(at, due) };
    const hasMoved = match.moves.slice(openingPlies(match.config)).some((record) => record.seat === seat);
    if (reply.code === "bot/connection_error" && ask.mayAbort && !hasMoved) {
      return { type: "abort", seat, at, detail: `${ask.bot} could not be reached before its first move (${reply.detail}); the game is replayed` };
    }
    return forfeit(seat, reply.code, reply.detail, at);
  }
  if (flagFallen(match, at)) return { type: "flag", at };
  const parsed = parseMoveAnswer(reply.answer);
  if (!parsed.ok) return forfeit(seat, "bot/illegal_move", parsed.error, at);
  if (parsed.value.kind === "claim") return { type: "claim", seat, ply: match.moves.length, at };
  return { type: "move", seat, ply: match.moves.length, move: parsed.value.move, at };
}
