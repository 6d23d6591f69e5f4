/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and a volatility
 * per player, updated from one rating period's games against the opponents' ratings as they were.
 * Ratings are on the Elo-like Glicko scale around 1500. The puzzles' difficulty uses it (each attempt a
 * rating period of the puzzle and of the solver, as Lichess rates its puzzles); bench/ratings.ts
 * compares it with the ladder's incremental fit (on a ladder each pairing is a rating period of its two bots).
 * test/core/ladder-rating.test.ts checks it against the paper's worked example.
 */

export interface Glicko2Rating {
  /** On the Glicko scale (1500 for a new player). */
  rating: number;
  /** One standard deviation of the rating, in the same points (350 for a new player). */
  deviation: number;
  /** How erratic the player's results are (0.06 for a new player). */
  volatility: number;
}

/** A game of the period: the opponent's rating before the period, and the player's score (1, 1/2, 0). */
export interface Glicko2Game {
  opponent: Pick<Glicko2Rating, "rating" | "deviation">;
  score: number;
}

/** The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2). */
const GLICKO2_TAU = 0.5;
/** A new player, as in the paper. */
export const GLICKO2_NEW: Glicko2Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
/** The scale between Glicko (Elo-like) points and Glicko-2's internal one. */
const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/**
 * The player's rating after a rating period with `games` (steps 1-8 of the paper). A period without
 * games only widens the deviation by the volatility (step 6).
 */
export function glicko2Update(player: Glicko2Rating, games: readonly Glicko2Game[], tau = GLICKO2_TAU): Glicko2Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  let inverseV = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - 1500) / SCALE;
    const gJ = g(game.opponent.deviation / SCALE);
    const expected = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    inverseV += gJ * gJ * expected * (1 - expected);
    sum += gJ * (game.score - expected);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // Step 5: the new volatility, by the Illinois algorithm on f.
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) upper = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > CONVERGENCE) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else fLower /= 2;
    upper = c;
    fUpper = fC;
  }
  const volatility = Math.exp(lower / 2);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, deviation: phiNew * SCALE, volatility };
}

/** The expected score of `a` against `b` under Glicko-2 (b's deviation widens the logistic). */
export function glicko2Expected(a: Pick<Glicko2Rating, "rating">, b: Pick<Glicko2Rating, "rating" | "deviation">): number {
  return 1 / (1 + Math.exp((-g(b.deviation / SCALE) * (a.rating - b.rating)) / SCALE));
}

/** Both bots of a pairing after its games (`scoresA`: a's score in each), each against the other's rating before it. */
export function glicko2Pairing(a: Glicko2Rating, b: Glicko2Rating, scoresA: readonly number[], tau = GLICKO2_TAU): [Glicko2Rating, Glicko2Rating] {
  return [
    glicko2Update(
      a,
      scoresA.map((score) => ({ opponent: b, score })),
      tau,
    ),
    glicko2Update(
      b,
      scoresA.map((score) => ({ opponent: a, score: 1 - score })),
      tau,
    ),
  ];
}
