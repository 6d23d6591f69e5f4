/**
 * Round robins between the built-in levels on the opening suites: games are decided, not drawn out,
 * and the standings follow the levels' strength. A node budget of 20 000 per move bounds the work
 * (and is small enough that `hard`, unlike `perfect`, rarely solves an opening's 11 empty cells).
 */
import { describe, expect, it } from "vitest";
import { builtInBot } from "../../src/bots/index.ts";
import { type Level, LEVELS } from "../../src/engine/index.ts";
import { makeRules } from "../../src/rules/index.ts";
import { OPENING_SUITES, runTournament } from "../../src/tournament/index.ts";

const MAX_NODES = 20_000;

async function roundRobin(levels: readonly Level[], suite: string, seed: number) {
  const { openings, rules } = OPENING_SUITES[suite];
  return runTournament({
    players: levels.map((level) => builtInBot(level, { maxNodes: MAX_NODES })),
    gamesPerPair: 16,
    rules: makeRules(rules),
    clock: { kind: "none" },
    seed,
    openings,
  });
}

describe("round robins of the levels on an opening suite", () => {
  it("classic: every level above the one below, most games decided", { timeout: 300_000 }, async () => {
    const report = await roundRobin(LEVELS, "classic", 1);
    expect(report.standings.map((row) => row.bot)).toEqual(["perfect", "hard", "medium", "easy", "random"]);
    // Strictly ordered on points, not by a tie-break.
    const points = report.standings.map((row) => row.points);
    expect(points).toEqual([...new Set(points)].sort((a, b) => b - a));
    const decisive = report.games.filter((game) => game.winner !== null).length;
    expect(decisive).toBeGreaterThan(report.games.length / 2);
    // The two strongest levels, head to head: perfect ahead, and some games between them decided.
    const { bots, cells } = report.crosstable;
    const perfectVsHard = cells[bots.indexOf("perfect")][bots.indexOf("hard")];
    expect(perfectVsHard?.points).toBeGreaterThan(8);
    expect(perfectVsHard?.wins).toBeGreaterThan(0);
  });

  it("squares: perfect, hard, medium in that order on the squares suite", { timeout: 300_000 }, async () => {
    const report = await roundRobin(["medium", "hard", "perfect"], "squares", 1);
    expect(report.standings.map((row) => row.bot)).toEqual(["perfect", "hard", "medium"]);
    expect(report.games.filter((game) => game.winner !== null).length).toBeGreaterThan(report.games.length / 2);
  });
});
