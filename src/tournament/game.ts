/**
 * How a tournament game counts: its outcome with bot names for seats (read off the finished match of
 * the reducer, src/match/machine.ts) and the local runner's record of it. The game is played by the
 * tournament step (step.ts); a turn of it is in turn.ts.
 */
import { type MatchResult, type MatchState, otherSeatIndex } from "../match/index.ts";

/** The longest a single bot call may take when the clock allows more (or sets no limit). */
export const DEFAULT_MAX_MOVE_MS = 60_000;

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

/** An attempt that was aborted and replayed (kept so the record explains the replay). */
interface AbortedAttempt {
  matchId: string;
  detail: string;
  record: string;
}

/** A game as the local runner reports it. */
export interface GameRecord extends GameOutcome {
  gameId: string;
  /** The match id of the attempt that counts. */
  matchId: string;
  first: string;
  second: string;
  plies: number;
  /** The game in text: the start position, then every move (the opening's first). */
  record: string;
  /** The opening it started from, by name. */
  opening?: string;
  /** Its game pair (the other game from the same opening, seats swapped), in paired schedules. */
  pair?: number;
  abortedAttempts: AbortedAttempt[];
  /** The final match state: the full record with times, for replays. */
  match: MatchState;
}
