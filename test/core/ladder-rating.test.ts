/**
 * The ladder's ratings, pairings and storage (src/tournament/ladder.ts, src/objects/ladder-store.ts)
 * on node:sqlite: a simulated ladder of bots with known strengths, paired and recorded by the store the
 * Durable Object uses, ends with the ratings in the order of the strengths; a bot's rows stay within
 * their bounds however much it plays (its history thinned with age, first and latest points kept); the pairing pass pairs every
 * idle bot once, mostly with a neighbour in rating, never with its last opponent when another is left.
 * The Glicko-2 candidate of bench/ratings.ts reproduces the worked example of Glickman's paper.
 */
import { describe, expect, it } from "vitest";
import { nodeSql } from "../../bench/sqlite.ts";
import { glicko2Update } from "../../src/tournament/index.ts";
import { seededRandom } from "../../src/engine/index.ts";
import { type EndedGame, GAMES_KEPT, HISTORY_KEPT, LadderStore, OPPONENTS_KEPT } from "../../src/objects/ladder-store.ts";
import { type LadderCandidate, ladderPairs, ladderRating } from "../../src/tournament/index.ts";
import { LADDER_SETTINGS, type MemberRow } from "../../src/wire/index.ts";

const MINUTE = 60_000;

/** One pairing's two games from true strengths (Elo): a's score in each, draws common between close bots. */
function playPairing(strengthA: number, strengthB: number, random: () => number): number[] {
  return [0, 1].map(() => {
    const p = 1 / (1 + 10 ** ((strengthB - strengthA) / 400));
    const draw = 0.4 * (1 - Math.abs(2 * p - 1));
    const x = random();
    return x < p - draw / 2 ? 1 : x < p + draw / 2 ? 0.5 : 0;
  });
}

/** The tournament view's games of a pairing with these scores for `a`. */
function endedGames(a: string, b: string, scoresA: readonly number[]): EndedGame[] {
  return scoresA.map((score, index) => {
    const [first, second] = index % 2 === 0 ? [a, b] : [b, a];
    const winner = score === 0.5 ? null : score === 1 ? a : b;
    return {
      gameId: `g${index + 1}`,
      matchId: `m${index}`,
      status: "finished",
      first,
      second,
      result: { winner, reason: winner === null ? "draw" : "quarto", forfeitCode: null, forfeitedBy: null, detail: null },
    };
  });
}

/** Runs `ticks` ticks of a ladder of `strengths` (by bot id) on `store`, every pairing played and recorded before the next tick. */
function runLadder(store: LadderStore, strengths: ReadonlyMap<string, number>, ticks: number, seed: number, start = 0): number {
  const random = seededRandom(seed);
  let ids = 0;
  let now = start;
  for (let tick = 0; tick < ticks; tick++) {
    now += 11 * MINUTE;
    for (const pairing of store.pairIdle(
      now,
      random,
      () => `t${seed}-${ids++}`,
      () => null,
    )) {
      const scores = playPairing(strengths.get(pairing.a_id) as number, strengths.get(pairing.b_id) as number, random);
      expect(store.record(pairing, endedGames(pairing.a_name, pairing.b_name, scores), now + MINUTE)).toBe(true);
      // Recorded once: a second record of the same pairing does nothing.
      expect(store.record(pairing, endedGames(pairing.a_name, pairing.b_name, scores), now + MINUTE)).toBe(false);
    }
  }
  return now;
}

describe("ladder ratings on a simulated ladder with known strengths", () => {
  it("order 12 bots 150 Elo apart exactly as their strengths, after 100 games each", () => {
    const store = new LadderStore(nodeSql());
    const strengths = new Map(Array.from({ length: 12 }, (_, index) => [`bot${index}`, index * 150]));
    for (const id of strengths.keys()) expect(store.join({ id, name: id }, 0)).toBe(true);
    runLadder(store, strengths, 50, 1);
    const members = store.rows<MemberRow>("SELECT * FROM members ORDER BY rating DESC");
    expect(members.map((member) => member.bot_id)).toEqual([...strengths.keys()].reverse());
    for (const member of members) {
      expect(member.games).toBe(100);
      expect(member.wins + member.draws + member.losses).toBe(100);
      // From the prior's 400 to the games' share plus the common level of 12 bots (400 / sqrt(12), about 115).
      expect(member.deviation).toBeGreaterThan(400 / Math.sqrt(12));
      expect(member.deviation).toBeLessThan(150);
    }
    // The spread is right: strongest minus weakest near the 1,650 points between them.
    const spread = members[0].rating - (members.at(-1) as MemberRow).rating;
    expect(spread).toBeGreaterThan(1650 * 0.75);
    expect(spread).toBeLessThan(1650 * 1.25);
  });

  it("a bot's rating is the maximum of its posterior with the opponents held: more points, higher; more games, surer", () => {
    const even = ladderRating(1500, [{ games: 10, points: 5, rating: 1500 }], 100);
    expect(even.rating).toBeCloseTo(1500, 6);
    const winner = ladderRating(1500, [{ games: 10, points: 8, rating: 1500 }], 100);
    expect(winner.rating).toBeGreaterThan(1600);
    const surer = ladderRating(1500, [{ games: 40, points: 20, rating: 1500 }], 100);
    expect(surer.deviation).toBeLessThan(even.deviation);
    // Winning every game stays finite (the prior).
    expect(Number.isFinite(ladderRating(1500, [{ games: 50, points: 50, rating: 1500 }], 100).rating)).toBe(true);
  });
});

describe("the ladder's storage stays bounded", () => {
  it("keeps a bot's latest games, its latest opponents and a history thinned with age, however much it plays", () => {
    const store = new LadderStore(nodeSql());
    const random = seededRandom(5);
    const hub = "hub";
    store.join({ id: hub, name: hub }, 0);
    const others = Array.from({ length: OPPONENTS_KEPT + 20 }, (_, index) => `o${index}`);
    for (const id of others) store.join({ id, name: id }, 0);
    const pairings = 2 * HISTORY_KEPT;
    for (let index = 0; index < pairings; index++) {
      const other = others[index % others.length];
      // A pairing stored by hand, as pairIdle stores them.
      store.rows(
        "INSERT INTO pairings (id, seq, a_id, a_name, b_id, b_name, opening, status, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, 'playing', ?)",
        `p${index}`,
        index + 1,
        hub,
        hub,
        other,
        other,
        index,
      );
      expect(store.record({ seq: index + 1, id: `p${index}` }, endedGames(hub, other, playPairing(0, 0, random)), index * MINUTE)).toBe(true);
    }
    const count = (table: string) => store.rows<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE bot_id = ?`, hub)[0].n;
    expect(count("bot_games")).toBe(GAMES_KEPT);
    expect(count("opponents")).toBe(OPPONENTS_KEPT);
    const history = store.history(hub);
    expect(history.length).toBeLessThanOrEqual(HISTORY_KEPT);
    expect(history.length).toBeGreaterThan(HISTORY_KEPT / 2);
    // The first point and the latest ones stay; the games grow along the points, denser at the end.
    expect(history[0].games).toBe(2);
    expect((history.at(-1) as { games: number }).games).toBe(2 * pairings);
    expect(history.slice(-20).map((point) => point.games)).toEqual(Array.from({ length: 20 }, (_, index) => 2 * (pairings - 19 + index)));
    const gaps = history.slice(1).map((point, index) => point.games - history[index].games);
    expect(gaps.every((gap) => gap > 0)).toBe(true);
    expect(Math.max(...gaps.slice(0, 10))).toBeGreaterThan(Math.max(...gaps.slice(-10)));
    // The latest games are the ones kept, newest first.
    expect(store.recentGames(hub).games[0].pairing).toBe(`p${pairings - 1}`);
    // No pairing row outlives its recording.
    expect(store.rows("SELECT * FROM pairings")).toEqual([]);
  });
});

describe("pairing the idle bots", () => {
  const candidates = (n: number): LadderCandidate[] =>
    Array.from({ length: n }, (_, index) => ({ id: `b${index}`, rating: 2000 - index * 10, deviation: 50, lastOpponent: null, recentGames: 0 }));

  it("pairs every idle bot once, mostly with its neighbour in rating; an odd one out is the bot with the most recent games", () => {
    const idle = candidates(1001);
    idle[500].recentGames = 6;
    const pairs = ladderPairs(idle, seededRandom(3));
    expect(pairs).toHaveLength(500);
    const paired = pairs.flat().map((bot) => bot.id);
    expect(new Set(paired).size).toBe(1000);
    expect(paired).not.toContain("b500");
    const neighbours = pairs.filter(([a, b]) => Math.abs(Number(a.id.slice(1)) - Number(b.id.slice(1))) <= 2).length;
    expect(neighbours / pairs.length).toBeGreaterThan(0.75);
    expect(neighbours / pairs.length).toBeLessThan(0.97);
  });

  it("pairs uncertain bots at random more often, and avoids a bot's last opponent when another is left", () => {
    const settled = candidates(400);
    const uncertain = candidates(400).map((bot) => ({ ...bot, deviation: 400 }));
    const far = (pairs: [LadderCandidate, LadderCandidate][]) => pairs.filter(([a, b]) => Math.abs(Number(a.id.slice(1)) - Number(b.id.slice(1))) > 2).length;
    expect(far(ladderPairs(uncertain, seededRandom(4)))).toBeGreaterThan(2 * far(ladderPairs(settled, seededRandom(4))));
    const four = candidates(4);
    four[0].lastOpponent = "b1";
    const [[a, b], [c, d]] = ladderPairs(four, () => 0.99); // never at random
    expect([a.id, b.id, c.id, d.id]).toEqual(["b0", "b2", "b1", "b3"]);
    // With no one else left, the last opponent it is.
    const two = candidates(2);
    two[0].lastOpponent = "b1";
    expect(ladderPairs(two, () => 0.99)[0].map((bot) => bot.id)).toEqual(["b0", "b1"]);
  });

  it("keeps the hourly budget: a bot that started its hour's games is not paired until they age out", () => {
    const store = new LadderStore(nodeSql());
    for (const id of ["x", "y"]) store.join({ id, name: id }, 0);
    const perHour = LADDER_SETTINGS.gamesPerHour / LADDER_SETTINGS.gamesPerPairing;
    let now = 0;
    let paired = 0;
    for (let tick = 0; tick < perHour + 3; tick++) {
      now += MINUTE;
      for (const pairing of store.pairIdle(
        now,
        seededRandom(tick),
        () => `q${tick}`,
        () => null,
      )) {
        paired++;
        store.record(pairing, endedGames(pairing.a_name, pairing.b_name, [1, 0]), now);
      }
    }
    expect(paired).toBe(perHour);
    expect(
      store.pairIdle(
        now + 61 * MINUTE,
        seededRandom(1),
        () => "late",
        () => null,
      ),
    ).toHaveLength(1);
  });
});

describe("Glicko-2, a candidate of bench/ratings.ts", () => {
  it("reproduces the worked example of Glickman's 'Example of the Glicko-2 system' (2013)", () => {
    // A player at 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300); tau 0.5.
    const after = glicko2Update(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, deviation: 30 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300 }, score: 0 },
      ],
      0.5,
    );
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });
});
