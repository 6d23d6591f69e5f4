/**
 * The tournament lifecycle, once: `step(state, event) -> { state, commands }`, a pure function that the
 * local runner (run.ts) and the tournament Durable Object both drive (drive.ts). It schedules, opens each
 * game's match, asks bots, applies their actions, replays an attempt aborted before a bot's first move
 * once, records results, owes the end notices, keeps up to `concurrency` games in play (no bot in more
 * than `gamesPerBot` of them), and stops an SPRT match at its decision. The hosts only carry out
 * commands (create or read a match, call a bot, apply an action, send notices) and report what came
 * back as events.
 *
 * Why it survives any eviction of a host: every command is derived from stored state (`wake` derives it
 * again after a crash), each event names the game and match it is about and is ignored once they moved
 * on, a match id is stored before its match is created (creation is idempotent), an action carries the
 * ply it was computed for, a result is stored (with its notices owed) before its game gives way, and the
 * match stays the only record of a game in progress. Games start in schedule order; each game in play
 * is its own sub-state, and every command and event names the game it serves.
 *
 * A Swiss grows its schedule a round at a time: when every game of its rounds so far is over, the step
 * asks the host to pair the next round (`pairRound`, from the games' results: a pure function of stored
 * state, so asked again after a crash it gives the same round) and appends the round's games when the
 * answer comes (`paired`, taken once: only while no round is in play and that round is not paired yet).
 */
import { type MatchAction, type MatchOpening, type MatchState, recordText } from "../match/index.ts";
import type { Player, PlayerReply } from "../bots/index.ts";
import { type GameOutcome, gameOutcome } from "./game.ts";
import { roundRobinSchedule, type ScheduledGame } from "./schedule.ts";
import { type Pentanomial, type SprtDecision, type SprtSettings, sprtDecision, sprtLlr } from "./sprt.ts";
import { type Ask, decideAction, turnAsk } from "./turn.ts";

/** One scheduled game and how far it got. The tournament object stores each as it is (`game:000012`). */
export interface GameState extends ScheduledGame {
  /** `cancelled`: ended without a result (the tournament was cancelled, or stopped by its SPRT). */
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
  /** The game in text: the start position, then every move (the opening's first). */
  text: string | null;
  /** A finished match whose bots have not yet been sent `POST /end`. */
  pendingNotice: string | null;
}

/** An SPRT's running counts: kept in the tournament, so a step never reads more than its own games. */
interface SprtProgress {
  /** Complete pairs by the tested bot's points in them (0, 1/2, 1, 3/2, 2). */
  pentanomial: Pentanomial;
  /** Pairs with one game over: the tested bot's points in it, by pair number. */
  open: Record<string, number>;
  /** The log-likelihood ratio after the last complete pair. */
  llr: number;
  /** Set once the LLR crossed a bound: the match stops there. */
  decision: SprtDecision | null;
}

/** A Swiss's rounds: kept in the tournament, so a step never reads more than its own games. */
interface SwissProgress {
  /** The rounds to play. */
  rounds: number;
  /** Rounds paired so far (their games are in the schedule). */
  paired: number;
  /** Per round paired, the bots that had a bye. */
  byes: string[][];
  /** Why the Swiss ended before its last round (no legal pairing was left), or null. */
  stopped: string | null;
}

/**
 * The part of a tournament the step reads and writes; hosts keep more (configuration, entrants). A
 * tournament stored before games could run at once (no `next`, no `playing`) reads as one whose game
 * `current` has started.
 */
export interface TournamentProgress {
  id: string;
  status: "running" | "finished" | "cancelled";
  gameCount: number;
  /** Every game before it is over (or, once the tournament ended, will never be played); `gameCount` once all are over. */
  current: number;
  /** The first game not started yet (default `current + 1`): games start in schedule order. */
  next?: number;
  /** The games started and not over, in index order (default `[current]`). */
  playing?: number[];
  finishedAt: number | null;
  /** Present when the policy runs an SPRT. */
  sprt?: SprtProgress;
  /** Present for a Swiss: its schedule grows a round at a time. */
  swiss?: SwissProgress;
}

/**
 * What a step sees: the tournament and the sub-states of the games it reads (`gamesRead`). A host that
 * keeps every game in memory may pass them all; the tournament object loads only those.
 */
export interface TournamentState<T extends TournamentProgress = TournamentProgress> {
  tournament: T;
  games: readonly GameState[];
}

/** An SPRT on the games' pairs: `bot` is the bot under test (its points are counted). */
export interface SprtPolicy extends SprtSettings {
  bot: string;
}

/** Settings of a tournament that shape its games. */
export interface StepPolicy {
  /** Bots that move in the host's own time (in-process built-in bots): their seats are untimed. */
  untimed: readonly string[];
  /** The longest a bot call may take when the clock allows more. */
  maxMoveMs?: number;
  /** Games in play at once (default 1). */
  concurrency?: number;
  /** Games one bot may be in at once (default 1: no bot in two games at once). */
  gamesPerBot?: number;
  /** Stop at the decision of an SPRT over the games' pairs. */
  sprt?: SprtPolicy;
}

interface SeatSpec {
  name: string;
  untimed: boolean;
}

/** What the step asks its host to do; every command names the game (by index) it serves. */
export type StepCommand =
  /** Choose a fresh id for the game's next match (answer: `matchId`). */
  | { type: "newId"; game: number; gameId: string; attempt: number }
  /**
   * Create the match, or read it if it exists (answer: `match`). Seat 0 gives first; the opening's
   * moves, if any, are played at creation (MatchConfig.opening).
   */
  | { type: "openMatch"; game: number; matchId: string; seats: [SeatSpec, SeatSpec]; opening?: MatchOpening }
  /** Call the bot (answer: `reply`). */
  | { type: "askBot"; game: number; matchId: string; ask: Ask }
  /** Apply the action to the match unless it moved past `ply` (answer: `match`, or `stale` when refused). */
  | { type: "act"; game: number; matchId: string; ply: number; action: MatchAction }
  /** Send `POST /end` to both bots of the finished match, best effort (answer: `notified`). */
  | { type: "sendNotices"; game: number; matchId: string; tournamentId: string; gameId: string; names: [string, string] }
  /** End the match without a result: its tournament was cancelled or stopped (no answer). */
  | { type: "cancelMatch"; game: number; matchId: string; detail: string }
  /**
   * Pair the Swiss's round `round` (from 0) from every game played (answer: `paired`); `game` is the
   * index its first game will take.
   */
  | { type: "pairRound"; game: number; round: number };

/** What happened; hosts stamp times (`at`, ms since epoch) on their own clock. */
export type StepEvent =
  /** Do what the stored state owes next (an alarm, the runner's loop, a restart after an eviction). */
  | { type: "wake"; at: number }
  | { type: "cancel"; at: number }
  | { type: "matchId"; game: number; matchId: string }
  | { type: "match"; game: number; matchId: string; match: MatchState; at: number }
  | { type: "reply"; game: number; matchId: string; ask: Ask; reply: PlayerReply; at: number }
  | { type: "stale"; game: number; matchId: string }
  | { type: "notified"; game: number; matchId: string; at: number }
  /** A Swiss round's games, indexed from the command's `game` on, and its byes; no games: no legal pairing was left. */
  | { type: "paired"; round: number; games: ScheduledGame[]; byes: string[]; at: number };

export interface StepResult<T extends TournamentProgress> {
  state: TournamentState<T>;
  commands: StepCommand[];
}

/** The detail of a match ended because its tournament was cancelled. */
const CANCELLED_DETAIL = "the tournament was cancelled";
/** The detail of a match ended because its SPRT reached a decision. */
const SPRT_STOPPED_DETAIL = "the SPRT reached a decision";

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

/** A game's place in the schedule, without how far it got. */
export const scheduledOf = ({ index, gameId, round, first, second, opening, pair }: GameState): ScheduledGame => ({
  index,
  gameId,
  round,
  first,
  second,
  ...(opening ? { opening } : {}),
  ...(pair !== undefined ? { pair } : {}),
});

/** The games of a new tournament: the round robin of `bots`, none played. Throws a RangeError for a bad configuration. */
export function scheduleGames(bots: readonly string[], gamesPerPair: number, seed: number, openings: readonly MatchOpening[] = []): GameState[] {
  return roundRobinSchedule(bots, gamesPerPair, seed, openings).map(pendingGame);
}

/** The progress of a new tournament of `games`; with an SPRT policy, its counts at zero; for a Swiss of `rounds`, none paired yet. */
export function newProgress(id: string, gameCount: number, policy: Pick<StepPolicy, "sprt"> = {}, swissRounds?: number): TournamentProgress {
  const progress: TournamentProgress = { id, status: "running", gameCount, current: 0, next: 0, playing: [], finishedAt: null };
  if (policy.sprt) progress.sprt = { pentanomial: [0, 0, 0, 0, 0], open: {}, llr: 0, decision: null };
  if (swissRounds !== undefined) progress.swiss = { rounds: swissRounds, paired: 0, byes: [], stopped: null };
  return progress;
}

/** The untimed bots among `players`: those that move in the host's own process. */
export const untimedBots = (players: readonly Player[]): string[] => players.filter((player) => player.inProcess).map((player) => player.name);

/** The games started and not over. */
export function playingGames(tournament: TournamentProgress): number[] {
  return tournament.playing ?? (tournament.current < tournament.gameCount ? [tournament.current] : []);
}

/** The first game not started yet. */
const nextGame = (tournament: TournamentProgress): number => tournament.next ?? Math.min(tournament.current + 1, tournament.gameCount);

const concurrencyOf = (policy: Pick<StepPolicy, "concurrency"> | undefined): number => Math.max(1, Math.floor(policy?.concurrency ?? 1));

/** The games that may start next: as many as may be in play, from the first not started. */
function candidates(tournament: TournamentProgress, policy?: Pick<StepPolicy, "concurrency">): number[] {
  const next = nextGame(tournament);
  const end = Math.min(tournament.gameCount, next + concurrencyOf(policy));
  return Array.from({ length: Math.max(0, end - next) }, (_, offset) => next + offset);
}

/**
 * The indexes of the games a step for `event` reads: its own game; for `wake` and `notified` also the
 * games in play and those that may start (a game over makes room); for `cancel` the games in play.
 */
export function gamesRead(tournament: TournamentProgress, event: StepEvent, policy?: Pick<StepPolicy, "concurrency">): number[] {
  const playing = playingGames(tournament);
  if (event.type === "cancel") return playing;
  if (event.type === "wake") return [...new Set([...playing, ...candidates(tournament, policy)])];
  if (event.type === "notified") return [...new Set([event.game, ...playing, ...candidates(tournament, policy)])];
  // A round's games come with the event; nothing is in play when it is taken.
  if (event.type === "paired") return playing;
  return [event.game];
}

export function step<T extends TournamentProgress>(state: TournamentState<T>, event: StepEvent, policy: StepPolicy): StepResult<T> {
  const { tournament } = state;
  const same: StepResult<T> = { state, commands: [] };
  if (event.type === "wake") return wake(state, event.at, policy);
  if (event.type === "cancel") return cancel(state, event.at);
  if (event.type === "paired") return paired(state, event, policy);
  const game = gameOf(state, event.game);
  if (event.type === "notified") return notified(state, game, event.matchId, event.at, policy);
  if (event.type === "matchId") {
    const free = tournament.status === "running" && playingGames(tournament).includes(game.index) && game.matchId === null && game.pendingNotice === null;
    if (!free || (game.status !== "pending" && game.status !== "playing")) return same;
    const next: GameState = { ...game, status: "playing", matchId: event.matchId, matchCreated: false };
    return { state: withGame(state, next), commands: [openMatch(next, policy)] };
  }
  const playing = tournament.status === "running" && game.status === "playing" && game.matchId === event.matchId;
  if (!playing) {
    const ended = tournament.status === "cancelled" || game.status === "cancelled";
    // A game whose match ended on the board just before the tournament's cancellation reached it: its
    // result stands (its notices are sent by the host that cancelled it). An SPRT that decided keeps the
    // games it had counted: those in play at its decision stay cancelled, as its statistics read them.
    if (
      event.type === "match" &&
      tournament.status === "cancelled" &&
      game.status === "cancelled" &&
      game.matchId === event.matchId &&
      event.match.status === "finished"
    ) {
      const reason = event.match.result?.reason;
      if (reason !== undefined && reason !== "cancelled" && reason !== "aborted") {
        return { state: withGame(state, { ...recordEnd(game, event.matchId, event.match), pendingNotice: null }), commands: [] };
      }
    }
    // A match read for a game that was cancelled (created while it was) is cancelled too.
    const orphan = event.type === "match" && ended && game.matchId === event.matchId && event.match.status !== "finished";
    const detail = tournament.status === "cancelled" ? CANCELLED_DETAIL : SPRT_STOPPED_DETAIL;
    return orphan ? { state, commands: [{ type: "cancelMatch", game: game.index, matchId: event.matchId, detail }] } : same;
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

function withTournament<T extends TournamentProgress>(state: TournamentState<T>, changes: Partial<TournamentProgress>): TournamentState<T> {
  return { ...state, tournament: { ...state.tournament, ...changes } };
}

const seatSpec = (name: string, policy: StepPolicy): SeatSpec => ({ name, untimed: policy.untimed.includes(name) });

function openMatch(game: GameState, policy: StepPolicy): StepCommand {
  return {
    type: "openMatch",
    game: game.index,
    matchId: game.matchId as string,
    seats: [seatSpec(game.first, policy), seatSpec(game.second, policy)],
    ...(game.opening ? { opening: game.opening } : {}),
  };
}

function sendNotices(tournament: TournamentProgress, game: GameState, matchId: string): StepCommand {
  return { type: "sendNotices", game: game.index, matchId, tournamentId: tournament.id, gameId: game.gameId, names: [game.first, game.second] };
}

/** What the stored state owes next: for each game in play its notices, a match id or a (re)read of its match; then the games that may start. */
function wake<T extends TournamentProgress>(state: TournamentState<T>, at: number, policy: StepPolicy): StepResult<T> {
  if (state.tournament.status !== "running") return { state, commands: [] };
  let next = withTournament(state, { next: nextGame(state.tournament), playing: playingGames(state.tournament) });
  const commands: StepCommand[] = [];
  for (const index of playingGames(next.tournament)) {
    const resumed = resume(next, gameOf(next, index), at, policy);
    next = resumed.state;
    commands.push(...resumed.commands);
  }
  const started = startGames(next, at, policy);
  return { state: started.state, commands: [...cancelStarted(state, started.state, SPRT_STOPPED_DETAIL), ...commands, ...started.commands] };
}

/** The command a started game owes: its notices, a match id, or a read of its match; a game already over gives way. */
function resume<T extends TournamentProgress>(state: TournamentState<T>, game: GameState, at: number, policy: StepPolicy): StepResult<T> {
  if (game.pendingNotice !== null) return { state, commands: [sendNotices(state.tournament, game, game.pendingNotice)] };
  if (game.status === "finished" || game.status === "cancelled") return { state: over(state, game, at, policy), commands: [] };
  if (game.matchId === null) return { state, commands: [{ type: "newId", game: game.index, gameId: game.gameId, attempt: game.attempt }] };
  return { state, commands: [openMatch(game, policy)] };
}

/**
 * Starts games in schedule order while fewer than `concurrency` are in play, none has a bot already in
 * `gamesPerBot` games, and the tournament goes on; ends it when nothing is left to play.
 */
function startGames<T extends TournamentProgress>(state: TournamentState<T>, at: number, policy: StepPolicy): StepResult<T> {
  let next = state;
  const commands: StepCommand[] = [];
  const perBot = Math.max(1, Math.floor(policy.gamesPerBot ?? 1));
  for (;;) {
    const { tournament } = next;
    if (tournament.status !== "running") break;
    const playing = playingGames(tournament);
    const index = nextGame(tournament);
    if (index >= tournament.gameCount || playing.length >= concurrencyOf(policy)) break;
    const game = gameOf(next, index);
    const busy = (bot: string) => playing.filter((other) => [gameOf(next, other).first, gameOf(next, other).second].includes(bot)).length >= perBot;
    if (busy(game.first) || busy(game.second)) break;
    next = withTournament(next, { next: index + 1, playing: [...playing, index].sort((a, b) => a - b) });
    const resumed = resume(next, game, at, policy);
    next = resumed.state;
    commands.push(...resumed.commands);
  }
  const done = finishIfDone(next, at);
  if (awaitingRound(done.tournament)) {
    const swiss = done.tournament.swiss as SwissProgress;
    commands.push({ type: "pairRound", game: done.tournament.gameCount, round: swiss.paired });
  }
  return { state: done, commands };
}

/** A Swiss whose rounds so far are all over, with a round left to pair. */
function awaitingRound(tournament: TournamentProgress): boolean {
  const swiss = tournament.swiss;
  return (
    swiss !== undefined &&
    tournament.status === "running" &&
    swiss.stopped === null &&
    swiss.paired < swiss.rounds &&
    playingGames(tournament).length === 0 &&
    nextGame(tournament) >= tournament.gameCount
  );
}

/**
 * A Swiss round paired: its games join the schedule (pending) and start; taken once, while the round
 * is awaited. A round without games (no legal pairing) ends the Swiss there.
 */
function paired<T extends TournamentProgress>(state: TournamentState<T>, event: Extract<StepEvent, { type: "paired" }>, policy: StepPolicy): StepResult<T> {
  const { tournament } = state;
  const swiss = tournament.swiss;
  if (!swiss || !awaitingRound(tournament) || event.round !== swiss.paired) return { state, commands: [] };
  if (event.games.length === 0) {
    const stopped = `no legal pairing for round ${event.round + 1}: every pairing left was played, or no bot left may take the bye`;
    const ended = withTournament(state, { swiss: { ...swiss, stopped } });
    return { state: finishIfDone(ended, event.at), commands: [] };
  }
  const games = event.games.map((game, offset) =>
    pendingGame({ ...game, index: tournament.gameCount + offset, gameId: `g${tournament.gameCount + offset + 1}` }),
  );
  const next: TournamentState<T> = {
    tournament: {
      ...tournament,
      gameCount: tournament.gameCount + games.length,
      swiss: { ...swiss, paired: swiss.paired + 1, byes: [...swiss.byes, [...event.byes]] },
    },
    games: [...state.games, ...games],
  };
  return startGames(next, event.at, policy);
}

/** The tournament ends once no game is in play and none is left to start. */
function finishIfDone<T extends TournamentProgress>(state: TournamentState<T>, at: number): TournamentState<T> {
  const { tournament } = state;
  if (tournament.status !== "running" || playingGames(tournament).length > 0 || nextGame(tournament) < tournament.gameCount) return state;
  // A Swiss with a round left to pair goes on (startGames asks for the round).
  if (awaitingRound(tournament)) return withTournament(state, { current: tournament.gameCount });
  return withTournament(state, { status: "finished", finishedAt: at, current: tournament.gameCount });
}

/**
 * A game is over (finished and its notices sent, or cancelled): it leaves the games in play, an SPRT
 * counts it, and `current` moves past every game over.
 */
function over<T extends TournamentProgress>(state: TournamentState<T>, game: GameState, at: number, policy: StepPolicy): TournamentState<T> {
  const playing = playingGames(state.tournament).filter((index) => index !== game.index);
  const next = nextGame(state.tournament);
  let result = withTournament(state, { playing, next, current: playing.length > 0 ? Math.min(...playing) : next });
  if (policy.sprt && game.status === "finished" && game.pair !== undefined && game.outcome) {
    const progress = result.tournament.sprt ?? newProgress(state.tournament.id, 0, policy).sprt;
    result = withTournament(result, { sprt: countForSprt(progress as SprtProgress, game, policy.sprt) });
    if (result.tournament.sprt?.decision) result = stop(result, at);
  }
  return finishIfDone(result, at);
}

/** The SPRT's counts with `game` over: a pair is counted when its second game is. */
function countForSprt(progress: SprtProgress, game: GameState, sprt: SprtPolicy): SprtProgress {
  if (progress.decision) return progress;
  const outcome = game.outcome as GameOutcome;
  const points = outcome.winner === null ? 0.5 : outcome.winner === sprt.bot ? 1 : 0;
  const key = String(game.pair);
  const earlier = progress.open[key];
  if (earlier === undefined) return { ...progress, open: { ...progress.open, [key]: points } };
  const { [key]: _, ...open } = progress.open;
  const pentanomial = [...progress.pentanomial] as Pentanomial;
  pentanomial[Math.round((earlier + points) * 2)] += 1;
  const llr = sprtLlr(pentanomial, sprt);
  return { pentanomial, open, llr, decision: sprtDecision(llr, sprt) };
}

/**
 * The SPRT decided: the tournament is finished, the games in play end without a result (the step that
 * stopped cancels their matches, see `cancelStarted`; one created later is cancelled when read), and no
 * other game starts.
 */
function stop<T extends TournamentProgress>(state: TournamentState<T>, at: number): TournamentState<T> {
  let next = withTournament(state, { status: "finished", finishedAt: at });
  for (const index of playingGames(next.tournament)) {
    const game = gameOf(next, index);
    if (game.status === "playing") next = withGame(next, { ...game, status: "cancelled" });
  }
  return withTournament(next, { playing: [], current: nextGame(next.tournament) });
}

/** The matches to cancel after a stop or a cancellation: those of the games it cancelled. */
function cancelStarted(before: TournamentState, after: TournamentState, detail: string): StepCommand[] {
  return after.games.flatMap((game) => {
    const was = before.games.find((candidate) => candidate.index === game.index);
    const cancelledNow = game.status === "cancelled" && was?.status !== "cancelled";
    return cancelledNow && game.matchId !== null ? [{ type: "cancelMatch" as const, game: game.index, matchId: game.matchId, detail }] : [];
  });
}

/** The match of a game in play, as read (or as an action left it): record its end, or ask for the next turn. */
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

/**
 * The notices of `matchId` are sent: a finished game is over and makes room for the next ones (or ends
 * the tournament, or decides its SPRT); an aborted attempt is replayed.
 */
function notified<T extends TournamentProgress>(state: TournamentState<T>, game: GameState, matchId: string, at: number, policy: StepPolicy): StepResult<T> {
  if (game.pendingNotice !== matchId) return { state, commands: [] };
  const noticed: GameState = { ...game, pendingNotice: null };
  const next = withGame(state, noticed);
  if (next.tournament.status !== "running" || !playingGames(next.tournament).includes(game.index)) return { state: next, commands: [] };
  if (noticed.status !== "finished") return resume(next, noticed, at, policy);
  const ended = over(next, noticed, at, policy);
  const cancels = cancelStarted(next, ended, SPRT_STOPPED_DETAIL);
  const started = startGames(ended, at, policy);
  return { state: started.state, commands: [...cancels, ...started.commands] };
}

/** Stops the tournament: the games in play end without a result (their matches are cancelled), the rest are not played. */
function cancel<T extends TournamentProgress>(state: TournamentState<T>, at: number): StepResult<T> {
  const { tournament } = state;
  if (tournament.status !== "running") return { state, commands: [] };
  let next = withTournament(state, { status: "cancelled", finishedAt: at });
  for (const index of playingGames(tournament)) {
    const game = state.games.find((candidate) => candidate.index === index);
    if (game?.status === "playing") next = withGame(next, { ...game, status: "cancelled" });
  }
  // A match not created yet is cancelled when it is read (see `step`).
  return { state: next, commands: cancelStarted(state, next, CANCELLED_DETAIL) };
}
