/**
 * The ladder's ratings and pairings, pure; the ladder object (src/objects/ladder.ts) keeps the state.
 *
 * Ratings are an incremental Bradley-Terry fit: the same model and prior as the tournament standings
 * (rating.ts), kept per bot as its games against each opponent (games, points). Recording a pairing
 * moves each of its two bots to the maximum of the posterior in its own rating with every opponent's
 * current rating held (Newton's method on one coordinate), which is one step of the cyclic fit
 * (fitRatingsByPlayer) taken by the bots that just played: it reads the two bots' opponents and writes
 * the two ratings, whatever the size of the ladder, and the ratings approach the full fit's as bots
 * keep playing. bench/ratings.ts compared it with Glicko-2, Weng-Lin (OpenSkill) and Elo on simulated
 * ladders with known strengths: it is as accurate as refitting everything after every pairing
 * (docs/arena.md, "The ladder").
 *
 * Pairings: the idle bots by rating, each with the nearest below it that it did not just play, except
 * that a share of them (more for uncertain bots) take a partner at random so new bots meet the whole
 * range; one pass over the idle bots.
 */
import { PRIOR_SD_ELO, RATING_ORIGIN } from "./rating.ts";

/** Uniform floats in [0, 1), as seededRandom gives them. */
type RandomSource = () => number;

const ELO_PER_NAT = 400 / Math.LN10;
const PRIOR_PRECISION = 1 / (PRIOR_SD_ELO / ELO_PER_NAT) ** 2;

/** A bot's games against one opponent, as its rating reads them. */
export interface LadderOpponent {
  games: number;
  /** The bot's points in them (win 1, draw 1/2). */
  points: number;
  /** The opponent's current rating (Elo scale). */
  rating: number;
}

export interface LadderRating {
  rating: number;
  /** One standard deviation, in the same points. */
  deviation: number;
}

/** A bot that has not played: the prior. */
export const LADDER_START: LadderRating = { rating: RATING_ORIGIN, deviation: PRIOR_SD_ELO };

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * The bot's rating from its games against `opponents` (their ratings held), starting from `current`;
 * `members` (bots rated on the ladder) sets the uncertainty of the ladder's common level, which only the
 * prior fixes. The deviation is the posterior's along the bot's own rating, plus that common part.
 */
export function ladderRating(current: number, opponents: readonly LadderOpponent[], members: number): LadderRating {
  let r = (current - RATING_ORIGIN) / ELO_PER_NAT;
  let curvature = PRIOR_PRECISION;
  for (let step = 0; step < 50; step++) {
    let gradient = -PRIOR_PRECISION * r;
    curvature = PRIOR_PRECISION;
    for (const opponent of opponents) {
      const p = logistic(r - (opponent.rating - RATING_ORIGIN) / ELO_PER_NAT);
      gradient += opponent.points - opponent.games * p;
      curvature += opponent.games * p * (1 - p);
    }
    // At most a nat a step (174 points): far from the maximum the curvature here overstates the way ahead.
    const move = Math.max(-1, Math.min(1, gradient / curvature));
    r += move;
    if (Math.abs(move) < 1e-9) break;
  }
  const deviation = Math.sqrt(1 / curvature + 1 / (Math.max(1, members) * PRIOR_PRECISION));
  return { rating: RATING_ORIGIN + r * ELO_PER_NAT, deviation: deviation * ELO_PER_NAT };
}

/** An idle bot the tick may pair. */
export interface LadderCandidate {
  id: string;
  rating: number;
  deviation: number;
  /** Its opponent in its last pairing, if any. */
  lastOpponent: string | null;
  /** Games it started in the last hour. */
  recentGames: number;
}

/** The share of pairings at random for a settled bot, and the share added for the most uncertain. */
export const LADDER_EXPLORE = { settled: 0.1, uncertain: 0.4 } as const;

/**
 * Pairs `idle` (highest rating first): each bot, in order, with the nearest unpaired bot below it that
 * was not its last opponent (when another is left), or with probability 0.1 to 0.5 (by its deviation)
 * with an unpaired bot at random. With an odd count the bot with the most recent games sits out. O(n).
 */
export function ladderPairs(idle: readonly LadderCandidate[], random: RandomSource): [LadderCandidate, LadderCandidate][] {
  const n = idle.length;
  let out = -1;
  if (n % 2 === 1) {
    out = 0;
    for (let i = 1; i < n; i++) if (idle[i].recentGames >= idle[out].recentGames) out = i;
  }
  // The unpaired bots: a linked list in rating order (for the nearest) and a pool (for random picks).
  const next = new Int32Array(n + 1);
  const previous = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    previous[i] = i - 1;
  }
  const pool = Array.from({ length: n }, (_, i) => i);
  const place = Int32Array.from(pool);
  const taken = new Uint8Array(n);
  const remove = (i: number): void => {
    taken[i] = 1;
    if (previous[i] >= 0) next[previous[i]] = next[i];
    previous[next[i]] = previous[i];
    const last = pool.pop() as number;
    if (last !== i) {
      pool[place[i]] = last;
      place[last] = place[i];
    }
  };
  if (out >= 0) remove(out);
  const pairs: [LadderCandidate, LadderCandidate][] = [];
  for (let i = 0; i < n && pool.length >= 2; i++) {
    if (taken[i]) continue;
    const nearest = next[i];
    remove(i);
    const bot = idle[i];
    const uncertainty = Math.max(0, Math.min(1, (bot.deviation - 100) / (PRIOR_SD_ELO - 100)));
    let partner = nearest;
    if (random() < LADDER_EXPLORE.settled + LADDER_EXPLORE.uncertain * uncertainty) partner = pool[Math.floor(random() * pool.length)];
    else if (idle[nearest].id === bot.lastOpponent && next[nearest] < n) partner = next[nearest];
    remove(partner);
    pairs.push([bot, idle[partner]]);
  }
  return pairs;
}
