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
 * Anchors: built-in bots on the ladder at fixed ratings (LADDER_ANCHORS). An anchor is an opponent
 * whose rating is held: the fit reads it like any opponent's and never moves it, so the ladder's scale
 * is pinned to the anchors' (the same on every install) rather than to the prior alone.
 *
 * Pairings: the idle bots by rating, each with the nearest below it that it did not just play, except
 * that a share of them (more for uncertain bots) take a partner at random so new bots meet the whole
 * range; anchors are partners only, never paired with each other; one pass over the idle bots.
 */
import type { Level } from "../engine/index.ts";
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

/**
 * The ladder's anchors: built-in bots at fixed ratings, measured as the standings rate them (the
 * ladder's model and prior) in a round robin of the three from the ladder's default suite at the
 * service's default budget: `npm run arena -- --bot easy --bot medium --bot hard --games 64 --openings
 * classic --seed 1` (192 games; hard 1714, medium 1495, easy 1291), rounded to tens. `random` is left
 * out (every working bot beats it: its games say nothing), and `perfect` too (from balanced openings it
 * draws hard, at several times the engine's work). Medium sits where a new bot starts.
 */
export const LADDER_ANCHORS: readonly { level: Level; rating: number }[] = [
  { level: "easy", rating: 1290 },
  { level: "medium", rating: 1500 },
  { level: "hard", rating: 1710 },
];

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
  /** An anchor: paired only with bots that are not (never the one who picks). */
  anchor?: boolean;
}

/** The share of pairings at random for a settled bot, and the share added for the most uncertain. */
export const LADDER_EXPLORE = { settled: 0.1, uncertain: 0.4 } as const;

/**
 * Pairs `idle` (highest rating first): each bot that is not an anchor, in order, with the nearest
 * unpaired candidate below it that was not its last opponent (when another is left), or with
 * probability 0.1 to 0.5 (by its deviation) with an unpaired candidate at random; a bot with nobody
 * left below takes the nearest anchor above it. Anchors are only ever taken, so never meet each other.
 * With an odd number of bots and no anchor idle, the bot with the most recent games sits out (with an
 * anchor idle, it plays the anchor); no pick takes the last idle anchor when that would leave a bot
 * alone, so every bot is paired whenever their number is even or an anchor is idle. O(n).
 */
export function ladderPairs(idle: readonly LadderCandidate[], random: RandomSource): [LadderCandidate, LadderCandidate][] {
  const n = idle.length;
  const bots = idle.filter((candidate) => !candidate.anchor).length;
  let out = -1;
  if (bots % 2 === 1 && bots === n) {
    out = 0;
    for (let i = 1; i < n; i++) if (idle[i].recentGames >= idle[out].recentGames) out = i;
  }
  // The unpaired candidates: a linked list in rating order (for the nearest) and a pool (for random picks).
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
  // Unpaired bots and anchors: a bot may take an anchor only while that leaves a partner for every bot
  // after it (an even number of bots, or an anchor for the odd one out).
  let botsLeft = bots - (out >= 0 ? 1 : 0);
  let anchorsLeft = n - bots;
  const pairs: [LadderCandidate, LadderCandidate][] = [];
  for (let i = 0; i < n && pool.length >= 2; i++) {
    if (taken[i] || idle[i].anchor) continue;
    // Everything unpaired above a bot is an anchor (the bots above picked before it).
    const above = previous[i];
    const nearest = next[i] < n ? next[i] : above;
    remove(i);
    botsLeft--;
    const bot = idle[i];
    const uncertainty = Math.max(0, Math.min(1, (bot.deviation - 100) / (PRIOR_SD_ELO - 100)));
    let partner = nearest;
    if (random() < LADDER_EXPLORE.settled + LADDER_EXPLORE.uncertain * uncertainty) partner = pool[Math.floor(random() * pool.length)];
    else if (idle[nearest].id === bot.lastOpponent && nearest !== above && next[nearest] < n) partner = next[nearest];
    if (idle[partner].anchor && anchorsLeft === 1 && botsLeft % 2 === 1) {
      // The last anchor would leave a bot alone: the nearest bot below instead (only anchors are above).
      partner = next[i];
      while (idle[partner].anchor) partner = next[partner];
    }
    remove(partner);
    if (idle[partner].anchor) anchorsLeft--;
    else botsLeft--;
    pairs.push([bot, idle[partner]]);
  }
  return pairs;
}
