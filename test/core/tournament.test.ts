/**
 * The pure tournament parts: the schedule (every pair an even number of games, half with each bot
 * giving first, nobody twice in a round), standings with Sonneborn-Berger worked by hand, Bradley-Terry
 * ratings (order-independent, finite for perfect records), and the crosstable.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeCrosstable,
  computeStandings,
  fitRatings,
  RATING_ORIGIN,
  roundRobinSchedule,
  type ScoredGame,
  scheduleProblem,
} from "../../src/tournament/index.ts";

const names = (n: number) => Array.from({ length: n }, (_, i) => `bot${i}`);

describe("round-robin schedule", () => {
  it("every pair plays gamesPerPair games, half with each bot giving first; no bot twice in a round", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 2 ** 31 }), (count, half, seed) => {
        const bots = names(count);
        const games = roundRobinSchedule(bots, half * 2, seed);
        expect(games).toHaveLength(((count * (count - 1)) / 2) * half * 2);
        const firstCount = new Map<string, number>();
        for (const game of games) {
          expect(game.first).not.toBe(game.second);
          firstCount.set(`${game.first}>${game.second}`, (firstCount.get(`${game.first}>${game.second}`) ?? 0) + 1);
        }
        for (const a of bots) for (const b of bots) if (a !== b) expect(firstCount.get(`${a}>${b}`)).toBe(half);
        const rounds = new Map<number, string[]>();
        for (const game of games) rounds.set(game.round, [...(rounds.get(game.round) ?? []), game.first, game.second]);
        for (const seated of rounds.values()) expect(new Set(seated).size).toBe(seated.length);
        expect(games.map((game) => game.index)).toEqual(games.map((_, i) => i));
        expect(new Set(games.map((game) => game.gameId)).size).toBe(games.length);
      }),
      { numRuns: 60 },
    );
  });

  it("is determined by the seed", () => {
    const bots = names(5);
    expect(roundRobinSchedule(bots, 4, 7)).toEqual(roundRobinSchedule(bots, 4, 7));
    const orders = new Set([1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(roundRobinSchedule(bots, 2, seed).map((game) => [game.first, game.second]))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it("refuses an odd or zero number of games per pair, duplicates, and fewer than two bots", () => {
    expect(scheduleProblem(["a", "b"], 2)).toBeNull();
    for (const [bots, games] of [
      [["a", "b"], 3],
      [["a", "b"], 0],
      [["a", "a"], 2],
      [["a"], 2],
      [["a", "b"], 2.5],
    ] as const) {
      expect(scheduleProblem(bots, games)).not.toBeNull();
      expect(() => roundRobinSchedule(bots, games, 1)).toThrow(RangeError);
    }
  });
});

describe("standings", () => {
  // Worked by hand: A beats B twice, A and C draw twice, B beats C once and they draw once, and C
  // forfeits one more game to B. Points: A 3, B 2.5 (1 + 0.5 + 1), C 1.5 (1 + 0.5).
  // Sonneborn-Berger: A = 2 x 2.5 (B) + 1 x 1.5 (C) = 6.5; B = 0 x 3 + 2.5 x 1.5 = 3.75;
  // C = 1 x 3 + 0.5 x 2.5 = 4.25.
  const games: ScoredGame[] = [
    { first: "A", second: "B", winner: "A" },
    { first: "B", second: "A", winner: "A" },
    { first: "A", second: "C", winner: null },
    { first: "C", second: "A", winner: null },
    { first: "B", second: "C", winner: "B" },
    { first: "C", second: "B", winner: null },
    { first: "C", second: "B", winner: "B", forfeitedBy: "C" },
  ];
  const standings = computeStandings(["C", "B", "A"], games);

  it("counts games, wins, draws, losses, points, forfeits", () => {
    const row = (bot: string) => standings.find((standing) => standing.bot === bot);
    expect(row("A")).toMatchObject({ games: 4, wins: 2, draws: 2, losses: 0, points: 3, forfeits: 0 });
    expect(row("B")).toMatchObject({ games: 5, wins: 2, draws: 1, losses: 2, points: 2.5, forfeits: 0 });
    expect(row("C")).toMatchObject({ games: 5, wins: 0, draws: 3, losses: 2, points: 1.5, forfeits: 1 });
  });

  it("computes Sonneborn-Berger and orders by points", () => {
    expect(standings.map((standing) => [standing.bot, standing.rank, standing.sonnebornBerger])).toEqual([
      ["A", 1, 6.5],
      ["B", 2, 3.75],
      ["C", 3, 4.25],
    ]);
  });

  it("breaks a tie on points by Sonneborn-Berger, and shares the rank only when both are equal", () => {
    // A beats C, C beats B, B beats D, D beats A: a cycle.
    const tied = computeStandings(
      ["A", "B", "C", "D"],
      [
        { first: "A", second: "C", winner: "A" },
        { first: "C", second: "B", winner: "C" },
        { first: "B", second: "D", winner: "B" },
        { first: "D", second: "A", winner: "D" },
      ],
    );
    // Every bot has 1 point; S-B is the points of the bot each one beat: all 1. Everyone shares rank 1.
    expect(tied.map((row) => row.points)).toEqual([1, 1, 1, 1]);
    expect(tied.map((row) => row.rank)).toEqual([1, 1, 1, 1]);
    // A and B both 1.5 points, but A's win was over C (1 point) and B's over D (0 points):
    // S-B A = 0.5 x 1.5 + 1 x 1 = 1.75, B = 0.5 x 1.5 + 1 x 0 = 0.75.
    const broken = computeStandings(
      ["D", "C", "B", "A"],
      [
        { first: "A", second: "C", winner: "A" },
        { first: "B", second: "D", winner: "B" },
        { first: "A", second: "B", winner: null },
        { first: "C", second: "D", winner: "C" },
      ],
    );
    expect(broken.map((row) => [row.bot, row.points, row.sonnebornBerger, row.rank])).toEqual([
      ["A", 1.5, 1.75, 1],
      ["B", 1.5, 0.75, 2],
      ["C", 1, 0, 3],
      ["D", 0, 0, 4],
    ]);
  });

  it("lists a bot without games, and refuses a game with an unknown bot", () => {
    const empty = computeStandings(["A", "B"], []);
    expect(empty.map((row) => [row.games, row.points, row.rating])).toEqual([
      [0, 0, RATING_ORIGIN],
      [0, 0, RATING_ORIGIN],
    ]);
    expect(() => computeStandings(["A"], [{ first: "A", second: "Z", winner: "A" }])).toThrow(RangeError);
    expect(() => computeStandings(["A", "B"], [{ first: "A", second: "B", winner: "C" }])).toThrow(RangeError);
  });

  it("crosstable: row against column, consistent both ways", () => {
    const table = computeCrosstable(
      standings.map((row) => row.bot),
      games,
    );
    expect(table.bots).toEqual(["A", "B", "C"]);
    expect(table.cells[0][0]).toBeNull();
    expect(table.cells[1][2]).toEqual({ games: 3, wins: 2, draws: 1, losses: 0, points: 2.5 });
    expect(table.cells[2][1]).toEqual({ games: 3, wins: 0, draws: 1, losses: 2, points: 0.5 });
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        if (r === c) continue;
        const [x, y] = [table.cells[r][c], table.cells[c][r]];
        expect(x?.wins).toBe(y?.losses);
        expect((x?.points ?? 0) + (y?.points ?? 0)).toBe(x?.games);
      }
      const total = table.cells[r].reduce((sum, cell) => sum + (cell?.points ?? 0), 0);
      expect(total).toBe(standings[r].points);
    }
  });
});

describe("Bradley-Terry ratings", () => {
  const game = (a: string, b: string, scoreA: number) => ({ a, b, scoreA });

  it("equal results give equal ratings at the origin", () => {
    const ratings = fitRatings(["a", "b"], [game("a", "b", 1), game("a", "b", 0), game("b", "a", 0.5)]);
    expect(ratings.get("a")?.rating).toBeCloseTo(RATING_ORIGIN, 6);
    expect(ratings.get("b")?.rating).toBeCloseTo(RATING_ORIGIN, 6);
  });

  it("a perfect record gives a finite, higher rating; the order follows the results", () => {
    const games = [...Array(6)].flatMap(() => [game("strong", "mid", 1), game("mid", "weak", 1), game("strong", "weak", 1)]);
    const ratings = fitRatings(["weak", "mid", "strong"], games);
    const [weak, mid, strong] = ["weak", "mid", "strong"].map((bot) => ratings.get(bot)?.rating ?? Number.NaN);
    expect(Number.isFinite(strong)).toBe(true);
    expect(strong).toBeGreaterThan(mid);
    expect(mid).toBeGreaterThan(weak);
    // Symmetric data: the middle bot sits at the origin, the others equally far on each side.
    expect(mid).toBeCloseTo(RATING_ORIGIN, 6);
    expect(strong - RATING_ORIGIN).toBeCloseTo(RATING_ORIGIN - weak, 6);
  });

  it("does not depend on the order of the games, and the deviation shrinks with more games", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.constantFrom(0, 0.5, 1)), { minLength: 1, maxLength: 30 }), (raw) => {
        const bots = names(4);
        const games = raw.filter(([a, b]) => a !== b).map(([a, b, s]) => game(bots[a], bots[b], s));
        const forward = fitRatings(bots, games);
        const backward = fitRatings(bots, [...games].reverse());
        for (const bot of bots) expect(backward.get(bot)?.rating).toBeCloseTo(forward.get(bot)?.rating ?? 0, 6);
        const doubled = fitRatings(bots, [...games, ...games]);
        for (const bot of bots) expect(doubled.get(bot)?.deviation ?? 0).toBeLessThanOrEqual((forward.get(bot)?.deviation ?? 0) + 1e-9);
      }),
      // The first example is a case fast-check once found, when the fit stopped short of the optimum.
      { numRuns: 50, examples: [[[[3, 1, 0], [2, 1, 1], [1, 0, 0.5], [1, 3, 0], [2, 1, 0], [2, 0, 1], [1, 1, 0]]]] },
    );
  });
});
