/**
 * Schedules: the round robin, the gauntlet (one bot against each bot of a field) and the SPRT match
 * (two bots, game pairs up to a limit). Every pair of bots plays an even number of games in cycles; the
 * bot that gives first alternates between cycles, so exactly half of a pair's games have each bot
 * giving first. With openings, cycles 2j and 2j+1 start from the same opening (the bots' seats swapped):
 * those two games are a *pair*, numbered by `pair`, and nothing else comes between their cycles. The
 * round robin's cycles use the circle method (every bot once per round, a bye when the count is odd).
 * The seed shuffles the bots, picks per pair who gives first in the first cycle, and orders the openings.
 */
import type { MatchOpening } from "../match/index.ts";
import { seededRandom, shuffleInPlace } from "../engine/index.ts";

export interface ScheduledGame {
  /** Position in play order, from 0. */
  index: number;
  /** Stable id of the game in its tournament: `g1`, `g2`, ... in play order. */
  gameId: string;
  /** The cycle and pairing round the game belongs to, from 0. */
  round: number;
  /** The bot that makes the opening give (seat 0 of the match). */
  first: string;
  second: string;
  /** The opening the game starts from: its moves are the record's first ones. */
  opening?: MatchOpening;
  /** The game pair it belongs to: the two games from one opening with the seats swapped (paired schedules only). */
  pair?: number;
}

export const MAX_GAMES_PER_PAIR = 1000;

/** Why a schedule cannot be built, or null. */
export function scheduleProblem(bots: readonly string[], gamesPerPair: number, maxGamesPerPair = MAX_GAMES_PER_PAIR): string | null {
  if (bots.length < 2) return "a tournament needs at least two bots";
  if (new Set(bots).size !== bots.length) return "bot names must be unique";
  if (!Number.isInteger(gamesPerPair) || gamesPerPair < 2 || gamesPerPair % 2 !== 0 || gamesPerPair > maxGamesPerPair) {
    return `games per pair must be an even integer from 2 to ${maxGamesPerPair}, so each bot gives first in half of them`;
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
 * The games of `rounds` (pairs of indexes into `order`) repeated `gamesPerPair` times. `random` has
 * already shuffled `order`; here it draws who gives first per pair, then the order of the openings.
 */
function cycles(
  order: readonly string[],
  rounds: [number, number][][],
  gamesPerPair: number,
  random: () => number,
  openings: readonly MatchOpening[],
): ScheduledGame[] {
  // Per pair (by order index), whether the lower index gives first in even cycles.
  const lowerFirst = new Map<string, boolean>();
  for (const pairs of rounds) for (const [a, b] of pairs) lowerFirst.set(`${Math.min(a, b)}:${Math.max(a, b)}`, random() < 0.5);
  const openingOrder = shuffleInPlace([...openings], random);
  const paired = openingOrder.length > 0;
  const pairIds = new Map<string, number>();

  const games: ScheduledGame[] = [];
  for (let cycle = 0; cycle < gamesPerPair; cycle++) {
    rounds.forEach((pairs, roundInCycle) => {
      for (const [a, b] of pairs) {
        const [low, high] = a < b ? [a, b] : [b, a];
        const lowGivesFirst = lowerFirst.get(`${low}:${high}`) === (cycle % 2 === 0);
        const [first, second] = lowGivesFirst ? [order[low], order[high]] : [order[high], order[low]];
        const game: ScheduledGame = { index: games.length, gameId: `g${games.length + 1}`, round: cycle * rounds.length + roundInCycle, first, second };
        if (paired) {
          const key = `${cycle >> 1}:${low}:${high}`;
          if (!pairIds.has(key)) pairIds.set(key, pairIds.size);
          game.opening = openingOrder[(cycle >> 1) % openingOrder.length];
          game.pair = pairIds.get(key);
        }
        games.push(game);
      }
    });
  }
  return games;
}

/**
 * Every game of a round robin in play order. With `openings`, each pair of cycles plays the next
 * opening (in an order drawn from the seed, round and round the list) with the seats swapped. Throws a
 * RangeError when `scheduleProblem` finds one.
 * @example roundRobinSchedule(["alice", "bob", "carol"], 2, 7).length // 6
 */
export function roundRobinSchedule(bots: readonly string[], gamesPerPair: number, seed: number, openings: readonly MatchOpening[] = []): ScheduledGame[] {
  const problem = scheduleProblem(bots, gamesPerPair);
  if (problem) throw new RangeError(`schedule: ${problem}`);
  const random = seededRandom(seed);
  const order = shuffleInPlace([...bots], random);
  return cycles(order, circleRounds(order.length), gamesPerPair, random, openings);
}

/**
 * A gauntlet: `challenger` against each bot of `field`, `gamesPerPair` games each, paired on the
 * openings as in a round robin; the field's bots never meet. Every cycle is one round (the challenger
 * is in all of its games: how many it plays at once is the runner's `gamesPerBot`).
 */
export function gauntletSchedule(
  challenger: string,
  field: readonly string[],
  gamesPerPair: number,
  seed: number,
  openings: readonly MatchOpening[] = [],
): ScheduledGame[] {
  const problem = scheduleProblem([challenger, ...field], gamesPerPair);
  if (problem) throw new RangeError(`schedule: ${problem}`);
  const random = seededRandom(seed);
  const order = [challenger, ...shuffleInPlace([...field], random)];
  const round: [number, number][] = order.slice(1).map((_, index) => [0, index + 1]);
  return cycles(order, [round], gamesPerPair, random, openings);
}

/** The most games of an SPRT match. */
export const MAX_SPRT_GAMES = 100_000;

/**
 * The games of an SPRT match between `test` and `base`: game pairs, one per opening in turn, the two
 * games of a pair next to each other, up to `maxGames` (even). The test stops it early.
 */
export function sprtSchedule(test: string, base: string, maxGames: number, seed: number, openings: readonly MatchOpening[] = []): ScheduledGame[] {
  const problem = scheduleProblem([test, base], maxGames, MAX_SPRT_GAMES);
  if (problem) throw new RangeError(`schedule: ${problem.replace("games per pair", "the game limit")}`);
  const random = seededRandom(seed);
  const games = cycles([test, base], [[[0, 1]]], maxGames, random, openings.length > 0 ? openings : [START_OPENING]);
  return openings.length > 0 ? games : games.map(({ opening: _, ...game }) => game);
}

/** The empty board as an opening: games paired from the start when no suite is given. */
const START_OPENING: MatchOpening = { name: "start", moves: [] };
