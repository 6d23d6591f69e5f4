/** A small seeded generator (mulberry32): the same seed gives the same choices everywhere. */
export type RandomSource = () => number;

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
