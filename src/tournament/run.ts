/**
 * The local runner: a tournament of any format (formats.ts) in one process, used by the `arena` CLI.
 * It hosts the tournament step (step.ts) in memory, as the tournament Durable Object hosts it in
 * storage: matches live in a map and change only through the reducer, bots are called directly, up to
 * `concurrency` games at once (a bot in at most as many as its format allows, so by default a bot's
 * clock is never shared with another game). The format's report (standings, crosstable, an SPRT's
 * figures, a Swiss's rounds) is computed from the game records at the end.
 */
import { type Rules, rulesToJson } from "../rules/index.ts";
import { applyAction, type ClockConfig, type MatchOpening, type MatchState, newMatch, recordText } from "../match/index.ts";
import type { Player } from "../bots/index.ts";
import { drive, sendEndNotices, type StepHost } from "./drive.ts";
import type { FormatOptions, TournamentFormat, TournamentSettings } from "./format.ts";
import { newTournament, pairRound, settle, stepPolicy } from "./formats.ts";
import { ROUND_ROBIN, type TournamentReport } from "./formats/round-robin.ts";
import { SPRT, type SprtReport } from "./formats/sprt.ts";
import { SWISS, type SwissReport } from "./formats/swiss.ts";
import type { GameRecord } from "./game.ts";
import { type ScheduledGame, scheduleProblem } from "./schedule.ts";
import type { SprtSettings } from "./sprt.ts";
import {
  type GameState,
  newProgress,
  pendingGame,
  scheduledOf,
  type StepCommand,
  type StepEvent,
  type StepPolicy,
  type TournamentProgress,
  type TournamentState,
  untimedBots,
} from "./step.ts";
import { askBot } from "./turn.ts";

/** What every local run takes. */
interface RunOptions {
  id?: string;
  players: readonly Player[];
  rules: Rules;
  clock: ClockConfig;
  seed: number;
  maxMoveMs?: number;
  /** Games in play at once (default 1). */
  concurrency?: number;
  now?: () => number;
  onGameStart?: (game: ScheduledGame) => void;
  /** A game is over: its record, and the tournament's progress after it (an SPRT's counts included). */
  onGameEnd?: (record: GameRecord, progress: RunProgress) => void;
}

export interface RunProgress {
  /** Games over so far, and the most there can be. */
  played: number;
  total: number;
  tournament: TournamentProgress;
}

export interface TournamentOptions extends RunOptions {
  /** Even: each pair plays half its games with each bot giving first. */
  gamesPerPair: number;
  /** Openings: each pair of cycles plays one, the seats swapped (see schedule.ts). */
  openings?: readonly MatchOpening[];
}

type LocalOptions = Pick<RunOptions, "rules" | "clock" | "onGameStart" | "onGameEnd"> & {
  now: () => number;
  /** For a format that pairs rounds: the answer to `pairRound`. */
  pairRound?: (command: Extract<StepCommand, { type: "pairRound" }>, state: TournamentState<TournamentProgress>) => StepEvent;
};

/** The step's host in memory: every game and match in maps, the clock and the bots of the caller. */
class LocalHost implements StepHost<TournamentProgress> {
  readonly matches = new Map<string, MatchState>();

  state: TournamentState<TournamentProgress>;
  private readonly players: ReadonlyMap<string, Player>;
  private readonly options: LocalOptions;
  private played = 0;

  constructor(state: TournamentState<TournamentProgress>, players: ReadonlyMap<string, Player>, options: LocalOptions) {
    this.state = state;
    this.players = players;
    this.options = options;
  }

  load(): TournamentState<TournamentProgress> {
    return this.state;
  }

  save(before: TournamentState<TournamentProgress>, after: TournamentState<TournamentProgress>): void {
    this.state = after;
    for (const game of after.games) {
      // A Swiss round's games are new in the state that pairs it.
      const was = before.games[game.index] ?? pendingGame(scheduledOf(game));
      if (was === game) continue;
      if (was.status === "pending" && game.status === "playing") this.options.onGameStart?.(scheduledOf(game));
      const overNow = game.status === "finished" && game.pendingNotice === null && !(was.status === "finished" && was.pendingNotice === null);
      if (overNow) {
        this.played++;
        this.options.onGameEnd?.(this.record(game), { played: this.played, total: after.tournament.gameCount, tournament: after.tournament });
      }
    }
  }

  private player(name: string): Player {
    const player = this.players.get(name);
    if (!player) throw new Error(`no player ${name}`);
    return player;
  }

  private match(matchId: string): MatchState {
    const match = this.matches.get(matchId);
    if (!match) throw new Error(`no match ${matchId}`);
    return match;
  }

  async execute(command: StepCommand): Promise<StepEvent | null> {
    const { game } = command;
    const now = this.options.now;
    switch (command.type) {
      case "newId":
        return { type: "matchId", game, matchId: `${command.gameId}.${command.attempt}` };
      case "openMatch": {
        let match = this.matches.get(command.matchId);
        if (!match) {
          const untimedSeats = ([0, 1] as const).filter((seat) => command.seats[seat].untimed);
          const opening = command.opening ? { opening: command.opening } : {};
          match = newMatch({ rules: this.options.rules, clock: this.options.clock, firstSeat: 0, untimedSeats, ...opening }, now());
          this.matches.set(command.matchId, match);
        }
        return { type: "match", game, matchId: command.matchId, match, at: now() };
      }
      case "askBot": {
        const { reply, at } = await askBot(this.player(command.ask.bot), command.ask, now);
        return { type: "reply", game, matchId: command.matchId, ask: command.ask, reply, at };
      }
      case "act": {
        const match = this.match(command.matchId);
        if (match.status !== "active" || match.moves.length !== command.ply) return { type: "stale", game, matchId: command.matchId };
        const applied = applyAction(match, command.action);
        if (!applied.ok) throw new Error(`match ${command.matchId}: the reducer refused ${command.action.type} (${applied.error.code})`);
        this.matches.set(command.matchId, applied.state);
        return { type: "match", game, matchId: command.matchId, match: applied.state, at: now() };
      }
      case "sendNotices":
        await sendEndNotices(this.match(command.matchId), command, [this.player(command.names[0]), this.player(command.names[1])]);
        return { type: "notified", game, matchId: command.matchId, at: now() };
      case "cancelMatch": {
        // A cancelled tournament or a decided SPRT ends its games in play through the reducer.
        const match = this.matches.get(command.matchId);
        const cancelled = match && applyAction(match, { type: "cancel", at: now(), detail: command.detail });
        if (cancelled?.ok) this.matches.set(command.matchId, cancelled.state);
        return null;
      }
      case "pairRound":
        if (!this.options.pairRound) throw new Error("pairRound: this tournament pairs no rounds");
        return this.options.pairRound(command, this.state);
    }
  }

  /** The record of a finished game. */
  record(game: GameState): GameRecord {
    if (game.outcome === null || game.matchId === null || game.plies === null || game.text === null) throw new Error(`game ${game.gameId} is not finished`);
    return {
      gameId: game.gameId,
      matchId: game.matchId,
      first: game.first,
      second: game.second,
      ...game.outcome,
      plies: game.plies,
      record: game.text,
      ...(game.opening ? { opening: game.opening.name } : {}),
      ...(game.pair !== undefined ? { pair: game.pair } : {}),
      abortedAttempts: game.aborted.map((attempt) => ({ ...attempt, record: recordText(this.match(attempt.matchId)) })),
      match: this.match(game.matchId),
    };
  }

  /** The records of every finished game, in schedule order. */
  records(): GameRecord[] {
    return this.state.games.filter((game) => game.status === "finished").map((game) => this.record(game));
  }
}

/** Plays a tournament from `state` with `players` until the step ends it; the host holds the records. */
async function play(state: TournamentState<TournamentProgress>, options: RunOptions, policy: StepPolicy, pair?: LocalOptions["pairRound"]): Promise<LocalHost> {
  const now = options.now ?? Date.now;
  const host = new LocalHost(state, new Map(options.players.map((player) => [player.name, player])), { ...options, now, ...(pair ? { pairRound: pair } : {}) });
  while (host.state.tournament.status === "running") await drive(host, { type: "wake", at: now() }, policy);
  return host;
}

/** A local run of any format: what every run takes, and the format's options (games per pair, default 2, and its own fields). */
interface FormatRunOptions extends RunOptions, Partial<FormatOptions> {
  /** Openings: each pair of games plays one, the seats swapped (see schedule.ts). */
  openings?: readonly MatchOpening[];
}

/**
 * Plays a tournament of `format` to its end and returns the format's report. Throws a RangeError only
 * for a configuration the format cannot play.
 */
export async function runFormat<Report>(format: TournamentFormat<Report>, options: FormatRunOptions): Promise<Report> {
  const bots = options.players.map((player) => player.name);
  const settled = settle(format, bots, { gamesPerPair: options.gamesPerPair ?? 2, sprt: options.sprt, rounds: options.rounds });
  if (!settled.ok) throw new RangeError(`${format.kind}: ${settled.refusal.message}`);
  const problem = scheduleProblem(bots, settled.options.gamesPerPair);
  if (problem) throw new RangeError(`${format.kind}: ${problem}`);
  const settings: TournamentSettings = {
    ...settled.options,
    bots,
    seed: options.seed,
    openings: options.openings ?? [],
    concurrency: options.concurrency ?? 1,
  };
  const id = options.id ?? `local-${options.seed}`;
  const policy = stepPolicy(format, settings, untimedBots(options.players), options.maxMoveMs);
  const now = options.now ?? Date.now;
  const host = await play(newTournament(format, id, settings, policy), options, policy, (command, state) =>
    pairRound(format, settings, state.games, state.tournament, command, now()),
  );
  return format.report({
    settings,
    base: {
      id,
      seed: options.seed,
      gamesPerPair: settings.gamesPerPair,
      rules: rulesToJson(options.rules),
      clock: options.clock,
      openings: settings.openings.length,
      concurrency: settings.concurrency,
      bots,
    },
    progress: host.state.tournament,
    games: host.state.games,
    records: host.records(),
  });
}

export interface TournamentOptions extends RunOptions {
  /** Even: each pair plays half its games with each bot giving first. */
  gamesPerPair: number;
  /** Openings: each pair of cycles plays one, the seats swapped (see schedule.ts). */
  openings?: readonly MatchOpening[];
}

/** Plays every game of a round robin and returns the full report. Throws only for a bad configuration. */
export const runTournament = (options: TournamentOptions): Promise<TournamentReport> => runFormat(ROUND_ROBIN, options);

export interface SprtOptions extends RunOptions, SprtSettings {
  /** The bot under test and the one it is measured against: the first two players. */
  maxGames: number;
  openings?: readonly MatchOpening[];
}

/**
 * Plays game pairs between the first player (under test) and the second until the SPRT accepts H0 or
 * H1, or `maxGames` are played. The two bots may play `concurrency` games at once.
 */
export function runSprt(options: SprtOptions): Promise<SprtReport> {
  const { elo0, elo1, alpha, beta, model, maxGames } = options;
  return runFormat(SPRT, { ...options, sprt: { elo0, elo1, alpha, beta, model: model ?? "normalized", maxGames } });
}

export interface SwissRunOptions extends RunOptions {
  /** Even: each pairing is game pairs, each bot moving first in half its games. */
  gamesPerPair: number;
  /** Default ceil(log2 N) + 1 (at most what the field can play). */
  rounds?: number;
  openings?: readonly MatchOpening[];
}

/**
 * Plays a Swiss: each round paired by score groups when the one before it is over (dutch.ts), each
 * pairing `gamesPerPair` games, up to `concurrency` at once, no bot in two at once. Throws only for a
 * bad configuration.
 */
export const runSwiss = (options: SwissRunOptions): Promise<SwissReport> => runFormat(SWISS, options);

export interface GameOptions {
  tournamentId?: string;
  gameId: string;
  rules: Rules;
  clock: ClockConfig;
  /** Makes the opening give. */
  first: Player;
  second: Player;
  opening?: MatchOpening;
  maxMoveMs?: number;
  now?: () => number;
}

/** Plays one game to its end (replaying it once after an abort), as a tournament of that one game. */
export async function playGame(options: GameOptions): Promise<GameRecord> {
  const game: ScheduledGame = { index: 0, gameId: options.gameId, round: 0, first: options.first.name, second: options.second.name };
  if (options.opening) game.opening = options.opening;
  const players = [options.first, options.second];
  const policy: StepPolicy = { untimed: untimedBots(players), maxMoveMs: options.maxMoveMs, concurrency: 1 };
  const state = { tournament: newProgress(options.tournamentId ?? "local", 1, policy), games: [pendingGame(game)] };
  const host = await play(state, { ...options, seed: 0, players }, policy);
  return host.record(host.state.games[0]);
}
