/**
 * The engine answering from the committed opening books (books/*.bin, installed as arena/books.ts does):
 * sampled entries of every tier agree with evaluate and suggestMove in any frame, attribute subset and
 * announce option, with no search; a seeded sample of the deepest tiers re-solved by the live solver
 * (the CI check); bad books refused once and searched around; perfect never loses
 * from the first move and wins every game its opponent's mistakes make winnable.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKS_DIR, readBookFiles } from "../../arena/books.ts";
import { representative } from "../../scripts/book-builder.ts";
import { BOOK_VARIANTS, type Book, type BookEntry, openBook, tierEntry } from "../../src/engine/book.ts";
import { bookNames, booksModule } from "../../scripts/books-index.ts";
import { bookStatus } from "../../src/engine/books.ts";
import { evaluate, installBooks, type Level, suggestMove, type Value } from "../../src/engine/index.ts";
import { type RandomSource, seededRandom } from "../../src/engine/random.ts";
import { boardSymmetries } from "../../src/engine/symmetry.ts";
import { ongoingPositions } from "./engine-positions.ts";
import { ANNOUNCE_MODES, ATTRIBUTES, makeRules, playMove, type Position, positionFromTrustedSetup, type Rules } from "../../src/rules/index.ts";

const FILES = readBookFiles();
/** The service's default node budget, as wrangler.toml sets it (ENGINE_DEFAULT_NODES). */
const DEFAULT_BUDGET = Number(/^ENGINE_DEFAULT_NODES = "(\d+)"$/m.exec(readFileSync(join(import.meta.dirname, "..", "..", "wrangler.toml"), "utf8"))?.[1]);
const installAll = () => installBooks(FILES);
const negate = (value: Value): Value => (value === "win" ? "loss" : value === "loss" ? "win" : "draw");
const variantOf = (name: string) => name.replace(/-\d+$/, "");

afterAll(installAll);
beforeEach(installAll);

/** Every entry of a tier: its canonical key's representative position and the decoded entry. */
function tierEntries(book: Book, empties: number): { position: Position; entry: BookEntry }[] {
  const tier = book.tiers.find((candidate) => candidate.empties === empties);
  if (!tier) throw new Error(`no tier ${empties}`);
  const result = [];
  for (let i = 0; i < tier.count; i++) {
    const { key, entry } = tierEntry(book, tier, i);
    result.push({ position: positionFromTrustedSetup(representative(key, empties, book.buildAttributeMask)), entry });
  }
  return result;
}

function sample<T>(items: readonly T[], count: number, random: RandomSource): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/**
 * The position in another frame: a random board symmetry, the attributes in play sent to a random subset
 * of the same size (and the others among themselves), every piece XOR-ed with a random piece, and random
 * announce and missed-claim options. The game is the same, so the value and distance are too.
 */
function randomFrame(position: Position, buildMask: number, squares: boolean, random: RandomSource): { position: Position; rules: Rules } {
  const count = [0, 1, 2, 3].filter((bit) => (buildMask >> bit) & 1).length;
  const target = sample(ATTRIBUTES, count, random);
  const rules = makeRules({ squares, attributes: target, announce: ANNOUNCE_MODES[Math.floor(random() * 2)], missedClaim: random() < 0.5 });
  const from = [0, 1, 2, 3].filter((bit) => (buildMask >> bit) & 1).concat([0, 1, 2, 3].filter((bit) => !((buildMask >> bit) & 1)));
  const to = sample(
    [0, 1, 2, 3].filter((bit) => (rules.attributeMask >> bit) & 1),
    count,
    random,
  ).concat(
    sample(
      [0, 1, 2, 3].filter((bit) => !((rules.attributeMask >> bit) & 1)),
      4 - count,
      random,
    ),
  );
  const flip = Math.floor(random() * 16);
  const relabel = (piece: number) => from.reduce((image, bit, i) => image | (((piece >> bit) & 1) << to[i]), 0) ^ flip;
  const symmetries = boardSymmetries(squares);
  const s = Math.floor(random() * symmetries.count);
  const board: (number | null)[] = Array(16).fill(null);
  position.board.forEach((piece, cell) => {
    if (piece !== null) board[symmetries.perm[s * 16 + cell]] = relabel(piece);
  });
  return { position: positionFromTrustedSetup({ board, inHand: position.inHand === null ? null : relabel(position.inHand) }), rules };
}

describe("the books the hosts install", () => {
  it("the Worker installs every committed book: src/books.ts is scripts/books-index.ts's output for books/", () => {
    const names = bookNames();
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(names).toEqual(
      readdirSync(BOOKS_DIR)
        .filter((file) => file.endsWith(".bin"))
        .map((file) => file.slice(0, -4))
        .sort(),
    );
    expect(readFileSync(join(import.meta.dirname, "..", "..", "src", "books.ts"), "utf8"), "src/books.ts is out of date: run scripts/books-index.ts").toBe(
      booksModule(names),
    );
    expect(readFileSync(join(import.meta.dirname, "..", "..", "src", "index.ts"), "utf8")).toContain("installBooks(OPENING_BOOKS);");
  });

  it("every committed book opens with its variant's rules (header, version, checksum) and is named for its deepest tier", () => {
    for (const [name, bytes] of Object.entries(FILES)) {
      const book = openBook(bytes, makeRules(BOOK_VARIANTS[variantOf(name)]));
      expect(book.topEmpties).toBe(16);
      expect(`${variantOf(name)}-${book.deepestEmpties}`).toBe(name);
    }
  });
});

describe("answers from the book", () => {
  const random = seededRandom(2026);
  for (const name of [
    "attributes-1-11",
    "attributes-2-12",
    "attributes-1-squares-12",
    "attributes-2-squares-13",
    "attributes-3-13",
    "attributes-3-squares-13",
    "classic-12",
    "squares-13",
  ]) {
    it(`${name}: sampled entries of every tier, in random frames, through evaluate and suggestMove, with no search`, () => {
      const book = openBook(FILES[name]);
      let checked = 0;
      for (const tier of book.tiers) {
        // Fewer at the deepest tier of three and four attributes: checking a move there searches 12-13 empty cells.
        const count = tier.empties === book.deepestEmpties && book.attributeCount >= 3 ? 1 : 6;
        for (const { position: canonical, entry } of sample(tierEntries(book, tier.empties), count, random)) {
          const { position, rules } = randomFrame(canonical, book.buildAttributeMask, book.squares, random);
          const evaluation = evaluate(position, rules, { distance: true, maxNodes: 0 });
          expect(evaluation).toMatchObject({ value: entry.value, exact: true, pliesToEnd: entry.pliesToEnd, nodes: 0, source: "book" });
          const suggestion = suggestMove(position, rules, { seed: checked, maxNodes: 0 });
          expect(suggestion).toMatchObject({ value: entry.value, exact: true, pliesToEnd: entry.pliesToEnd, nodes: 0, source: "book" });
          expect(suggestion.note).toContain(name);
          // The move keeps the value and the distance: the position it leads to says so (book or search).
          const played = playMove(position, suggestion.move, rules);
          if (!played.ok) throw new Error(played.error.detail);
          if (played.value.outcome.status === "ongoing") {
            const reply = evaluate(played.value.position, rules, { distance: true, maxNodes: 50_000_000 });
            expect([reply.value, reply.pliesToEnd]).toEqual([negate(entry.value), entry.pliesToEnd - 1]);
            if (tier.empties > book.deepestEmpties) expect(reply.source).toBe("book");
          } else expect(entry.pliesToEnd).toBe(1);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(book.tiers.length);
    });
  }

  it("the start of each booked variant: exact, every move valued from the book, the best of them its value, 0 nodes (null without a book)", () => {
    const empty = positionFromTrustedSetup({ board: Array(16).fill(null), inHand: null });
    const rank = { win: 2, draw: 1, loss: 0 } as const;
    for (const name of Object.keys(FILES)) {
      const rules = makeRules(BOOK_VARIANTS[variantOf(name)]);
      const evaluation = evaluate(empty, rules, { moves: true, distance: true });
      expect(evaluation, name).toMatchObject({ exact: true, nodes: 0, source: "book" });
      const value = evaluation.value as Value;
      expect(evaluation.moves).toHaveLength(16);
      for (const move of evaluation.moves ?? []) expect(move.exact).toBe(true);
      // The start's value is its best give's; a draw fills the board.
      const best = Math.max(...(evaluation.moves ?? []).map((move) => rank[move.value as Value]));
      expect(rank[value], name).toBe(best);
      if (value === "draw") expect(evaluation.pliesToEnd).toBe(16);
      expect(suggestMove(empty, rules, { seed: 1 })).toMatchObject({ value, exact: true, nodes: 0, source: "book" });
    }
    installBooks({});
    expect(evaluate(empty, makeRules({ attributes: ["color"] }))).toMatchObject({ value: null, exact: false, source: "search" });
  });

  it("moves of evaluate: from the children's entries above the deepest tier, from search below it, as the search alone values them", () => {
    const book = openBook(FILES["attributes-1-11"]);
    const rules = makeRules({ attributes: ["fill"] });
    for (const empties of [13, 12, 11]) {
      for (const { position: canonical } of sample(tierEntries(book, empties), 2, random)) {
        const { position } = randomFrame(canonical, book.buildAttributeMask, false, random);
        const fromBook = evaluate(position, rules, { moves: true, distance: true, maxNodes: 50_000_000 });
        expect(fromBook.source).toBe("book");
        if (empties > 11) expect(fromBook.nodes).toBe(0);
        else expect(fromBook.note).toMatch(/below the book's deepest tier from search/);
        installBooks({});
        const searched = evaluate(position, rules, { moves: true, distance: true, maxNodes: 500_000_000 });
        installAll();
        expect(searched.source).toBe("search");
        expect(fromBook.moves).toEqual(searched.moves);
        expect([fromBook.value, fromBook.pliesToEnd]).toEqual([searched.value, searched.pliesToEnd]);
      }
    }
  });

  it("hard, medium, easy and random do not read the book", () => {
    const empty = positionFromTrustedSetup({ board: Array(16).fill(null), inHand: 3 });
    const rules = makeRules({ attributes: ["height", "shape"] });
    for (const level of ["hard", "medium", "easy", "random"] as Level[]) {
      expect(suggestMove(empty, rules, { level, seed: 5, maxNodes: 20_000 }).source).toBe("search");
    }
  });
});

describe("the CI check: a seeded sample of the committed books' deepest tiers re-solved by the live solver", () => {
  // About a second per variant: the deepest tier is the only one solved by search; the tiers above follow
  // from it by minimax, which the agreement tests above cover through the engine.
  for (const [name, count] of [
    ["attributes-1-11", 12],
    ["attributes-2-12", 8],
    ["attributes-1-squares-12", 10],
    ["attributes-2-squares-13", 2],
    ["attributes-3-13", 1],
    ["attributes-3-squares-13", 1],
    ["classic-12", 1],
    ["squares-13", 2],
  ] as const) {
    it(`${name}: ${count} entries`, () => {
      installBooks({});
      const book = openBook(FILES[name]);
      const rules = makeRules(BOOK_VARIANTS[variantOf(name)]);
      const random = seededRandom(book.checksum);
      for (const { position, entry } of sample(tierEntries(book, book.deepestEmpties), count, random)) {
        const live = evaluate(position, rules, { distance: true, maxNodes: 1e9 });
        expect(live.source).toBe("search");
        expect([live.value, live.pliesToEnd]).toEqual([entry.value, entry.pliesToEnd]);
      }
    });
  }
});

describe("a book that cannot be used", () => {
  // A deepest-tier position of attributes-2: the search solves it, so the fallback's answer is checked.
  const book = openBook(FILES["attributes-2-12"]);
  const [{ position, entry }] = sample(tierEntries(book, 12), 1, seededRandom(12));
  const rules = makeRules({ attributes: ["height", "color"] });
  const empty = positionFromTrustedSetup({ board: Array(16).fill(null), inHand: null });

  const corruptions: [string, () => Uint8Array, string][] = [
    [
      "one flipped byte",
      () => {
        const copy = FILES["attributes-2-12"].slice();
        copy[copy.length >> 1] ^= 0x20;
        return copy;
      },
      "book/checksum",
    ],
    [
      "another format version",
      () => {
        const copy = FILES["attributes-2-12"].slice();
        new DataView(copy.buffer).setUint16(4, 2, true);
        return copy;
      },
      "book/version",
    ],
    ["another variant's book under this name", () => FILES["attributes-1-11"], "book/rules"],
    ["a truncated file", () => FILES["attributes-2-12"].slice(0, 1000), "book/truncated"],
  ];

  for (const [what, bytes, code] of corruptions) {
    it(`is refused once with its code (${what}: ${code}), and the engine answers by search`, () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        installBooks({ "attributes-2-12": bytes() });
        const searched = evaluate(position, rules, { distance: true, maxNodes: 1e9 });
        expect(searched).toMatchObject({ value: entry.value, pliesToEnd: entry.pliesToEnd, exact: true, source: "search" });
        expect(suggestMove(position, rules, { seed: 3, maxNodes: 1e9 })).toMatchObject({ value: entry.value, exact: true, source: "search" });
        expect(evaluate(empty, rules)).toMatchObject({ value: null, exact: false, source: "search" });
        expect(bookStatus()).toEqual([expect.objectContaining({ name: "attributes-2-12", state: "refused", code })]);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0][0])).toMatch(new RegExp(`book attributes-2-12 refused \\(${code}\\).*searches instead`));
      } finally {
        warn.mockRestore();
      }
    });
  }

  it("a good book is opened on the first request of its variant only", () => {
    expect(bookStatus().every((status) => status.state === "installed")).toBe(true);
    evaluate(position, rules);
    expect(
      bookStatus()
        .filter((status) => status.state === "open")
        .map((status) => status.name),
    ).toEqual(["attributes-2-12"]);
  });
});

describe("perfect play from the first move", () => {
  /**
   * Seeded games of perfect against a weaker level from the empty board. At each of perfect's turns the
   * position's value comes from evaluate (the book, then search): once it is a win, the game must end in
   * perfect's win; perfect never loses (every start is a draw).
   */
  function play(
    rules: Rules,
    opponent: Level,
    perfectSeat: 0 | 1,
    seed: number,
    exactAtDefault: boolean,
  ): { result: "won" | "lost" | "draw"; winnable: boolean; bookTurns: number } {
    let position = positionFromTrustedSetup({ board: Array(16).fill(null), inHand: null });
    let winnable = false;
    let bookTurns = 0;
    for (let ply = 0; ; ply++) {
      const mover = ply % 2;
      const level: Level = mover === perfectSeat ? "perfect" : opponent;
      if (level === "perfect") {
        // Where the book reaches 12 empty cells (classic) every position is exact at the service's default budget.
        const known = evaluate(position, rules, { maxNodes: exactAtDefault ? DEFAULT_BUDGET : 200_000_000 });
        expect(known.exact).toBe(true);
        if (known.source === "book") bookTurns++;
        if (known.value === "win") winnable = true;
      }
      const suggestion = suggestMove(position, rules, { level, seed: seed * 100 + ply, maxNodes: DEFAULT_BUDGET });
      if (level === "perfect" && exactAtDefault) expect(suggestion.exact).toBe(true);
      const played = playMove(position, suggestion.move, rules);
      if (!played.ok) throw new Error(played.error.detail);
      const outcome = played.value.outcome;
      if (outcome.status === "ongoing") {
        position = played.value.position;
        continue;
      }
      if (outcome.status === "drawn") return { result: "draw", winnable, bookTurns };
      expect(outcome.status).toBe("won");
      return { result: mover === perfectSeat ? "won" : "lost", winnable, bookTurns };
    }
  }

  for (const [variant, rules, exactAtDefault] of [
    ["attributes-1", makeRules({ attributes: ["color"] }), false],
    ["attributes-2", makeRules({ attributes: ["shape", "fill"], announce: "manual" }), false],
    ["squares", makeRules({ squares: true }), false],
    ["classic", makeRules(), true],
  ] as const) {
    it(`${variant}: perfect never loses to random or easy, and wins every game that became winnable${exactAtDefault ? ", exact at every turn within the default budget" : ""}`, () => {
      let winnable = 0;
      for (let game = 0; game < 12; game++) {
        const opponent: Level = game % 3 === 2 ? "easy" : "random";
        const seat = (game % 2) as 0 | 1;
        const outcome = play(rules, opponent, seat, game, exactAtDefault);
        expect(outcome.result, `game ${game} (${opponent}, perfect seat ${seat})`).not.toBe("lost");
        if (outcome.winnable) {
          winnable++;
          expect(outcome.result, `game ${game}: winnable but not won`).toBe("won");
        }
        // The opening moves came from the book: perfect's first turns are all in it.
        expect(outcome.bookTurns).toBeGreaterThanOrEqual(2);
      }
      expect(winnable).toBeGreaterThan(3);
    });
  }
});

describe("classic: every position exact within the service's default budget", () => {
  // The book answers from 12 empty cells up; below it the search must solve within 2 million nodes. Random
  // legal positions (any history) at 12 and 11 empty cells, with and without a piece in hand.
  for (const empties of [12, 11]) {
    it(`${empties} empty cells: evaluate and perfect suggestMove are exact`, () => {
      for (const position of ongoingPositions(makeRules(), empties, 8, 40 + empties)) {
        const evaluation = evaluate(position, makeRules(), { maxNodes: DEFAULT_BUDGET });
        expect(evaluation.exact).toBe(true);
        expect(evaluation.source).toBe(empties >= 12 ? "book" : "search");
        const suggestion = suggestMove(position, makeRules(), { seed: 1, maxNodes: DEFAULT_BUDGET });
        expect(suggestion).toMatchObject({ exact: true, value: evaluation.value });
      }
    });
  }
});

describe("the README's table of start values", () => {
  const readme = readFileSync(join(import.meta.dirname, "..", "..", "README.md"), "utf8");
  const rows = new Map(
    readme
      .split("\n")
      .filter((line) => /^\| `[a-z0-9-]+` \|/.test(line))
      .map((line) => {
        const cells = line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim());
        return [cells[0].replaceAll("`", ""), cells] as const;
      }),
  );
  const empty = positionFromTrustedSetup({ board: Array(16).fill(null), inHand: null });

  it("has one row per rules variant", () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(BOOK_VARIANTS).sort());
  });

  it("gives each booked variant's start value, tiers and positions as the committed book answers them", () => {
    for (const [name, bytes] of Object.entries(FILES)) {
      const variant = variantOf(name);
      const cells = rows.get(variant);
      expect(cells, variant).toBeDefined();
      const book = openBook(bytes);
      const start = evaluate(empty, makeRules(BOOK_VARIANTS[variant]), { distance: true });
      expect(start).toMatchObject({ exact: true, source: "book" });
      expect(cells?.[1], variant).toBe(start.value);
      expect(cells?.[2], variant).toBe(`16 to ${book.deepestEmpties}, ${book.entryCount.toLocaleString("en")}`);
    }
  });

  it("classic: a draw, as known since 1998 (the engine's fact without a book), checked against it", () => {
    expect(rows.get("classic")?.[4]).toMatch(/Goossens 1998/);
    installBooks({});
    expect(evaluate(empty, makeRules())).toMatchObject({ value: "draw", exact: true, source: "known" });
    // Squares without its book: no value at the start.
    expect(evaluate(empty, makeRules({ squares: true }))).toMatchObject({ value: null, exact: false, source: "search" });
  });
});
