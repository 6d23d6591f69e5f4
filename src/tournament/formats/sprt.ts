/**
 * The SPRT match: the first bot (under test) against the second, in game pairs, until the sequential
 * test on the pairs' scores (../sprt.ts) accepts H0 or H1, or the game limit is reached. Both bots may
 * play as many games at once as run. Its summary: the pair counts, the LLR against its bounds, the
 * decision, the Elo difference, and the tested bot's W/D/L.
 */
import type { ClockConfig } from "../../match/index.ts";
import type { rulesToJson } from "../../rules/index.ts";
import { pairTable, type SprtMatchSettings, type SprtSummary, type TournamentFormat, type TournamentSettings } from "../format.ts";
import type { GameRecord } from "../game.ts";
import { MAX_SPRT_GAMES, sprtSchedule } from "../schedule.ts";
import { type EloEstimate, eloEstimate, type Pentanomial, type SprtDecision, type SprtSettings, sprtBounds, sprtLlr, sprtProblem } from "../sprt.ts";
import type { GameState, TournamentProgress } from "../step.ts";

/** The service's game limit of an SPRT. */
export const MAX_SPRT_TOURNAMENT_GAMES = 1000;

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

const settingsOf = (settings: Pick<TournamentSettings, "sprt">): SprtMatchSettings => {
  if (!settings.sprt) throw new RangeError("an SPRT match needs its settings");
  return settings.sprt;
};

/** The test's state after the games so far: the step's pair counts (in the progress) and the finished games' W/D/L. */
function summary(settings: TournamentSettings, progress: TournamentProgress, games: readonly GameState[]): SprtSummary {
  const sprt = settingsOf(settings);
  const [test, base] = settings.bots;
  const pentanomial: Pentanomial = progress.sprt?.pentanomial ?? [0, 0, 0, 0, 0];
  const winners = games.flatMap((game) => (game.status === "finished" && game.outcome ? [game.outcome.winner] : []));
  return {
    test,
    base,
    settings: sprt,
    decision: progress.sprt?.decision ?? null,
    llr: sprtLlr(pentanomial, sprt),
    bounds: sprtBounds(sprt),
    pentanomial,
    pairs: pentanomial.reduce((sum, count) => sum + count, 0),
    wins: winners.filter((winner) => winner === test).length,
    draws: winners.filter((winner) => winner === null).length,
    losses: winners.filter((winner) => winner === base).length,
    elo: eloEstimate(pentanomial),
  };
}

export const SPRT: TournamentFormat<SprtReport, "sprt"> = {
  kind: "sprt",
  name: "SPRT",
  article: "an",
  hint: "is one bot better than another?",
  command: "sprt",
  entrants: "pair",
  perPair: false,
  takes: ["sprt"],
  limits: { bots: 2, games: MAX_SPRT_TOURNAMENT_GAMES },
  settle(bots, options) {
    const sprt = options.sprt;
    if (sprt === undefined) return { ok: false, refusal: { field: "sprt", message: "a tournament of kind sprt needs its settings: elo0 and elo1 at least" } };
    if (bots.length !== 2) {
      return { ok: false, refusal: { field: "bots", message: "an SPRT match is between two bots: the one under test, then the one it is measured against" } };
    }
    const problem = sprtProblem(sprt);
    if (problem) return { ok: false, refusal: { field: "sprt", message: problem } };
    if (!Number.isInteger(sprt.maxGames) || sprt.maxGames < 2 || sprt.maxGames % 2 !== 0 || sprt.maxGames > MAX_SPRT_GAMES) {
      return {
        ok: false,
        refusal: { field: "sprt", message: `the game limit must be an even integer from 2 to ${MAX_SPRT_GAMES}, so each bot gives first in half of them` },
      };
    }
    return { ok: true, options };
  },
  gameCount: (_bots, options) => settingsOf(options).maxGames,
  gamesPerBot: (concurrency) => concurrency,
  schedule: (settings) => sprtSchedule(settings.bots[0], settings.bots[1], settingsOf(settings).maxGames, settings.seed, settings.openings),
  stop: (settings) => {
    const { elo0, elo1, alpha, beta, model } = settingsOf(settings);
    return { elo0, elo1, alpha, beta, model, bot: settings.bots[0] };
  },
  // Two bots: a tie-break would only restate their score against each other.
  tieBreaks: [],
  table: pairTable,
  extras: (settings, progress, games) => ({ sprt: summary(settings, progress, games) }),
  describe: (settings) => `An SPRT of ${settings.bots[0]} against ${settings.bots[1]} (at most ${settingsOf(settings).maxGames} games)`,
  report(run) {
    const { test, base, settings, ...result } = summary(run.settings, run.progress, run.games);
    const { maxGames, ...testSettings } = settings;
    return {
      id: run.base.id,
      seed: run.base.seed,
      rules: run.base.rules,
      clock: run.base.clock,
      test,
      base,
      settings: testSettings,
      maxGames,
      openings: run.base.openings,
      concurrency: run.base.concurrency,
      decision: result.decision,
      llr: result.llr,
      bounds: result.bounds,
      pentanomial: result.pentanomial,
      wins: result.wins,
      draws: result.draws,
      losses: result.losses,
      pairs: result.pairs,
      elo: result.elo,
      games: run.records,
    };
  },
};
