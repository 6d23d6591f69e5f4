/**
 * A tournament game's match: two bot seats the tournament's object moves itself, over RPC (never
 * reachable over HTTP). The match judges every action with the reducer as it judges a person's; the
 * bots' clocks are the tournament's to restart and to judge (the match's alarm never flags a bot seat).
 */
import { err, makeRules, ok, type RulesInput } from "../rules/index.ts";
import {
  type ClockConfig,
  currentPly,
  deadline,
  type MatchAction,
  type MatchConfig,
  type MatchOpening,
  type MatchSeat,
  type MatchState,
  newMatch,
  type SeatIndex,
  seatKind,
  seatToMove,
} from "../match/index.ts";
import type { ProblemCode, Refusal, Reply, StoredMatch } from "../wire/index.ts";
import type { MatchStore } from "./match-store.ts";

/** What a tournament passes to `createBotMatch`: both seats are bots it moves itself; seat 0 gives first. */
export interface BotMatchInput {
  id: string;
  rules: RulesInput;
  clock: ClockConfig;
  /** Seats 0 and 1; `untimed` for bots the server computes itself (the built-in bots). */
  seats: [{ name: string; untimed: boolean }, { name: string; untimed: boolean }];
  /** The tournament the game belongs to (its page links back there). */
  tournamentId?: string;
  /** Moves played at creation (an opening of a suite), before either bot moves. */
  opening?: MatchOpening;
}

export const refuse = (code: ProblemCode, detail: string): { ok: false; error: Refusal } => err({ code, detail });

export const notFound = () => refuse("match/not_found", "there is no such match");

/** Creates a match between two bot seats, or answers the existing one (a retried creation). */
export async function createBotMatch(store: MatchStore, input: BotMatchInput): Promise<Reply<MatchState>> {
  const existing = store.load();
  if (existing !== undefined) return ok(existing.state);
  const config: MatchConfig = {
    rules: makeRules(input.rules),
    clock: input.clock,
    firstSeat: 0,
    untimedSeats: ([0, 1] as const).filter((index) => input.seats[index].untimed),
    ...(input.opening ? { opening: input.opening } : {}),
  };
  const seats: [MatchSeat, MatchSeat] = [
    { kind: "bot", name: input.seats[0].name },
    { kind: "bot", name: input.seats[1].name },
  ];
  const match: StoredMatch = {
    id: input.id,
    state: newMatch(config, Date.now(), seats),
    ...(input.tournamentId === undefined ? {} : { tournamentId: input.tournamentId }),
  };
  store.save(match);
  await store.schedule(match);
  return ok(match.state);
}

/**
 * Applies a bot seat's action (a move, a claim, a forfeit, an abort or a flag), computed for the match
 * at `ply`: the reducer refuses it with `match/stale_ply` if the match has moved on since (a step
 * repeated after an eviction, or two steps at once), and with `match/finished` once it is over.
 */
export async function botAct(store: MatchStore, ply: number, action: MatchAction): Promise<Reply<MatchState>> {
  const match = store.load();
  if (!match) return notFound();
  const seat = action.type === "flag" ? null : action.seat;
  if (seat !== null && seatKind(match.state, seat) !== "bot") return refuse("match/not_a_player", `seat ${seat} is not a bot seat`);
  const result = await store.reduce(match, { ...action, ply });
  return result.ok ? ok(match.state) : err(result.error);
}

/**
 * Restarts the clock of a bot seat's turn the server lost time in (the tournament calls it when its
 * step starts, before asking anyone, so every moment of the turn so far was the server's): nothing
 * changes unless a timed bot seat is to move and its turn began at least `minLostMs` ago.
 */
export async function botRestartClock(store: MatchStore, minLostMs: number): Promise<Reply<MatchState>> {
  const match = store.load();
  if (!match) return notFound();
  const { state } = match;
  const now = Date.now();
  if (state.status !== "active" || seatKind(state, seatToMove(state)) !== "bot" || deadline(state) === null || now - state.turnStartedAt < minLostMs) {
    return ok(state);
  }
  const result = await store.reduce(match, { type: "restartClock", ply: currentPly(state), at: now });
  return result.ok ? ok(match.state) : err(result.error);
}

/**
 * Ends a bot match without a result, at any ply (its tournament was cancelled): the reducer's
 * `cancel`, reason `cancelled` (not a player's `abort`, which comes only before the first placement).
 * A match already over stays as it is.
 */
export async function cancelBotMatch(store: MatchStore, detail: string): Promise<Reply<MatchState>> {
  const match = store.load();
  if (!match) return notFound();
  if ([0, 1].some((seat) => seatKind(match.state, seat as SeatIndex) !== "bot")) {
    return refuse("match/not_a_player", "only a match between bot seats can be cancelled");
  }
  const result = await store.reduce(match, { type: "cancel", at: Date.now(), detail });
  return result.ok ? ok(match.state) : err(result.error);
}
