/**
 * Seeded randomness: a small generator (mulberry32), so the same seed gives the same choices everywhere,
 * and the one string hash that turns ids into seeds (engine seats, built-in bots, schedules).
 */
export type RandomSource = () => number;

/**
 * FNV-1a over the UTF-16 code units of `text`, mixed with `seed`: a 32-bit unsigned seed, so a match id
 * and a ply (or a tournament, a match and a ply) give the same engine choices on every replay.
 */
export function hashSeed(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Uniform floats in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return function nextRandom(): number {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomIndex(random: RandomSource, n: number): number {
  return Math.floor(random() * n);
}

/** Fisher-Yates, in place. */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1);
    const swap = items[i];
    items[i] = items[j];
    items[j] = swap;
  }
  return items;
}
