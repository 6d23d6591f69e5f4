/**
 * A Swiss tournament's rounds, records and rules around the pairing itself (dutch.ts): the seed draws
 * the pairing numbers, the order of the openings and round 1's first lead (swissPlan); each round is
 * paired from the records of the games so far (swissRecords, swissRoundGames); each pairing is
 * `gamesPerPair` games, game pairs from one opening each with the seats swapped, so first moves are
 * balanced in every round; a bye is worth half a pairing's points (gamesPerPair / 2, the half-point bye
 * C.04.3 A.5 allows), so it neither wins nor loses the round. Also how many rounds a field can play
 * and each round's results as the views show them.
 */
import { seededRandom, shuffleInPlace } from "../engine/index.ts";
import type { MatchOpening } from "../match/index.ts";
import { pairSwissRound, type SwissRecord } from "./dutch.ts";
import type { ScheduledGame } from "./schedule.ts";

/** The default number of rounds: ceil(log2 N) + 1, as chess Swiss events and Lichess use (at most `maxSwissRounds`). */
export function defaultSwissRounds(players: number): number {
  return Math.min(maxSwissRounds(players), Math.ceil(Math.log2(Math.max(2, players))) + 1);
}

/** The most rounds a field can play with no pairing repeated and at most one bye each: N - 1 (even N) or N (odd N). */
export function maxSwissRounds(players: number): number {
  return players % 2 === 0 ? players - 1 : players;
}

/** A played game as the Swiss history reads it. */
export interface SwissGame {
  /** Play order: the lower index of a pair's games is its first game. */
  index: number;
  round: number;
  first: string;
  second: string;
  /** The winner's name, null for a draw; `counts` false for a game without a result (aborted). */
  winner: string | null;
  counts: boolean;
}

/**
 * Each player's record after the given games and byes (per round, the bots that had one, each worth
 * `byePoints`): points, who it met, its byes and its leads. `order` is the initial ranking.
 */
export function swissRecords(order: readonly string[], games: readonly SwissGame[], byes: readonly (readonly string[])[], byePoints: number): SwissRecord[] {
  const records = new Map(order.map((bot, number) => [bot, { bot, number, points: 0, opponents: new Set<string>(), byes: 0, leads: [] as boolean[] }]));
  const get = (bot: string) => {
    const record = records.get(bot);
    if (!record) throw new RangeError(`swiss: ${bot} is not in the field`);
    return record;
  };
  // A pair's lead is its first game's first bot, one per round and pair of bots.
  const leads = new Map<string, SwissGame>();
  for (const game of [...games].sort((x, y) => x.index - y.index)) {
    const first = get(game.first);
    const second = get(game.second);
    first.opponents.add(game.second);
    second.opponents.add(game.first);
    if (game.counts) {
      if (game.winner === null) {
        first.points += 0.5;
        second.points += 0.5;
      } else get(game.winner).points += 1;
    }
    const key = `${game.round}\u0000${[game.first, game.second].sort().join("\u0000")}`;
    if (!leads.has(key)) leads.set(key, game);
  }
  for (const game of [...leads.values()].sort((x, y) => x.round - y.round || x.index - y.index)) {
    get(game.first).leads.push(true);
    get(game.second).leads.push(false);
  }
  for (const round of byes) {
    for (const bot of round) {
      const record = get(bot);
      record.byes += 1;
      record.points += byePoints;
    }
  }
  return [...records.values()];
}

/** What the seed decides for a Swiss: the pairing numbers, the openings' order, round 1's first lead. */
export interface SwissPlan {
  /** The bots in pairing-number order. */
  order: string[];
  openings: MatchOpening[];
  topLeadsFirst: boolean;
}

export function swissPlan(bots: readonly string[], seed: number, openings: readonly MatchOpening[] = []): SwissPlan {
  const random = seededRandom(seed);
  const order = shuffleInPlace([...bots], random);
  return { order, openings: shuffleInPlace([...openings], random), topLeadsFirst: random() < 0.5 };
}

/** A bye's points: half of what a pairing of `gamesPerPair` games is worth. */
export const swissByePoints = (gamesPerPair: number): number => gamesPerPair / 2;

/** A game of the tournament so far as the next round's pairing reads it (a stored game state fits). */
export interface SwissPlayedGame {
  index: number;
  round: number;
  first: string;
  second: string;
  status: string;
  outcome: { winner: string | null; reason: string } | null;
}

/**
 * The games of Swiss round `round` (from 0) after `played` (every game of the rounds before) and the
 * byes of those rounds, numbered from `firstIndex`, or null when no legal pairing is left. Each pairing
 * is `gamesPerPair / 2` game pairs from the next openings in the plan's order (none: the empty board);
 * in the round's order, every board's first game of a pair, then every board's second (the seats
 * swapped), so games of different boards can run at once.
 */
export function swissRoundGames(
  plan: SwissPlan,
  played: readonly SwissPlayedGame[],
  byes: readonly (readonly string[])[],
  round: number,
  gamesPerPair: number,
  firstIndex: number,
): { games: ScheduledGame[]; byes: string[] } | null {
  const games: SwissGame[] = played.map((game) => ({
    index: game.index,
    round: game.round,
    first: game.first,
    second: game.second,
    winner: game.outcome?.winner ?? null,
    counts: game.status === "finished" && game.outcome !== null && game.outcome.reason !== "aborted" && game.outcome.reason !== "cancelled",
  }));
  const records = swissRecords(plan.order, games, byes, swissByePoints(gamesPerPair));
  const pairedRound = pairSwissRound(records, { topLeadsFirst: plan.topLeadsFirst });
  if (pairedRound === null) return null;
  const pairsPerPairing = gamesPerPair / 2;
  const firstPair = Math.floor(firstIndex / 2);
  const scheduled: ScheduledGame[] = [];
  for (let slot = 0; slot < pairsPerPairing; slot++) {
    for (const swapped of [false, true]) {
      pairedRound.pairings.forEach((pairing, board) => {
        const pair = firstPair + board * pairsPerPairing + slot;
        const index = firstIndex + scheduled.length;
        const [first, second] = swapped ? [pairing.second, pairing.first] : [pairing.first, pairing.second];
        const game: ScheduledGame = { index, gameId: `g${index + 1}`, round, first, second, pair };
        if (plan.openings.length > 0) game.opening = plan.openings[pair % plan.openings.length];
        scheduled.push(game);
      });
    }
  }
  return { games: scheduled, byes: pairedRound.byes };
}

/** Why a Swiss of `bots` bots cannot play `rounds` rounds, or null. */
export function swissRoundsProblem(bots: number, rounds: number): string | null {
  const most = maxSwissRounds(bots);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > most) return `${bots} bots can play 1 to ${most} rounds (no pairing repeated, at most one bye each)`;
  return null;
}

/** One pairing of a round, from its games: who led, the points of each, and whether its games are all over. */
interface SwissPairingResult {
  /** Moved first in the pairing's first game. */
  first: string;
  second: string;
  firstPoints: number;
  secondPoints: number;
  /** Its games, and how many are over. */
  games: number;
  over: number;
}

export interface SwissRoundResult {
  /** From 0, as the games' `round`. */
  round: number;
  /** Board order (the order its games were scheduled in). */
  pairings: SwissPairingResult[];
  byes: string[];
}

/**
 * Each paired round's pairings and byes, read off the games (a game is over when finished or cancelled;
 * points count finished games that have a result, as the standings do).
 */
export function swissRoundResults(games: readonly SwissPlayedGame[], byes: readonly (readonly string[])[]): SwissRoundResult[] {
  const rounds: SwissRoundResult[] = byes.map((roundByes, round) => ({ round, pairings: [], byes: [...roundByes] }));
  const boards = new Map<string, SwissPairingResult>();
  for (const game of [...games].sort((x, y) => x.index - y.index)) {
    const key = `${game.round}\u0000${[game.first, game.second].sort().join("\u0000")}`;
    let pairing = boards.get(key);
    if (!pairing) {
      pairing = { first: game.first, second: game.second, firstPoints: 0, secondPoints: 0, games: 0, over: 0 };
      boards.set(key, pairing);
      (rounds[game.round] ??= { round: game.round, pairings: [], byes: [] }).pairings.push(pairing);
    }
    pairing.games++;
    if (game.status === "finished" || game.status === "cancelled") pairing.over++;
    const outcome = game.outcome;
    if (game.status !== "finished" || outcome === null || outcome.reason === "aborted" || outcome.reason === "cancelled") continue;
    if (outcome.winner === null) {
      pairing.firstPoints += 0.5;
      pairing.secondPoints += 0.5;
    } else if (outcome.winner === pairing.first) pairing.firstPoints += 1;
    else pairing.secondPoints += 1;
  }
  return rounds;
}
