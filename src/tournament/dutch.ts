/**
 * Dutch pairing: one Swiss round at a time, by score groups, after the FIDE Dutch system (Handbook
 * C.04.3, the 2012 text: A.2 order, A.3 score brackets, C.4-C.8 the S1/S2 split with D.1 transpositions
 * and D.2 exchanges). Pure and deterministic: the same records give the same round, so a host that dies
 * while pairing pairs the same round again.
 *
 * - Players are ranked by points, then pairing number (the initial ranking: the host draws it from the
 *   seed). Brackets are taken from the top; players left unpaired in a bracket are moved down to the next
 *   one and paired first there (a bracket that is at least half moved-down players is paired as one
 *   group, A.3).
 * - In a bracket of `2p` or more players the top `p` (S1) meet the next ones (S2) in order, 1-5, 2-6,
 *   3-7, 4-8; when that would repeat a pairing, S2 is transposed in D.1's order (5-6-8-7, 5-7-6-8, ...),
 *   then one player of S1 is exchanged with one of S2 in D.2's order; failing that any pairing inside the
 *   bracket is taken, and failing that fewer pairs (more players move down).
 * - Absolute criteria: no two players meet twice, and a player has at most one bye. A bracket's pairing
 *   is taken only if everyone below it can still be paired (C.04.3's completion): checked exactly by a
 *   maximum matching when few players remain, and by Dirac's theorem when many do (a set of `m` players
 *   in which each has met fewer than `m / 2 - 1` of the others has a perfect matching). If the bounded
 *   search of a bracket runs out, a maximum matching of the whole field (matching.ts, from a greedy start
 *   in ranking order) pairs the round, so a legal round is found whenever one exists; `null` means none
 *   exists (every remaining pairing was played, or no one left may take the bye).
 * - The bye (an odd field) goes to the lowest-ranked player without one whose absence leaves a field
 *   that can be paired (C.04.1.c/d).
 * - Who leads each pairing (moves first in its first game) is allocated as the Dutch system allocates
 *   colours (swiss-leads.ts).
 *
 * Cost: a round of 1,024 players is paired in a few milliseconds (npm run bench:scale).
 */
import { maximumMatching } from "./matching.ts";
import { allocateLead, mustLead } from "./swiss-leads.ts";

/** A player as the pairing sees it before a round. */
export interface SwissRecord {
  bot: string;
  /** The pairing number, from 0: the initial ranking (the host's seeded order). */
  number: number;
  /** Points so far, byes included. */
  points: number;
  /** The players it met. */
  opponents: ReadonlySet<string>;
  /** Byes it received (at most one). */
  byes: number;
  /** For each pairing it played, in order: whether it moved first in the pair's first game. */
  leads: readonly boolean[];
}

interface SwissPairing {
  /** Moves first in the pair's first game (the second game swaps the seats). */
  first: string;
  second: string;
}

export interface SwissRound {
  /** Board order: the top pairing first. */
  pairings: SwissPairing[];
  /** The player without an opponent this round (an odd field), or none. */
  byes: string[];
}

export interface SwissOptions {
  /** Whether the top player leads on board 1 in round 1 (the host draws it from the seed). */
  topLeadsFirst?: boolean;
  /** Search steps per bracket before the whole-field matching takes over (tests lower it). */
  budget?: number;
}

const DEFAULT_BUDGET = 20_000;
/** The single exchanges tried in a bracket before any pairing inside it is (the closest ones matter). */
const MAX_EXCHANGES = 64;

/** Running out of search steps in a bracket. */
class OutOfBudget extends Error {}

/**
 * Pairs the next round of a Swiss for `records` (every player of the field). Null when no legal pairing
 * exists. Throws a RangeError for records that are not a field (duplicate names or pairing numbers).
 */
export function pairSwissRound(records: readonly SwissRecord[], options: SwissOptions = {}): SwissRound | null {
  const n = records.length;
  const indexOf = new Map(records.map((record, index) => [record.bot, index]));
  if (indexOf.size !== n || new Set(records.map((record) => record.number)).size !== n) {
    throw new RangeError("swiss: every player needs its own name and pairing number");
  }
  const met = records.map((record) => new Set([...record.opponents].flatMap((name) => indexOf.get(name) ?? [])));
  const metCount = met.map((set) => set.size);
  const compatible = (a: number, b: number): boolean => a !== b && !met[a].has(b);
  // A.2: by points, then pairing number.
  const ranking = records.map((_, index) => index).sort((x, y) => records[y].points - records[x].points || records[x].number - records[y].number);
  const rankOf = new Int32Array(n);
  ranking.forEach((player, rank) => {
    rankOf[player] = rank;
  });
  const completable = (set: readonly number[]): boolean => canPairAll(set, metCount, compatible);

  // The bye: the lowest-ranked player without one whose absence leaves a field that can be paired.
  let bye = -1;
  let field = ranking;
  if (n % 2 === 1) {
    for (let rank = n - 1; rank >= 0 && bye < 0; rank--) {
      const candidate = ranking[rank];
      if (records[candidate].byes > 0) continue;
      const rest = ranking.filter((player) => player !== candidate);
      if (completable(rest)) {
        bye = candidate;
        field = rest;
      }
    }
    if (bye < 0) return null;
  } else if (!completable(field)) {
    return null;
  }

  // B.2 (as a preference): two players who both must lead (or both must follow) their next pair do not
  // meet when the bracket can do without it.
  const must = records.map((record) => mustLead(record.leads));
  const suited = (a: number, b: number): boolean => compatible(a, b) && (must[a] === null || must[a] !== must[b]);
  let pairs: [number, number][];
  try {
    pairs = pairByBrackets(field, records, [suited, compatible], completable, options.budget ?? DEFAULT_BUDGET);
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    pairs = wholeFieldPairs(field, compatible);
  }
  pairs.sort((x, y) => Math.min(rankOf[x[0]], rankOf[x[1]]) - Math.min(rankOf[y[0]], rankOf[y[1]]));
  const topLeads = options.topLeadsFirst ?? true;
  return {
    pairings: pairs.map(([a, b], board) => {
      const [higher, lower] = rankOf[a] < rankOf[b] ? [a, b] : [b, a];
      const higherLeads = allocateLead(records[higher].leads, records[lower].leads, board % 2 === 0 ? topLeads : !topLeads);
      return higherLeads ? { first: records[higher].bot, second: records[lower].bot } : { first: records[lower].bot, second: records[higher].bot };
    }),
    byes: bye < 0 ? [] : [records[bye].bot],
  };
}

/**
 * Whether `set` (even, or it cannot be) splits into pairs that have not met: Dirac's theorem when every
 * player has met fewer than half the set, less one (a Hamiltonian cycle exists, so a perfect matching
 * does), otherwise a maximum matching.
 */
function canPairAll(set: readonly number[], metCount: Int32Array | readonly number[], compatible: (a: number, b: number) => boolean): boolean {
  const m = set.length;
  if (m % 2 === 1) return false;
  if (m === 0) return true;
  let most = 0;
  for (const player of set) if (metCount[player] > most) most = metCount[player];
  if (m >= 2 * most + 2) return true;
  const mate = maximumMatching(set, compatible);
  return mate.every((partner) => partner >= 0);
}

/** C.1-C.13 (simplified): every bracket from the top, its unpaired players moved down. Throws OutOfBudget. */
function pairByBrackets(
  field: readonly number[],
  records: readonly SwissRecord[],
  compatible: readonly ((a: number, b: number) => boolean)[],
  completable: (set: readonly number[]) => boolean,
  budget: number,
): [number, number][] {
  const groups: number[][] = [];
  for (const player of field) {
    const last = groups.at(-1);
    if (last && records[last[0]].points === records[player].points) last.push(player);
    else groups.push([player]);
  }
  const pairs: [number, number][] = [];
  let moved: number[] = [];
  let below = field.length;
  for (let group = 0; group < groups.length; group++) {
    below -= groups[group].length;
    const lower = field.slice(field.length - below);
    const bracket = [...moved, ...groups[group]];
    const result = pairBracket(bracket, moved.length, lower, group === groups.length - 1, compatible, completable, budget);
    pairs.push(...result.pairs);
    moved = result.floaters;
  }
  if (moved.length > 0) throw new OutOfBudget();
  return pairs;
}

interface BracketResult {
  pairs: [number, number][];
  floaters: number[];
}

/**
 * One bracket (moved-down players first, then residents, each in ranking order): as many pairs as
 * possible such that its floaters and everyone below can still be paired, under the first of
 * `compatible` (strictest first) that allows it.
 */
function pairBracket(
  bracket: readonly number[],
  movedDown: number,
  lower: readonly number[],
  last: boolean,
  compatible: readonly ((a: number, b: number) => boolean)[],
  completable: (set: readonly number[]) => boolean,
  budget: number,
): BracketResult {
  const most = Math.floor(bracket.length / 2);
  const fewest = last ? bracket.length / 2 : 0;
  const steps = { left: budget };
  for (let pairs = most; pairs >= fewest; pairs--) {
    const accept = (floaters: readonly number[]) => completable(last ? floaters : [...floaters, ...lower]);
    // The stricter criteria first (lead wishes respected), then the absolute ones alone.
    for (const criteria of compatible) {
      const found = searchBracket(bracket, movedDown, pairs, criteria, accept, steps);
      if (found) return found;
    }
  }
  if (last) throw new OutOfBudget();
  // Nothing paired here: the whole bracket moves down (the check above the bracket made that possible).
  return { pairs: [], floaters: [...bracket] };
}

/**
 * `count` pairs in the bracket, in the Dutch order of preference: moved-down players first (each with the
 * highest resident it may meet), then the homogeneous remainder by S1/S2.
 */
function searchBracket(
  bracket: readonly number[],
  movedDown: number,
  count: number,
  compatible: (a: number, b: number) => boolean,
  accept: (floaters: readonly number[]) => boolean,
  steps: { left: number },
): BracketResult | null {
  // A.3: a bracket at least half moved-down players is treated as homogeneous.
  const heterogeneous = movedDown > 0 && movedDown * 2 < bracket.length;
  if (!heterogeneous) return homogeneous(bracket, [], count, compatible, accept, steps);
  const mdps = bracket.slice(0, movedDown);
  const residents = bracket.slice(movedDown);
  const paired = Math.min(mdps.length, count);
  // The moved-down players beyond `paired` move down again (the lowest of them).
  const stay = mdps.slice(0, paired);
  const again = mdps.slice(paired);
  const used = new Uint8Array(residents.length);
  const chosen: [number, number][] = [];
  let result: BracketResult | null = null;
  const pick = (index: number): boolean => {
    if (--steps.left < 0) throw new OutOfBudget();
    if (index === stay.length) {
      const remainder = residents.filter((_, position) => used[position] === 0);
      result = homogeneous(remainder, again, count - paired, compatible, accept, steps);
      if (result) result = { pairs: [...chosen, ...result.pairs], floaters: result.floaters };
      return result !== null;
    }
    for (let position = 0; position < residents.length; position++) {
      if (used[position] || !compatible(stay[index], residents[position])) continue;
      used[position] = 1;
      chosen.push([stay[index], residents[position]]);
      if (pick(index + 1)) return true;
      chosen.pop();
      used[position] = 0;
    }
    return false;
  };
  pick(0);
  return result;
}

/**
 * `count` pairs in a homogeneous group (ranking order): S1 = the top `count`, S2 = the rest; S1's players
 * in order take S2's players in D.1's transposition order; then D.2's exchanges; then any pairing inside
 * the group. `extra` are players that float whatever happens (moved-down players left over).
 */
function homogeneous(
  group: readonly number[],
  extra: readonly number[],
  count: number,
  compatible: (a: number, b: number) => boolean,
  accept: (floaters: readonly number[]) => boolean,
  steps: { left: number },
): BracketResult | null {
  if (count * 2 > group.length) return null;
  if (count === 0) return accept([...extra, ...group]) ? { pairs: [], floaters: [...extra, ...group] } : null;
  const done = (pairs: [number, number][], floaters: readonly number[]): BracketResult | null =>
    accept([...extra, ...floaters]) ? { pairs, floaters: [...extra, ...floaters] } : null;
  const s1 = group.slice(0, count);
  const s2 = group.slice(count);
  let found: BracketResult | null = null;
  transpositions(s1, s2, compatible, steps, (pairs, rest) => {
    found = done(pairs, rest);
    return found !== null;
  });
  if (found) return found;
  // D.2: one player of S1 exchanged with one of S2, the closest first; both halves kept in ranking order.
  for (const [from, to] of exchangeOrder(s1.length, s2.length).slice(0, MAX_EXCHANGES)) {
    const position = (player: number) => group.indexOf(player);
    const nextS1 = [...s1.filter((_, index) => index !== from), s2[to]].sort((x, y) => position(x) - position(y));
    const nextS2 = [...s2.filter((_, index) => index !== to), s1[from]].sort((x, y) => position(x) - position(y));
    transpositions(nextS1, nextS2, compatible, steps, (pairs, rest) => {
      found = done(pairs, rest);
      return found !== null;
    });
    if (found) return found;
  }
  // Any pairing inside the group: the highest unpaired player with the next it may meet.
  anyPairing(group, count, compatible, steps, (pairs, rest) => {
    found = done(pairs, rest);
    return found !== null;
  });
  return found;
}

/**
 * D.1: S1's players in order each take a player of S2, in lexicographic order of S2's permutations
 * (5-6-7-8, 5-6-8-7, 5-7-6-8, ...), skipping pairs that met; `visit` gets each complete candidate (the
 * pairs, then S2's unpaired players in order) and stops the search by returning true.
 */
export function transpositions(
  s1: readonly number[],
  s2: readonly number[],
  compatible: (a: number, b: number) => boolean,
  steps: { left: number },
  visit: (pairs: [number, number][], rest: number[]) => boolean,
): boolean {
  const used = new Uint8Array(s2.length);
  const pairs: [number, number][] = [];
  const go = (index: number): boolean => {
    if (--steps.left < 0) throw new OutOfBudget();
    if (index === s1.length) {
      return visit(
        [...pairs],
        s2.filter((_, position) => used[position] === 0),
      );
    }
    for (let position = 0; position < s2.length; position++) {
      if (used[position] || !compatible(s1[index], s2[position])) continue;
      used[position] = 1;
      pairs.push([s1[index], s2[position]]);
      if (go(index + 1)) return true;
      pairs.pop();
      used[position] = 0;
    }
    return false;
  };
  return go(0);
}

/**
 * D.2: the single exchanges between S1 (positions 0..s1 - 1 of the bracket) and S2 (the positions after
 * it), as [index in S1, index in S2]: the smallest difference of bracket positions first, and among
 * equal differences the one with the lowest S1 player first.
 */
export function exchangeOrder(s1: number, s2: number): [number, number][] {
  const options: [number, number][] = [];
  for (let from = 0; from < s1; from++) for (let to = 0; to < s2; to++) options.push([from, to]);
  const gap = ([from, to]: [number, number]) => s1 + to - from;
  return options.sort((x, y) => gap(x) - gap(y) || y[0] - x[0]);
}

/** Any `count` pairs inside `group`: the highest unpaired player takes the first player below it it may meet. */
function anyPairing(
  group: readonly number[],
  count: number,
  compatible: (a: number, b: number) => boolean,
  steps: { left: number },
  visit: (pairs: [number, number][], rest: number[]) => boolean,
): boolean {
  const used = new Uint8Array(group.length);
  const pairs: [number, number][] = [];
  const go = (from: number, left: number): boolean => {
    if (--steps.left < 0) throw new OutOfBudget();
    if (left === 0)
      return visit(
        [...pairs],
        group.filter((_, position) => used[position] !== 1),
      );
    // Players that stay unpaired come from anywhere; the highest unpaired either pairs or is left out.
    let top = from;
    while (top < group.length && used[top]) top++;
    if (group.length - top - countUsed(used, top) < 2 * left) return false;
    used[top] = 1;
    for (let position = top + 1; position < group.length; position++) {
      if (used[position] || !compatible(group[top], group[position])) continue;
      used[position] = 1;
      pairs.push([group[top], group[position]]);
      if (go(top + 1, left - 1)) return true;
      pairs.pop();
      used[position] = 0;
    }
    used[top] = 0;
    // Leave `top` unpaired (it floats) and pair from the next one.
    used[top] = 2;
    const floated = go(top + 1, left);
    used[top] = 0;
    return floated;
  };
  return go(0, count);
}

function countUsed(used: Uint8Array, from: number): number {
  let count = 0;
  for (let index = from; index < used.length; index++) if (used[index]) count++;
  return count;
}

/** The safety net: a maximum matching of the whole field (it exists: the field was checked), greedy in ranking order first. */
function wholeFieldPairs(field: readonly number[], compatible: (a: number, b: number) => boolean): [number, number][] {
  const mate = maximumMatching(field, compatible);
  const pairs: [number, number][] = [];
  mate.forEach((partner, index) => {
    if (partner > index) pairs.push([field[index], field[partner]]);
  });
  if (pairs.length * 2 !== field.length) throw new Error("swiss: the field has no perfect matching after all");
  return pairs;
}
