/**
 * Every committed book against the canonical key: each stored key unpacks to a representative whose key
 * is the same key, and the book's answer for that representative is the stored entry, in the same frame.
 * The key's minimisation lives in keys.ts (shared with the search); a change there that moved any
 * position to another key would strand entries here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { positionKey, representative } from "../../scripts/book-builder.ts";
import { type Book, decodeEntry, lookupBook, openBook } from "../../src/engine/book.ts";
import { ATTRIBUTE_BIT, ATTRIBUTES, makeRules, positionFromTrustedSetup } from "../../src/rules/index.ts";

const BOOKS = join(dirname(fileURLToPath(import.meta.url)), "../../books");
const files = readdirSync(BOOKS)
  .filter((name) => name.endsWith(".bin"))
  .sort();

/** The stored keys and entries of every tier (big-endian keys, then little-endian u16 entries). */
function* storedEntries(book: Book): Generator<{ empties: number; key: number; code: number }> {
  for (const tier of book.tiers) {
    const entriesAt = tier.offset + tier.count * tier.keyBytes;
    for (let i = 0; i < tier.count; i++) {
      let key = 0;
      for (let b = 0; b < tier.keyBytes; b++) key = key * 256 + book.bytes[tier.offset + i * tier.keyBytes + b];
      yield { empties: tier.empties, key, code: book.bytes[entriesAt + 2 * i] | (book.bytes[entriesAt + 2 * i + 1] << 8) };
    }
  }
}

describe("committed books and the canonical key", () => {
  it("has books to check", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const name of files) {
    it(`${name}: every key round-trips through its representative, and the lookup answers its entry`, () => {
      const book = openBook(readFileSync(join(BOOKS, name)));
      const squares = book.squares;
      const attributeMask = book.buildAttributeMask;
      const rules = makeRules({ squares, attributes: ATTRIBUTES.filter((attribute) => attributeMask & ATTRIBUTE_BIT[attribute]) });
      let checked = 0;
      let previous = -1;
      let previousEmpties = -1;
      for (const { empties, key, code } of storedEntries(book)) {
        if (empties !== previousEmpties) previous = -1;
        previousEmpties = empties;
        expect(key).toBeGreaterThan(previous);
        previous = key;
        const setup = representative(key, empties, attributeMask);
        const hand = setup.inHand as number;
        const roundTrip = positionKey(setup.board, hand, squares, attributeMask);
        if (roundTrip !== key) expect.fail(`${name}: tier ${empties}, key ${key} gives back ${roundTrip}`);
        const entry = decodeEntry(code);
        const answer = lookupBook(book, positionFromTrustedSetup(setup), rules);
        if (!answer) expect.fail(`${name}: tier ${empties}, key ${key}: no answer for its own representative`);
        // The representative is in the canonical frame, so the answer's cell is the entry's cell.
        if (answer.value !== entry.value || answer.pliesToEnd !== entry.pliesToEnd || answer.move.place !== entry.cell) {
          expect.fail(`${name}: tier ${empties}, key ${key}: answer ${JSON.stringify(answer)} for entry ${JSON.stringify(entry)}`);
        }
        checked++;
      }
      expect(checked).toBe(book.entryCount);
    });
  }
});
