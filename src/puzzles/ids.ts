/**
 * A puzzle's id. It comes from the canonical key (key.ts), so a puzzle mined
 * twice or added to a set again keeps its id: 12 characters of a-z and 2-7 (the alphabet of the
 * service's other ids) from two 32-bit hashes of the key (60 bits).
 */
import { hashSeed } from "../engine/index.ts";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** The id of the puzzle with canonical key `key`. */
export function puzzleId(key: string): string {
  let id = "";
  for (const salt of [1, 2]) {
    let hash = hashSeed(key, salt);
    for (let i = 0; i < 6; i++) {
      id += ALPHABET[hash & 31];
      hash >>>= 5;
    }
  }
  return id;
}
