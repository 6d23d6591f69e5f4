/**
 * The local runner: round robins, gauntlets and SPRT matches in one process, used by the `arena` CLI.
 * It hosts the tournament step (step.ts) in memory, as the tournament Durable Object hosts it in
 * storage: matches live in a map and change only through the reducer, bots are called directly, up to
 * `concurrency` games at once (a bot in at most `gamesPerBot` of them, so by default a bot's clock is
 * never shared with another game). Standings, crosstable and the SPRT's figures are computed from the
 * game records at the end.
 */
import { type Rules, rulesToJson } from "../rules/index.ts";
import { applyAction, type ClockConfig, type MatchOpening, type MatchState, newMatch, recordText } from "../match/index.ts";
import type { Player } from "../bots/index.ts";
import type { GameRecord } from "./game.ts";
import { gauntletSchedule, MAX_SPRT_GAMES, roundRobinSchedule, type ScheduledGame, scheduleProblem, sprtSchedule } from "./schedule.ts";
import { type EloEstimate, eloEstimate, type Pentanomial, type SprtDecision, type SprtSettings, sprtBounds, sprtLlr, sprtProblem } from "./sprt.ts";
import { computeStandings, type Crosstable, scoredGames, type Standing, tableOf } from "./standings.ts";
import {
  defaultSwissRounds,
  swissByePoints,
  type SwissPlan,
  swissPlan,
  swissProblem,
  type SwissRoundResult,
  swissRoundGames,
  swissRoundResults,
} from "./swiss.ts";
import { drive, sendEndNotices, type StepHost } from "./drive.ts";
import {
  type GameState,
  newProgress,
  pendingGame,
  type SprtPolicy,
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

/** What every local run reports about its settings. */
interface RunSettingsReport {
  id: string;
  seed: number;
  gamesPerPair: number;
  rules: ReturnType<typeof rulesToJson>;
  clock: ClockConfig;
  /** The number of openings the games started from (0: the empty board). */
  openings: number;
  concurrency: number;
  bots: string[];
}

/** What a round robin or a gauntlet reports. */
export interface TournamentReport extends RunSettingsReport {
  kind: "roundRobin" | "gauntlet";
  schedule: ScheduledGame[];
  games: GameRecord[];
  standings: Standing[];
  crosstable: Crosstable;
  /** For a gauntlet: the challenger's results against each bot of the field. */
  gauntlet?: GauntletRow[];
}

export interface GauntletRow {
  opponent: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The challenger's game pairs against it (paired schedules only), and the Elo difference they show. */
  pentanomial: Pentanomial | null;
  elo: EloEstimate | null;
}

type LocalOptions = Pick<RunOptions, "rules" | "clock" | "onGameStart" | "onGameEnd"> & {
  now: () => number;
  /** For a Swiss: what its rounds are paired from. */
  swiss?: { plan: SwissPlan; gamesPerPair: number };
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
      case "pairRound": {
        const swiss = this.options.swiss;
        const progress = this.state.tournament.swiss;
        if (!swiss || !progress) throw new Error("pairRound: not a Swiss");
        const round = swissRoundGames(swiss.plan, this.state.games, progress.byes, command.round, swiss.gamesPerPair, command.game);
        return { type: "paired", round: command.round, games: round?.games ?? [], byes: round?.byes ?? [], at: now() };
      }
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

const scheduledOf = ({ index, gameId, round, first, second, opening, pair }: GameState): ScheduledGame => ({
  index,
  gameId,
  round,
  first,
  second,
  ...(opening ? { opening } : {}),
  ...(pair !== undefined ? { pair } : {}),
});

/** Plays `schedule` with `players` until the step ends it (a Swiss: its rounds as they are paired); the host holds the records. */
async function play(
  id: string,
  schedule: readonly ScheduledGame[],
  options: RunOptions,
  shape: Pick<StepPolicy, "gamesPerBot" | "sprt"> = {},
  swiss?: { plan: SwissPlan; gamesPerPair: number; rounds: number },
): Promise<LocalHost> {
  const now = options.now ?? Date.now;
  const policy: StepPolicy = { untimed: untimedBots(options.players), maxMoveMs: options.maxMoveMs, concurrency: options.concurrency ?? 1, ...shape };
  const state: TournamentState<TournamentProgress> = { tournament: newProgress(id, schedule.length, policy, swiss?.rounds), games: schedule.map(pendingGame) };
  const host = new LocalHost(state, new Map(options.players.map((player) => [player.name, player])), { ...options, now, ...(swiss ? { swiss } : {}) });
  while (host.state.tournament.status === "running") await drive(host, { type: "wake", at: now() }, policy);
  return host;
}

function tournamentReport(kind: TournamentReport["kind"], id: string, host: LocalHost, options: TournamentOptions): Omit<TournamentReport, "gauntlet"> {
  const bots = options.players.map((player) => player.name);
  const games = host.records();
  return {
    id,
    kind,
    seed: options.seed,
    gamesPerPair: options.gamesPerPair,
    rules: rulesToJson(options.rules),
    clock: options.clock,
    openings: options.openings?.length ?? 0,
    concurrency: options.concurrency ?? 1,
    bots,
    schedule: host.state.games.map(scheduledOf),
    games,
    ...tableOf(bots, games),
  };
}

/** Plays every game of a round robin and returns the full report. Throws only for a bad configuration. */
export async function runTournament(options: TournamentOptions): Promise<TournamentReport> {
  const bots = options.players.map((player) => player.name);
  const problem = scheduleProblem(bots, options.gamesPerPair);
  if (problem) throw new RangeError(`tournament: ${problem}`);
  const id = options.id ?? `local-${options.seed}`;
  const host = await play(id, roundRobinSchedule(bots, options.gamesPerPair, options.seed, options.openings), options);
  return tournamentReport("roundRobin", id, host, options);
}

/**
 * Plays a gauntlet: the first player against each of the others. The challenger is in every game, so
 * it may play `concurrency` games at once (each with its own clock); the field's bots one each.
 */
export async function runGauntlet(options: TournamentOptions): Promise<TournamentReport> {
  const [challenger, ...field] = options.players.map((player) => player.name);
  const problem = scheduleProblem([challenger, ...field], options.gamesPerPair);
  if (problem) throw new RangeError(`gauntlet: ${problem}`);
  const id = options.id ?? `local-${options.seed}`;
  const schedule = gauntletSchedule(challenger, field, options.gamesPerPair, options.seed, options.openings);
  const host = await play(id, schedule, options, { gamesPerBot: options.concurrency ?? 1 });
  const report = tournamentReport("gauntlet", id, host, options);
  return { ...report, gauntlet: field.map((opponent) => gauntletRow(challenger, opponent, report.games)) };
}

/** What a gauntlet row reads of a game. */
export type PairedResult = Pick<GameRecord, "first" | "second" | "winner" | "pair">;

/** The challenger's results against one bot, and the pairs they played (the tournament object's view shows the same rows). */
export function gauntletRow(challenger: string, opponent: string, games: readonly PairedResult[]): GauntletRow {
  const against = games.filter((game) => [game.first, game.second].includes(opponent));
  const points = (game: PairedResult) => (game.winner === null ? 0.5 : game.winner === challenger ? 1 : 0);
  const pairs = pairPoints(against, points);
  const pentanomial = pairs === null ? null : pentanomialOf(pairs);
  return {
    opponent,
    games: against.length,
    wins: against.filter((game) => game.winner === challenger).length,
    draws: against.filter((game) => game.winner === null).length,
    losses: against.filter((game) => game.winner === opponent).length,
    pentanomial,
    elo: pentanomial === null ? null : eloEstimate(pentanomial),
  };
}

/** A pair's points (0 to 2) for each complete pair of `games`, or null for unpaired games. */
function pairPoints(games: readonly PairedResult[], points: (game: PairedResult) => number): number[] | null {
  if (games.some((game) => game.pair === undefined)) return null;
  const byPair = new Map<number, number[]>();
  for (const game of games) byPair.set(game.pair as number, [...(byPair.get(game.pair as number) ?? []), points(game)]);
  return [...byPair.values()].filter((pair) => pair.length === 2).map(([a, b]) => a + b);
}

function pentanomialOf(pairs: readonly number[]): Pentanomial {
  const counts: Pentanomial = [0, 0, 0, 0, 0];
  for (const points of pairs) counts[Math.round(points * 2)] += 1;
  return counts;
}

export interface SprtOptions extends RunOptions, SprtSettings {
  /** The bot under test and the one it is measured against: the first two players. */
  maxGames: number;
  openings?: readonly MatchOpening[];
}

export interface SprtReport {
  id: string;
  seed: number;
  rules: ReturnType<typeof rulesToJson>;
  clock: ClockConfig;
  test: string;
  base: string;
  settings: Required<SprtSettings>;
  maxGames: number;
  openings: number;
  concurrency: number;
  /** `H1`: the test bot is better by elo1 or more; `H0`: by elo0 or less; null: the game limit came first. */
  decision: SprtDecision | null;
  llr: number;
  bounds: { lower: number; upper: number };
  pentanomial: Pentanomial;
  /** The test bot's wins, draws and losses over every finished game. */
  wins: number;
  draws: number;
  losses: number;
  pairs: number;
  elo: EloEstimate;
  games: GameRecord[];
}

/** Why an SPRT run cannot start, or null. */
export function sprtOptionsProblem(options: Pick<SprtOptions, "players" | "maxGames" | "elo0" | "elo1" | "alpha" | "beta" | "model">): string | null {
  if (options.players.length !== 2) return "an SPRT match is between two bots: the one under test, then the one it is measured against";
  return (
    sprtProblem(options) ??
    scheduleProblem(
      options.players.map((player) => player.name),
      options.maxGames,
      MAX_SPRT_GAMES,
    )?.replace("games per pair", "the game limit") ??
    null
  );
}

/**
 * Plays game pairs between the first player (under test) and the second until the SPRT accepts H0 or
 * H1, or `maxGames` are played. The two bots may play `concurrency` games at once.
 */
export async function runSprt(options: SprtOptions): Promise<SprtReport> {
  const problem = sprtOptionsProblem(options);
  if (problem) throw new RangeError(`sprt: ${problem}`);
  const [test, base] = options.players.map((player) => player.name);
  const settings: Required<SprtSettings> = {
    elo0: options.elo0,
    elo1: options.elo1,
    alpha: options.alpha,
    beta: options.beta,
    model: options.model ?? "normalized",
  };
  const sprt: SprtPolicy = { ...settings, bot: test };
  const id = options.id ?? `local-${options.seed}`;
  const host = await play(id, sprtSchedule(test, base, options.maxGames, options.seed, options.openings), options, {
    gamesPerBot: options.concurrency ?? 1,
    sprt,
  });
  const games = host.records();
  const progress = host.state.tournament.sprt ?? { pentanomial: [0, 0, 0, 0, 0] as Pentanomial, decision: null };
  const pentanomial = progress.pentanomial;
  return {
    id,
    seed: options.seed,
    rules: rulesToJson(options.rules),
    clock: options.clock,
    test,
    base,
    settings,
    maxGames: options.maxGames,
    openings: options.openings?.length ?? 0,
    concurrency: options.concurrency ?? 1,
    decision: progress.decision,
    llr: sprtLlr(pentanomial, settings),
    bounds: sprtBounds(settings),
    pentanomial,
    wins: games.filter((game) => game.winner === test).length,
    draws: games.filter((game) => game.winner === null).length,
    losses: games.filter((game) => game.winner === base).length,
    pairs: pentanomial.reduce((sum, count) => sum + count, 0),
    elo: eloEstimate(pentanomial),
    games,
  };
}

export interface SwissRunOptions extends RunOptions {
  /** Even: each pairing is game pairs, each bot moving first in half its games. */
  gamesPerPair: number;
  /** Default ceil(log2 N) + 1 (at most what the field can play). */
  rounds?: number;
  openings?: readonly MatchOpening[];
}

export interface SwissReport extends RunSettingsReport {
  kind: "swiss";
  /** The rounds planned, and those paired and played. */
  rounds: number;
  roundsPlayed: number;
  /** Why it ended before its last round (no legal pairing left), or null. */
  stopped: string | null;
  /** What a bye is worth. */
  byePoints: number;
  /** Each round's pairings (with their points) and byes. */
  roundResults: SwissRoundResult[];
  schedule: ScheduledGame[];
  games: GameRecord[];
  /** Points (byes included), then Buchholz, then Sonneborn-Berger. */
  standings: Standing[];
}

/**
 * Plays a Swiss: each round paired by score groups when the one before it is over (swiss.ts), each
 * pairing `gamesPerPair` games, up to `concurrency` at once, no bot in two at once. Throws only for a
 * bad configuration.
 */
export async function runSwiss(options: SwissRunOptions): Promise<SwissReport> {
  const bots = options.players.map((player) => player.name);
  const rounds = options.rounds ?? defaultSwissRounds(bots.length);
  const problem = swissProblem(bots, options.gamesPerPair, rounds);
  if (problem) throw new RangeError(`swiss: ${problem}`);
  const id = options.id ?? `local-${options.seed}`;
  const plan = swissPlan(bots, options.seed, options.openings);
  const host = await play(id, [], options, {}, { plan, gamesPerPair: options.gamesPerPair, rounds });
  const progress = host.state.tournament.swiss as NonNullable<TournamentProgress["swiss"]>;
  const games = host.records();
  const byePoints = swissByePoints(options.gamesPerPair);
  const byes = new Map<string, number>();
  for (const bot of progress.byes.flat()) byes.set(bot, (byes.get(bot) ?? 0) + byePoints);
  return {
    id,
    kind: "swiss",
    seed: options.seed,
    gamesPerPair: options.gamesPerPair,
    rules: rulesToJson(options.rules),
    clock: options.clock,
    openings: options.openings?.length ?? 0,
    concurrency: options.concurrency ?? 1,
    bots,
    rounds,
    roundsPlayed: progress.paired,
    stopped: progress.stopped,
    byePoints,
    roundResults: swissRoundResults(host.state.games, progress.byes),
    schedule: host.state.games.map(scheduledOf),
    games,
    standings: computeStandings(bots, scoredGames(games), { byePoints: byes, order: "swiss" }),
  };
}

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
  const host = await play(options.tournamentId ?? "local", [game], { ...options, seed: 0, players: [options.first, options.second] });
  return host.record(host.state.games[0]);
}
