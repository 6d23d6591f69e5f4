/**
 * A tournament format is one definition (src/tournament/format.ts's TournamentFormat): this test defines
 * a format the service does not have, a double round robin (two legs, the second with every game's seats
 * swapped), through that type alone, and plays it with the local runner (`runFormat`) without touching
 * any other code: the runner reads the definition for its checks, schedule, games per bot and report.
 * The registry of formats (src/tournament/formats.ts, FORMATS) is the only switch on a tournament's
 * kind: listing a format there, with its request schema in src/wire, is what offers it to the service,
 * its object, views and pages, and to the CLI as `npm run arena -- <command>`.
 */
import { describe, expect, it } from "vitest";
import { builtInBot } from "../../src/bots/index.ts";
import { CLASSIC_RULES } from "../../src/rules/index.ts";
import {
  type FormatRun,
  FORMATS,
  formatOf,
  MAX_TOURNAMENT_BOTS,
  playedGames,
  roundRobinSchedule,
  runFormat,
  type ScheduledGame,
  settle,
  type Standing,
  tableOf,
  type TournamentFormat,
} from "../../src/tournament/index.ts";

interface DoubleReport {
  legs: number;
  games: FormatRun["records"];
  standings: Standing[];
}

/** Two legs of a round robin: the second plays every game of the first again, the seats swapped. */
const DOUBLE_ROUND_ROBIN: TournamentFormat<DoubleReport, "doubleRoundRobin"> = {
  kind: "doubleRoundRobin",
  name: "double round robin",
  article: "a",
  hint: "every pair plays, then again the other way round",
  command: "double",
  entrants: "field",
  perPair: true,
  takes: [],
  limits: { bots: MAX_TOURNAMENT_BOTS, games: 1000 },
  settle: (_bots, options) => ({ ok: true, options }),
  gameCount: (bots, options) => bots * (bots - 1) * options.gamesPerPair,
  gamesPerBot: () => 1,
  schedule(settings) {
    const first = roundRobinSchedule(settings.bots, settings.gamesPerPair, settings.seed, settings.openings);
    const rounds = Math.max(...first.map((game) => game.round)) + 1;
    const second = first.map(
      (game): ScheduledGame => ({
        ...game,
        index: first.length + game.index,
        gameId: `g${first.length + game.index + 1}`,
        round: rounds + game.round,
        first: game.second,
        second: game.first,
      }),
    );
    return [...first, ...second];
  },
  tieBreaks: ["sonnebornBerger"],
  table: (settings, _progress, played) => tableOf(settings.bots, played),
  extras: () => ({}),
  describe: (settings) => `A double round robin of ${settings.bots.length} bots`,
  report: (run) => ({ legs: 2, games: run.records, standings: tableOf(run.settings.bots, playedGames(run.games)).standings }),
};

const players = ["random", "easy", "medium"].map((level) => builtInBot(level as "random", { name: level, maxNodes: 2000 }));

describe("a format defined outside the registry", () => {
  it("plays with the local runner: both legs, every pair the same games each way, no bot in two games at once, the table from its games", async () => {
    const busy = new Set<string>();
    let overlaps = 0;
    const report = await runFormat(DOUBLE_ROUND_ROBIN, {
      players,
      rules: CLASSIC_RULES,
      clock: { kind: "none" },
      seed: 3,
      gamesPerPair: 2,
      concurrency: 3,
      onGameStart: (game) => {
        for (const bot of [game.first, game.second]) {
          if (busy.has(bot)) overlaps++;
          busy.add(bot);
        }
      },
      onGameEnd: (record) => {
        busy.delete(record.first);
        busy.delete(record.second);
      },
    });
    expect(report.legs).toBe(2);
    // 3 pairs, 2 games a pair, two legs.
    expect(report.games).toHaveLength(DOUBLE_ROUND_ROBIN.gameCount(3, { gamesPerPair: 2 }));
    expect(report.games).toHaveLength(12);
    const half = report.games.length / 2;
    report.games.slice(0, half).forEach((game, index) => {
      const mirror = report.games[half + index];
      expect([mirror.first, mirror.second]).toEqual([game.second, game.first]);
    });
    for (const [a, b] of [
      ["random", "easy"],
      ["random", "medium"],
      ["easy", "medium"],
    ]) {
      expect(report.games.filter((game) => game.first === a && game.second === b)).toHaveLength(2);
      expect(report.games.filter((game) => game.first === b && game.second === a)).toHaveLength(2);
    }
    // gamesPerBot 1: the runner never put a bot in two games at once.
    expect(overlaps).toBe(0);
    expect(report.standings.reduce((sum, row) => sum + row.points, 0)).toBe(12);
    expect(report.standings.map((row) => row.games)).toEqual([8, 8, 8]);
  });

  it("is checked as the registry's formats are: a field it does not take is refused", async () => {
    expect(settle(DOUBLE_ROUND_ROBIN, ["a", "b"], { gamesPerPair: 2, rounds: 3 })).toMatchObject({ ok: false, refusal: { field: "rounds" } });
    await expect(runFormat(DOUBLE_ROUND_ROBIN, { players, rules: CLASSIC_RULES, clock: { kind: "none" }, seed: 1, gamesPerPair: 3 })).rejects.toThrow(
      /doubleRoundRobin: games per pair must be an even integer/,
    );
  });

  it("is unknown to the service until the registry lists it: the registry is the only switch on a kind", () => {
    expect(FORMATS.map((format) => format.kind)).toEqual(["roundRobin", "gauntlet", "sprt", "swiss"]);
    expect(() => formatOf(DOUBLE_ROUND_ROBIN.kind)).toThrow(RangeError);
    expect(formatOf(undefined).kind).toBe("roundRobin");
    for (const format of FORMATS) expect(formatOf(format.kind)).toBe(format);
  });
});
