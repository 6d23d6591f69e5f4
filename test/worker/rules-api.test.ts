/**
 * The stateless rules API through the Worker: POST and GET forms of /v1/validate-move and /v1/check-win.
 * Positions are written out by hand; each comment says what is on the board and why the answer follows
 * from docs/rules.md (piece bits: 8 tall, 4 dark, 2 square, 1 hollow).
 */
import { describe, expect, it } from "vitest";
import { expectProblem, json200, postJson, request } from "./http.ts";

const START = ".................";
// a1=0 b1=A c1=3, piece 5 in hand: ply 4, the first player places. No placement of 5 wins.
const OPENING = "0A3.............5";
// a1=8 b1=A c1=9 (all tall), F (tall) in hand: placing F on d1 completes a row of four tall pieces.
const TALL_THREE = "8A9.............F";
// a1-d1 = 8 9 A B: four tall (and light) pieces, nothing in hand: the last placer (first) has won.
const TALL_ROW = "89AB.............";
// a1=8 b1=9 a2=C tall, D (tall) in hand: D on b2 completes the 2x2 square a1 b1 a2 b2 only.
const TALL_CORNER = "89..C...........D";
// a1=8 b1=C c1=9 (tall; light, dark, light; all round), D (tall dark round) in hand.
const TALL_MIXED_COLORS = "8C9.............D";
// A full board without any Quarto, even counting squares (found by a seeded random search).
const DRAWN = "F8E36B074D5A129C.";
// The same board with d4 empty and C in hand: the last placement draws.
const LAST_PLACEMENT = "F8E36B074D5A129.C";

const rowOfFour = (attributes: string[]) => ({ kind: "row", shape: 0, cells: [0, 1, 2, 3], cellNames: ["a1", "b1", "c1", "d1"], attributes });

const board = (text: string) => [...text.slice(0, 16)].map((char) => (char === "." ? null : Number.parseInt(char, 16)));
const jsonForm = (text: string) => ({ board: board(text), inHand: text[16] === "." ? null : Number.parseInt(text[16], 16) });

describe("POST /v1/validate-move", () => {
  it("plays a legal move and gives the next position in both forms", async () => {
    const body = await json200(postJson("/v1/validate-move", { position: OPENING, move: { place: "c3", give: 6 } }));
    expect(body).toEqual({
      legal: true,
      moveText: "c3-6",
      position: { string: "0A3.......5.....6", json: jsonForm("0A3.......5.....6"), ply: 5, toMove: "second" },
      outcome: { status: "ongoing", winner: null, shapes: [], missed: [] },
      rules: { squares: false, attributes: ["height", "color", "shape", "fill"], announce: "auto", missedClaim: true },
    });
  });

  it("accepts the JSON form of the position, cells as numbers and pieces as hex digits alike", async () => {
    const fromString = await json200(postJson("/v1/validate-move", { position: OPENING, move: { place: "c3", give: 6 } }));
    const fromJson = await json200(postJson("/v1/validate-move", { position: jsonForm(OPENING), move: { place: 10, give: "6" } }));
    const upperCaseCell = await json200(postJson("/v1/validate-move", { position: OPENING.toLowerCase(), move: { place: "C3", give: 6 } }));
    expect(fromJson).toEqual(fromString);
    expect(upperCaseCell).toEqual(fromString);
  });

  it("plays the opening give", async () => {
    const body = await json200(postJson("/v1/validate-move", { position: START, move: { give: 7 } }));
    expect(body).toMatchObject({ legal: true, moveText: "-7", position: { string: "................7", ply: 1, toMove: "second" } });
  });

  it("declares a completed Quarto at once under announce auto, and writes the move with '!'", async () => {
    const body = await json200(postJson("/v1/validate-move", { position: TALL_THREE, move: { place: "d1" } }));
    expect(body).toMatchObject({
      legal: true,
      moveText: "d1!",
      position: { string: "8A9F.............", ply: 5 },
      outcome: { status: "won", winner: "first", shapes: [rowOfFour(["tall"])], missed: [] },
    });
  });

  it("under announce manual, an unannounced Quarto does not win and is reported as missed", async () => {
    const rules = { announce: "manual" };
    const missed = await json200(postJson("/v1/validate-move", { position: TALL_THREE, move: { place: "d1", give: 1 }, rules }));
    expect(missed).toMatchObject({ legal: true, moveText: "d1-1", outcome: { status: "ongoing", winner: null, shapes: [], missed: [rowOfFour(["tall"])] } });
    const announced = await json200(postJson("/v1/validate-move", { position: TALL_THREE, move: { place: "d1", quarto: true }, rules }));
    expect(announced).toMatchObject({ legal: true, moveText: "d1!", outcome: { status: "won", winner: "first" } });
    const silent = await json200(postJson("/v1/validate-move", { position: TALL_THREE, move: { place: "d1" }, rules }));
    expect(silent).toMatchObject({ legal: false, code: "move/give_required" });
  });

  it("counts squares only with squares: true", async () => {
    const classic = await json200(postJson("/v1/validate-move", { position: TALL_CORNER, move: { place: "b2" } }));
    expect(classic).toMatchObject({ legal: false, code: "move/give_required" });
    const squares = await json200(postJson("/v1/validate-move", { position: TALL_CORNER, move: { place: "b2" }, rules: { squares: true } }));
    expect(squares).toMatchObject({
      legal: true,
      outcome: { status: "won", shapes: [{ kind: "square", shape: 10, cells: [0, 1, 4, 5], attributes: ["tall", "round"] }] },
    });
  });

  it("counts only the chosen attributes: four tall pieces of mixed colors do not win on color alone", async () => {
    const classic = await json200(postJson("/v1/validate-move", { position: TALL_MIXED_COLORS, move: { place: "d1" } }));
    expect(classic).toMatchObject({ legal: true, outcome: { status: "won", shapes: [rowOfFour(["tall", "round"])] } });
    const colorOnly = await json200(
      postJson("/v1/validate-move", { position: TALL_MIXED_COLORS, move: { place: "d1", give: 0 }, rules: { attributes: ["color"] } }),
    );
    expect(colorOnly).toMatchObject({ legal: true, outcome: { status: "ongoing" }, rules: { attributes: ["color"] } });
  });

  it("draws on the last placement without a Quarto", async () => {
    const body = await json200(postJson("/v1/validate-move", { position: LAST_PLACEMENT, move: { place: "d4" } }));
    expect(body).toMatchObject({ legal: true, moveText: "d4", position: { string: DRAWN }, outcome: { status: "drawn", winner: null } });
  });

  // Each illegal move is a 200 with legal: false and the core's code.
  it.each([
    ["cell occupied", OPENING, { place: "a1", give: 6 }, "move/cell_occupied"],
    ["piece on the board", OPENING, { place: "c3", give: "A" }, "move/piece_not_available"],
    ["piece in hand", OPENING, { place: "c3", give: 5 }, "move/piece_not_available"],
    ["give missing", OPENING, { place: "c3" }, "move/give_required"],
    ["place missing", OPENING, { give: 6 }, "move/place_required"],
    ["placing at the opening", START, { place: "a1", give: 6 }, "move/place_not_allowed"],
    ["give after a win", TALL_THREE, { place: "d1", give: 1 }, "move/give_not_allowed"],
    ["give after the last placement", LAST_PLACEMENT, { place: "d4", give: 1 }, "move/give_not_allowed"],
    ["announcing nothing", TALL_THREE, { place: "a2", give: 1, quarto: true }, "move/no_quarto"],
    ["after a win", TALL_ROW, { give: 0 }, "move/game_over"],
    ["after a draw", DRAWN, { give: 0 }, "move/game_over"],
  ])("refuses %s", async (_, position, move, code) => {
    const body = await json200(postJson("/v1/validate-move", { position, move }));
    expect(body).toMatchObject({ legal: false, code });
    expect(typeof body.detail).toBe("string");
  });
});

describe("POST /v1/check-win", () => {
  it("reports a won position with its shape, the winner and the pieces left", async () => {
    const body = await json200(postJson("/v1/check-win", { position: TALL_ROW }));
    expect(body).toEqual({
      status: "won",
      phase: null,
      winner: "first",
      shapes: [rowOfFour(["tall", "light"])],
      available: [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15],
      legalMoveCount: 0,
      position: { string: TALL_ROW, json: jsonForm(TALL_ROW), ply: 5, toMove: "second" },
      rules: { squares: false, attributes: ["height", "color", "shape", "fill"], announce: "auto", missedClaim: true },
    });
  });

  it("reports the start: 16 pieces to choose from", async () => {
    const body = await json200(postJson("/v1/check-win", { position: START }));
    expect(body).toMatchObject({ status: "ongoing", phase: "give", winner: null, shapes: [], legalMoveCount: 16, position: { ply: 0, toMove: "first" } });
    expect(body.available).toHaveLength(16);
  });

  it("counts the legal moves of a placing player: 13 cells times 12 pieces", async () => {
    const body = await json200(postJson("/v1/check-win", { position: jsonForm(OPENING) }));
    expect(body).toMatchObject({ status: "ongoing", phase: "place", legalMoveCount: 13 * 12, position: { string: OPENING } });
  });

  it("reports a full board without Quarto as drawn", async () => {
    expect(await json200(postJson("/v1/check-win", { position: DRAWN, rules: { squares: true } }))).toMatchObject({ status: "drawn", legalMoveCount: 0 });
  });

  it("sees a square only with squares: true", async () => {
    const square = "89..CD...........";
    expect(await json200(postJson("/v1/check-win", { position: square }))).toMatchObject({ status: "ongoing", phase: "give" });
    expect(await json200(postJson("/v1/check-win", { position: square, rules: { squares: true } }))).toMatchObject({
      status: "won",
      shapes: [{ kind: "square", cellNames: ["a1", "b1", "a2", "b2"] }],
    });
  });

  it("accepts a lapsed alignment with a piece in hand under announce manual only", async () => {
    const lapsed = "89AB............0";
    await expectProblem(postJson("/v1/check-win", { position: lapsed }), "position/quarto_with_piece_in_hand");
    expect(await json200(postJson("/v1/check-win", { position: lapsed, rules: { announce: "manual" } }))).toMatchObject({ status: "ongoing", phase: "place" });
  });
});

describe("position errors: 422 with the position code, the field path and the index", () => {
  it.each([
    ["too short", "0A3", "position/wrong_length", undefined],
    ["a bad character", "0A3x............5", "position/bad_character", 3],
    ["a piece twice", "00...............", "position/duplicate_piece", 1],
    ["the piece in hand on the board", "0...............0", "position/piece_in_hand_on_board", 16],
  ] as const)("string with %s", async (_, position, code, index) => {
    const problem = await expectProblem(postJson("/v1/check-win", { position }), code);
    expect(problem.index).toBe(index);
    expect(problem.errors).toEqual([{ path: ["position"], message: problem.detail }]);
    expect(problem.instance).toBe("/v1/check-win");
  });

  it("points into the JSON form", async () => {
    const duplicate = await expectProblem(postJson("/v1/check-win", { position: jsonForm("0.0..............") }), "position/duplicate_piece");
    expect(duplicate).toMatchObject({ index: 2, errors: [{ path: ["position", "board", 2] }] });
    const inHand = await expectProblem(postJson("/v1/validate-move", { position: jsonForm("0...............0"), move: { give: 1 } }), "position/piece_in_hand_on_board");
    expect(inHand).toMatchObject({ index: 16, errors: [{ path: ["position", "inHand"] }] });
  });

  it("reports a shape error in the JSON form as an invalid request at the cell", async () => {
    const position = { board: [0, 1, 2, 16, ...Array(12).fill(null)], inHand: null };
    const problem = await expectProblem(postJson("/v1/check-win", { position }), "request/invalid");
    expect(problem.errors?.map((error) => error.path)).toEqual([["position", "board", 3]]);
  });
});

describe("request validation: 422 request/invalid with every failing path", () => {
  it.each([
    ["no move", { position: OPENING }, [["move"]]],
    ["a piece out of range", { position: OPENING, move: { place: 10, give: 16 } }, [["move", "give"]]],
    ["a cell name off the board", { position: OPENING, move: { place: "e5", give: 1 } }, [["move", "place"]]],
    ["an unknown move field", { position: OPENING, move: { place: 10, give: 1, drop: true } }, [["move"]]],
    ["an unknown rules option", { position: OPENING, move: { give: 1 }, rules: { diagonals: false } }, [["rules"]]],
    ["no attributes", { position: OPENING, move: { give: 1 }, rules: { attributes: [] } }, [["rules", "attributes"]]],
    ["a bad announce mode", { position: OPENING, move: { give: 1 }, rules: { announce: "loud" } }, [["rules", "announce"]]],
    ["a position that is neither form", { position: 5, move: { give: 1 } }, [["position"]]],
    ["two faults", { position: OPENING, move: { place: -1, give: "G" } }, [["move", "place"], ["move", "give"]]],
    ["not an object", [1, 2], [[]]],
  ])("%s", async (_, body, paths) => {
    const problem = await expectProblem(postJson("/v1/validate-move", body), "request/invalid");
    expect(problem.errors?.map((error) => error.path)).toEqual(paths);
    for (const error of problem.errors ?? []) expect(error.message.length).toBeGreaterThan(0);
  });
});

describe("GET forms", () => {
  it("validate-move with the text notation agrees with the POST form", async () => {
    const viaGet = await json200(request(`/v1/validate-move?position=${OPENING}&move=c3-6`));
    const viaPost = await json200(postJson("/v1/validate-move", { position: OPENING, move: { place: "c3", give: 6 } }));
    expect(viaGet).toEqual(viaPost);
  });

  it("takes the rules options as query parameters", async () => {
    const squares = await json200(request(`/v1/validate-move?position=${TALL_CORNER}&move=b2&squares=true`));
    expect(squares).toMatchObject({ legal: true, outcome: { status: "won" } });
    const colorOnly = await json200(request(`/v1/validate-move?position=${TALL_MIXED_COLORS}&move=d1-0&attributes=color,shape`));
    expect(colorOnly).toMatchObject({ legal: false, code: "move/give_not_allowed", moveText: "d1-0" });
    const manual = await json200(request(`/v1/validate-move?position=${TALL_THREE}&move=d1!&announce=manual&missedClaim=false`));
    expect(manual).toMatchObject({ legal: true, moveText: "d1!", rules: { announce: "manual", missedClaim: false } });
    const opening = await json200(request(`/v1/validate-move?position=${START}&move=-7`));
    expect(opening).toMatchObject({ legal: true, position: { string: "................7" } });
  });

  it("check-win agrees with the POST form", async () => {
    for (const [position, query] of [
      [TALL_ROW, ""],
      ["89..CD...........", "&squares=true"],
      [OPENING, "&attributes=height"],
    ]) {
      const viaGet = await json200(request(`/v1/check-win?position=${position}${query}`));
      const rules = query === "" ? undefined : query.includes("squares") ? { squares: true } : { attributes: ["height"] };
      expect(viaGet).toEqual(await json200(postJson("/v1/check-win", { position, rules })));
    }
  });

  it("reports a percent-encoded position like a plain one", async () => {
    const encoded = await json200(request(`/v1/check-win?position=${encodeURIComponent(TALL_ROW)}`));
    expect(encoded).toMatchObject({ status: "won" });
  });

  it.each([
    ["no position", "/v1/check-win", [["position"]]],
    ["an unknown attribute", `/v1/check-win?position=${START}&attributes=colour`, [["attributes", 0]]],
    ["a non-boolean squares", `/v1/check-win?position=${START}&squares=yes`, [["squares"]]],
    ["the position twice", `/v1/check-win?position=${START}&position=${START}`, [["position"]]],
    ["no move", `/v1/validate-move?position=${START}`, [["move"]]],
    ["a move that is not text notation", `/v1/validate-move?position=${OPENING}&move=c3+A`, [["move"]]],
  ])("422 for %s", async (_, path, paths) => {
    const problem = await expectProblem(request(path), "request/invalid");
    expect(problem.errors?.map((error) => error.path)).toEqual(paths);
  });

  it("422 with the position code for a bad position string", async () => {
    const problem = await expectProblem(request(`/v1/validate-move?position=0A3.x...........5&move=-1`), "position/bad_character");
    expect(problem).toMatchObject({ index: 4, errors: [{ path: ["position"] }] });
  });
});
