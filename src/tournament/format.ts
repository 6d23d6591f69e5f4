/**
 * What a tournament format is: one definition per kind of tournament (formats/*.ts), read through the
 * registry (formats.ts) by every host and view, which never ask which kind they hold. A definition says
 * which request fields the format takes and checks them (its validation, the service's limits), what it
 * schedules up front or pairs round by round, how many games one bot may play at once, whether a test
 * stops it early, how its standings are ordered, and what it adds to the local runner's report and the
 * service's view beyond the standings (a gauntlet's rows, an SPRT's test, a Swiss's rounds).
 */
import type { ClockConfig, MatchOpening } from "../match/index.ts";
import type { rulesToJson } from "../rules/index.ts";
import type { GameRecord } from "./game.ts";
import type { ScheduledGame } from "./schedule.ts";
import type { EloEstimate, Pentanomial, SprtDecision, SprtSettings } from "./sprt.ts";
import { type Crosstable, type PlayedGame, type Standing, tableOf } from "./standings.ts";
import type { GameState, SprtPolicy, TournamentProgress } from "./step.ts";
import type { SwissRoundResult } from "./swiss.ts";

/** An SPRT's settings in a tournament: the test's, and the game limit. */
export interface SprtMatchSettings extends Required<SprtSettings> {
  maxGames: number;
}

/** The request fields only some formats take; a format refuses the ones it does not name in `takes`. */
export interface FormatFields {
  /** An SPRT's test. */
  sprt?: SprtMatchSettings;
  /** A Swiss's rounds. */
  rounds?: number;
}
export type FormatField = keyof FormatFields;

/** The options of a tournament that its format reads: games per pair, and the fields of some formats. */
export interface FormatOptions extends FormatFields {
  gamesPerPair: number;
}

/** A tournament as its format reads it: the entrants' names in order, checked options, seed, openings. */
export interface TournamentSettings extends FormatOptions {
  bots: readonly string[];
  seed: number;
  openings: readonly MatchOpening[];
  /** Games in play at once. */
  concurrency: number;
}

/** Why a request cannot be played: the field at fault (`bots`, a format field or `gamesPerPair`) and why. */
export interface Refusal {
  field: "bots" | "gamesPerPair" | FormatField;
  message: string;
}

export type Settled = { ok: true; options: FormatOptions } | { ok: false; refusal: Refusal };

/** A gauntlet row: the challenger (the first entrant) against one bot of the field. */
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

/** An SPRT's state: the pair counts and the test on them, and the tested bot's W/D/L over the finished games. */
export interface SprtSummary {
  test: string;
  base: string;
  settings: SprtMatchSettings;
  /** `H1`: the test bot is better by elo1 or more; `H0`: by elo0 or less; null: undecided, or the game limit came first. */
  decision: SprtDecision | null;
  llr: number;
  bounds: { lower: number; upper: number };
  pentanomial: Pentanomial;
  pairs: number;
  wins: number;
  draws: number;
  losses: number;
  elo: EloEstimate;
}

/** A Swiss's rounds so far. */
export interface SwissSummary {
  /** The rounds to play, and those paired. */
  rounds: number;
  paired: number;
  /** Why it ended before its last round (no legal pairing left), or null. */
  stopped: string | null;
  /** What a bye is worth. */
  byePoints: number;
  byRound: SwissRoundResult[];
}

/** What a format adds to the standings in a report and a view; each present only for the formats that have it. */
interface FormatExtras {
  gauntlet?: GauntletRow[];
  sprt?: SprtSummary;
  swiss?: SwissSummary;
}

/** A round's games, numbered from the index asked for, and its byes. */
interface RoundPairing {
  games: ScheduledGame[];
  byes: string[];
}

/** What every local run reports about its settings. */
export interface RunSettingsReport {
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

/** A local run that is over, as a format's report reads it. */
export interface FormatRun {
  settings: TournamentSettings;
  base: RunSettingsReport;
  progress: TournamentProgress;
  /** Every game of the schedule, in play order. */
  games: readonly GameState[];
  /** The records of the finished games, in play order. */
  records: GameRecord[];
}

/** Buchholz: the final points of every opponent met; Sonneborn-Berger: each opponent's points times the score against them. */
type TieBreak = "buchholz" | "sonnebornBerger";

export interface TournamentFormat<Report = unknown, Kind extends string = string> {
  /** The `kind` of the API and of stored tournaments. */
  readonly kind: Kind;
  /** In words, in a sentence ("a round robin", "an SPRT"), and what it plays in a few words. */
  readonly name: string;
  readonly article: "a" | "an";
  readonly hint: string;
  /** The local runner's command (`npm run arena -- <command>`). */
  readonly command: string;
  /** Who plays: every bot each other (`field`), the first against the rest (`challenger`), the first two (`pair`). */
  readonly entrants: "field" | "challenger" | "pair";
  /** Whether `gamesPerPair` shapes its games (an SPRT plays game pairs up to its limit instead). */
  readonly perPair: boolean;
  /** The format fields it takes (the others are refused). */
  readonly takes: readonly FormatField[];
  /** The service's limits: bots, and games in all. */
  readonly limits: { bots: number; games: number };
  /** Its fields checked against the bots, defaults filled in (names and games per pair are checked by scheduleProblem). */
  settle(bots: readonly string[], options: FormatOptions): Settled;
  /** The most games it plays. */
  gameCount(bots: number, options: FormatOptions): number;
  /** Games one bot may be in at once. */
  gamesPerBot(concurrency: number): number;
  /** The games known from the start (a format that pairs rounds: none). */
  schedule(settings: TournamentSettings): ScheduledGame[];
  /** A test that may stop it early. */
  stop?(settings: TournamentSettings): SprtPolicy;
  /** A schedule that grows a round at a time: how many rounds, and the pairing of the next from the games so far. */
  rounds?: {
    count(settings: TournamentSettings): number;
    pair(settings: TournamentSettings, games: readonly GameState[], progress: TournamentProgress, round: number, firstIndex: number): RoundPairing | null;
  };
  /** The tie-breaks of its standings after points, first first (the views show a column for each). */
  readonly tieBreaks: readonly TieBreak[];
  /** Standings and crosstable from the finished games. */
  table(settings: TournamentSettings, progress: TournamentProgress, played: readonly PlayedGame[]): { standings: Standing[]; crosstable: Crosstable };
  /** What it adds to the standings, from the games so far. */
  extras(settings: TournamentSettings, progress: TournamentProgress, games: readonly GameState[]): FormatExtras;
  /** One line about a tournament of it ("5 bots, 2 games per pair"). */
  describe(settings: Pick<TournamentSettings, "bots" | "gamesPerPair" | "sprt" | "rounds">): string;
  /** The local runner's report. */
  report(run: FormatRun): Report;
}

/** The finished games with a result, as the table reads them. */
export const playedGames = (games: readonly GameState[]): PlayedGame[] =>
  games.flatMap((game) => (game.status === "finished" && game.outcome !== null ? [{ first: game.first, second: game.second, ...game.outcome }] : []));

/** The standings and crosstable of most formats: every pair that met, by points then Sonneborn-Berger. */
export const pairTable: TournamentFormat["table"] = (settings, _progress, played) => tableOf(settings.bots, played);

/** The service's limits of a round robin and a gauntlet: bots, and games in all. */
export const MAX_TOURNAMENT_BOTS = 16;
export const MAX_TOURNAMENT_GAMES = 500;
