/**
 * The book's pure parts: the canonical positions of each tier against the counts of Burnside's
 * lemma (over 32 board maps x 384 relabellings, 8 x 384 with squares), the key's invariance under the
 * game's symmetries (generated in the test from their definitions), and the file format's checks.
 */
import { describe, expect, it } from "vitest";
import { deriveEntry, encodeBook, encodeEntry, enumerateTiers, positionKey, representative, unpackKey } from "../../scripts/book-builder.ts";
import {
  BOOK_FORMAT_VERSION,
  BookError,
  canonicalForm,
  crc32,
  decodeEntry,
  findEntry,
  giveRepresentatives,
  keyOf,
  lookupBook,
  openBook,
} from "../../src/engine/book.ts";
import { evaluate, type Value } from "../../src/engine/index.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { completedShapes, makeRules, playMove, positionFromTrustedSetup, type Setup } from "../../src/rules/index.ts";
import { ongoingPositions } from "./engine-positions.ts";
import { refSquares } from "./reference/quarto.ts";
import { generateGroup, INNER_OUTER, MIRROR, preservesShapes, RELABELLINGS, relabel, ROTATE, SWAP_MIDDLE } from "./reference/symmetries.ts";

const LINE_MAPS = generateGroup([ROTATE, MIRROR, SWAP_MIDDLE, INNER_OUTER]);
const SQUARE_MAPS = LINE_MAPS.filter((map) => preservesShapes(map, refSquares()));

/** The select-phase (no piece in hand) class of a board: the smallest key over every reference piece. */
function boardClass(board: readonly (number | null)[], squares: boolean, attributeMask: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let flip = 0; flip < 16; flip++) {
    const form = canonicalForm(board, flip, squares, attributeMask);
    best = Math.min(best, keyOf(form.occupancy, form.masks));
  }
  return best;
}

/** The pieces on the board and in hand, a bit per piece (the rules' bitboards). */
const usedPieces = (setup: Setup): number => positionFromTrustedSetup(setup).usedPieces;

/** The canonical keys (with a piece in hand) and boards of tier `empties - 1` whose board has a Quarto. */
function quartoChildren(tier: readonly number[], empties: number, squares: boolean) {
  const rules = makeRules({ squares });
  const keys = new Set<number>();
  const boards = new Set<number>();
  for (const key of tier) {
    const setup = representative(key, empties, 15);
    const board = [...setup.board];
    const hand = setup.inHand as number;
    for (let cell = 0; cell < 16; cell++) {
      if (board[cell] !== null) continue;
      board[cell] = hand;
      if (completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules, cell).length > 0) {
        boards.add(boardClass(board, squares, 15));
        for (const give of giveRepresentatives(usedPieces({ board, inHand: null }), 15)) keys.add(positionKey(board, give, squares, 15));
      }
      board[cell] = null;
    }
  }
  return { keys: keys.size, boards: boards.size };
}

const selectCount = (tier: readonly number[], empties: number, squares: boolean) =>
  new Set(tier.map((key) => boardClass(representative(key, empties, 15).board, squares, 15))).size;

describe("canonical positions per tier (Burnside counts)", () => {
  it("classic: 1, 8, 148, 3,382 positions with a piece in hand from 16 to 13 empty cells (1, 2, 40, 454 without)", () => {
    const tiers = enumerateTiers(false, 15, 13);
    expect(tiers.map((tier) => tier.length)).toEqual([1, 8, 148, 3382]);
    expect(tiers.map((tier, i) => selectCount(tier, 16 - i, false))).toEqual([1, 2, 40, 454]);
  });

  it("squares: 1, 12, 381, 12,113 positions with a piece in hand from 16 to 13 empty cells (1, 3, 84, 1,586 without)", () => {
    const tiers = enumerateTiers(true, 15, 13);
    expect(tiers.map((tier) => tier.length)).toEqual([1, 12, 381, 12113]);
    expect(tiers.map((tier, i) => selectCount(tier, 16 - i, true))).toEqual([1, 3, 84, 1586]);
  });

  it("classic at 12 empty cells: 91,746 (10,374 without a piece in hand), of which the tier holds those without a Quarto on the board", () => {
    const tiers = enumerateTiers(false, 15, 12);
    const tier12 = tiers[4];
    const withQuarto = quartoChildren(tiers[3], 13, false);
    expect(tier12.length + withQuarto.keys).toBe(91_746);
    expect(selectCount(tier12, 12, false) + withQuarto.boards).toBe(10_374);
    // The board of every entry is Quarto-free and reachable: no entry is a finished game.
    expect(withQuarto.keys).toBeGreaterThan(0);
  });
});

describe("the canonical key", () => {
  const random = seededRandom(10);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

  function randomPosition(pieces: number): { board: (number | null)[]; hand: number } {
    const order = Array.from({ length: 16 }, (_, i) => i).sort(() => random() - 0.5);
    const cells = Array.from({ length: 16 }, (_, i) => i).sort(() => random() - 0.5);
    const board: (number | null)[] = Array(16).fill(null);
    for (let i = 0; i < pieces; i++) board[cells[i]] = order[i];
    return { board, hand: order[pieces] };
  }

  for (const [name, squares, maps, attributeMask] of [
    ["classic", false, LINE_MAPS, 15],
    ["squares", true, SQUARE_MAPS, 15],
    ["two attributes", false, LINE_MAPS, 12],
  ] as const) {
    it(`is the same for every image of a position under the game's symmetries (${name})`, () => {
      const relabellings = RELABELLINGS.filter(({ bitMap }) => bitMap.every((to, from) => ((attributeMask >> from) & 1) === ((attributeMask >> to) & 1)));
      for (let trial = 0; trial < 200; trial++) {
        const { board, hand } = randomPosition(1 + Math.floor(random() * 8));
        const key = positionKey(board, hand, squares, attributeMask);
        const map = pick(maps);
        const relabelling = pick(relabellings);
        const image: (number | null)[] = Array(16).fill(null);
        board.forEach((piece, cell) => {
          if (piece !== null) image[map[cell]] = relabel(piece, relabelling);
        });
        expect(positionKey(image, relabel(hand, relabelling), squares, attributeMask)).toBe(key);
      }
    });
  }

  it("differs when one piece changes an attribute that counts, not when only an attribute out of play does", () => {
    const board: (number | null)[] = [0b0001, 0b0110, null, null, null, 0b1011, null, null, null, null, null, null, null, null, null, null];
    const hand = 0b1100;
    const changed = [...board];
    changed[5] = 0b1010; // fill flips
    expect(positionKey(changed, hand, false, 15)).not.toBe(positionKey(board, hand, false, 15));
    // With only height and color in play, the fill is invisible.
    expect(positionKey(changed, hand, false, 12)).toBe(positionKey(board, hand, false, 12));
  });

  it("unpacks to a representative with the same key, the piece in hand first of its class", () => {
    for (const [squares, attributeMask] of [
      [false, 15],
      [true, 14],
      [false, 8],
    ] as const) {
      const tiers = enumerateTiers(squares, attributeMask, 14);
      tiers.forEach((tier, index) => {
        for (const key of tier) {
          const setup = representative(key, 16 - index, attributeMask);
          expect(setup.board.filter((piece) => piece !== null)).toHaveLength(index);
          expect(positionKey(setup.board, setup.inHand as number, squares, attributeMask)).toBe(key);
          const { occupancy, masks } = unpackKey(key, index, masks4(attributeMask));
          expect(keyOf(occupancy, masks)).toBe(key);
        }
      });
    }
  });
});

const masks4 = (mask: number) => [1, 2, 4, 8].filter((bit) => mask & bit).length;

describe("minimax over the tier below", () => {
  // Deep positions (few empty cells), with the live solver standing in for the tier below.
  for (const rules of [makeRules(), makeRules({ squares: true }), makeRules({ attributes: ["color", "fill"] })]) {
    it(`gives the live solver's value and distance, and a move that keeps them (${rules.squares ? "squares" : rules.attributes.join("+")})`, () => {
      const values = new Set<string>();
      for (const position of ongoingPositions(rules, 7, 25, 77, true)) {
        const setup = representative(positionKey(position.board, position.inHand as number, rules.squares, rules.attributeMask), 7, rules.attributeMask);
        const child = (board: readonly (number | null)[], hand: number) => {
          const live = evaluate(positionFromTrustedSetup({ board: [...board], inHand: hand }), rules, { distance: true });
          return { value: live.value as Value, pliesToEnd: live.pliesToEnd as number, cell: 0, give: 0 };
        };
        const entry = deriveEntry(setup, rules.squares, rules.attributeMask, child);
        const live = evaluate(position, rules, { distance: true });
        expect([entry.value, entry.pliesToEnd]).toEqual([live.value, live.pliesToEnd]);
        values.add(entry.value);
        // The entry's move, played on the representative, reaches a child worth exactly that.
        const representativePosition = positionFromTrustedSetup(setup);
        const give =
          entry.give < 0
            ? undefined
            : [0, 1, 2, 3].filter((bit) => (rules.attributeMask >> bit) & 1).reduce((piece, bit, j) => piece | (((entry.give >> j) & 1) << bit), 0);
        const giveClass = giveRepresentatives(usedPieces(setup), rules.attributeMask).find((piece) => (piece & rules.attributeMask) === give);
        const played = playMove(
          representativePosition,
          entry.give < 0 ? { place: entry.cell, quarto: entry.value === "win" } : { place: entry.cell, give: giveClass },
          rules,
        );
        expect(played.ok).toBe(true);
        if (played.ok && played.value.outcome.status === "ongoing") {
          const reply = evaluate(played.value.position, rules, { distance: true });
          expect([reply.value, reply.pliesToEnd]).toEqual([{ win: "loss", draw: "draw", loss: "win" }[entry.value], entry.pliesToEnd - 1]);
        }
      }
      expect(values.size).toBeGreaterThan(1);
    });
  }
});

describe("entries", () => {
  it("pack value, distance, cell and give class in 16 bits and back", () => {
    for (const value of ["win", "draw", "loss"] as const)
      for (const pliesToEnd of [1, 7, 16])
        for (const cell of [0, 9, 15])
          for (const give of [-1, 0, 5, 15]) {
            const entry = { value, pliesToEnd, cell, give };
            const code = encodeEntry(entry);
            expect(code).toBeLessThan(65536);
            expect(decodeEntry(code)).toEqual(entry);
          }
    expect(() => encodeEntry({ value: "win", pliesToEnd: 0, cell: 0, give: 0 })).toThrow(RangeError);
  });
});

describe("the book file", () => {
  const rules = makeRules({ attributes: ["height", "color"] });
  const tiers = enumerateTiers(false, rules.attributeMask, 12);
  // Synthetic entries (the format does not care whether they are right): a function of the index.
  const contents = {
    squares: false,
    attributeMask: rules.attributeMask,
    tiers: tiers.map((keys, index) => ({
      empties: 16 - index,
      keys,
      entries: keys.map((_, i) => encodeEntry({ value: (["win", "draw", "loss"] as const)[i % 3], pliesToEnd: 1 + (i % 16), cell: i % 16, give: i % 4 })),
    })),
  };
  const bytes = encodeBook(contents);

  it("round-trips: the header describes the book and every key finds its entry", () => {
    const book = openBook(bytes, rules);
    expect(book).toMatchObject({ squares: false, attributeCount: 2, topEmpties: 16, deepestEmpties: 12 });
    expect(book.entryCount).toBe(tiers.reduce((sum, tier) => sum + tier.length, 0));
    contents.tiers.forEach((tier) => {
      tier.keys.forEach((key, i) => {
        expect(findEntry(book, key, tier.empties)).toEqual(decodeEntry(tier.entries[i]));
      });
      expect(findEntry(book, tier.keys[tier.keys.length - 1] + 1, tier.empties)).toBeUndefined();
    });
    // The same bytes every time.
    expect(crc32(encodeBook(contents))).toBe(crc32(bytes));
  });

  it("serves any attribute subset of the same size, and refuses other variants with a clear error", () => {
    expect(() => openBook(bytes, makeRules({ attributes: ["shape", "fill"] }))).not.toThrow();
    const wrong = [makeRules({ squares: true, attributes: ["height", "color"] }), makeRules(), makeRules({ attributes: ["fill"] })];
    for (const other of wrong) {
      expect(() => openBook(bytes, other)).toThrow(BookError);
      try {
        openBook(bytes, other);
      } catch (error) {
        expect((error as BookError).code).toBe("book/rules");
        expect((error as BookError).message).toMatch(/this is the book for 2 attributes, the rules ask for/);
      }
      const book = openBook(bytes);
      expect(() => lookupBook(book, positionFromTrustedSetup({ board: Array(16).fill(null), inHand: 0 }), other)).toThrow(/book for 2 attributes,/);
    }
  });

  const refusal = (mutate: (copy: Uint8Array) => Uint8Array) => {
    try {
      openBook(mutate(bytes.slice()));
    } catch (error) {
      expect(error).toBeInstanceOf(BookError);
      return error as BookError;
    }
    throw new Error("the book was accepted");
  };

  it("refuses a corrupt file: one flipped bit anywhere after the header's checksum fails the checksum", () => {
    for (const at of [24, 40, bytes.length >> 1, bytes.length - 1]) {
      const error = refusal((copy) => {
        copy[at] ^= 4;
        return copy;
      });
      expect(error.code).toBe("book/checksum");
      expect(error.message).toMatch(/corrupt/);
    }
  });

  it("refuses another format version, a truncated file and a file that is not a book", () => {
    const version = refusal((copy) => {
      new DataView(copy.buffer).setUint16(4, BOOK_FORMAT_VERSION + 1, true);
      return copy;
    });
    expect(version.code).toBe("book/version");
    expect(version.message).toMatch(/format version 2, this code reads version 1: rebuild the book/);
    expect(refusal((copy) => copy.subarray(0, copy.length - 2)).code).toBe("book/truncated");
    expect(refusal((copy) => copy.subarray(0, 10)).code).toBe("book/truncated");
    expect(
      refusal((copy) => {
        copy[0] = 0x7b;
        return copy;
      }).code,
    ).toBe("book/bad_magic");
  });

  it("answers nothing outside its tiers or for a finished game", () => {
    const book = openBook(bytes, rules);
    const lookup = (board: (number | null)[], inHand: number | null) => lookupBook(book, positionFromTrustedSetup({ board, inHand }), rules);
    const empty: (number | null)[] = Array(16).fill(null);
    expect(lookup(empty, 7)).toBeDefined();
    expect(lookup(empty, null)).toBeDefined();
    // Four short light pieces (0-3) in the top row: a Quarto on the board, the game is over.
    const won: (number | null)[] = [0, 1, 2, 3, null, null, null, null, null, null, null, null, null, null, null, null];
    expect(lookup(won, null)).toBeUndefined();
    expect(lookup(won, 15)).toBeUndefined();
    const open: (number | null)[] = [0, 1, 2, 12, null, null, null, null, null, null, null, null, null, null, null, null];
    expect(lookup(open, 15)).toBeDefined();
    // 11 empty cells: below the deepest tier.
    open[4] = 13;
    expect(lookup(open, 15)).toBeUndefined();
  });
});
