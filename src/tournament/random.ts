/**
 * Seeds derived from strings, so a game id gives the same reference-bot choices on every replay.
 * The generator itself is the engine's (mulberry32 in src/engine/random.ts).
 */

/** FNV-1a over the UTF-16 code units of `text`, mixed with `seed`: a 32-bit unsigned integer. */
export function hashSeed(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
