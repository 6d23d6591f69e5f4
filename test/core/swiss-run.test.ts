/**
 * A Swiss hosted by the tournament step (src/tournament/step.ts) in the local runner (runSwiss): rounds
 * paired when the one before is over, one bye a round never twice to one bot, no pairing repeated,
 * first moves balanced, games carrying their round, standings that agree with the games and byes; and
 * the step's side of it: a round asked twice, or answered twice, is paired and appended once, and a
 * Swiss with no legal pairing left ends there.
 */
import { describe, expect, it } from "vitest";
import { builtInBot } from "../../src/bots/index.ts";
import { CLASSIC_RULES } from "../../src/rules/index.ts";
import {
  newProgress,
  OPENING_SUITES,
  runSwiss,
  type StepCommand,
  type StepEvent,
  type StepPolicy,
  step,
  swissPlan,
  swissRoundGames,
  type TournamentState,
} from "../../src/tournament/index.ts";

const players = ["random", "easy", "medium"].flatMap((level) =>
  [1, 2, 3].map((copy) => builtInBot(level as "random", { name: `${level}${copy}`, maxNodes: 2000 })),
);

describe("a Swiss in the local runner", () => {
  it("9 bots, 4 rounds from the classic suite: pairings never repeated, one bye a round to four different bots, standings from games and byes", async () => {
    const report = await runSwiss({
      players,
      rules: CLASSIC_RULES,
      clock: { kind: "none" },
      seed: 5,
      gamesPerPair: 2,
      rounds: 4,
      concurrency: 3,
      openings: OPENING_SUITES.classic.openings,
    });
    expect(report).toMatchObject({ kind: "swiss", rounds: 4, roundsPlayed: 4, stopped: null, byePoints: 1 });
    expect(report.games).toHaveLength(4 * 4 * 2);
    // One bye a round, never twice to one bot.
    const byes = report.roundResults.map((round) => round.byes);
    expect(byes.every((round) => round.length === 1)).toBe(true);
    expect(new Set(byes.flat()).size).toBe(4);
    // No pairing repeated; each pairing is two games from one opening, each bot first once.
    const met = new Set<string>();
    for (const round of report.roundResults) {
      expect(round.pairings).toHaveLength(4);
      for (const pairing of round.pairings) {
        const key = [pairing.first, pairing.second].sort().join("-");
        expect(met.has(key), key).toBe(false);
        met.add(key);
        expect(pairing).toMatchObject({ games: 2, over: 2 });
        expect(pairing.firstPoints + pairing.secondPoints).toBe(2);
      }
    }
    for (const bot of report.bots) {
      expect(report.games.filter((game) => game.first === bot).length, bot).toBe(report.games.filter((game) => game.second === bot).length);
    }
    const byRound = new Map<number, number>();
    for (const game of report.schedule) byRound.set(game.round, (byRound.get(game.round) ?? 0) + 1);
    expect([...byRound.entries()]).toEqual([
      [1, 8],
      [2, 8],
      [3, 8],
      [4, 8],
    ]);
    const pairs = new Map<number, typeof report.schedule>();
    for (const game of report.schedule) pairs.set(game.pair as number, [...(pairs.get(game.pair as number) ?? []), game]);
    for (const [first, second] of pairs.values()) {
      expect(first.opening).toEqual(second.opening);
      expect([first.first, first.second]).toEqual([second.second, second.first]);
    }
    // Standings: games' points plus byes; Buchholz is the opponents' points.
    const points = new Map(report.bots.map((bot) => [bot, byes.flat().filter((b) => b === bot).length * report.byePoints]));
    for (const game of report.games) {
      if (game.winner === null) {
        points.set(game.first, (points.get(game.first) as number) + 0.5);
        points.set(game.second, (points.get(game.second) as number) + 0.5);
      } else points.set(game.winner, (points.get(game.winner) as number) + 1);
    }
    for (const row of report.standings) {
      expect(row.points, row.bot).toBe(points.get(row.bot));
      const opponents = new Set(report.games.flatMap((game) => (game.first === row.bot ? [game.second] : game.second === row.bot ? [game.first] : [])));
      expect(row.buchholz).toBe([...opponents].reduce((sum, opponent) => sum + (points.get(opponent) as number), 0));
    }
    const order = report.standings.map((row) => [row.points, row.buchholz, row.sonnebornBerger]);
    expect(order).toEqual([...order].sort((x, y) => y[0] - x[0] || y[1] - x[1] || y[2] - x[2]));
  });

  it("refuses more rounds than the field can play", async () => {
    await expect(
      runSwiss({ players: players.slice(0, 4), rules: CLASSIC_RULES, clock: { kind: "none" }, seed: 1, gamesPerPair: 2, rounds: 4 }),
    ).rejects.toThrow(/1 to 3 rounds/);
  });
});

describe("the step's rounds", () => {
  const policy: StepPolicy = { untimed: [], concurrency: 2 };
  const bots = ["a", "b", "c", "d"];
  const plan = swissPlan(bots, 3);
  const start = (): TournamentState => ({ tournament: newProgress("t", 0, {}, 3), games: [] });
  const pairCommands = (commands: StepCommand[]) => commands.filter((command) => command.type === "pairRound");

  it("asks for round 1 on waking, on every wake until it is answered, and appends it once", () => {
    const woken = step(start(), { type: "wake", at: 1 }, policy);
    expect(pairCommands(woken.commands)).toEqual([{ type: "pairRound", game: 0, round: 0 }]);
    expect(woken.state.tournament.status).toBe("running");
    // The host died before answering: the next wake asks again.
    expect(pairCommands(step(woken.state, { type: "wake", at: 2 }, policy).commands)).toHaveLength(1);
    const round = swissRoundGames(plan, [], [], 0, 2, 0);
    if (round === null) throw new Error("no round 1");
    const event: StepEvent = { type: "paired", round: 0, games: round.games, byes: round.byes, at: 3 };
    const paired = step(woken.state, event, policy);
    expect(paired.state.tournament).toMatchObject({ gameCount: 4, swiss: { paired: 1, byes: [[]] } });
    expect(paired.state.games.map((game) => game.gameId)).toEqual(["g1", "g2", "g3", "g4"]);
    // Two games start (concurrency 2), the two boards' first games.
    expect(paired.commands.filter((command) => command.type === "newId")).toHaveLength(2);
    // The same answer again (a retried command) changes nothing.
    const again = step(paired.state, event, policy);
    expect(again.state).toBe(paired.state);
    expect(again.commands).toEqual([]);
    // An answer for another round is ignored.
    expect(step(woken.state, { ...event, round: 1 }, policy).state).toBe(woken.state);
  });

  it("ends the Swiss when no legal pairing is left", () => {
    const woken = step(start(), { type: "wake", at: 1 }, policy);
    const ended = step(woken.state, { type: "paired", round: 0, games: [], byes: [], at: 5 }, policy);
    expect(ended.state.tournament).toMatchObject({ status: "finished", finishedAt: 5 });
    expect(ended.state.tournament.swiss?.stopped).toMatch(/no legal pairing for round 1/);
  });
});
