/**
 * The Swiss: `rounds` rounds, each paired by score groups when the one before has ended (../dutch.ts),
 * no pairing repeated, at most one bye per bot worth half a pairing's points (../swiss.ts); each pairing
 * is `gamesPerPair` games, no bot in two games at once. Its standings count the byes and break ties by
 * Buchholz first; it has no crosstable (most pairs never meet), its rounds instead.
 */
import type { RunSettingsReport, SwissSummary, TournamentFormat, TournamentSettings } from "../format.ts";
import type { GameRecord } from "../game.ts";
import type { ScheduledGame } from "../schedule.ts";
import { computeStandings, type Standing, scoredGames } from "../standings.ts";
import { scheduledOf, type TournamentProgress } from "../step.ts";
import { defaultSwissRounds, swissByePoints, swissPlan, type SwissRoundResult, swissRoundGames, swissRoundResults, swissRoundsProblem } from "../swiss.ts";

/** The service's limits of a Swiss: bots, and games in all. */
export const MAX_SWISS_BOTS = 1024;
export const MAX_SWISS_GAMES = 25_000;

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

/** The rounds asked for, or the default for the field. */
const roundCount = (bots: number, rounds: number | undefined): number => rounds ?? defaultSwissRounds(bots);
const roundsOf = (settings: Pick<TournamentSettings, "rounds" | "bots">): number => roundCount(settings.bots.length, settings.rounds);

/** The rounds paired so far (none yet: the rounds asked for, none paired). */
const progressOf = (settings: TournamentSettings, progress: TournamentProgress) =>
  progress.swiss ?? { rounds: roundsOf(settings), paired: 0, byes: [] as string[][], stopped: null };

/** Each bot's bye points. */
function byePointsOf(settings: TournamentSettings, progress: TournamentProgress): Map<string, number> {
  const points = new Map<string, number>();
  for (const bot of progressOf(settings, progress).byes.flat()) points.set(bot, (points.get(bot) ?? 0) + swissByePoints(settings.gamesPerPair));
  return points;
}

function summary(settings: TournamentSettings, progress: TournamentProgress, games: Parameters<typeof swissRoundResults>[0]): SwissSummary {
  const swiss = progressOf(settings, progress);
  return {
    rounds: swiss.rounds,
    paired: swiss.paired,
    stopped: swiss.stopped,
    byePoints: swissByePoints(settings.gamesPerPair),
    byRound: swissRoundResults(games, swiss.byes),
  };
}

export const SWISS: TournamentFormat<SwissReport, "swiss"> = {
  kind: "swiss",
  name: "Swiss",
  article: "a",
  hint: "rounds paired by score",
  command: "swiss",
  entrants: "field",
  perPair: true,
  takes: ["rounds"],
  limits: { bots: MAX_SWISS_BOTS, games: MAX_SWISS_GAMES },
  settle(bots, options) {
    const rounds = roundCount(bots.length, options.rounds);
    const problem = swissRoundsProblem(bots.length, rounds);
    return problem ? { ok: false, refusal: { field: "rounds", message: problem } } : { ok: true, options: { ...options, rounds } };
  },
  gameCount: (bots, options) => Math.floor(bots / 2) * roundCount(bots, options.rounds) * options.gamesPerPair,
  gamesPerBot: () => 1,
  schedule: () => [],
  rounds: {
    count: roundsOf,
    // Every game so far and the byes: the pairing is a pure function of them and the seed, the same when asked again.
    pair: (settings, games, progress, round, firstIndex) =>
      swissRoundGames(
        swissPlan(settings.bots, settings.seed, settings.openings),
        games,
        progressOf(settings, progress).byes,
        round,
        settings.gamesPerPair,
        firstIndex,
      ),
  },
  tieBreaks: ["buchholz", "sonnebornBerger"],
  table: (settings, progress, played) => ({
    standings: computeStandings(settings.bots, scoredGames(played), { byePoints: byePointsOf(settings, progress), order: "swiss" }),
    crosstable: { bots: [], cells: [] },
  }),
  extras: (settings, progress, games) => ({ swiss: summary(settings, progress, games) }),
  describe: (settings) => `A Swiss of ${settings.bots.length} bots, ${roundsOf(settings)} rounds, ${settings.gamesPerPair} games a pairing`,
  report(run) {
    const { id, ...base } = run.base;
    const swiss = summary(run.settings, run.progress, run.games);
    return {
      id,
      kind: "swiss",
      ...base,
      rounds: roundsOf(run.settings),
      roundsPlayed: swiss.paired,
      stopped: swiss.stopped,
      byePoints: swiss.byePoints,
      // Rounds as players, the API and the pages count them: from 1 (the step counts from 0).
      roundResults: swiss.byRound.map((round) => ({ ...round, round: round.round + 1 })),
      schedule: run.games.map((game) => ({ ...scheduledOf(game), round: scheduledOf(game).round + 1 })),
      games: run.records,
      standings: SWISS.table(run.settings, run.progress, run.records).standings,
    };
  },
};
