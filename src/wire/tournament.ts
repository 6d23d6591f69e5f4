/**
 * Tournaments' stored forms and their public views. A tournament is stored as one `tournament` record
 * (configuration, entrants with their signing secrets, status, the index of the current game) and one
 * record per scheduled game (`game:000012`): its status, the match of the attempt being played, the
 * aborted attempts and, once over, the outcome. Standings and crosstable are never stored: the view
 * recomputes them from the finished games (src/tournament/standings.ts), as the local runner does.
 */
import type { Level } from "../engine/index.ts";
import { type ClockConfig, type MatchOpening, type SeatIndex, seatOfRole } from "../match/index.ts";
import { rulesOutput } from "./convert.ts";
import { DEFAULT_PAGE_LIMIT, nextLink } from "./pagination.ts";
import { TOURNAMENT_VIEW_GAMES } from "./tournament-schemas.ts";
import { makeRules, type Role, type RulesInput } from "../rules/index.ts";
import {
  type EloEstimate,
  type FormatFields,
  type FormatOptions,
  formatOf,
  type GameState,
  playedGames,
  type SprtMatchSettings,
  type SprtSummary,
  type SwissSummary,
  type TournamentKind,
  type TournamentProgress,
  type TournamentSettings,
} from "../tournament/index.ts";
import type { CreateTournamentRequest, SprtStateOutput, SwissStateOutput, TournamentGameOutput, TournamentOutput } from "./tournament-schemas.ts";
import { SPRT_DEFAULTS } from "./tournament-schemas.ts";

export type StoredEntry =
  | { name: string; kind: "builtIn"; level: Level }
  | { name: string; kind: "registered"; botId: string; url: string; secret: string }
  /** A connected bot (`connection: stream`): asked through its BotLink object (src/objects/bot-link.ts). */
  | { name: string; kind: "connected"; botId: string };

/**
 * The tournament record; its progress fields (status, current, next, playing, sprt, ...) are the
 * step's `TournamentProgress`. Fields added with tournament kinds are optional: a record stored before
 * them reads as a round robin played one game at a time from the empty board.
 */
export interface StoredTournament extends TournamentProgress {
  id: string;
  name: string | null;
  /** SHA-256 of the management token. */
  tokenHash: string;
  status: "running" | "finished" | "cancelled";
  entries: StoredEntry[];
  /** Absent: `roundRobin`. */
  kind?: TournamentKind;
  gamesPerPair: number;
  /** Games in play at once (absent: 1). */
  concurrency?: number;
  /** The openings the games start from, in pairs (absent or empty: the empty board), and the suite's name if one was named. */
  openings?: MatchOpening[];
  openingSuite?: string | null;
  /** For `sprt`: its settings (the step's SPRT counts are in `sprt`). */
  /** The bot under test is the first entrant, measured against the second. */
  sprtSettings?: SprtMatchSettings;
  /** For `swiss`: the rounds asked for (the step's rounds are in `swiss`). */
  swissRounds?: number;
  rules: RulesInput;
  clock: ClockConfig;
  seed: number;
  /** Node budget per move of the built-in bots. */
  maxNodes: number;
  gameCount: number;
  /** The game being played (or next to play); `gameCount` once all are over. */
  current: number;
  createdAt: number;
  finishedAt: number | null;
}

/** A scheduled game and how far it got: the tournament step's game sub-state (src/tournament/step.ts), stored as is. */
export type StoredGame = GameState;

export const gameKey = (index: number): string => `game:${String(index).padStart(6, "0")}`;

const instant = (ms: number): string => new Date(ms).toISOString();
const tenths = (value: number): number => Math.round(value * 10) / 10;

/** The seat of a game's `first` bot in its match: tournament matches put it in seat 0 (createBotMatch). */
const TOURNAMENT_FIRST_SEAT: SeatIndex = 0;

/**
 * A round as the API and the pages number it: from 1, as players and pairing rules (FIDE's) count rounds;
 * the step counts them from 0, as indices.
 */
const shownRound = (round: number): number => round + 1;

const matchLinks = (matchId: string) => ({ match: `/v1/matches/${matchId}`, record: `/v1/matches/${matchId}/record`, page: `/matches/${matchId}` });

/**
 * The format options of a request, as its format checks them (formatOf(kind).settle): games per pair,
 * and each format field given, an SPRT's with its defaults filled in.
 */
export function requestOptions(request: Pick<CreateTournamentRequest, "gamesPerPair" | "sprt" | "rounds">): FormatOptions {
  return {
    gamesPerPair: request.gamesPerPair,
    ...(request.sprt !== undefined ? { sprt: { ...SPRT_DEFAULTS, ...request.sprt } } : {}),
    ...(request.rounds !== undefined ? { rounds: request.rounds } : {}),
  };
}

/** Where a tournament record keeps its format fields. */
export function storedFields(options: FormatFields): Pick<StoredTournament, "sprtSettings" | "swissRounds"> {
  return { ...(options.sprt ? { sprtSettings: options.sprt } : {}), ...(options.rounds !== undefined ? { swissRounds: options.rounds } : {}) };
}

/** A tournament's view as its format describes it (formatOf(kind).describe). */
export function viewSettings(view: TournamentOutput): Pick<TournamentSettings, "bots" | "gamesPerPair" | "sprt" | "rounds"> {
  const sprt = view.sprt;
  return {
    bots: view.bots.map((bot) => bot.name),
    gamesPerPair: view.gamesPerPair,
    ...(sprt ? { sprt: { elo0: sprt.elo0, elo1: sprt.elo1, alpha: sprt.alpha, beta: sprt.beta, model: sprt.model, maxGames: sprt.maxGames } } : {}),
    ...(view.swiss ? { rounds: view.swiss.rounds } : {}),
  };
}

/** A tournament record as its format reads it. */
export function settingsOf(
  tournament: Pick<StoredTournament, "entries" | "gamesPerPair" | "seed" | "openings" | "concurrency" | "sprtSettings" | "swissRounds">,
): TournamentSettings {
  return {
    bots: tournament.entries.map((entry) => entry.name),
    gamesPerPair: tournament.gamesPerPair,
    seed: tournament.seed,
    openings: tournament.openings ?? [],
    concurrency: tournament.concurrency ?? 1,
    ...(tournament.sprtSettings ? { sprt: tournament.sprtSettings } : {}),
    ...(tournament.swissRounds !== undefined ? { rounds: tournament.swissRounds } : {}),
  };
}

/** A game's public view (the view's `games`, and the pages of `GET /v1/tournaments/{id}/games`). */
export function gameOutput(game: StoredGame, tournament: StoredTournament): TournamentGameOutput {
  // Once the tournament is over (cancelled, or stopped by its SPRT), a game not played never will be.
  const notPlayed = (tournament.status === "cancelled" && game.status !== "finished") || (tournament.status === "finished" && game.status === "pending");
  const status = notPlayed ? "cancelled" : game.status;
  const outcome = game.outcome;
  const shownMatch = game.matchCreated ? game.matchId : null;
  const winnerRole: Role | null = outcome === null || outcome.winner === null ? null : outcome.winner === game.first ? "first" : "second";
  return {
    index: game.index,
    gameId: game.gameId,
    round: shownRound(game.round),
    first: game.first,
    second: game.second,
    firstSeat: TOURNAMENT_FIRST_SEAT,
    status,
    matchId: shownMatch,
    links: shownMatch === null ? null : matchLinks(shownMatch),
    result:
      outcome === null
        ? null
        : {
            winner: outcome.winner,
            winnerSeat: winnerRole === null ? null : seatOfRole(winnerRole, TOURNAMENT_FIRST_SEAT),
            winnerRole,
            reason: outcome.reason,
            forfeitCode: outcome.forfeitCode ?? null,
            forfeitedBy: outcome.forfeitedBy ?? null,
            detail: outcome.detail ?? null,
          },
    opening: game.opening?.name ?? null,
    pair: game.pair ?? null,
    plies: game.plies,
    text: game.text,
    abortedAttempts: game.aborted.map((attempt) => ({ ...attempt, links: matchLinks(attempt.matchId) })),
  };
}

/** One seat of a game's review, as its match reports it to the tournament. */
export interface ReviewedSeat {
  bot: string;
  moves: number;
  kept: number;
  mistakes: number;
  winsThrownAway: number;
}

/** A game's review as the tournament keeps it (under reviewKey): what each seat's bot did. */
export interface StoredGameReview {
  matchId: string;
  seats: [ReviewedSeat, ReviewedSeat];
}

export const reviewKey = (matchId: string): string => `review:${matchId}`;

/** Each bot's accuracy over the reviewed games that count (the attempt of each finished game). */
function accuracyRows(bots: readonly string[], games: readonly StoredGame[], reviews: readonly StoredGameReview[]): TournamentOutput["accuracy"] {
  const counted = new Set(games.filter((game) => game.status === "finished" && game.matchId !== null).map((game) => game.matchId as string));
  const rows = new Map(bots.map((bot) => [bot, { bot, games: 0, moves: 0, kept: 0, mistakes: 0, winsThrownAway: 0 }]));
  for (const review of reviews) {
    if (!counted.has(review.matchId)) continue;
    for (const seat of review.seats) {
      const row = rows.get(seat.bot);
      if (!row) continue;
      row.games++;
      row.moves += seat.moves;
      row.kept += seat.kept;
      row.mistakes += seat.mistakes;
      row.winsThrownAway += seat.winsThrownAway;
    }
  }
  return [...rows.values()].map((row) => ({ ...row, accuracy: row.moves === 0 ? null : Math.round((1000 * row.kept) / row.moves) / 1000 }));
}

/**
 * The public view: progress, standings and crosstable recomputed from all the games, each bot's
 * accuracy over the games reviewed so far, and the first TOURNAMENT_VIEW_GAMES games.
 */
export function tournamentView(tournament: StoredTournament, games: readonly StoredGame[], reviews: readonly StoredGameReview[] = []): TournamentOutput {
  const bots = tournament.entries.map((entry) => entry.name);
  const format = formatOf(tournament.kind);
  const settings = settingsOf(tournament);
  const { standings, crosstable } = format.table(settings, tournament, playedGames(games));
  const extras = format.extras(settings, tournament, games);
  const outputs = games.map((game) => gameOutput(game, tournament));
  const shown = outputs.slice(0, TOURNAMENT_VIEW_GAMES);
  const count = (status: TournamentGameOutput["status"]) => outputs.filter((game) => game.status === status).length;
  return {
    id: tournament.id,
    name: tournament.name,
    status: tournament.status,
    createdAt: instant(tournament.createdAt),
    finishedAt: tournament.finishedAt === null ? null : instant(tournament.finishedAt),
    rules: rulesOutput(makeRules(tournament.rules)),
    clock: tournament.clock,
    gamesPerPair: tournament.gamesPerPair,
    seed: tournament.seed,
    bots: tournament.entries.map((entry) =>
      entry.kind === "builtIn" ? { name: entry.name, kind: entry.kind, botId: null } : { name: entry.name, kind: "registered" as const, botId: entry.botId },
    ),
    progress: {
      total: games.length,
      finished: count("finished"),
      playing: count("playing"),
      pending: count("pending"),
      cancelled: count("cancelled"),
      replays: games.reduce((sum, game) => sum + game.aborted.length, 0),
    },
    standings: standings.map((row) => ({
      rank: row.rank,
      bot: row.bot,
      games: row.games,
      wins: row.wins,
      draws: row.draws,
      losses: row.losses,
      forfeits: row.forfeits,
      points: row.points,
      buchholz: row.buchholz,
      sonnebornBerger: row.sonnebornBerger,
      rating: tenths(row.rating),
      ratingDeviation: tenths(row.ratingDeviation),
    })),
    crosstable,
    accuracy: accuracyRows(bots, games, reviews),
    kind: format.kind,
    concurrency: tournament.concurrency ?? 1,
    openings: tournament.openings?.length ? { suite: tournament.openingSuite ?? null, count: tournament.openings.length } : null,
    gauntlet: extras.gauntlet?.map((row) => ({ ...row, elo: row.elo === null ? null : eloOutput(row.elo) })) ?? null,
    sprt: extras.sprt ? sprtOutput(extras.sprt) : null,
    swiss: extras.swiss ? swissOutput(extras.swiss) : null,
    games: shown,
    moreGames: outputs.length > shown.length ? nextLink(`/v1/tournaments/${tournament.id}/games`, DEFAULT_PAGE_LIMIT, [shown.length - 1]) : null,
  };
}

/** A Swiss's rounds: each with its pairings (read off the games) and its byes. */
function swissOutput(swiss: SwissSummary): SwissStateOutput {
  return {
    rounds: swiss.rounds,
    paired: swiss.paired,
    byePoints: swiss.byePoints,
    stopped: swiss.stopped,
    byRound: swiss.byRound.map((round) => ({
      round: shownRound(round.round),
      status: round.pairings.every((pairing) => pairing.over === pairing.games) ? "finished" : "playing",
      boards: round.pairings,
      byes: round.byes,
    })),
  };
}

const eloOutput = (elo: EloEstimate) => ({
  elo: tenths(elo.elo),
  low: tenths(elo.low),
  high: tenths(elo.high),
  score: Math.round(elo.score * 10_000) / 10_000,
});

/** The SPRT's live state: the step's pair counts, the LLR against its bounds, the Elo estimate, and W/D/L of the bot under test. */
function sprtOutput(sprt: SprtSummary): SprtStateOutput {
  const { elo0, elo1, alpha, beta, model, maxGames } = sprt.settings;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    test: sprt.test,
    base: sprt.base,
    elo0,
    elo1,
    alpha,
    beta,
    model,
    maxGames,
    llr: round(sprt.llr),
    lower: round(sprt.bounds.lower),
    upper: round(sprt.bounds.upper),
    decision: sprt.decision,
    pentanomial: sprt.pentanomial,
    pairs: sprt.pairs,
    wins: sprt.wins,
    draws: sprt.draws,
    losses: sprt.losses,
    elo: eloOutput(sprt.elo),
  };
}
