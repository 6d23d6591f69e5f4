/**
 * The round-robin schedule. The circle method pairs every bot once per cycle (a bye when the count is
 * odd); the cycle is repeated once per game of a pair, and the bot that gives first alternates between
 * cycles, so each pair plays an even number of games, exactly half with each bot giving first. The seed
 * shuffles the bots before pairing and picks, per pair, who gives first in the first cycle.
 */
import { seededRandom, shuffleInPlace } from "../engine/random.ts";

export interface ScheduledGame {
  /** Position in play order, from 0. */
  index: number;
  /** Stable id of the game in its tournament: `g1`, `g2`, ... in play order. */
  gameId: string;
  /** The cycle and pairing round the game belongs to, from 0. */
  round: number;
  /** The bot that makes the opening give. */
  first: string;
  second: string;
}

export const MAX_GAMES_PER_PAIR = 1000;

/** Why a schedule cannot be built, or null. */
export function scheduleProblem(bots: readonly string[], gamesPerPair: number): string | null {
  if (bots.length < 2) return "a tournament needs at least two bots";
  if (new Set(bots).size !== bots.length) return "bot names must be unique";
  if (!Number.isInteger(gamesPerPair) || gamesPerPair < 2 || gamesPerPair % 2 !== 0 || gamesPerPair > MAX_GAMES_PER_PAIR) {
    return `games per pair must be an even integer from 2 to ${MAX_GAMES_PER_PAIR}, so each bot gives first in half of them`;
  }
  return null;
}

/** Pairings of the circle method: `n - 1` rounds (n made even with a bye) of `n / 2` pairs. */
function circleRounds(count: number): [number, number][][] {
  const slots = Array.from({ length: count + (count % 2) }, (_, index) => index);
  const bye = count % 2 === 1 ? count : -1;
  const rounds: [number, number][][] = [];
  for (let round = 0; round < slots.length - 1; round++) {
    const pairs: [number, number][] = [];
    for (let index = 0; index < slots.length / 2; index++) {
      const a = slots[index];
      const b = slots[slots.length - 1 - index];
      if (a !== bye && b !== bye) pairs.push([a, b]);
    }
    rounds.push(pairs);
    // Keep slot 0 fixed and rotate the rest one step.
    slots.splice(1, 0, slots.pop() as number);
  }
  return rounds;
}

/**
 * Every game of a round robin in play order. Throws a RangeError when `scheduleProblem` finds one.
 * @example roundRobinSchedule(["alice", "bob", "carol"], 2, 7).length // 6
 */
export function roundRobinSchedule(bots: readonly string[], gamesPerPair: number, seed: number): ScheduledGame[] {
  const problem = scheduleProblem(bots, gamesPerPair);
  if (problem) throw new RangeError(`schedule: ${problem}`);
  const random = seededRandom(seed);
  const order = shuffleInPlace([...bots], random);
  const rounds = circleRounds(order.length);
  // Per pair (by order index), whether the lower index gives first in even cycles.
  const lowerFirst = new Map<string, boolean>();
  for (const pairs of rounds) for (const [a, b] of pairs) lowerFirst.set(`${Math.min(a, b)}:${Math.max(a, b)}`, random() < 0.5);

  const games: ScheduledGame[] = [];
  for (let cycle = 0; cycle < gamesPerPair; cycle++) {
    rounds.forEach((pairs, roundInCycle) => {
      for (const [a, b] of pairs) {
        const [low, high] = a < b ? [a, b] : [b, a];
        const lowGivesFirst = lowerFirst.get(`${low}:${high}`) === (cycle % 2 === 0);
        const [first, second] = lowGivesFirst ? [order[low], order[high]] : [order[high], order[low]];
        games.push({ index: games.length, gameId: `g${games.length + 1}`, round: cycle * rounds.length + roundInCycle, first, second });
      }
    });
  }
  return games;
}
