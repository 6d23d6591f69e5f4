/**
 * Hand-written cases from the rule sheets that docs/rules.md is written from (Gigamic edition: French
 * [fr], a French rules digest [fr-digest], Romanian [ro], Spanish [es]; docs/rules.md cites the same
 * tags) and from docs/rules.md itself [rules.md], each with its origin. Pieces are
 * hex digits: 8 = tall, 4 = dark, 2 = square, 1 = hollow (so 8 is tall light round solid, F tall dark
 * square hollow). Positions are 17-character strings: cells a1..d1, a2..d2, ..., then the piece in hand.
 */
import { describe, expect, it } from "vitest";
import {
  CLASSIC_RULES,
  completedShapes,
  legalMoves,
  type Move,
  type MoveErrorCode,
  makePositionString,
  makeRules,
  parseMoveText,
  playMove,
  playerToMove,
  plyOf,
  type Position,
  positionStatus,
  readPosition,
  type Rules,
  START_POSITION_STRING,
} from "../../src/rules/index.ts";

const MANUAL = makeRules({ announce: "manual" });
const SQUARES = makeRules({ squares: true });
const COLOR_ONLY = makeRules({ attributes: ["color"] });

function at(text: string, rules: Rules = CLASSIC_RULES): Position {
  const read = readPosition(text, rules);
  if (!read.ok) throw new Error(`${text}: ${read.error.code}`);
  return read.value;
}

const toMove = (move: string | Move): Move => {
  if (typeof move !== "string") return move;
  const parsed = parseMoveText(move);
  if (!parsed) throw new Error(`not a move: ${move}`);
  return parsed;
};

function play(text: string, move: string | Move, rules: Rules = CLASSIC_RULES) {
  return playMove(at(text, rules), toMove(move), rules);
}

function refused(text: string, move: string | Move, rules: Rules = CLASSIC_RULES): MoveErrorCode {
  const result = play(text, move, rules);
  if (result.ok) throw new Error(`${text} ${JSON.stringify(move)} was accepted: ${JSON.stringify(result.value.outcome)}`);
  return result.error.code;
}

function outcome(text: string, move: string | Move, rules: Rules = CLASSIC_RULES) {
  const result = play(text, move, rules);
  if (!result.ok) throw new Error(`${text} ${JSON.stringify(move)} refused: ${result.error.code}`);
  return result.value.outcome;
}

/** The shapes of a won outcome as `kind cells: values`, for readable expectations. */
function wonShapes(text: string, move: string | Move, rules: Rules = CLASSIC_RULES): string[] {
  const result = outcome(text, move, rules);
  if (result.status !== "won") throw new Error(`${text} ${JSON.stringify(move)} did not win: ${JSON.stringify(result)}`);
  return result.shapes.map((shape) => `${shape.kind} ${shape.cellNames.join(" ")}: ${shape.attributes.join(" ")}`);
}

// 8 9 A on a1 b1 c1 and B in hand: all four are tall and light (they differ in shape and fill).
const TALL_LIGHT_ROW = "89A.............B";
// A full board with no Quarto on any of the 10 lines (found by search, checked below), d4 still empty.
const DRAWN_BOARD = "3B8E25FAC461079D";

describe("what makes a Quarto", () => {
  it("[fr] 'Plusieurs caractères peuvent se cumuler': the outcome lists every shared attribute", () => {
    expect(outcome(TALL_LIGHT_ROW, "d1")).toEqual({
      status: "won",
      winner: "first",
      shapes: [{ kind: "row", shape: 0, cells: [0, 1, 2, 3], cellNames: ["a1", "b1", "c1", "d1"], attributes: ["tall", "light"] }],
    });
  });

  it("[fr-digest] two tall light and two tall dark pieces in a line: a Quarto despite the colors", () => {
    // 8 = tall light round solid, B = tall light square hollow, D = tall dark round hollow, E = tall dark square solid.
    expect(wonShapes("8BD.............E", "d1")).toEqual(["row a1 b1 c1 d1: tall"]);
  });

  it("[fr] one placement can complete several lines at once: all are listed", () => {
    // a1 b1 c1 = 0 1 2 (short light solid...), d2 d3 d4 = 4 5 6 (short dark); 3 on d1 is short and light.
    expect(wonShapes("012....4...5...63", "d1")).toEqual(["row a1 b1 c1 d1: short light", "column d1 d2 d3 d4: short"]);
  });

  it.each([
    // [fr] "Cet alignement peut-être horizontal, vertical ou diagonal": 4 rows, 4 columns, 2 diagonals.
    ["row 1", [0, 1, 2, 3], "row"],
    ["row 4", [12, 13, 14, 15], "row"],
    ["column b", [1, 5, 9, 13], "column"],
    ["column d", [3, 7, 11, 15], "column"],
    ["diagonal a1-d4", [0, 5, 10, 15], "diagonal"],
    ["diagonal d1-a4", [3, 6, 9, 12], "diagonal"],
  ] as const)("[fr] a %s of four tall pieces wins", (_, cells, kind) => {
    const board = Array<string>(16).fill(".");
    cells.forEach((cell, index) => {
      board[cell] = "89AB"[index];
    });
    const position = at(`${board.join("")}.`);
    expect(completedShapes(position, CLASSIC_RULES).map((shape) => [shape.kind, shape.cells])).toEqual([[kind, cells]]);
    expect(positionStatus(position, CLASSIC_RULES).status).toBe("won");
  });

  it("four tall pieces on the corners, or on a broken line, are no Quarto", () => {
    expect(completedShapes(at("8..9........A..B."), SQUARES)).toEqual([]);
    expect(completedShapes(at("89A...B.........."), SQUARES)).toEqual([]);
  });

  it("[fr, ro, es] a full board without a Quarto is a draw; the last placement gives nothing", () => {
    // The board is full and no line shares an attribute.
    expect(completedShapes(at(`${DRAWN_BOARD}.`), CLASSIC_RULES)).toEqual([]);
    expect(positionStatus(at(`${DRAWN_BOARD}.`), CLASSIC_RULES)).toMatchObject({ status: "drawn", winner: null, phase: null });
    const lastMove = `${DRAWN_BOARD.slice(0, 15)}.D`;
    expect(outcome(lastMove, "d4")).toEqual({ status: "drawn" });
    expect(refused(lastMove, { place: 15, give: 3 })).toBe("move/give_not_allowed");
    expect(legalMoves(at(lastMove), CLASSIC_RULES)).toEqual([{ place: 15 }]);
  });
});

describe("variants", () => {
  // The same full board has two 2x2 Quartos, c1 d1 c2 d2 (tall) and b2 c2 b3 c3 (dark), which share c2: leave it for last.
  const SQUARE_LAST = `${DRAWN_BOARD.slice(0, 6)}.${DRAWN_BOARD.slice(7)}F`;

  it("[fr, ro, es] advanced variant: a 2x2 square counts only with `squares`", () => {
    expect(outcome(SQUARE_LAST, "c2")).toEqual({ status: "drawn" });
    expect(wonShapes(SQUARE_LAST, "c2", SQUARES)).toEqual(["square c1 d1 c2 d2: tall", "square b2 c2 b3 c3: dark"]);
    // A square in the open board: without squares the game goes on and a give is required.
    expect(refused("89..A...........B", "b2")).toBe("move/give_required");
    expect(outcome("89..A...........B", "b2-0")).toEqual({ status: "ongoing" });
    expect(wonShapes("89..A...........B", "b2", SQUARES)).toEqual(["square a1 b1 a2 b2: tall light"]);
  });

  it("[ro, es] beginner variant with only color: a line sharing height (and shape) but not color does not win", () => {
    // 8 9 C D: all tall and round; 8 9 light, C D dark.
    expect(wonShapes("89C.............D", "d1")).toEqual(["row a1 b1 c1 d1: tall round"]);
    expect(outcome("89C.............D", "d1-0", COLOR_ONLY)).toEqual({ status: "ongoing" });
    expect(refused("89C.............D", "d1", COLOR_ONLY)).toBe("move/give_required");
  });

  it("[es] 'formar ... un alineamiento de 4 piezas que tengan el mismo color': only color is named", () => {
    // 0 1 8 9: all light and round, mixed heights; with only color in play, only "light" is listed.
    expect(wonShapes("018.............9", "d1", COLOR_ONLY)).toEqual(["row a1 b1 c1 d1: light"]);
    expect(wonShapes("018.............9", "d1")).toEqual(["row a1 b1 c1 d1: light round"]);
  });
});

describe("announce manual (the official announcement rule)", () => {
  it("[fr 2, ro 2, es] an unannounced Quarto is reported as missed and the game goes on: a give is required", () => {
    expect(outcome(TALL_LIGHT_ROW, "d1-0", MANUAL)).toEqual({
      status: "ongoing",
      missed: [{ kind: "row", shape: 0, cells: [0, 1, 2, 3], cellNames: ["a1", "b1", "c1", "d1"], attributes: ["tall", "light"] }],
    });
    expect(refused(TALL_LIGHT_ROW, "d1", MANUAL)).toBe("move/give_required");
  });

  it("[fr 1] the Quarto wins when announced, and then nothing is given", () => {
    expect(wonShapes(TALL_LIGHT_ROW, "d1!", MANUAL)).toEqual(["row a1 b1 c1 d1: tall light"]);
    expect(refused(TALL_LIGHT_ROW, "d1!-0", MANUAL)).toBe("move/give_not_allowed");
  });

  it("[rules.md] an announced false Quarto is refused with move/no_quarto", () => {
    expect(refused(TALL_LIGHT_ROW, "a2!", MANUAL)).toBe("move/no_quarto");
    expect(refused(TALL_LIGHT_ROW, "a2!-0", MANUAL)).toBe("move/no_quarto");
    expect(refused(TALL_LIGHT_ROW, "a2!-0", CLASSIC_RULES)).toBe("move/no_quarto");
  });

  it("[fr 3] an alignment nobody announced loses its value: it cannot win later", () => {
    const missed = play(TALL_LIGHT_ROW, "d1-0", MANUAL);
    if (!missed.ok) throw new Error(missed.error.code);
    const after = makePositionString(missed.value.position);
    expect(after).toBe("89AB............0");
    // The board still shows the row, the game goes on, and the row is not a Quarto for the next placement.
    expect(positionStatus(missed.value.position, MANUAL)).toMatchObject({ status: "ongoing", phase: "place" });
    expect(refused(after, "a2!-1", MANUAL)).toBe("move/no_quarto");
    expect(outcome(after, "a2-1", MANUAL)).toEqual({ status: "ongoing" });
    // Under announce auto such a position cannot arise: the row would have ended the game.
    expect(readPosition(after, CLASSIC_RULES)).toMatchObject({ ok: false, error: { code: "position/quarto_with_piece_in_hand" } });
    // A new Quarto through the placed cell wins, and only it is listed (not the lapsed row): 8 1 2 on a1 a2 a3, 0 to a4, all light.
    expect(wonShapes("89AB1...2.......0", "a4!", MANUAL)).toEqual(["column a1 a2 a3 a4: light"]);
  });

  it("[rules.md] legal moves under manual offer both the announcement and the silent placement", () => {
    const moves = legalMoves(at(TALL_LIGHT_ROW, MANUAL), MANUAL);
    expect(moves).toContainEqual({ place: 3, quarto: true });
    expect(moves).toContainEqual({ place: 3, give: 0 });
    expect(moves).not.toContainEqual({ place: 3 });
    // Under auto the winning placement is the only move on d1.
    expect(legalMoves(at(TALL_LIGHT_ROW), CLASSIC_RULES).filter((move) => move.place === 3)).toEqual([{ place: 3 }]);
  });

  it("under auto the announcement is optional: d1! and d1 both win", () => {
    expect(outcome(TALL_LIGHT_ROW, "d1!")).toEqual(outcome(TALL_LIGHT_ROW, "d1"));
  });
});

describe("the shape of a move", () => {
  it("[fr] the opening move only gives a piece", () => {
    expect(outcome(START_POSITION_STRING, "-7")).toEqual({ status: "ongoing" });
    const opened = play(START_POSITION_STRING, "-7");
    expect(opened.ok && makePositionString(opened.value.position)).toBe("................7");
    expect(refused(START_POSITION_STRING, "a1-7")).toBe("move/place_not_allowed");
    expect(refused(START_POSITION_STRING, "a1")).toBe("move/place_not_allowed");
    expect(refused(START_POSITION_STRING, {})).toBe("move/give_required");
    expect(legalMoves(at(START_POSITION_STRING), CLASSIC_RULES)).toEqual(Array.from({ length: 16 }, (_, give) => ({ give })));
  });

  it("[rules.md] a placement that wins gives nothing", () => {
    expect(refused(TALL_LIGHT_ROW, "d1-0")).toBe("move/give_not_allowed");
  });

  it("[fr] the piece handed over must be placed: a move without a cell is refused", () => {
    expect(refused(TALL_LIGHT_ROW, "-0")).toBe("move/place_required");
  });

  it("[fr] 'sur une case libre': an occupied cell is refused", () => {
    expect(refused(TALL_LIGHT_ROW, "a1-0")).toBe("move/cell_occupied");
  });

  it("[fr] only a piece still beside the board can be given", () => {
    expect(refused(TALL_LIGHT_ROW, "a2-8")).toBe("move/piece_not_available"); // on the board
    expect(refused(TALL_LIGHT_ROW, "a2-B")).toBe("move/piece_not_available"); // the piece just placed
    expect(refused("8...............9", "-A")).toBe("move/place_required");
  });

  it("values out of range are refused with bad_cell and bad_piece", () => {
    expect(refused(TALL_LIGHT_ROW, { place: 16, give: 0 })).toBe("move/bad_cell");
    expect(refused(TALL_LIGHT_ROW, { place: -1, give: 0 })).toBe("move/bad_cell");
    expect(refused(TALL_LIGHT_ROW, { place: 4, give: 16 })).toBe("move/bad_piece");
    expect(refused(START_POSITION_STRING, { give: 1.5 })).toBe("move/bad_piece");
  });

  it("after the game has ended every move is refused with game_over, and there are no legal moves", () => {
    for (const [text, rules] of [
      ["89AB.............", CLASSIC_RULES],
      [`${DRAWN_BOARD}.`, CLASSIC_RULES],
      ["89AB.............", MANUAL],
    ] as const) {
      expect(refused(text, "a2-0", rules)).toBe("move/game_over");
      expect(refused(text, "-0", rules)).toBe("move/game_over");
      expect(legalMoves(at(text, rules), rules)).toEqual([]);
    }
  });
});

describe("turns and the winner", () => {
  it("[fr] 'Il n'est pas obligé d'avoir lui même déposé les trois autres pièces': the placer of the fourth piece wins", () => {
    // first gives 8; second puts it on a1 and gives 9; first: b1, gives A; second: c1, gives B; first: d1.
    let position = at(START_POSITION_STRING);
    const seats: string[] = [];
    let last = null;
    for (const move of ["-8", "a1-9", "b1-A", "c1-B", "d1"]) {
      seats.push(playerToMove(position));
      const result = playMove(position, toMove(move), CLASSIC_RULES);
      if (!result.ok) throw new Error(result.error.code);
      position = result.value.position;
      last = result.value.outcome;
    }
    expect(seats).toEqual(["first", "second", "first", "second", "first"]);
    expect(last).toMatchObject({ status: "won", winner: "first" });
    // docs/rules.md: the opening give is the first move, so five moves have been played; the finished position agrees on the winner.
    expect(plyOf(position)).toBe(5);
    expect(positionStatus(position, CLASSIC_RULES)).toMatchObject({ status: "won", winner: "first", phase: null });
  });

  it("[rules.md] ply and phase: 0 and give at the start, pieces + 1 and place with a piece in hand", () => {
    expect(plyOf(at(START_POSITION_STRING))).toBe(0);
    expect(positionStatus(at(START_POSITION_STRING), CLASSIC_RULES)).toMatchObject({ status: "ongoing", phase: "give" });
    expect(plyOf(at("................7"))).toBe(1);
    expect(playerToMove(at("................7"))).toBe("second");
    expect(plyOf(at("0A3.............5"))).toBe(4);
    expect(positionStatus(at("0A3.............5"), CLASSIC_RULES)).toMatchObject({ status: "ongoing", phase: "place", winner: null });
    // A drawn game: the opening give and 16 placements.
    expect(plyOf(at(`${DRAWN_BOARD}.`))).toBe(17);
  });
});
