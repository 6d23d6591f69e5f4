/**
 * Ratings from a Bradley-Terry fit over all games at once, so the result does not depend on the order
 * the games were played in. A draw counts as half a win for each side. A Gaussian prior (mean 0, sd
 * PRIOR_SD_ELO) keeps ratings finite for a bot that won or lost every game and fixes the scale's
 * origin; the deviation is the posterior standard deviation from the inverse Hessian at the maximum.
 * Ratings are on the Elo scale (400 points = odds of 10 to 1) around 1500. Up to DENSE_FIT_PLAYERS
 * players the fit is Newton's method on the whole Hessian (its inverse gives the deviations); a larger
 * field (a big Swiss) is fitted one player at a time (the same maximum, by cyclic Newton steps over the
 * games) and each deviation comes from the inverse Hessian's diagonal to second order plus the field's
 * common level (within a few percent of the full inverse's), at O(games) per sweep instead of
 * O(players^3).
 */

export const RATING_ORIGIN = 1500;
export const PRIOR_SD_ELO = 400;
const ELO_PER_NAT = 400 / Math.LN10;

export interface PairScore {
  a: string;
  b: string;
  /** a's score: 1 win, 0.5 draw, 0 loss. */
  scoreA: number;
}

export interface Rating {
  rating: number;
  /** One standard deviation of the rating, in the same Elo points. */
  deviation: number;
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** Inverse of a symmetric positive-definite matrix by Gauss-Jordan elimination with partial pivoting. */
function inverse(matrix: number[][]): number[][] {
  const n = matrix.length;
  const work = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(work[row][col]) > Math.abs(work[pivot][col])) pivot = row;
    [work[col], work[pivot]] = [work[pivot], work[col]];
    const scale = work[col][col];
    for (let j = 0; j < 2 * n; j++) work[col][j] /= scale;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = work[row][col];
      if (factor === 0) continue;
      for (let j = 0; j < 2 * n; j++) work[row][j] -= factor * work[col][j];
    }
  }
  return work.map((row) => row.slice(n));
}

/** The most players fitted with the full Hessian; beyond, one player at a time. */
export const DENSE_FIT_PLAYERS = 64;

/** Maximum a posteriori Bradley-Terry ratings for `players` from every game in `games`. */
export function fitRatings(players: readonly string[], games: readonly PairScore[]): Map<string, Rating> {
  if (players.length > DENSE_FIT_PLAYERS) return fitRatingsByPlayer(players, games);
  const n = players.length;
  const indexOf = new Map(players.map((player, index) => [player, index]));
  const pairs = games.map((game) => {
    const a = indexOf.get(game.a);
    const b = indexOf.get(game.b);
    if (a === undefined || b === undefined) throw new RangeError(`rating: unknown player in game ${game.a} vs ${game.b}`);
    return { a, b, score: game.scoreA };
  });
  const priorPrecision = 1 / (PRIOR_SD_ELO / ELO_PER_NAT) ** 2;

  const objective = (r: number[]): number => {
    let total = 0;
    for (const { a, b, score } of pairs) {
      const p = logistic(r[a] - r[b]);
      total += score * Math.log(p) + (1 - score) * Math.log(1 - p);
    }
    for (const value of r) total -= (priorPrecision * value * value) / 2;
    return total;
  };
  const hessianAt = (r: number[]): number[][] => {
    // The negative Hessian of the log posterior: positive definite thanks to the prior.
    const h = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? priorPrecision : 0)));
    for (const { a, b } of pairs) {
      const p = logistic(r[a] - r[b]);
      const w = p * (1 - p);
      h[a][a] += w;
      h[b][b] += w;
      h[a][b] -= w;
      h[b][a] -= w;
    }
    return h;
  };

  let r = new Array<number>(n).fill(0);
  for (let iteration = 0; iteration < 100; iteration++) {
    const gradient = r.map((value) => -priorPrecision * value);
    for (const { a, b, score } of pairs) {
      const residual = score - logistic(r[a] - r[b]);
      gradient[a] += residual;
      gradient[b] -= residual;
    }
    if (Math.max(0, ...gradient.map(Math.abs)) < 1e-12) break;
    const covariance = inverse(hessianAt(r));
    const step = covariance.map((row) => row.reduce((sum, value, j) => sum + value * gradient[j], 0));
    // Newton step, halved while it lowers the (concave) log posterior beyond rounding noise.
    const before = objective(r);
    let length = 1;
    let next = r.map((value, i) => value + step[i]);
    while (objective(next) < before - 1e-12 * Math.max(1, Math.abs(before)) && length > 1e-6) {
      length /= 2;
      next = r.map((value, i) => value + length * step[i]);
    }
    r = next;
    if (Math.max(0, ...step.map(Math.abs)) < 1e-12) break;
  }
  const covariance = inverse(hessianAt(r));
  return new Map(players.map((player, i) => [player, { rating: RATING_ORIGIN + r[i] * ELO_PER_NAT, deviation: Math.sqrt(covariance[i][i]) * ELO_PER_NAT }]));
}

/**
 * The same posterior maximum for a large field, one player at a time: each sweep takes a Newton step on
 * every player's rating with the others held (the log posterior is concave in each, so the cyclic steps
 * converge to the joint maximum), until no rating moves by more than 1e-9 nats or 500 sweeps. The
 * deviation comes from the inverse Hessian's diagonal to second order and the common level.
 */
export function fitRatingsByPlayer(players: readonly string[], games: readonly PairScore[]): Map<string, Rating> {
  const n = players.length;
  const indexOf = new Map(players.map((player, index) => [player, index]));
  // Each player's games as (opponent, score) lists: a sweep reads every game twice.
  const opponents: number[][] = players.map(() => []);
  const scores: number[][] = players.map(() => []);
  for (const game of games) {
    const a = indexOf.get(game.a);
    const b = indexOf.get(game.b);
    if (a === undefined || b === undefined) throw new RangeError(`rating: unknown player in game ${game.a} vs ${game.b}`);
    opponents[a].push(b);
    scores[a].push(game.scoreA);
    opponents[b].push(a);
    scores[b].push(1 - game.scoreA);
  }
  const priorPrecision = 1 / (PRIOR_SD_ELO / ELO_PER_NAT) ** 2;
  const r = new Float64Array(n);

  for (let sweep = 0; sweep < 500; sweep++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      let gradient = -priorPrecision * r[i];
      let h = priorPrecision;
      const against = opponents[i];
      const got = scores[i];
      for (let k = 0; k < against.length; k++) {
        const p = logistic(r[i] - r[against[k]]);
        gradient += got[k] - p;
        h += p * (1 - p);
      }
      // At most one nat (174 Elo) a step: far from the maximum the curvature here overstates the way ahead.
      const step = Math.max(-1, Math.min(1, gradient / h));
      r[i] += step;
      moved = Math.max(moved, Math.abs(step));
    }
    if (moved < 1e-9) break;
  }
  // The negative Hessian H = D - W (D its diagonal, W the games' weights between players): the variance
  // (H^-1)_ii to second order of the Neumann series, 1 / D_i + sum_j W_ij^2 / (D_i^2 D_j), plus the
  // uncertainty of the field's common level, which only the prior fixes (H's eigenvalue along the
  // all-ones direction is the prior's precision): 1 / (n * precision).
  const diagonal = new Float64Array(n).fill(priorPrecision);
  const weights: Map<number, number>[] = players.map(() => new Map());
  for (let i = 0; i < n; i++) {
    for (const j of opponents[i]) {
      const p = logistic(r[i] - r[j]);
      diagonal[i] += p * (1 - p);
      weights[i].set(j, (weights[i].get(j) ?? 0) + p * (1 - p));
    }
  }
  const variance = (i: number): number => {
    let spill = 0;
    for (const [j, w] of weights[i]) spill += (w * w) / diagonal[j];
    return 1 / diagonal[i] + spill / (diagonal[i] * diagonal[i]) + 1 / (n * priorPrecision);
  };
  return new Map(players.map((player, i) => [player, { rating: RATING_ORIGIN + r[i] * ELO_PER_NAT, deviation: Math.sqrt(variance(i)) * ELO_PER_NAT }]));
}
