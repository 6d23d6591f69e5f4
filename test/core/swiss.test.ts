/**
 * Swiss pairing (src/tournament/swiss.ts) against published pairing rules and examples, and its
 * invariants over simulated tournaments: no pairing repeated, one bye a round and never two to one
 * bot, pairs inside score groups but for the floaters, leads balanced, the same round for the same
 * records, and a legal round found exactly when one exists (checked against brute force on small
 * fields). Standings with byes, Buchholz and Sonneborn-Berger are checked by hand.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/random.ts";
import {
  computeStandings,
  DENSE_FIT_PLAYERS,
  defaultSwissRounds,
  fitRatings,
  fitRatingsByPlayer,
  exchangeOrder,
  maximumMatching,
  maxSwissRounds,
  pairSwissRound,
  type Rating,
  type SwissGame,
  type SwissRecord,
  type SwissRound,
  swissRecords,
  transpositions,
} from "../../src/tournament/index.ts";

/** Players "1".."n" with pairing numbers 0..n-1 and the given points (default 0), nobody met. */
function field(n: number, points: (index: number) => number = () => 0): SwissRecord[] {
  return Array.from({ length: n }, (_, index) => ({
    bot: String(index + 1),
    number: index,
    points: points(index),
    opponents: new Set<string>(),
    byes: 0,
    leads: [],
  }));
}

function meet(records: SwissRecord[], a: string, b: string): void {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    const record = records.find((candidate) => candidate.bot === x) as SwissRecord;
    (record.opponents as Set<string>).add(y);
  }
}

const pairsOf = (round: SwissRound | null) =>
  (round?.pairings ?? []).map((pairing) => [pairing.first, pairing.second].sort((x, y) => Number(x) - Number(y)).join("-"));

describe("the Dutch order of candidates (FIDE Handbook C.04.3, 2012 text, D.1 and D.2)", () => {
  it("transposes S2 from its lowest players, in D.1's order: 5-6-7-8, 5-6-8-7, 5-7-6-8, 5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8, 6-5-8-7", () => {
    // D.1's example: S1 = 1, 2, 3, 4; S2 = 5, 6, 7, 8.
    const seen: string[] = [];
    transpositions(
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      () => true,
      { left: 1e6 },
      (pairs) => {
        seen.push(pairs.map(([, b]) => b).join("-"));
        return seen.length === 8;
      },
    );
    expect(seen).toEqual(["5-6-7-8", "5-6-8-7", "5-7-6-8", "5-7-8-6", "5-8-6-7", "5-8-7-6", "6-5-7-8", "6-5-8-7"]);
  });

  it("exchanges one player of S1 with one of S2 in D.2's order: 4-5, 4-6, 3-5, 4-7, 3-6, 2-5, then 3-7 before 2-6 before 2-7", () => {
    // D.2's matrix for S1 = 1..4, S2 = 5..8 (a: 4 and 5; b: 4 and 6; c: 3 and 5; ... i: 2 and 7).
    const named = exchangeOrder(4, 4).map(([from, to]) => `${from + 1}-${to + 5}`);
    expect(named.slice(0, 6)).toEqual(["4-5", "4-6", "3-5", "4-7", "3-6", "2-5"]);
    const at = (name: string) => named.indexOf(name);
    expect(at("3-7")).toBeLessThan(at("2-6"));
    expect(at("2-6")).toBeLessThan(at("2-7"));
    expect(named).toHaveLength(16);
  });
});

describe("pairing a round", () => {
  it("round 1: the top half meets the bottom half (1-5, 2-6, 3-7, 4-8) and the leads alternate by board (C.04.3 C.4-C.6, E.5)", () => {
    const round = pairSwissRound(field(8), { topLeadsFirst: true });
    expect(round?.pairings).toEqual([
      { first: "1", second: "5" },
      { first: "6", second: "2" },
      { first: "3", second: "7" },
      { first: "8", second: "4" },
    ]);
    expect(round?.byes).toEqual([]);
    expect(pairSwissRound(field(8), { topLeadsFirst: false })?.pairings[0]).toEqual({ first: "5", second: "1" });
  });

  it("an odd field: the lowest-ranked player gets the bye (C.04.1.c; 9 players in round 1 yield one bye, tournament-pairings' test/Swiss.test.ts)", () => {
    const round = pairSwissRound(field(9));
    expect(round?.byes).toEqual(["9"]);
    expect(pairsOf(round)).toEqual(["1-5", "2-6", "3-7", "4-8"]);
    // Someone who had a bye never gets a second: the next lowest takes it.
    const records = field(9, (index) => (index === 8 ? 1 : 0));
    records[8].byes = 1;
    const next = pairSwissRound(records);
    expect(next?.byes).toEqual(["8"]);
  });

  it("10 players in round 2 with no draws: exactly one pair across score groups (tournament-pairings' test/Swiss.test.ts)", () => {
    // Five on 1 point, five on 0 (the round-1 winners and losers).
    const records = field(10, (index) => (index < 5 ? 1 : 0));
    const round = pairSwissRound(records);
    const score = (bot: string) => records.find((record) => record.bot === bot)?.points;
    const mixed = (round?.pairings ?? []).filter((pairing) => score(pairing.first) !== score(pairing.second));
    expect(mixed).toHaveLength(1);
    // The bracket of five: 1-3, 2-4 (S1 = 1, 2; S2 = 3, 4, 5), 5 moves down and meets the top of the next (6).
    expect(pairsOf(round)).toEqual(["1-3", "2-4", "5-6", "7-9", "8-10"]);
  });

  it("a pairing already played is replaced by the next transposition of S2 in D.1's order", () => {
    // Eight players on one score; 4 and 8 met: the first transposition 5-6-8-7 gives 1-5, 2-6, 3-8, 4-7.
    const records = field(8, () => 1);
    meet(records, "4", "8");
    expect(pairsOf(pairSwissRound(records))).toEqual(["1-5", "2-6", "3-8", "4-7"]);
    // After an all-drawn round 1 (1-5, 2-6, 3-7, 4-8) nobody can meet the same partner: 6-5-8-7 gives 1-6, 2-5, 3-8, 4-7.
    const drawn = field(8, () => 0.5);
    for (const [a, b] of [
      ["1", "5"],
      ["2", "6"],
      ["3", "7"],
      ["4", "8"],
    ])
      meet(drawn, a, b);
    expect(pairsOf(pairSwissRound(drawn))).toEqual(["1-6", "2-5", "3-8", "4-7"]);
  });

  it("moves a player down when its bracket cannot pair it, and pairs the moved-down player first in the next bracket (A.3, C.1)", () => {
    // 1 and 2 lead on 2 points and met already: both move down into the 1-point bracket and meet its top players.
    const records = field(6, (index) => (index < 2 ? 2 : 1));
    meet(records, "1", "2");
    expect(pairsOf(pairSwissRound(records))).toEqual(["1-3", "2-4", "5-6"]);
  });

  it("gives the same round for the same records, and a legal one even when the bracket search is cut short", () => {
    const records = field(23, (index) => index % 3);
    expect(pairSwissRound(records)).toEqual(pairSwissRound(records));
    const cut = pairSwissRound(records, { budget: 1 }) as SwissRound;
    expectLegal(records, cut);
  });

  it("refuses a field with duplicate names", () => {
    const records = field(4);
    records[1] = { ...records[1], bot: "1" };
    expect(() => pairSwissRound(records)).toThrow(RangeError);
  });

  it("the default number of rounds is ceil(log2 N) + 1, at most what the field can play", () => {
    expect([2, 3, 8, 23, 64, 1024].map(defaultSwissRounds)).toEqual([1, 3, 4, 6, 7, 11]);
    expect([2, 3, 4, 23].map(maxSwissRounds)).toEqual([1, 3, 3, 23]);
  });
});

/** Every player paired once or given the bye, no pairing repeated, the bye to a player without one. */
function expectLegal(records: readonly SwissRecord[], round: SwissRound): void {
  const seen = round.pairings.flatMap((pairing) => [pairing.first, pairing.second]).concat(round.byes);
  expect([...seen].sort()).toEqual(records.map((record) => record.bot).sort());
  expect(round.byes.length).toBe(records.length % 2);
  for (const pairing of round.pairings) {
    const first = records.find((record) => record.bot === pairing.first) as SwissRecord;
    expect(first.opponents.has(pairing.second), `${pairing.first}-${pairing.second} met before`).toBe(false);
  }
  for (const bot of round.byes) expect((records.find((record) => record.bot === bot) as SwissRecord).byes).toBe(0);
}

/** A simulated Swiss: each pairing a game pair (results drawn from strengths), pairing every round from the games so far. */
function simulate(
  n: number,
  rounds: number,
  seed: number,
  check: (records: SwissRecord[], round: SwissRound, index: number) => void,
): { games: SwissGame[]; byes: string[][] } {
  const random = seededRandom(seed);
  const order = Array.from({ length: n }, (_, index) => `bot${index + 1}`);
  const strength = new Map(order.map((bot) => [bot, random() * 3]));
  const games: SwissGame[] = [];
  const byes: string[][] = [];
  for (let round = 0; round < rounds; round++) {
    const records = swissRecords(order, games, byes, 1);
    const paired = pairSwissRound(records, { topLeadsFirst: random() < 0.5 });
    if (paired === null) break;
    check(records, paired, round);
    for (const { first, second } of paired.pairings) {
      for (const [a, b] of [
        [first, second],
        [second, first],
      ]) {
        const edge = (strength.get(a) as number) - (strength.get(b) as number);
        const x = random();
        const winner = x < 0.25 ? null : x < 0.25 + 0.75 / (1 + Math.exp(-edge)) ? a : b;
        games.push({ index: games.length, round, first: a, second: b, winner, counts: true });
      }
    }
    byes.push(paired.byes);
  }
  return { games, byes };
}

describe("simulated Swiss tournaments", () => {
  it("23 bots, 5 rounds: no repeated pairing, one bye a round and never two to one bot, score groups kept, leads balanced", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { games, byes } = simulate(23, 5, seed, (records, round) => {
        expectLegal(records, round);
        // Pairs across score groups only for floaters: at most one per boundary between groups.
        const points = new Map(records.map((record) => [record.bot, record.points]));
        const groups = new Set(records.map((record) => record.points)).size;
        const mixed = round.pairings.filter((pairing) => points.get(pairing.first) !== points.get(pairing.second)).length;
        expect(mixed).toBeLessThanOrEqual(groups - 1);
      });
      expect(byes).toHaveLength(5);
      expect(byes.every((round) => round.length === 1)).toBe(true);
      expect(new Set(byes.flat()).size).toBe(5);
      const met = new Set<string>();
      for (const game of games) {
        const key = `${game.round}:${[game.first, game.second].sort().join("-")}`;
        met.add(key);
      }
      const pairs = [...met].map((key) => key.slice(key.indexOf(":") + 1));
      expect(new Set(pairs).size).toBe(pairs.length);
      // Every bot moved first in exactly half its games; the leads (who moves first in a pair's first game) stay near even.
      const records = swissRecords(
        Array.from({ length: 23 }, (_, index) => `bot${index + 1}`),
        games,
        byes,
        1,
      );
      for (const record of records) {
        const firsts = games.filter((game) => game.first === record.bot).length;
        const seconds = games.filter((game) => game.second === record.bot).length;
        expect(firsts).toBe(seconds);
        const balance = record.leads.reduce((sum, lead) => sum + (lead ? 1 : -1), 0);
        expect(Math.abs(balance), record.bot).toBeLessThanOrEqual(3);
      }
    }
  });

  it("1,024 bots: every round of 11 is legal and paired in well under a second", () => {
    let slowest = 0;
    simulate(1024, 11, 9, (records, round) => {
      expectLegal(records, round);
      const started = performance.now();
      pairSwissRound(records);
      slowest = Math.max(slowest, performance.now() - started);
    });
    expect(slowest).toBeLessThan(1000);
  });

  it("finds a legal round exactly when one exists (brute force on fields of 2 to 8, to the last round they can play)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 0, max: 2 ** 31 }), (n, seed) => {
        const order = Array.from({ length: n }, (_, index) => `bot${index + 1}`);
        const random = seededRandom(seed);
        const games: SwissGame[] = [];
        const byes: string[][] = [];
        for (let round = 0; round < maxSwissRounds(n) + 1; round++) {
          const records = swissRecords(order, games, byes, 1);
          const paired = pairSwissRound(records);
          expect(paired !== null, `round ${round + 1} of ${n}`).toBe(legalRoundExists(records));
          if (paired === null) return;
          expectLegal(records, paired);
          for (const { first, second } of paired.pairings) {
            games.push({ index: games.length, round, first, second, winner: random() < 0.5 ? first : second, counts: true });
          }
          byes.push(paired.byes);
        }
      }),
      { numRuns: 200, seed: 22 },
    );
  });
});

/** Brute force: is there any set of pairs (not met before) covering the field but one player without a bye? */
function legalRoundExists(records: readonly SwissRecord[]): boolean {
  const go = (left: readonly SwissRecord[], byeTaken: boolean): boolean => {
    if (left.length === 0) return true;
    const [head, ...rest] = left;
    if (!byeTaken && left.length % 2 === 1 && head.byes === 0 && go(rest, true)) return true;
    return rest.some((other, index) => !head.opponents.has(other.bot) && go([...rest.slice(0, index), ...rest.slice(index + 1)], byeTaken));
  };
  return go(records, records.length % 2 === 0);
}

describe("maximum matching (Edmonds' blossom algorithm)", () => {
  it("is as large as the largest matching found by brute force, on random graphs of up to 11 vertices", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 11 }), fc.double({ min: 0.1, max: 0.9, noNaN: true }), fc.integer({ min: 0, max: 2 ** 31 }), (n, density, seed) => {
        const random = seededRandom(seed);
        const edges = new Set<string>();
        for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (random() < density) edges.add(`${a}-${b}`);
        const compatible = (a: number, b: number) => edges.has(`${Math.min(a, b)}-${Math.max(a, b)}`);
        const vertices = Array.from({ length: n }, (_, index) => index);
        const mate = maximumMatching(vertices, compatible);
        mate.forEach((partner, index) => {
          if (partner >= 0) {
            expect(mate[partner]).toBe(index);
            expect(compatible(index, partner)).toBe(true);
          }
        });
        const largest = (left: readonly number[]): number => {
          if (left.length < 2) return 0;
          const [head, ...rest] = left;
          let best = largest(rest);
          rest.forEach((other, index) => {
            if (compatible(head, other)) best = Math.max(best, 1 + largest([...rest.slice(0, index), ...rest.slice(index + 1)]));
          });
          return best;
        };
        expect([...mate].filter((partner) => partner >= 0).length / 2).toBe(largest(vertices));
      }),
      { numRuns: 300, seed: 22 },
    );
  });
});

describe("standings with byes, Buchholz and Sonneborn-Berger", () => {
  it("adds the byes to the points and counts every opponent's final points, each once", () => {
    // A beat B twice, C drew A twice, B beat C once and lost once; D had a bye worth 1 and lost twice to C.
    const games = [
      { first: "A", second: "B", winner: "A" },
      { first: "B", second: "A", winner: "A" },
      { first: "A", second: "C", winner: null },
      { first: "C", second: "A", winner: null },
      { first: "B", second: "C", winner: "B" },
      { first: "C", second: "B", winner: "C" },
      { first: "C", second: "D", winner: "C" },
      { first: "D", second: "C", winner: "C" },
    ];
    const standings = computeStandings(["A", "B", "C", "D"], games, { byePoints: new Map([["D", 1]]), order: "swiss" });
    const row = (bot: string) => standings.find((candidate) => candidate.bot === bot);
    // Points: A 3, B 1, C 4, D 1 (its bye).
    expect(standings.map((candidate) => [candidate.bot, candidate.points])).toEqual([
      ["C", 4],
      ["A", 3],
      ["B", 1],
      ["D", 1],
    ]);
    // Buchholz: C met A, B, D: 3 + 1 + 1 = 5; A met B, C: 1 + 4 = 5; B met A, C: 3 + 4 = 7; D met C: 4.
    expect([row("A")?.buchholz, row("B")?.buchholz, row("C")?.buchholz, row("D")?.buchholz]).toEqual([5, 7, 5, 4]);
    // Sonneborn-Berger: A: 2 x 1 (B) + 1 x 4 (C) = 6; B: 0 x 3 + 1 x 4 = 4; C: 1 x 3 + 1 x 1 + 2 x 1 = 6; D: 0.
    expect([row("A")?.sonnebornBerger, row("B")?.sonnebornBerger, row("C")?.sonnebornBerger, row("D")?.sonnebornBerger]).toEqual([6, 4, 6, 0]);
    // B and D are level on points: B's Buchholz (7) puts it first.
    expect(row("B")?.rank).toBe(3);
    expect(row("D")?.rank).toBe(4);
  });

  it("rates a field too large for the full Hessian one player at a time: the same maximum as the full fit", () => {
    const random = seededRandom(3);
    const bots = Array.from({ length: 40 }, (_, index) => `b${index}`);
    const strength = new Map(bots.map((bot, index) => [bot, index / 10]));
    const games = Array.from({ length: 1200 }, () => {
      const a = bots[Math.floor(random() * bots.length)];
      let b = a;
      while (b === a) b = bots[Math.floor(random() * bots.length)];
      const x = random();
      const p = 1 / (1 + Math.exp((strength.get(b) as number) - (strength.get(a) as number)));
      return { a, b, scoreA: x < 0.2 ? 0.5 : x < 0.2 + 0.8 * p ? 1 : 0 };
    });
    const full = fitRatings(bots, games);
    const byPlayer = fitRatingsByPlayer(bots, games);
    for (const bot of bots) {
      const [f, p] = [full.get(bot) as Rating, byPlayer.get(bot) as Rating];
      expect(p.rating).toBeCloseTo(f.rating, 3);
      // The deviation from the truncated series and the common level: within a few percent of the full inverse's.
      expect(Math.abs(p.deviation - f.deviation)).toBeLessThan(f.deviation * 0.05);
    }
    // Above DENSE_FIT_PLAYERS, fitRatings itself fits by player.
    const many = Array.from({ length: DENSE_FIT_PLAYERS + 1 }, (_, index) => `m${index}`);
    const ring = many.map((bot, index) => ({ a: bot, b: many[(index + 1) % many.length], scoreA: 1 }));
    expect(fitRatings(many, ring)).toEqual(fitRatingsByPlayer(many, ring));
  });
});
