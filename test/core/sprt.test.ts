/**
 * The SPRT's statistics (src/tournament/sprt.ts): the log-likelihood ratio against the values
 * fastchess's own tests print for given pentanomial counts, against an independent maximization of
 * the same likelihoods (a compass search, no secular equation), the Elo estimate worked by hand, and
 * the error rates over many seeded simulated matches of known Elo difference: H1 accepted when the
 * truth is elo0 about alpha of the time, H0 accepted when it is elo1 about beta of the time.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/random.ts";
import {
  eloEstimate,
  logisticElo,
  logisticScore,
  type Pentanomial,
  type SprtSettings,
  sprtBounds,
  sprtDecision,
  sprtLlr,
  sprtProblem,
} from "../../src/tournament/sprt.ts";

/** fastchess counts in its Stats(ll, ld, wl, dd, wd, ww) order, as the pentanomial [LL, LD, WL+DD, WD, WW]. */
const fromFastchess = (ll: number, ld: number, wl: number, dd: number, wd: number, ww: number): Pentanomial => [ll, ld, wl + dd, wd, ww];

describe("the log-likelihood ratio", () => {
  // Disservin/fastchess, app/tests/sprt_test.cpp (TEST_SUITE "SPRT"): doctest::Approx(value).epsilon(0.01),
  // a relative tolerance of 1%, as here. Its fifth pentanomial case, Stats(0, 0, 0, 0, 0, 104) for
  // elo [0, 5] normalized, expects 2.94, which fastchess's own getLLR_normalized (sprt.cpp, and its Rust
  // port sprt/mod.rs) does not reproduce: followed line by line they give 2.09, as does the
  // maximization below, so that case is checked against the maximization instead.
  const published: [string, Pentanomial, number, number, SprtSettings["model"], number][] = [
    ["normalized pentanomial 1", fromFastchess(365, 16618, 36029, 200, 16974, 390), 0, 2, "normalized", 2.25],
    ["normalized pentanomial 2", fromFastchess(127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, "normalized", 3.01],
    ["logistic pentanomial 1", fromFastchess(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, "logistic", -3.07],
    ["logistic pentanomial 2", fromFastchess(871, 26175, 55003, 980, 26678, 821), 0, 2, "logistic", -4.98],
  ];
  it.each(published)("fastchess's %s", (_, counts, elo0, elo1, model, expected) => {
    const llr = sprtLlr(counts, { elo0, elo1, model });
    expect(Math.abs(llr - expected)).toBeLessThanOrEqual(Math.abs(expected) * 0.01);
  });

  it("equals an independent maximization of both likelihoods, for both models", () => {
    const random = seededRandom(31);
    const cases: [Pentanomial, SprtSettings["model"], number, number][] = [[[0, 0, 0, 0, 104], "normalized", 0, 5]];
    for (let i = 0; i < 4; i++) {
      const counts = Array.from({ length: 5 }, () => 1 + Math.floor(random() * 60)) as Pentanomial;
      cases.push([counts, i % 2 === 0 ? "normalized" : "logistic", Math.round(random() * 20 - 10), Math.round(random() * 20 + 12)]);
    }
    for (const [counts, model, elo0, elo1] of cases) {
      const reference = maximizedLlr(counts, model ?? "normalized", elo0, elo1);
      expect(sprtLlr(counts, { elo0, elo1, model })).toBeCloseTo(reference, 4);
    }
  });

  it("has the sign of the evidence, scales with the number of pairs, and stops at Wald's bounds", () => {
    const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    expect(sprtBounds(settings).lower).toBeCloseTo(Math.log(0.05 / 0.95), 12);
    expect(sprtBounds(settings).upper).toBeCloseTo(Math.log(0.95 / 0.05), 12);
    const better = sprtLlr([1, 5, 20, 10, 4], settings);
    const worse = sprtLlr([4, 10, 20, 5, 1], settings);
    expect(better).toBeGreaterThan(0);
    expect(worse).toBeLessThan(0);
    expect(sprtLlr([2, 10, 40, 20, 8], settings)).toBeCloseTo(2 * better, 6);
    expect(sprtDecision(3, settings)).toBe("H1");
    expect(sprtDecision(-3, settings)).toBe("H0");
    expect(sprtDecision(0.5, settings)).toBeNull();
  });

  it("refuses settings that cannot make a test", () => {
    expect(sprtProblem({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 })).toBeNull();
    expect(sprtProblem({ elo0: 10, elo1: 0, alpha: 0.05, beta: 0.05 })).toMatch(/elo0/);
    expect(sprtProblem({ elo0: 0, elo1: 10, alpha: 0, beta: 0.05 })).toMatch(/between 0 and 1/);
    expect(sprtProblem({ elo0: 0, elo1: 10, alpha: 0.6, beta: 0.5 })).toMatch(/alpha \+ beta/);
    expect(sprtProblem({ elo0: 0, elo1: Number.NaN, alpha: 0.05, beta: 0.05 })).toMatch(/numbers/);
  });
});

describe("the Elo estimate", () => {
  it("is OpenBench's: the mean pair score and its standard error in logistic Elo, with the normalized Elo beside it", () => {
    // Ten pairs: five of 1 point, five of 1.5. Mean score 0.625, variance 0.015625, standard error sqrt(0.015625 / 10).
    const estimate = eloEstimate([0, 0, 5, 5, 0]);
    const error = Math.sqrt(0.015625 / 10);
    expect(estimate.score).toBeCloseTo(0.625, 12);
    expect(estimate.elo).toBeCloseTo(-400 * Math.log10(1 / 0.625 - 1), 9);
    expect(estimate.low).toBeCloseTo(logisticElo(0.625 - 1.959963984540054 * error), 9);
    expect(estimate.high).toBeCloseTo(logisticElo(0.625 + 1.959963984540054 * error), 9);
    // Normalized Elo per game: (mean - 1/2) / sigma of the pair, over sqrt(2), times 800 / ln 10.
    expect(estimate.nelo).toBeCloseTo((0.125 / 0.125 / Math.SQRT2) * (800 / Math.LN10), 9);
    expect(eloEstimate([3, 7, 20, 7, 3])).toMatchObject({ elo: 0, nelo: 0 });
    expect(eloEstimate([0, 0, 0, 0, 0])).toMatchObject({ elo: 0, low: 0, high: 0 });
    // Every pair scored the same: no spread, so no normalized Elo.
    expect(eloEstimate([0, 0, 0, 0, 5])).toMatchObject({ nelo: null, neloLow: null, neloHigh: null });
    expect(logisticScore(logisticElo(0.3))).toBeCloseTo(0.3, 12);
  });
});

describe("the test's error rates, simulated", () => {
  /**
   * A pentanomial distribution of known normalized Elo: a symmetric base tilted exponentially
   * (p_i ~ base_i e^(lambda a_i)), lambda found by bisection so that (mu - 1/2) / sigma is the pair's
   * t-value. An exponential tilt is not the family the MLE searches, so nothing here is the code's own.
   */
  function distributionWithNelo(nelo: number): number[] {
    const base = [0.04, 0.16, 0.6, 0.16, 0.04];
    const scores = [0, 0.25, 0.5, 0.75, 1];
    const target = (Math.SQRT2 * nelo) / (800 / Math.LN10);
    const tilted = (lambda: number) => {
      const weights = base.map((b, i) => b * Math.exp(lambda * scores[i]));
      const total = weights.reduce((sum, w) => sum + w, 0);
      return weights.map((w) => w / total);
    };
    const t = (p: number[]) => {
      const mean = p.reduce((sum, q, i) => sum + q * scores[i], 0);
      const sigma = Math.sqrt(p.reduce((sum, q, i) => sum + q * (scores[i] - mean) ** 2, 0));
      return (mean - 0.5) / sigma;
    };
    let [low, high] = [-20, 20];
    for (let i = 0; i < 200; i++) {
      const mid = (low + high) / 2;
      if (t(tilted(mid)) < target) low = mid;
      else high = mid;
    }
    return tilted((low + high) / 2);
  }

  /** Runs `runs` seeded SPRTs on pairs drawn from `truth`; how often each decision came. */
  function simulate(truth: number[], settings: SprtSettings, runs: number, seed: number, maxPairs: number) {
    const random = seededRandom(seed);
    const tally = { H0: 0, H1: 0, none: 0, pairs: 0 };
    for (let run = 0; run < runs; run++) {
      const counts: Pentanomial = [0, 0, 0, 0, 0];
      let decision: "H0" | "H1" | null = null;
      for (let pair = 0; pair < maxPairs && decision === null; pair++) {
        let u = random();
        let outcome = 0;
        while (outcome < 4 && u >= truth[outcome]) u -= truth[outcome++];
        counts[outcome] += 1;
        tally.pairs += 1;
        decision = sprtDecision(sprtLlr(counts, settings), settings);
      }
      tally[decision ?? "none"] += 1;
    }
    return tally;
  }

  // elo1 - elo0 = 40 normalized Elo keeps each run to a few hundred pairs; 400 runs per side put one
  // standard deviation of an observed rate of 0.05 at 0.011.
  const settings: SprtSettings = { elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05 };
  const RUNS = 400;

  it("accepts H1 about alpha of the time when the truth is elo0", () => {
    const tally = simulate(distributionWithNelo(settings.elo0), settings, RUNS, 1, 20_000);
    expect(tally.none).toBe(0);
    expect(tally.H1 / RUNS).toBeGreaterThan(0.015);
    expect(tally.H1 / RUNS).toBeLessThan(0.08);
  });

  it("accepts H0 about beta of the time when the truth is elo1", () => {
    const tally = simulate(distributionWithNelo(settings.elo1), settings, RUNS, 2, 20_000);
    expect(tally.none).toBe(0);
    expect(tally.H0 / RUNS).toBeGreaterThan(0.015);
    expect(tally.H0 / RUNS).toBeLessThan(0.08);
  });

  it("decides for the side of the truth almost always when the truth is well beyond a bound", () => {
    const above = simulate(distributionWithNelo(80), settings, 100, 3, 20_000);
    expect(above.H1).toBeGreaterThanOrEqual(99);
    const below = simulate(distributionWithNelo(-40), settings, 100, 4, 20_000);
    expect(below.H0).toBeGreaterThanOrEqual(99);
  });
});

/**
 * The LLR by brute force: each likelihood maximized over the distributions meeting the hypothesis by
 * a compass search on the shape of the first four probabilities (three free log-ratios), the fifth
 * solved from the constraint (expected score for the logistic model, (mu - 1/2) / sigma for the
 * normalized one) by bisection. No secular equation, no fixed point: only the likelihood is shared.
 */
function maximizedLlr(counts: Pentanomial, model: "normalized" | "logistic", elo0: number, elo1: number): number {
  const regularized = counts.map((count) => (count === 0 ? 1e-3 : count));
  const total = regularized.reduce((sum, count) => sum + count, 0);
  const observed = regularized.map((count) => count / total);
  const scores = [0, 0.25, 0.5, 0.75, 1];
  const goalOf = (elo: number) => (model === "logistic" ? 1 / (1 + 10 ** (-elo / 400)) : (Math.SQRT2 * elo) / (800 / Math.LN10));
  const gap = (p: number[], goal: number) => {
    const mean = p.reduce((sum, q, i) => sum + q * scores[i], 0);
    if (model === "logistic") return mean - goal;
    return (mean - 0.5) / Math.sqrt(p.reduce((sum, q, i) => sum + q * (scores[i] - mean) ** 2, 0)) - goal;
  };
  const best = (goal: number): number[] => {
    const complete = (logits: number[]): number[] | null => {
      const weights = [Math.exp(logits[0]), Math.exp(logits[1]), 1, Math.exp(logits[2])];
      const sum = weights.reduce((a, b) => a + b, 0);
      const at = (p4: number) => [...weights.map((w) => (w / sum) * (1 - p4)), p4];
      let [low, high] = [0, 1];
      if (gap(at(1e-300), goal) > 0 || !(gap(at(1 - 1e-15), goal) >= 0)) return null;
      for (let i = 0; i < 200 && high - low > 1e-17; i++) {
        const mid = (low + high) / 2;
        if (gap(at(mid), goal) < 0) low = mid;
        else high = mid;
      }
      return at((low + high) / 2);
    };
    const likelihood = (p: number[] | null) => (p === null ? Number.NEGATIVE_INFINITY : observed.reduce((sum, q, i) => sum + q * Math.log(p[i]), 0));
    let point = [Math.log(observed[0] / observed[2]), Math.log(observed[1] / observed[2]), Math.log(observed[3] / observed[2])];
    let value = likelihood(complete(point));
    for (let stepSize = 1, evaluations = 0; stepSize > 1e-12 && evaluations < 200_000; ) {
      let improved = false;
      for (let axis = 0; axis < 3; axis++) {
        for (const sign of [1, -1]) {
          evaluations++;
          const candidate = point.map((q, i) => (i === axis ? q + sign * stepSize : q));
          const candidateValue = likelihood(complete(candidate));
          if (candidateValue > value) {
            point = candidate;
            value = candidateValue;
            improved = true;
          }
        }
      }
      if (!improved) stepSize /= 2;
    }
    return complete(point) as number[];
  };
  const p0 = best(goalOf(elo0));
  const p1 = best(goalOf(elo1));
  return total * observed.reduce((sum, q, i) => sum + q * (Math.log(p1[i]) - Math.log(p0[i])), 0);
}
