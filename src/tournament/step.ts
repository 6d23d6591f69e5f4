/**
 * The tournament lifecycle, once: `step(state, event) -> { state, commands }`, a pure function that the
 * local runner (run.ts) and the tournament Durable Object both drive (`drive`). It schedules, opens each
 * game's match, asks bots, applies their actions, replays an attempt aborted before a bot's first move
 * once, records results and owes the end notices. The hosts only carry out commands (create or read a
 * match, call a bot, apply an action, send notices) and report what came back as events.
 *
 * Why it survives any eviction of a host: every command is derived from stored state (`wake` derives it
 * again after a crash), each event names the game and match it is about and is ignored once they moved
 * on, a match id is stored before its match is created (creation is idempotent), an action carries the
 * ply it was computed for, a result is stored (with its notices owed) before the tournament moves on,
 * and the match stays the only record of a game in progress. Every command and event names its game,
 * so several games could run at once; today the tournament plays one at a time (`current`).
 */
import { type MatchAction, type MatchState, recordText } from "../match/machine.ts";
import { endNoticeFor, type Player, type PlayerReply } from "../bots/protocol.ts";
import { type GameOutcome, gameOutcome } from "./game.ts";
import { roundRobinSchedule, type ScheduledGame } from "./schedule.ts";
import { type Ask, decideAction, turnAsk } from "./turn.ts";

/** One scheduled game and how far it got. The tournament object stores each as it is (`game:000012`). */
export interface GameState extends ScheduledGame {
  status: "pending" | "playing" | "finished" | "cancelled";
  /** 1, or 2 once an attempt was aborted. */
  attempt: number;
  /** The match of the current attempt, stored before the match is created. */
  matchId: string | null;
  /** Whether that match exists (stored once it was read): only then is it shown. */
  matchCreated: boolean;
  aborted: { matchId: string; detail: string }[];
  outcome: GameOutcome | null;
  plies: number | null;
  /** The game in text: the start position, then every move. */
  text: string | null;
  /** A finished match whose bots have not yet been sent `POST /end`. */
  pendingNotice: string | null;
}

/** The part of a tournament the step reads and writes; hosts keep more (configuration, entrants). */
export interface TournamentProgress {
  id: string;
  status: "running" | "finished" | "cancelled";
  gameCount: number;
  /** The game being played (or next to play); `gameCount` once all are over. */
  current: number;
  finishedAt: number | null;
}

/**
 * What a step sees: the tournament and the sub-states of the games it reads (`gamesRead`). A host that
 * keeps every game in memory may pass them all; the tournament object loads only those.
 */
export interface TournamentState<T extends TournamentProgress = TournamentProgress> {
  tournament: T;
  games: readonly GameState[];
}

/** Settings of a tournament that shape its games. */
export interface StepPolicy {
  /** Bots that move in the host's own time (in-process reference bots): their seats are untimed. */
  untimed: readonly string[];
  /** The longest a bot call may take when the clock allows more. */
  maxMoveMs?: number;
}

export interface SeatSpec {
  name: string;
  untimed: boolean;
}

/** What the step asks its host to do; every command names the game (by index) it serves. */
export type StepCommand =
  /** Choose a fresh id for the game's next match (answer: `matchId`). */
  | { type: "newMatchId"; game: number; gameId: string; attempt: number }
  /** Create the match, or read it if it exists (answer: `match`). Seat 0 gives first. */
  | { type: "openMatch"; game: number; matchId: string; seats: [SeatSpec, SeatSpec] }
  /** Call the bot (answer: `reply`). */
  | { type: "askBot"; game: number; matchId: string; ask: Ask }
  /** Apply the action to the match unless it moved past `ply` (answer: `match`, or `stale` when refused). */
  | { type: "act"; game: number; matchId: string; ply: number; action: MatchAction }
  /** Send `POST /end` to both bots of the finished match, best effort (answer: `notified`). */
  | { type: "sendNotices"; game: number; matchId: string; tournamentId: string; gameId: string; names: [string, string] }
  /** End the match without a result: its tournament was cancelled (no answer). */
  | { type: "cancelMatch"; game: number; matchId: string; detail: string };

/** What happened; hosts stamp times (`at`, ms since epoch) on their own clock. */
export type StepEvent =
  /** Do what the stored state owes next (an alarm, the runner's loop, a restart after an eviction). */
  | { type: "wake"; at: number }
  | { type: "cancel"; at: number }
  | { type: "matchId"; game: number; matchId: string }
  | { type: "match"; game: number; matchId: string; match: MatchState; at: number }
  | { type: "reply"; game: number; matchId: string; ask: Ask; reply: PlayerReply; at: number }
  | { type: "stale"; game: number; matchId: string }
  | { type: "notified"; game: number; matchId: string; at: number };

export interface StepResult<T extends TournamentProgress> {
  state: TournamentState<T>;
  commands: StepCommand[];
}

/** The detail of a match ended because its tournament was cancelled. */
export const CANCELLED_DETAIL = "the tournament was cancelled";

/** A scheduled game before anything of it is played. */
export function pendingGame(game: ScheduledGame): GameState {
  return {
    ...game,
    status: "pending",
    attempt: 1,
    matchId: null,
    matchCreated: false,
    aborted: [],
    outcome: null,
    plies: null,
    text: null,
    pendingNotice: null,
  };
}

/** The games of a new tournament: the round robin of `bots`, none played. Throws a RangeError for a bad configuration. */
export function scheduleGames(bots: readonly string[], gamesPerPair: number, seed: number): GameState[] {
  return roundRobinSchedule(bots, gamesPerPair, seed).map(pendingGame);
}

/** The untimed bots among `players`: those that move in the host's own process. */
export const untimedBots = (players: readonly Player[]): string[] => players.filter((player) => player.inProcess).map((player) => player.name);

/** The indexes of the games a step for `event` reads. */
export function gamesRead(tournament: TournamentProgress, event: StepEvent): number[] {
  return event.type === "wake" || event.type === "cancel" ? [tournament.current] : [event.game];
}

/** A bot call: the commands a bounded host counts (see `drive`). */
export const isBotCall = (command: StepCommand): boolean => command.type === "askBot" || command.type === "sendNotices";

export function step<T extends TournamentProgress>(state: TournamentState<T>, event: StepEvent, policy: StepPolicy): StepResult<T> {
  const { tournament } = state;
  const same: StepResult<T> = { state, commands: [] };
  if (event.type === "wake") return wake(state, event.at, policy);
  if (event.type === "cancel") return cancel(state, event.at);
  const game = gameOf(state, event.game);
  if (event.type === "notified") return notified(state, game, event.matchId, event.at);
  if (event.type === "matchId") {
    const free = tournament.status === "running" && tournament.current === game.index && game.matchId === null && game.pendingNotice === null;
    if (!free || (game.status !== "pending" && game.status !== "playing")) return same;
    const next: GameState = { ...game, status: "playing", matchId: event.matchId, matchCreated: false };
    return { state: withGame(state, next), commands: [openMatch(next, policy)] };
  }
  const playing = tournament.status === "running" && game.status === "playing" && game.matchId === event.matchId;
  if (!playing) {
    // A match read for a cancelled tournament (created while it was cancelled) is cancelled too.
    const orphan = event.type === "match" && tournament.status === "cancelled" && game.matchId === event.matchId && event.match.status !== "finished";
    return orphan ? { state, commands: [{ type: "cancelMatch", game: game.index, matchId: event.matchId, detail: CANCELLED_DETAIL }] } : same;
  }
  switch (event.type) {
    case "match":
      return matchRead(state, game.matchCreated ? game : { ...game, matchCreated: true }, event.match, event.at, policy);
    case "reply":
      return {
        state,
        commands: [
          { type: "act", game: game.index, matchId: event.matchId, ply: event.ask.match.moves.length, action: decideAction(event.ask, event.reply, event.at) },
        ],
      };
    case "stale":
      // The match moved on without this answer (its own alarm flagged the bot, or another step got there first): read it again.
      return { state, commands: [openMatch(game, policy)] };
  }
}

function gameOf(state: TournamentState, index: number): GameState {
  const game = state.games.find((candidate) => candidate.index === index);
  if (!game) throw new Error(`tournament ${state.tournament.id}: game ${index} was not loaded for this step`);
  return game;
}

function withGame<T extends TournamentProgress>(state: TournamentState<T>, game: GameState): TournamentState<T> {
  return { ...state, games: state.games.map((candidate) => (candidate.index === game.index ? game : candidate)) };
}

const seatSpec = (name: string, policy: StepPolicy): SeatSpec => ({ name, untimed: policy.untimed.includes(name) });

function openMatch(game: GameState, policy: StepPolicy): StepCommand {
  return { type: "openMatch", game: game.index, matchId: game.matchId as string, seats: [seatSpec(game.first, policy), seatSpec(game.second, policy)] };
}

function sendNotices(tournament: TournamentProgress, game: GameState, matchId: string): StepCommand {
  return { type: "sendNotices", game: game.index, matchId, tournamentId: tournament.id, gameId: game.gameId, names: [game.first, game.second] };
}

/** What the stored state owes next: notices, a match id, or a (re)read of the match in play. */
function wake<T extends TournamentProgress>(state: TournamentState<T>, at: number, policy: StepPolicy): StepResult<T> {
  const { tournament } = state;
  if (tournament.status !== "running") return { state, commands: [] };
  if (tournament.current >= tournament.gameCount)
    return { state: { ...state, tournament: { ...tournament, status: "finished", finishedAt: at } }, commands: [] };
  const game = gameOf(state, tournament.current);
  if (game.pendingNotice !== null) return { state, commands: [sendNotices(tournament, game, game.pendingNotice)] };
  if (game.status === "finished") return { state: advance(state, at), commands: [] };
  if (game.matchId === null) return { state, commands: [{ type: "newMatchId", game: game.index, gameId: game.gameId, attempt: game.attempt }] };
  return { state, commands: [openMatch(game, policy)] };
}

/** The match of the game in play, as read (or as an action left it): record its end, or ask for the next turn. */
function matchRead<T extends TournamentProgress>(state: TournamentState<T>, game: GameState, match: MatchState, at: number, policy: StepPolicy): StepResult<T> {
  const matchId = game.matchId as string;
  if (match.status === "finished") {
    const next = recordEnd(game, matchId, match);
    return { state: withGame(state, next), commands: [sendNotices(state.tournament, next, matchId)] };
  }
  const turn = turnAsk(
    match,
    {
      tournamentId: state.tournament.id,
      gameId: game.gameId,
      matchId,
      names: [game.first, game.second],
      mayAbort: game.attempt === 1,
      maxMoveMs: policy.maxMoveMs,
    },
    at,
  );
  const command: StepCommand =
    turn.type === "ask"
      ? { type: "askBot", game: game.index, matchId, ask: turn.ask }
      : { type: "act", game: game.index, matchId, ply: match.moves.length, action: turn.action };
  return { state: withGame(state, game), commands: [command] };
}

/**
 * A finished match in its game: the first attempt aborted (a bot unreachable before its first move) is
 * replayed once in a new match; anything else, a second abort included, is the game's result. Either
 * way the bots' end notices are owed from here.
 */
function recordEnd(game: GameState, matchId: string, match: MatchState): GameState {
  const result = match.result;
  if (!result) throw new Error(`match ${matchId} is finished without a result`);
  if (result.reason === "aborted" && game.attempt === 1) {
    return {
      ...game,
      attempt: 2,
      matchId: null,
      matchCreated: false,
      aborted: [...game.aborted, { matchId, detail: result.detail ?? "aborted" }],
      pendingNotice: matchId,
    };
  }
  return {
    ...game,
    status: "finished",
    outcome: gameOutcome(match, [game.first, game.second]),
    plies: match.moves.length,
    text: recordText(match),
    pendingNotice: matchId,
  };
}

/** The notices of `matchId` are sent: a finished game gives way to the next one (or ends the tournament). */
function notified<T extends TournamentProgress>(state: TournamentState<T>, game: GameState, matchId: string, at: number): StepResult<T> {
  if (game.pendingNotice !== matchId) return { state, commands: [] };
  const next = withGame(state, { ...game, pendingNotice: null });
  const { tournament } = next;
  if (game.status !== "finished" || tournament.current !== game.index || tournament.status !== "running") return { state: next, commands: [] };
  return { state: advance(next, at), commands: [] };
}

function advance<T extends TournamentProgress>(state: TournamentState<T>, at: number): TournamentState<T> {
  const { tournament } = state;
  const current = tournament.current + 1;
  return {
    ...state,
    tournament: current >= tournament.gameCount ? { ...tournament, current, status: "finished", finishedAt: at } : { ...tournament, current },
  };
}

/** Stops the tournament: the game in play ends without a result (its match is cancelled), the rest are not played. */
function cancel<T extends TournamentProgress>(state: TournamentState<T>, at: number): StepResult<T> {
  const { tournament } = state;
  if (tournament.status !== "running") return { state, commands: [] };
  let next: TournamentState<T> = { ...state, tournament: { ...tournament, status: "cancelled", finishedAt: at } };
  const game = state.games.find((candidate) => candidate.index === tournament.current);
  if (game?.status !== "playing") return { state: next, commands: [] };
  next = withGame(next, { ...game, status: "cancelled" });
  // A match not created yet is cancelled when it is read (see `step`).
  return { state: next, commands: game.matchId === null ? [] : [{ type: "cancelMatch", game: game.index, matchId: game.matchId, detail: CANCELLED_DETAIL }] };
}

/** What a host provides to `drive`. */
export interface StepHost<T extends TournamentProgress> {
  /**
   * The state a step for `event` reads: the tournament and the games `gamesRead` names, read afresh
   * (another step or a cancellation may have run while the host awaited). Undefined: no tournament.
   */
  load(event: StepEvent): TournamentState<T> | undefined;
  /** Stores what the step changed: the tournament, and each game that is not an object of `before`. */
  save(before: TournamentState<T>, after: TournamentState<T>): void;
  /** Carries out a command; the event that reports its outcome, if any. */
  execute(command: StepCommand): Promise<StepEvent | null>;
}

/**
 * Runs `event` and every command that follows from it, one at a time. With `maxBotCalls`, stops before
 * the bot call past that many (the host's invocation stays bounded); the state owes it, so the next
 * `wake` asks for it again.
 */
export async function drive<T extends TournamentProgress>(
  host: StepHost<T>,
  event: StepEvent,
  policy: StepPolicy,
  maxBotCalls = Number.POSITIVE_INFINITY,
): Promise<void> {
  const queue: StepCommand[] = [];
  let botCalls = 0;
  let next: StepEvent | null = event;
  for (;;) {
    if (next !== null) {
      const before = host.load(next);
      if (before === undefined) return;
      const result = step(before, next, policy);
      host.save(before, result.state);
      queue.push(...result.commands);
    }
    const command = queue.shift();
    if (command === undefined) return;
    if (isBotCall(command) && ++botCalls > maxBotCalls) return;
    next = await host.execute(command);
  }
}

/** `POST /end` to both bots of a finished match; failures are ignored and never change a result. */
export async function sendEndNotices(
  match: MatchState,
  command: Extract<StepCommand, { type: "sendNotices" }>,
  players: readonly [Player, Player],
): Promise<void> {
  const { tournamentId, gameId, matchId, names } = command;
  await Promise.all(
    ([0, 1] as const).map(async (seat) => {
      const player = players[seat];
      if (!player.end) return;
      const notice = endNoticeFor(match, seat, { tournamentId, gameId, matchId, opponent: names[seat === 0 ? 1 : 0] });
      await player.end(notice).catch(() => {});
    }),
  );
}
