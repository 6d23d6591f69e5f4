/**
 * Notations of docs/rules.md ("Conventions shared by every part of the service") and position validation:
 * cell names, piece digits, the 17-character position string, the JSON form and move text, each
 * `parse*` against its `make*`, and every validation code with the index it points at.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CELL_NAMES,
  CLASSIC_RULES,
  cellName,
  legalMoves,
  type Move,
  makeMoveText,
  makePositionString,
  makeRules,
  parseCell,
  parseMoveText,
  parsePiece,
  pieceChar,
  playMove,
  type Position,
  POSITION_ERROR_CODES,
  positionToJson,
  readPosition,
  START_POSITION_STRING,
} from "../../src/rules/index.ts";
import { ALL_RULE_SETS, describeRules } from "./reference/options.ts";
import { refCellName, refPositionString, refValidateString } from "./reference/quarto.ts";

const MANUAL = makeRules({ announce: "manual" });
const PIECES = Array.from({ length: 16 }, (_, piece) => piece);

describe("cells", () => {
  it("a1..d4 name cells 0..15 row-major from the top left, both ways", () => {
    // docs/rules.md: `a1` = 0, `d1` = 3, `a4` = 12, `d4` = 15.
    expect([parseCell("a1"), parseCell("d1"), parseCell("a4"), parseCell("d4")]).toEqual([0, 3, 12, 15]);
    for (let cell = 0; cell < 16; cell++) {
      expect(cellName(cell)).toBe(refCellName(cell));
      expect(CELL_NAMES[cell]).toBe(refCellName(cell));
      expect(parseCell(cellName(cell))).toBe(cell);
      expect(parseCell(cellName(cell).toUpperCase())).toBe(cell);
      // A cell may also be written as its number.
      expect(parseCell(String(cell))).toBe(cell);
    }
  });

  it.each(["", "e1", "a5", "a0", "16", "-1", "01", "1.0", " a1", "a1 ", "aa", "1a"])("rejects %j", (text) => {
    expect(parseCell(text)).toBeNull();
  });
});

describe("pieces", () => {
  it("one hex digit per piece, upper case out, either case in", () => {
    expect(PIECES.map(pieceChar).join("")).toBe("0123456789ABCDEF");
    for (const piece of PIECES) {
      expect(parsePiece(pieceChar(piece))).toBe(piece);
      expect(parsePiece(pieceChar(piece).toLowerCase())).toBe(piece);
    }
    for (const text of ["", "G", "g", "10", " ", ".", "-1"]) expect(parsePiece(text)).toBeNull();
  });
});

/** Any valid position under announce manual: distinct pieces on random cells, the hand one of the others or none. */
const validPositionArb = fc
  .tuple(fc.shuffledSubarray(PIECES, { minLength: 16, maxLength: 16 }), fc.nat(0xffff), fc.boolean())
  .map(([order, filled, holdsPiece]) => {
    const board = order.map((piece, cell) => (filled & (1 << cell) ? piece : null));
    const spare = order.find((piece) => !board.includes(piece));
    return { board, inHand: holdsPiece && spare !== undefined ? spare : null };
  });

/** Writes a position string with each hex digit in a random case. */
const mixedCaseArb = fc.tuple(validPositionArb, fc.array(fc.boolean(), { minLength: 17, maxLength: 17 })).map(([setup, lower]) => ({
  ...setup,
  text: [...refPositionString(setup.board, setup.inHand)].map((char, index) => (lower[index] ? char.toLowerCase() : char)).join(""),
}));

function mustRead(input: Parameters<typeof readPosition>[0], rules = MANUAL): Position {
  const read = readPosition(input, rules);
  if (!read.ok) throw new Error(`rejected ${JSON.stringify(input)}: ${read.error.code}`);
  return read.value;
}

describe("position string and JSON form", () => {
  it("the start position is 17 dots, an empty board with no piece in hand", () => {
    const start = mustRead(START_POSITION_STRING, CLASSIC_RULES);
    expect(START_POSITION_STRING).toBe(".................");
    expect(start.board).toEqual(Array(16).fill(null));
    expect(start.inHand).toBeNull();
    expect(start.occupied).toBe(0);
    expect(start.usedPieces).toBe(0);
  });

  it("docs/rules.md's example: 0A3.............5 is 0, A, 3 on a1, b1, c1 and 5 in hand", () => {
    const position = mustRead("0A3.............5", CLASSIC_RULES);
    expect(position.board.slice(0, 4)).toEqual([0, 10, 3, null]);
    expect(position.inHand).toBe(5);
    expect(position.occupied).toBe(0b111);
    expect(position.usedPieces).toBe((1 << 0) | (1 << 10) | (1 << 3) | (1 << 5));
  });

  it("makePositionString(readPosition(x)) is x in upper case; lower case is accepted", () => {
    fc.assert(
      fc.property(mixedCaseArb, ({ board, inHand, text }) => {
        const position = mustRead(text);
        expect(makePositionString(position)).toBe(text.toUpperCase());
        expect(position.board).toEqual(board);
        expect(position.inHand).toBe(inHand);
      }),
      { numRuns: 3000 },
    );
  });

  it("the JSON form round-trips through JSON text and reads to the same position as the string", () => {
    fc.assert(
      fc.property(validPositionArb, ({ board, inHand }) => {
        const fromString = mustRead(refPositionString(board, inHand));
        const json = positionToJson(fromString);
        expect(json).toEqual({ board, inHand });
        const fromJson = mustRead(JSON.parse(JSON.stringify(json)));
        expect(fromJson).toEqual(fromString);
        expect(makePositionString(fromJson)).toBe(refPositionString(board, inHand));
        // The wire form is a copy: changing it leaves the position alone.
        json.board[0] = json.board[0] === 0 ? 1 : 0;
        expect(fromString.board).toEqual(board);
      }),
      { numRuns: 3000 },
    );
  });

  it("positions are frozen values", () => {
    const position = mustRead("0A3.............5");
    expect(Object.isFrozen(position)).toBe(true);
    expect(Object.isFrozen(position.board)).toBe(true);
  });
});

describe("validation codes", () => {
  // Four tall pieces 8, 9, A, B on the top row: a Quarto. With 5 in hand the game should have ended.
  const QUARTO_WITH_HAND = "89AB............5";

  it.each([
    ["wrong length: empty", "", { code: "position/wrong_length" }],
    ["wrong length: 16 characters (no hand)", "................", { code: "position/wrong_length" }],
    ["wrong length: 18 characters", "..................", { code: "position/wrong_length" }],
    ["bad character, with its index", "0A3.x............", { code: "position/bad_character", index: 4 }],
    ["bad character in the hand", "................G", { code: "position/bad_character", index: 16 }],
    ["a space is a bad character", "0 ...............", { code: "position/bad_character", index: 1 }],
    ["duplicate piece, at its second cell", "7.....7..........", { code: "position/duplicate_piece", index: 6 }],
    ["duplicate piece, either case", "a..A.............", { code: "position/duplicate_piece", index: 3 }],
    ["piece in hand on the board", "..5.............5", { code: "position/piece_in_hand_on_board", index: 16 }],
    ["a Quarto with a piece in hand (auto)", QUARTO_WITH_HAND, { code: "position/quarto_with_piece_in_hand", index: 16 }],
  ])("%s", (_, text, expected) => {
    const read = readPosition(text, CLASSIC_RULES);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toMatchObject(expected);
    if (!("index" in expected)) expect(read.error.index).toBeUndefined();
    expect(read.error.detail.length).toBeGreaterThan(0);
    expect(POSITION_ERROR_CODES).toContain(read.error.code);
  });

  it("a Quarto with a piece in hand is accepted under announce manual (it lapsed)", () => {
    expect(readPosition(QUARTO_WITH_HAND, MANUAL).ok).toBe(true);
    // ...and under auto when the attributes in play make it no Quarto (8, 9, A, B share height and color only).
    expect(readPosition(QUARTO_WITH_HAND, makeRules({ attributes: ["shape", "fill"] })).ok).toBe(true);
    // ...and a Quarto with no piece in hand is a finished game, valid under both.
    expect(readPosition("89AB.............", CLASSIC_RULES).ok).toBe(true);
  });

  it.each([
    ["board not an array", { board: "................", inHand: null }, { code: "position/wrong_length" }],
    ["board of 15 cells", { board: Array(15).fill(null), inHand: null }, { code: "position/wrong_length" }],
    ["board of 17 cells", { board: Array(17).fill(null), inHand: null }, { code: "position/wrong_length" }],
    ["piece 16 on a cell", { board: [...Array(5).fill(null), 16, ...Array(10).fill(null)], inHand: null }, { code: "position/bad_piece", index: 5 }],
    ["piece -1 on a cell", { board: [-1, ...Array(15).fill(null)], inHand: null }, { code: "position/bad_piece", index: 0 }],
    ["piece 1.5 on a cell", { board: [...Array(15).fill(null), 1.5], inHand: null }, { code: "position/bad_piece", index: 15 }],
    ["a digit string on a cell", { board: ["3", ...Array(15).fill(null)], inHand: null }, { code: "position/bad_piece", index: 0 }],
    ["undefined on a cell", { board: [undefined, ...Array(15).fill(null)], inHand: null }, { code: "position/bad_piece", index: 0 }],
    ["hand 16", { board: Array(16).fill(null), inHand: 16 }, { code: "position/bad_piece", index: 16 }],
    ["hand missing", { board: Array(16).fill(null), inHand: undefined }, { code: "position/bad_piece", index: 16 }],
    ["duplicate piece", { board: [4, null, 4, ...Array(13).fill(null)], inHand: null }, { code: "position/duplicate_piece", index: 2 }],
    ["piece in hand on the board", { board: [4, ...Array(15).fill(null)], inHand: 4 }, { code: "position/piece_in_hand_on_board", index: 16 }],
    [
      "a Quarto with a piece in hand (auto)",
      { board: [8, 9, 10, 11, ...Array(12).fill(null)], inHand: 5 },
      { code: "position/quarto_with_piece_in_hand", index: 16 },
    ],
  ])("JSON: %s", (_, json, expected) => {
    const read = readPosition(json as { board: unknown; inHand: unknown }, CLASSIC_RULES);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatchObject(expected);
  });

  it("agrees with the reference validator on random strings (bad characters, lengths, duplicates, Quartos)", () => {
    const charArb = fc.constantFrom(..."0123456789ABCDEFabcdef.....xG- ");
    const textArb = fc.oneof(
      { weight: 6, arbitrary: fc.array(charArb, { minLength: 17, maxLength: 17 }).map((chars) => chars.join("")) },
      { weight: 1, arbitrary: fc.array(charArb, { maxLength: 20 }).map((chars) => chars.join("")) },
    );
    fc.assert(
      fc.property(textArb, (text) => {
        for (const rules of ALL_RULE_SETS) {
          const expected = refValidateString(text, rules);
          const read = readPosition(text, rules);
          const where = { rules: describeRules(rules), text };
          expect({ ...where, result: read.ok ? "ok" : `${read.error.code}@${read.error.index}` }).toEqual({
            ...where,
            result: expected.ok ? "ok" : `${expected.code}@${expected.index}`,
          });
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("move text", () => {
  it.each([
    // docs/rules.md: `-7` (the opening: give 7), `c3-A` (place on c3, give A), `d4!` (place on d4 and announce Quarto), `d4` (the last placement).
    ["-7", { give: 7 }],
    ["c3-A", { place: 10, give: 10 }],
    ["d4!", { place: 15, quarto: true }],
    ["d4", { place: 15 }],
    // Either case, cells by number, surrounding blanks.
    ["C3-a", { place: 10, give: 10 }],
    ["10-a", { place: 10, give: 10 }],
    ["0", { place: 0 }],
    [" c3-A ", { place: 10, give: 10 }],
    // The grammar [cell]["!"]["-" piece] also writes an announced placement that gives (illegal in play: give_not_allowed).
    ["d4!-3", { place: 15, quarto: true, give: 3 }],
  ])("parses %j", (text, move) => {
    expect(parseMoveText(text)).toEqual(move);
  });

  it.each(["", " ", "!", "-", "a1-", "e1-2", "c3-G", "c3--2", "16-1", "01-2", "c3 -A", "!-3", "-7!", "c3-AB", "c3-10"])("rejects %j", (text) => {
    expect(parseMoveText(text)).toBeNull();
  });

  it.each([
    [{ give: 7 }, "-7"],
    [{ place: 10, give: 10 }, "c3-A"],
    [{ place: 15, quarto: true }, "d4!"],
    [{ place: 15 }, "d4"],
  ] as [Move, string][])("writes %j as %j", (move, text) => {
    expect(makeMoveText(move)).toBe(text);
  });

  /** docs/rules.md's grammar `[cell]["!"]["-" piece]`, as written by makeMoveText (names, upper case). */
  const MOVE_TEXT = /^([a-d][1-4])?!?(-[0-9A-F])?$/;

  it("every legal move of random games round-trips through its text, under every rule set", () => {
    let moves = 0;
    fc.assert(
      fc.property(fc.constantFrom(...ALL_RULE_SETS), fc.array(fc.nat(), { minLength: 17, maxLength: 17 }), (rules, choices) => {
        let position = readPosition(START_POSITION_STRING, rules);
        if (!position.ok) throw new Error("start refused");
        for (const choice of choices) {
          const legal = legalMoves(position.value, rules);
          if (legal.length === 0) break;
          for (const move of legal) {
            moves++;
            const text = makeMoveText(move);
            const back = JSON.stringify(parseMoveText(text));
            const backUpper = JSON.stringify(parseMoveText(text.toUpperCase()));
            if (!MOVE_TEXT.test(text) || back !== JSON.stringify(move) || backUpper !== back) {
              expect({ move, text, back: parseMoveText(text), backUpper: parseMoveText(text.toUpperCase()) }).toEqual({
                move,
                text,
                back: move,
                backUpper: move,
              });
              expect(text).toMatch(MOVE_TEXT);
            }
          }
          const played = playMove(position.value, legal[choice % legal.length], rules);
          if (!played.ok) throw new Error(`legal move refused: ${played.error.code}`);
          position = { ok: true, value: played.value.position };
        }
      }),
      { numRuns: 300 },
    );
    expect(moves).toBeGreaterThan(100_000);
  });
});
