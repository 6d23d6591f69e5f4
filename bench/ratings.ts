/**
 * Which ladder rating? Simulated ladders of bots with known strengths, paired as the ladder pairs them
 * (idle bots by rating, a share paired at random), two games a pairing, rated by each candidate:
 *
 * - Glicko-2 (src/tournament/glicko2.ts): per pairing, a rating period of its two bots (tau 0.5), a
 *   new bot at the paper's deviation of 350 and at the ladder's (GLICKO2_NEW);
 * - Weng-Lin, the Bradley-Terry model of OpenSkill (Weng & Lin 2011, the "full pairing" update for
 *   two players, OpenSkill's defaults mu 25, sigma 25/3, beta 25/6, tau 25/300), each game an update;
 * - Elo, K = 24 (no uncertainty);
 * - the incremental Bradley-Terry fit the ladder uses (ladderRating, src/tournament/ladder.ts): each
 *   pairing moves its two bots to the posterior's maximum in their own ratings, the opponents' held;
 * - the full Bradley-Terry fit over every game so far (src/tournament/rating.ts, what the ladder did
 *   before), refitted after every tick: the offline reference, at a cost that grows with every game.
 *
 * True strengths are normal with a spread (sd) of 200 or 400 Elo. For each, at 20, 50 and 100 games a
 * bot: the rank correlation (Spearman) of ratings with the true
 * strengths, the RMSE of the ratings against them (both centred, in Elo) and the slope of ratings on
 * strengths (1: the right scale; above 1: ratings spread too far), the log loss of the
 * predictions it made for the games of the last window before they were played (lower is better; 0.693
 * is a coin toss, and the true strengths give the floor in the last column), the share of bots whose
 * true strength lies within two deviations of their rating, and the microseconds one pairing's update
 * takes. Draws are common between close bots (up to 40%), as in Quarto.
 *
 *   npm exec -- node --experimental-strip-types bench/ratings.ts [--bots 100,400] [--spread 200,400] [--seeds 3] [--json]
 */
import { parseArgs } from "node:util";
import Table from "cli-table3";
import { seededRandom } from "../src/engine/random.ts";
import { fitRatings, LADDER_EXPLORE, LADDER_START, ladderPairs, ladderRating } from "../src/tournament/index.ts";
import { GLICKO2_NEW, type Glicko2Rating, glicko2Expected, glicko2Pairing } from "../src/tournament/glicko2.ts";

const { values } = parseArgs({
  options: {
    bots: { type: "string", default: "100,400" },
    spread: { type: "string", default: "200,400" },
    seeds: { type: "string", default: "3" },
    json: { type: "boolean", default: false },
  },
});
const FIELDS = values.bots.split(",").map(Number);
const SPREADS = values.spread.split(",").map(Number);
const SEEDS = Number(values.seeds);
const CHECKPOINTS = [20, 50, 100];
const EXPLORE = LADDER_EXPLORE.settled;
const ELO = 400 / Math.LN10;

/** A rating system as the simulation drives it. */
interface System {
  name: string;
  /** Each bot's rating on the Elo scale and its deviation (NaN: none). */
  ratings(): { rating: number; deviation: number }[];
  /** a's expected score against b. */
  expected(a: number, b: number): number;
  /** Records one pairing: a's score in each of its games against b. */
  record(a: number, b: number, scoresA: readonly number[]): void;
  /** After a tick (the full refit refits here). */
  tick(): void;
}

function glicko2(start: number): (n: number) => System {
  return (n) => {
    const state: Glicko2Rating[] = Array.from({ length: n }, () => ({ ...GLICKO2_NEW, deviation: start }));
    return {
      name: `Glicko-2 (new: ${start})`,
      ratings: () => state.map(({ rating, deviation }) => ({ rating, deviation })),
      expected: (a, b) => glicko2Expected(state[a], state[b]),
      record(a, b, scores) {
        [state[a], state[b]] = glicko2Pairing(state[a], state[b], scores);
      },
      tick() {},
    };
  };
}

function wengLin(n: number): System {
  const BETA = 25 / 6;
  const TAU = 25 / 300;
  const KAPPA = 0.0001;
  const mu = new Float64Array(n).fill(25);
  const sigma2 = new Float64Array(n).fill((25 / 3) ** 2);
  // On the Elo scale: the logistic in (mu_a - mu_b) / c with c = beta * sqrt(2) for settled ratings.
  const perMu = ELO / (BETA * Math.SQRT2);
  const update = (a: number, b: number, scoreA: number) => {
    sigma2[a] += TAU * TAU;
    sigma2[b] += TAU * TAU;
    const c = Math.sqrt(sigma2[a] + sigma2[b] + 2 * BETA * BETA);
    const pA = 1 / (1 + Math.exp((mu[b] - mu[a]) / c));
    for (const [i, s, p] of [
      [a, scoreA, pA],
      [b, 1 - scoreA, 1 - pA],
    ] as const) {
      const omega = (sigma2[i] / c) * (s - p);
      const gamma = Math.sqrt(sigma2[i]) / c;
      const delta = ((gamma * sigma2[i]) / (c * c)) * p * (1 - p);
      mu[i] += omega;
      sigma2[i] *= Math.max(1 - delta, KAPPA);
    }
  };
  return {
    name: "Weng-Lin (OpenSkill BT)",
    ratings: () => Array.from({ length: n }, (_, i) => ({ rating: 1500 + (mu[i] - 25) * perMu, deviation: Math.sqrt(sigma2[i]) * perMu })),
    expected: (a, b) => 1 / (1 + Math.exp((mu[b] - mu[a]) / Math.sqrt(sigma2[a] + sigma2[b] + 2 * BETA * BETA))),
    record(a, b, scores) {
      for (const score of scores) update(a, b, score);
    },
    tick() {},
  };
}

function elo(n: number): System {
  const K = 24;
  const rating = new Float64Array(n).fill(1500);
  const expected = (a: number, b: number) => 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400));
  return {
    name: "Elo (K 24)",
    ratings: () => Array.from(rating, (value) => ({ rating: value, deviation: Number.NaN })),
    expected,
    record(a, b, scores) {
      const e = expected(a, b);
      const change = scores.reduce((sum, score) => sum + K * (score - e), 0);
      rating[a] += change;
      rating[b] -= change;
    },
    tick() {},
  };
}

/**
 * Incremental Bradley-Terry, the ladder's own (ladderRating in src/tournament/ladder.ts): per bot, its
 * games against each opponent as (games, points); recording a pairing updates the pair's counts and
 * moves each of its two bots to the posterior's maximum in its own rating, the opponents' held.
 */
function incrementalBt(n: number): System {
  const state = Array.from({ length: n }, () => ({ ...LADDER_START }));
  const pairs: Map<number, { games: number; points: number }>[] = Array.from({ length: n }, () => new Map());
  const solve = (i: number) => {
    const opponents = [...pairs[i]].map(([j, pair]) => ({ ...pair, rating: state[j].rating }));
    state[i] = ladderRating(state[i].rating, opponents, n);
  };
  return {
    name: "Incremental Bradley-Terry",
    ratings: () => state,
    expected: (a, b) => 1 / (1 + 10 ** ((state[b].rating - state[a].rating) / 400)),
    record(a, b, scores) {
      const points = scores.reduce((sum, score) => sum + score, 0);
      for (const [x, y, got] of [
        [a, b, points],
        [b, a, scores.length - points],
      ] as const) {
        const pair = pairs[x].get(y) ?? { games: 0, points: 0 };
        pair.games += scores.length;
        pair.points += got;
        pairs[x].set(y, pair);
      }
      solve(a);
      solve(b);
    },
    tick() {},
  };
}

function fullRefit(n: number): System {
  const names = Array.from({ length: n }, (_, i) => `b${i}`);
  const games: { a: string; b: string; scoreA: number }[] = [];
  let fitted = names.map(() => ({ rating: 1500, deviation: 400 }));
  return {
    name: "Bradley-Terry refit",
    ratings: () => fitted,
    expected: (a, b) => 1 / (1 + 10 ** ((fitted[b].rating - fitted[a].rating) / 400)),
    record(a, b, scores) {
      for (const scoreA of scores) games.push({ a: names[a], b: names[b], scoreA });
    },
    tick() {
      const fit = fitRatings(names, games);
      fitted = names.map((name) => fit.get(name) as { rating: number; deviation: number });
    },
  };
}

const SYSTEMS = [glicko2(350), glicko2(250), wengLin, elo, incrementalBt, fullRefit];

/** One game's outcome for a against b (true Elo strengths): a's score. */
function play(strengthA: number, strengthB: number, random: () => number): number {
  const p = 1 / (1 + 10 ** ((strengthB - strengthA) / 400));
  const draw = 0.4 * (1 - Math.abs(2 * p - 1));
  const x = random();
  return x < p - draw / 2 ? 1 : x < p + draw / 2 ? 0.5 : 0;
}

/** Idle bots paired as the ladder pairs them: by rating, next to each other, a share at random (a settled bot's share for all, so every system meets the same pairing rule). */
function pairings(ratings: readonly number[], random: () => number): [number, number][] {
  const order = ratings.map((_, index) => index).sort((x, y) => ratings[y] - ratings[x] || x - y);
  const candidates = order.map((index) => ({ id: String(index), rating: ratings[index], deviation: 0, lastOpponent: null, recentGames: 0 }));
  return ladderPairs(candidates, random).map(([a, b]) => [Number(a.id), Number(b.id)]);
}

function spearman(x: readonly number[], y: readonly number[]): number {
  const rank = (values: readonly number[]) => {
    const order = values.map((_, index) => index).sort((a, b) => values[a] - values[b]);
    const ranks = new Float64Array(values.length);
    order.forEach((index, position) => {
      ranks[index] = position;
    });
    return ranks;
  };
  const rx = rank(x);
  const ry = rank(y);
  const n = x.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (rx[i] - ry[i]) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

interface Row {
  system: string;
  bots: number;
  spread: number;
  gamesPerBot: number;
  spearman: number;
  rmse: number;
  slope: number;
  logLoss: number;
  floor: number;
  coverage: number;
  microsPerPairing: number;
}

function simulate(makeSystem: (n: number) => System, n: number, spread: number, seed: number): Row[] {
  const random = seededRandom(seed);
  const strength = Array.from({ length: n }, () => {
    // A normal spread of `spread` Elo (Box-Muller).
    const u = 1 - random();
    return spread * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  });
  const outcomes = seededRandom(seed * 7919 + 1);
  const system = makeSystem(n);
  const rows: Row[] = [];
  let games = 0;
  let loss = 0;
  let floor = 0;
  let windowGames = 0;
  let micros = 0;
  let updates = 0;
  for (const checkpoint of CHECKPOINTS) {
    loss = 0;
    floor = 0;
    windowGames = 0;
    while (games / n < checkpoint) {
      const current = system.ratings().map((entry) => entry.rating);
      for (const [a, b] of pairings(current, random)) {
        const scores = [play(strength[a], strength[b], outcomes), play(strength[a], strength[b], outcomes)];
        const predicted = Math.min(1 - 1e-9, Math.max(1e-9, system.expected(a, b)));
        const truth = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400));
        for (const score of scores) {
          loss -= score * Math.log(predicted) + (1 - score) * Math.log(1 - predicted);
          floor -= score * Math.log(truth) + (1 - score) * Math.log(1 - truth);
          windowGames++;
        }
        const started = performance.now();
        system.record(a, b, scores);
        micros += (performance.now() - started) * 1000;
        updates++;
        games += 2;
      }
      const started = performance.now();
      system.tick();
      micros += (performance.now() - started) * 1000;
    }
    const rated = system.ratings();
    const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const ratingMean = mean(rated.map((entry) => entry.rating));
    const strengthMean = mean(strength);
    const errors = rated.map((entry, i) => entry.rating - ratingMean - (strength[i] - strengthMean));
    rows.push({
      system: system.name,
      bots: n,
      spread,
      gamesPerBot: checkpoint,
      spearman: spearman(
        rated.map((entry) => entry.rating),
        strength,
      ),
      rmse: Math.sqrt(mean(errors.map((error) => error * error))),
      slope:
        rated.reduce((sum, entry, i) => sum + (entry.rating - ratingMean) * (strength[i] - strengthMean), 0) /
        strength.reduce((sum, value) => sum + (value - strengthMean) ** 2, 0),
      logLoss: loss / windowGames,
      floor: floor / windowGames,
      coverage: Number.isNaN(rated[0].deviation) ? Number.NaN : errors.filter((error, i) => Math.abs(error) <= 2 * rated[i].deviation).length / n,
      microsPerPairing: micros / updates,
    });
  }
  return rows;
}

const averaged: Row[] = [];
for (const n of FIELDS) {
  for (const spread of SPREADS)
    for (const makeSystem of SYSTEMS) {
      const runs = Array.from({ length: SEEDS }, (_, seed) => simulate(makeSystem, n, spread, seed + 1));
      runs[0].forEach((first, index) => {
        const mean = (key: keyof Row) => runs.reduce((sum, run) => sum + (run[index][key] as number), 0) / runs.length;
        averaged.push({
          ...first,
          spearman: mean("spearman"),
          rmse: mean("rmse"),
          slope: mean("slope"),
          logLoss: mean("logLoss"),
          floor: mean("floor"),
          coverage: mean("coverage"),
          microsPerPairing: mean("microsPerPairing"),
        });
      });
    }
}

const table = new Table({
  head: ["bots", "spread", "games/bot", "system", "Spearman", "RMSE (Elo)", "slope", "log loss", "floor", "within 2 dev", "µs/pairing"],
});
for (const row of averaged) {
  table.push([
    row.bots,
    row.spread,
    row.gamesPerBot,
    row.system,
    row.spearman.toFixed(3),
    row.rmse.toFixed(1),
    row.slope.toFixed(2),
    row.logLoss.toFixed(4),
    row.floor.toFixed(4),
    Number.isNaN(row.coverage) ? "—" : `${(row.coverage * 100).toFixed(0)}%`,
    row.microsPerPairing < 100 ? row.microsPerPairing.toFixed(1) : row.microsPerPairing.toFixed(0),
  ]);
}
console.log(
  `Ratings on simulated ladders (true strengths normal, sd ${SPREADS.join(" or ")} Elo; ${SEEDS} seeds each; ${EXPLORE * 100}% of pairings at random)`,
);
console.log(table.toString());
if (values.json) console.log(JSON.stringify(averaged));
