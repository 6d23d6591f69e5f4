/**
 * The opening books through the real Worker (src/index.ts installs books/*.bin as Data modules): the empty
 * board of a booked variant, once `value: null`, is answered exactly from the book with no search, and an
 * engine seat of a hosted match plays the book's moves even with a budget far too small to find them.
 */
import { describe, expect, it } from "vitest";
import { makeRules, playMove, positionFromTrustedSetup, type RulesInput, makePositionString } from "../../src/rules/index.ts";
import { json200, postJson } from "./http.ts";
import { createMatch, waitForState } from "./match-client.ts";

const EMPTY = ".................";

interface EngineAnswer {
  move: { place?: number; give?: number; quarto?: boolean; text: string };
  value: string | null;
  exact: boolean;
  pliesToEnd?: number;
  nodes: number;
  source: string;
  note?: string;
  moves?: { move: { give?: number }; value: string | null; exact: boolean; pliesToEnd?: number }[];
}

describe("opening books on the service", () => {
  for (const [variant, rules] of [
    ["attributes-2", { attributes: ["color", "fill"] }],
    ["attributes-1-squares", { squares: true, attributes: ["shape"] }],
    ["attributes-3", { attributes: ["height", "color", "shape"], announce: "manual" }],
    ["classic", {}],
  ] as const) {
    it(`POST /v1/evaluate of the empty board (${variant}): exact from the book, every move valued, no search`, async () => {
      const answer = await json200<EngineAnswer>(postJson("/v1/evaluate", { position: EMPTY, rules, moves: true, distance: true }));
      expect(answer).toMatchObject({ value: "draw", exact: true, pliesToEnd: 16, nodes: 0, source: "book" });
      expect(answer.note).toContain(`opening book ${variant}-`);
      expect(answer.moves).toHaveLength(16);
      for (const entry of answer.moves ?? []) expect(entry).toMatchObject({ value: "draw", exact: true, pliesToEnd: 16 });
    });
  }

  it("POST /v1/suggest-move of the empty board: perfect plays the book's move (exact, 0 nodes), hard does not read the book", async () => {
    const rules = { attributes: ["height", "color"] };
    const posted = await json200<EngineAnswer>(postJson("/v1/suggest-move", { position: EMPTY, rules, seed: 4 }));
    expect(posted).toMatchObject({ value: "draw", exact: true, pliesToEnd: 16, nodes: 0, source: "book" });
    expect(posted.move.give).toBeTypeOf("number");
    const got = await json200<EngineAnswer>(postJson("/v1/suggest-move", { position: EMPTY, rules, level: "hard", seed: 4 }));
    // `hard` does not read the book: at the empty board it searches with the heuristic.
    expect(got.source).toBe("search");
    expect(got.exact).toBe(false);
  });

  it("POST /v1/evaluate of the squares start: exact from the squares book, no search", async () => {
    const answer = await json200<EngineAnswer>(postJson("/v1/evaluate", { position: EMPTY, rules: { squares: true }, moves: true, distance: true }));
    expect(answer).toMatchObject({ exact: true, nodes: 0, source: "book" });
    expect(answer.value).not.toBeNull();
    expect(answer.note).toContain("opening book squares-");
    expect(answer.moves).toHaveLength(16);
  });

  it("a hosted match's perfect engine seat plays the book's moves with a budget too small to search them", async () => {
    const rulesInput: RulesInput = { attributes: ["height", "color"] };
    const rules = makeRules(rulesInput);
    const created = await createMatch({
      rules: rulesInput,
      seats: [
        { kind: "engine", level: "perfect", maxNodes: 1000 },
        { kind: "engine", level: "random" },
      ],
      firstSeat: 0,
    });
    const state = await waitForState(created.id, (view) => view.status === "finished", 30_000);
    let position = positionFromTrustedSetup({ board: Array(16).fill(null), inHand: null });
    let checked = 0;
    for (const record of state.moves) {
      const empties = position.board.filter((piece) => piece === null).length;
      if (record.seat === 0 && empties >= 12) {
        // The book's own answer for this position (deterministic but for the concrete piece of a class).
        const book = await json200<EngineAnswer>(postJson("/v1/suggest-move", { position: makePositionString(position), rules: rulesInput, seed: 1 }));
        expect(book.source).toBe("book");
        expect(record.move.place).toBe(book.move.place);
        if (book.move.give === undefined) expect(record.move.give).toBeUndefined();
        else expect((record.move.give as number) & rules.attributeMask).toBe(book.move.give & rules.attributeMask);
        checked++;
      }
      const played = playMove(position, record.move, rules);
      if (!played.ok) throw new Error(played.error.detail);
      position = played.value.position;
    }
    // The first seat gives at the empty board, then places with 15 and 13 empty cells: three book moves (fewer if the game ends sooner).
    expect(checked).toBeGreaterThanOrEqual(Math.min(3, Math.ceil(state.moves.length / 2)));
  });
});
