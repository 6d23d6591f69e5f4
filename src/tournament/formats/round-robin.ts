/** The round robin: every pair of bots plays `gamesPerPair` games, no bot in two games at once (schedule.ts). */
import { type FormatRun, MAX_TOURNAMENT_BOTS, MAX_TOURNAMENT_GAMES, pairTable, type RunSettingsReport, type TournamentFormat } from "../format.ts";
import type { GameRecord } from "../game.ts";
import { roundRobinSchedule, type ScheduledGame } from "../schedule.ts";
import { type Crosstable, type Standing, tableOf } from "../standings.ts";
import { scheduledOf } from "../step.ts";
import type { GauntletRow } from "../format.ts";

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

/** The report of a format whose table is every pair's: settings, schedule, games, standings and crosstable. */
export function pairReport(kind: TournamentReport["kind"], run: FormatRun): TournamentReport {
  const { id, ...base } = run.base;
  return {
    id,
    kind,
    ...base,
    schedule: run.games.map(scheduledOf),
    games: run.records,
    ...tableOf(run.settings.bots, run.records),
  };
}

export const ROUND_ROBIN: TournamentFormat<TournamentReport, "roundRobin"> = {
  kind: "roundRobin",
  name: "round robin",
  article: "a",
  hint: "every pair plays",
  command: "run",
  entrants: "field",
  perPair: true,
  takes: [],
  limits: { bots: MAX_TOURNAMENT_BOTS, games: MAX_TOURNAMENT_GAMES },
  settle: (_bots, options) => ({ ok: true, options }),
  gameCount: (bots, options) => ((bots * (bots - 1)) / 2) * options.gamesPerPair,
  gamesPerBot: () => 1,
  schedule: (settings) => roundRobinSchedule(settings.bots, settings.gamesPerPair, settings.seed, settings.openings),
  tieBreaks: ["sonnebornBerger"],
  table: pairTable,
  extras: () => ({}),
  describe: (settings) => `${settings.bots.length} bots, ${settings.gamesPerPair} games per pair`,
  report: (run) => pairReport("roundRobin", run),
};
