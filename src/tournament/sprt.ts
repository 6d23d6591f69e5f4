/**
 * The sequential probability ratio test on game pairs, as fastchess and OpenBench compute it: the
 * generalized SPRT of Michel Van den Bergh ("Comments on Normalized Elo", the note fishtest's statistics
 * come from) on the pentanomial counts of pair scores. Each pair of games from one opening (the seats
 * swapped) scores 0, 1/2, 1, 3/2 or 2 points for the bot under test; the log-likelihood ratio compares
 * the maximum-likelihood distributions of those five outcomes whose normalized Elo (or, with the
 * logistic model, whose expected score) is elo0 and elo1. The default model is normalized Elo, the
 * default of fastchess (`getLLR_normalized` in app/src/matchmaking/sprt/sprt.cpp) and the model of
 * OpenBench's `PentanomialSPRT` (OpenBench/stats.py); `logistic` is fastchess's other pentanomial model.
 * The Elo estimate and its 95% interval are OpenBench's `Elo`: the mean pair score and its standard
 * error, turned into logistic Elo. Pure numbers, no I/O.
 */

/** Pairs by the tested bot's points in them: 0, 1/2, 1 (a win and a loss, or two draws), 3/2, 2. */
export type Pentanomial = [number, number, number, number, number];

export type SprtModel = "normalized" | "logistic";
export const SPRT_MODELS: readonly SprtModel[] = ["normalized", "logistic"];

export interface SprtSettings {
  /** The Elo difference of H0 and of H1 (elo0 < elo1), in the model's Elo. */
  elo0: number;
  elo1: number;
  /** The chance of accepting H1 when H0 holds, and of accepting H0 when H1 holds. */
  alpha: number;
  beta: number;
  /** Default `normalized`. */
  model?: SprtModel;
}

export type SprtDecision = "H0" | "H1";

/** Why the settings cannot run a test, or null. */
export function sprtProblem(settings: SprtSettings): string | null {
  const { elo0, elo1, alpha, beta, model } = settings;
  if (![elo0, elo1, alpha, beta].every(Number.isFinite)) return "elo0, elo1, alpha and beta must be numbers";
  if (!(elo0 < elo1)) return "elo0 must be less than elo1";
  if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1)) return "alpha and beta must be between 0 and 1";
  if (alpha + beta >= 1) return "alpha + beta must be less than 1";
  if (model !== undefined && !SPRT_MODELS.includes(model)) return `the model must be one of ${SPRT_MODELS.join(", ")}`;
  return null;
}

/** Wald's bounds: the test accepts H0 at or below `lower` and H1 at or above `upper`. */
export function sprtBounds(settings: Pick<SprtSettings, "alpha" | "beta">): { lower: number; upper: number } {
  return { lower: Math.log(settings.beta / (1 - settings.alpha)), upper: Math.log((1 - settings.beta) / settings.alpha) };
}

/** The decision an LLR reaches, or null while it is between the bounds. */
export function sprtDecision(llr: number, settings: Pick<SprtSettings, "alpha" | "beta">): SprtDecision | null {
  const { lower, upper } = sprtBounds(settings);
  return llr >= upper ? "H1" : llr <= lower ? "H0" : null;
}

/** The pair outcomes on a 0-1 scale (a pair's points over 2). */
const SCORES = [0, 0.25, 0.5, 0.75, 1] as const;
/** 800 / ln 10: normalized Elo per unit of t-value for one game. */
const NELO_PER_T = 800 / Math.LN10;

const pairCount = (counts: Pentanomial): number => counts.reduce((sum, count) => sum + count, 0);

/**
 * The log-likelihood ratio of H1 against H0 for these pair counts. Empty cells count as 1e-3 pairs,
 * as in both reference implementations, so that the likelihoods stay finite.
 */
export function sprtLlr(counts: Pentanomial, settings: Pick<SprtSettings, "elo0" | "elo1" | "model">): number {
  const regularized = counts.map((count) => (count === 0 ? 1e-3 : count));
  const total = regularized.reduce((sum, count) => sum + count, 0);
  const observed = regularized.map((count) => count / total);
  let p0: number[];
  let p1: number[];
  if ((settings.model ?? "normalized") === "normalized") {
    // A pair is two games: its t-value is sqrt(2) times a game's.
    p0 = mleNormalized(observed, (Math.SQRT2 * settings.elo0) / NELO_PER_T);
    p1 = mleNormalized(observed, (Math.SQRT2 * settings.elo1) / NELO_PER_T);
  } else {
    p0 = mleScore(observed, logisticScore(settings.elo0));
    p1 = mleScore(observed, logisticScore(settings.elo1));
  }
  let llr = 0;
  for (let i = 0; i < SCORES.length; i++) llr += observed[i] * (Math.log(p1[i]) - Math.log(p0[i]));
  return total * llr;
}

/** The expected score of a logistic Elo difference. */
export const logisticScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** The logistic Elo difference of an expected score (clamped to [0.001, 0.999] as OpenBench does). */
export function logisticElo(score: number): number {
  const clamped = Math.min(Math.max(score, 1e-3), 1 - 1e-3);
  return -400 * Math.log10(1 / clamped - 1) + 0; // + 0: never -0
}

/**
 * Solves sum_i p_i a_i / (1 + x a_i) = 0 for x in (-1 / max a, -1 / min a), for values `a` of both
 * signs (the secular equation of both MLEs): Newton's method from 0, kept inside a shrinking bracket
 * (the function decreases from +infinity to -infinity across it), bisecting when a step would leave it.
 */
function secular(observed: readonly number[], a: readonly number[]): number {
  let low = -1 / Math.max(...a);
  let high = -1 / Math.min(...a);
  let x = 0;
  for (let iteration = 0; iteration < 200; iteration++) {
    let f = 0;
    let slope = 0;
    for (let i = 0; i < a.length; i++) {
      const denominator = 1 + x * a[i];
      const term = (observed[i] * a[i]) / denominator;
      f += term;
      slope -= (term * a[i]) / denominator;
    }
    if (f === 0) return x;
    if (f > 0) low = x;
    else high = x;
    let next = x - f / slope;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}

/** The distribution nearest (in likelihood) to `observed` whose expected score is `score` (Van den Bergh, proposition 1.1). */
function mleScore(observed: readonly number[], score: number): number[] {
  const a = SCORES.map((value) => value - score);
  const x = secular(observed, a);
  return observed.map((p, i) => p / (1 + x * a[i]));
}

/**
 * The distribution nearest to `observed` whose t-value (mu - 1/2) / sigma is `t` (Van den Bergh,
 * section 4.1): a fixed point, each step solving the secular equation for the current sigma.
 */
function mleNormalized(observed: readonly number[], t: number): number[] {
  let p = SCORES.map(() => 1 / SCORES.length);
  for (let iteration = 0; iteration < 100; iteration++) {
    const { mean, variance } = moments(p);
    const sigma = Math.sqrt(variance);
    const phi = SCORES.map((value) => value - 0.5 - 0.5 * t * sigma * (1 + ((value - mean) / sigma) ** 2));
    const x = secular(observed, phi);
    const next = observed.map((q, i) => q / (1 + x * phi[i]));
    const change = Math.max(...next.map((value, i) => Math.abs(value - p[i])));
    p = next;
    if (change < 1e-12) break;
  }
  return p;
}

function moments(p: readonly number[]): { mean: number; variance: number } {
  const mean = p.reduce((sum, q, i) => sum + q * SCORES[i], 0);
  const variance = p.reduce((sum, q, i) => sum + q * (SCORES[i] - mean) ** 2, 0);
  return { mean, variance };
}

/** The 97.5% quantile of the standard normal distribution: a 95% interval is +-1.96 standard errors. */
const Z_975 = 1.959963984540054;

export interface EloEstimate {
  /** The logistic Elo difference of the mean pair score, and its 95% interval. */
  elo: number;
  low: number;
  high: number;
  /**
   * The normalized Elo (the SPRT's scale for the normalized model), and its 95% interval; null when
   * every pair scored the same (no spread to measure the difference in).
   */
  nelo: number | null;
  neloLow: number | null;
  neloHigh: number | null;
  /** The tested bot's mean score per game. */
  score: number;
}

/** The Elo difference the pair counts show, with 95% intervals; zeros when there is no pair. */
export function eloEstimate(counts: Pentanomial): EloEstimate {
  const pairs = pairCount(counts);
  if (pairs === 0) return { elo: 0, low: 0, high: 0, nelo: 0, neloLow: 0, neloHigh: 0, score: 0.5 };
  const { mean, variance } = moments(counts.map((count) => count / pairs));
  const error = Math.sqrt(variance / pairs);
  const sigma = Math.sqrt(variance);
  // Normalized Elo per game: the pair's t-value over sqrt(2), in Elo units.
  const nelo = (t: number) => (sigma === 0 ? null : ((t - 0.5) / sigma / Math.SQRT2) * NELO_PER_T + 0);
  return {
    elo: logisticElo(mean),
    low: logisticElo(mean - Z_975 * error),
    high: logisticElo(mean + Z_975 * error),
    nelo: nelo(mean),
    neloLow: nelo(mean - Z_975 * error),
    neloHigh: nelo(mean + Z_975 * error),
    score: mean,
  };
}
