/**
 * The transposition table: a fixed-size Int32Array of two-entry buckets, one per isolate, allocated by
 * the first request that searches (never at import: a cold start that only reads positions stays cheap).
 * An entry is three words holding the whole canonical key (two words of attribute masks, occupancy in
 * the top half of the third), so a hit is never a hash collision, plus the score bounds and a 4-bit
 * generation: each searching request starts a new generation, which empties the table without touching
 * it, and answers do not depend on what earlier requests left behind.
 *
 * Two banks, one per priority class of engine work (scheduler.ts): a person's search that runs between
 * two slices of a background search uses the other bank, so the background search finds its table as it
 * left it. The background bank's 24 MiB are allocated only when background work first searches.
 */
import { popcount } from "../rules/index.ts";

/** Words 0 and 1: the attribute masks; word 2: occupancy << 16 | (lower + 17) << 10 | (upper + 17) << 4 | generation. */
const WORDS_PER_ENTRY = 3;
const SCORE_OFFSET = 17;

/** log2 of the bucket count: 2^20 buckets x 2 entries x 12 bytes = 24 MiB. */
const TABLE_BUCKET_BITS = 20;
const TABLE_BYTES = (1 << TABLE_BUCKET_BITS) * 2 * WORDS_PER_ENTRY * 4;

/** How many times a bank's words were allocated in this isolate (tests check it stays lazy): at most 2. */
let allocations = 0;
export const tableAllocations = (): number => allocations;

/** Bank 0 serves interactive work and every unsliced request; bank 1 background work. */
export type TableBank = 0 | 1;

class TranspositionTable {
  private words: Int32Array = new Int32Array(0);
  private generation = 0;
  private readonly shift = 32 - TABLE_BUCKET_BITS;
  private bank: TableBank = 0;
  /** The words and generation of the bank not in use (the one in use lives in `words` and `generation`). */
  private readonly parked: { words: Int32Array; generation: number; generationId: number }[] = [
    { words: new Int32Array(0), generation: 0, generationId: 0 },
    { words: new Int32Array(0), generation: 0, generationId: 0 },
  ];

  /** Switches to `bank`: the hot path keeps reading `words` and `generation`, swapped here. */
  useBank(bank: TableBank): void {
    if (bank === this.bank) return;
    this.parked[this.bank] = { words: this.words, generation: this.generation, generationId: this.generationId };
    const next = this.parked[bank];
    this.words = next.words;
    this.generation = next.generation;
    this.generationId = next.generationId;
    this.bank = bank;
  }

  /** Generations started in this isolate, all banks: a sliced request checks no other one started in its bank meanwhile. */
  private generationsStarted = 0;
  /** An id of the generation in use, unique in this isolate (the 4-bit generation wraps around). */
  private generationId = 0;

  get currentGeneration(): number {
    return this.generationId;
  }

  /** Starts a new request's search: earlier entries no longer count. Allocates on first use. */
  newGeneration(): void {
    this.generationId = ++this.generationsStarted;
    if (this.words.length === 0) {
      this.words = new Int32Array(TABLE_BYTES / 4);
      allocations++;
    }
    this.generation++;
    if (this.generation > 15) {
      this.words.fill(0);
      this.generation = 1;
    }
  }

  /** Bytes of every bank allocated so far. */
  get bytes(): number {
    return this.words.byteLength + (this.parked[this.bank === 0 ? 1 : 0]?.words.byteLength ?? 0);
  }

  private bucket(high: number, low: number, occupancy: number): number {
    const hash = Math.imul(high ^ Math.imul(low, 0x9e3779b1) ^ Math.imul(occupancy + 0x165667b1, 0x85ebca77), 0xc2b2ae3d);
    return ((hash ^ (hash >>> 15)) >>> this.shift) * 2 * WORDS_PER_ENTRY;
  }

  /** The word offset of the entry for this key, or -1. */
  find(high: number, low: number, occupancy: number): number {
    const words = this.words;
    const base = this.bucket(high, low, occupancy);
    const tag = (occupancy << 16) >>> 0;
    let word = words[base + 2];
    if (words[base] === high && words[base + 1] === low && (word & 0xffff0000) >>> 0 === tag && (word & 15) === this.generation) return base;
    word = words[base + 5];
    if (words[base + 3] === high && words[base + 4] === low && (word & 0xffff0000) >>> 0 === tag && (word & 15) === this.generation) return base + 3;
    return -1;
  }

  lower(entry: number): number {
    return ((this.words[entry + 2] >> 10) & 63) - SCORE_OFFSET;
  }

  upper(entry: number): number {
    return ((this.words[entry + 2] >> 4) & 63) - SCORE_OFFSET;
  }

  /** Records bounds for a key, tightening what an existing entry knows; prefers keeping bigger subtrees. */
  store(high: number, low: number, occupancy: number, lower: number, upper: number, empties: number): void {
    const words = this.words;
    let entry = this.find(high, low, occupancy);
    if (entry >= 0) {
      const oldLower = this.lower(entry);
      const oldUpper = this.upper(entry);
      if (oldLower > lower) lower = oldLower;
      if (oldUpper < upper) upper = oldUpper;
    } else {
      entry = this.bucket(high, low, occupancy);
      const word = words[entry + 2];
      const keep = (word & 15) === this.generation && 16 - popcount(word >>> 16) > empties;
      if (keep) entry += WORDS_PER_ENTRY;
    }
    words[entry] = high;
    words[entry + 1] = low;
    words[entry + 2] = (occupancy << 16) | ((lower + SCORE_OFFSET) << 10) | ((upper + SCORE_OFFSET) << 4) | this.generation;
  }
}

/** The one table of the isolate, shared by the exact search and (read-only) the heuristic search. */
export const table = new TranspositionTable();
