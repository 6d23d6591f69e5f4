/**
 * The rules core against the brute-force referee of reference/quarto.ts, on random boards and random
 * games, under all 60 rule sets (squares on/off x 15 attribute subsets x announce auto/manual).
 *
 * Known limit, not checked here: under `announce: manual` a finished game's position cannot say whether
 * its last Quarto was announced (won) or let go (drawn), nor whether a Quarto on a full board lapsed long
 * ago; positionStatus reads any Quarto on a position with no piece in hand as the last placer's win. The
 * outcome returned by playMove is the authority there, and the games below check it, not the re-read.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALL_SHAPES,
  CELL_NAMES,
  completedShapes,
  LINES,
  legalMoves,
  type Move,
  makePositionString,
  type Outcome,
  playMove,
  playerToMove,
  plyOf,
  type Position,
  positionStatus,
  readPosition,
  type Rules,
  SQUARES,
  type WinningShape,
} from "../../src/rules/index.ts";
import { ALL_RULE_SETS, describeRules } from "./reference/options.ts";
import {
  type RefBoard,
  refCandidateMoves,
  refCellName,
  refCompletedShapes,
  refLegalMoves,
  refLines,
  refMoveKey,
  type RefOutcome,
  refPlay,
  refPositionString,
  type RefSeat,
  refSortWins,
  refSquares,
  refStatus,
  refValidateString,
  type RefWin,
} from "./reference/quarto.ts";

// ---- comparing the core's answers with the reference's -------------------------------------------

/** The core's shapes in the reference's form (sorted cells and values), after checking their fields. */
function coreWins(shapes: readonly WinningShape[]): RefWin[] {
  return shapes.map((shape) => {
    // The shape index points at the same cells, and the names are those of the cells.
    if (ALL_SHAPES[shape.shape].cells.join() !== shape.cells.join() || ALL_SHAPES[shape.shape].kind !== shape.kind) {
      throw new Error(`shape ${shape.shape} does not match ALL_SHAPES: ${JSON.stringify(shape)}`);
    }
    if (shape.cellNames.join() !== shape.cells.map(refCellName).join()) throw new Error(`bad cell names: ${JSON.stringify(shape)}`);
    return { kind: shape.kind, cells: [...shape.cells].sort((a, b) => a - b), attributes: [...shape.attributes].sort() };
  });
}

const winsKey = (wins: RefWin[]) =>
  refSortWins(wins)
    .map((win) => `${win.kind}:${win.cells.join(",")}:${win.attributes.join("+")}`)
    .join(" ");

const KINDS = ["row", "column", "diagonal", "square"];
const VALUES = ["short", "tall", "light", "dark", "round", "square", "solid", "hollow"];

/**
 * A compact exact signature of a list of shapes with their shared values, for the hot loop over
 * random boards: one number per shape (kind, cell set, set of values), sorted. Works on both sides'
 * forms without normalising them first; order of cells and values does not matter.
 */
function winsSignature(wins: readonly { kind: string; cells: readonly number[]; attributes: readonly string[] }[]): string {
  if (wins.length === 0) return "";
  const numbers = wins.map((win) => {
    let cellSet = 0;
    for (const cell of win.cells) cellSet += 2 ** cell;
    let valueSet = 0;
    for (const value of win.attributes) valueSet += 2 ** VALUES.indexOf(value);
    return (KINDS.indexOf(win.kind) * 65536 + cellSet) * 256 + valueSet;
  });
  return numbers.sort((a, b) => a - b).join();
}

function outcomeKey(outcome: Outcome | RefOutcome): string {
  if (outcome.status === "won") return `won ${outcome.winner} [${winsKey(coreOrRef(outcome.shapes))}]`;
  if (outcome.status === "drawn") return "drawn";
  const missed = "missed" in outcome && outcome.missed !== undefined ? coreOrRef(outcome.missed) : [];
  return missed.length > 0 ? `ongoing missed [${winsKey(missed)}]` : "ongoing";
}

/** Outcomes of both sides go through one key; core shapes carry a `shape` index, reference ones do not. */
function coreOrRef(shapes: readonly (WinningShape | RefWin)[]): RefWin[] {
  return shapes.every((shape) => "shape" in shape) ? coreWins(shapes as WinningShape[]) : (shapes as RefWin[]);
}

function statusKey(status: { status: string; phase: string | null; winner: string | null; shapes: readonly (WinningShape | RefWin)[] }): string {
  return `${status.status} ${status.phase} ${status.winner} [${winsKey(coreOrRef(status.shapes))}]`;
}

/** What playMove answers, as one comparable line: the error code, or the next position and the outcome. */
function corePlayKey(position: Position, move: Move, rules: Rules): string {
  const played = playMove(position, move, rules);
  return played.ok ? `${makePositionString(played.value.position)} ${outcomeKey(played.value.outcome)}` : played.error.code;
}

function refPlayKey(board: RefBoard, inHand: number | null, move: Move, rules: Rules): string {
  const played = refPlay(board, inHand, move, rules);
  return played.ok ? `${refPositionString(played.board, played.inHand)} ${outcomeKey(played.outcome)}` : played.code;
}

function mustRead(text: string, rules: Rules): Position {
  const read = readPosition(text, rules);
  if (!read.ok) throw new Error(`${text} rejected under ${describeRules(rules)}: ${read.error.code}`);
  return read.value;
}

// ---- random boards ----------------------------------------------------------------------------------

const PIECES = Array.from({ length: 16 }, (_, piece) => piece);

/** A board of distinct pieces: a random order of the 16 pieces, shown on a random set of cells (dense on average). */
const boardArb: fc.Arbitrary<(number | null)[]> = fc
  .tuple(
    fc.shuffledSubarray(PIECES, { minLength: 16, maxLength: 16 }),
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(0xffff) },
      { weight: 5, arbitrary: fc.tuple(fc.nat(0xffff), fc.nat(0xffff)).map(([a, b]) => a | b) },
      { weight: 1, arbitrary: fc.nat(0xffff) },
    ),
  )
  .map(([order, filled]) => order.map((piece, cell) => (filled & (1 << cell) ? piece : null)));

const AUTO_SHAPE_RULES = ALL_RULE_SETS.filter((rules) => rules.announce === "auto");
const MANUAL_SHAPE_RULES = ALL_RULE_SETS.filter((rules) => rules.announce === "manual");

describe("the shape tables", () => {
  it("LINES and SQUARES are the reference's rows, columns, diagonals and 2x2 squares", () => {
    const asSet = (shapes: readonly { kind: string; cells: readonly number[] }[]) =>
      shapes.map((shape) => `${shape.kind}:${[...shape.cells].sort((a, b) => a - b).join(",")}`).sort();
    expect(asSet(LINES)).toEqual(asSet(refLines()));
    expect(asSet(SQUARES)).toEqual(asSet(refSquares()));
    expect(ALL_SHAPES.slice(0, 10)).toEqual(LINES);
    expect(ALL_SHAPES.slice(10)).toEqual(SQUARES);
    for (const shape of ALL_SHAPES) expect(shape.mask).toBe(shape.cells.reduce((mask, cell) => mask + 2 ** cell, 0));
    expect(CELL_NAMES).toEqual(PIECES.map(refCellName));
  });
});

describe("completedShapes", () => {
  it("agrees with the reference on 120 000 random boards, each under all 30 shape rules", () => {
    let boards = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(boardArb, fc.nat(15)), { minLength: 100, maxLength: 100 }), (cases) => {
        for (const [board, through] of cases) {
          // announce does not enter win detection; alternate it so both kinds of Rules objects are used.
          const ruleSets = boards++ % 2 === 0 ? AUTO_SHAPE_RULES : MANUAL_SHAPE_RULES;
          const position = mustRead(refPositionString(board, null), ruleSets[0]);
          for (const rules of ruleSets) {
            const actual = winsSignature(completedShapes(position, rules));
            if (actual !== winsSignature(refCompletedShapes(board, rules))) {
              expect({ rules: describeRules(rules), board, shapes: winsKey(coreWins(completedShapes(position, rules))) }).toEqual({
                rules: describeRules(rules),
                board,
                shapes: winsKey(refCompletedShapes(board, rules)),
              });
            }
          }
          // Only the shapes through one cell (what playMove asks for), under one of the rule sets in turn.
          const rules = ruleSets[boards % ruleSets.length];
          const actualThrough = winsKey(coreWins(completedShapes(position, rules, through)));
          const expectedThrough = winsKey(refCompletedShapes(board, rules, through));
          if (actualThrough !== expectedThrough) {
            expect({ rules: describeRules(rules), board, through, shapes: actualThrough }).toEqual({
              rules: describeRules(rules),
              board,
              through,
              shapes: expectedThrough,
            });
          }
        }
      }),
      { numRuns: 1200 },
    );
    expect(boards).toBe(120_000);
  });
});

describe("validation, positionStatus and playMove on arbitrary (not only reachable) positions", () => {
  // The hand is any piece or none, so some positions are invalid (piece in hand on the board, or a
  // Quarto with a piece in hand under auto); those must be refused with the reference's code.
  const positionArb = fc.tuple(boardArb, fc.option(fc.nat(15), { freq: 3 }));
  const oddMoveArb: fc.Arbitrary<Move> = fc.record(
    {
      place: fc.oneof(fc.nat(15), fc.constantFrom(-1, 16, 1.5, Number.NaN)),
      give: fc.oneof(fc.nat(15), fc.constantFrom(-1, 16, 2.5)),
      quarto: fc.boolean(),
    },
    { requiredKeys: [] },
  );

  it("agrees with the reference under all 60 rule sets on 8 000 random positions", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(positionArb, fc.array(oddMoveArb, { maxLength: 4 })), { minLength: 20, maxLength: 20 }), (cases) => {
        for (const [[board, inHand], moves] of cases) {
          const text = refPositionString(board, inHand);
          for (const rules of ALL_RULE_SETS) {
            const expected = refValidateString(text, rules);
            const read = readPosition(text, rules);
            const actualCode = read.ok ? "ok" : `${read.error.code}@${read.error.index}`;
            const expectedCode = expected.ok ? "ok" : `${expected.code}@${expected.index}`;
            if (actualCode !== expectedCode)
              expect({ rules: describeRules(rules), text, actualCode }).toEqual({ rules: describeRules(rules), text, actualCode: expectedCode });
            if (!read.ok) continue;
            const position = read.value;
            const actualStatus = statusKey(positionStatus(position, rules));
            const expectedStatus = statusKey(refStatus(board, inHand, rules));
            if (actualStatus !== expectedStatus)
              expect({ rules: describeRules(rules), text, actualStatus }).toEqual({ rules: describeRules(rules), text, actualStatus: expectedStatus });
            for (const move of moves) {
              const actual = corePlayKey(position, move, rules);
              const expectedPlay = refPlayKey(board, inHand, move, rules);
              if (actual !== expectedPlay)
                expect({ rules: describeRules(rules), text, move, actual }).toEqual({ rules: describeRules(rules), text, move, actual: expectedPlay });
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

// ---- random games -----------------------------------------------------------------------------------

const CANDIDATES = refCandidateMoves();
/** Values out of range, and a placement with no give, on top of the candidates. */
const ODD_MOVES: Move[] = [
  {},
  { place: -1, give: 0 },
  { place: 16, give: 0 },
  { place: 1.5 },
  { place: Number.NaN, give: 1 },
  { give: 16 },
  { give: -1 },
  { place: 0, give: 2.5 },
  { place: 3, quarto: true, give: 17 },
];

interface Coverage {
  positions: number;
  wins: number;
  draws: number;
  missed: number;
  lapsedAtEnd: number;
}
const coverage: Coverage = { positions: 0, wins: 0, draws: 0, missed: 0, lapsedAtEnd: 0 };

/**
 * Plays one random game with the core and the reference side by side. `choices` picks each move among
 * the reference's legal moves; every position on the way is compared in full: status, the set of legal
 * moves, and playMove's answer to every candidate move (legality code, or next position and outcome).
 */
function playRandomGame(rules: Rules, choices: number[]): void {
  let position = mustRead(".................", rules);
  let board: (number | null)[] = Array(16).fill(null);
  let inHand: number | null = null;
  // Tracked here, not computed: the opening give is move 1 by "first", then the seats alternate.
  let seat: RefSeat = "first";
  let movesPlayed = 0;
  for (const choice of choices) {
    coverage.positions++;
    const where = { rules: describeRules(rules), position: refPositionString(board, inHand) };
    expect(makePositionString(position)).toBe(where.position);
    expect(plyOf(position)).toBe(movesPlayed);
    expect(playerToMove(position)).toBe(seat);
    expect(statusKey(positionStatus(position, rules))).toBe(statusKey(refStatus(board, inHand, rules)));

    const expectedMoves = refLegalMoves(board, inHand, rules);
    const actualMoves = legalMoves(position, rules);
    for (const move of actualMoves) {
      // Only the three known fields, and `quarto` only when true: a canonical move object.
      expect(
        Object.keys(move).every((key) => ["place", "give", "quarto"].includes(key)),
        JSON.stringify(move),
      ).toBe(true);
      if ("quarto" in move) expect(move.quarto).toBe(true);
    }
    const actualKeys = actualMoves.map(refMoveKey);
    expect(new Set(actualKeys).size, "legalMoves has duplicates").toBe(actualKeys.length);
    expect({ ...where, moves: actualKeys.sort() }).toEqual({ ...where, moves: expectedMoves.map(refMoveKey).sort() });

    for (const move of [...CANDIDATES, ...ODD_MOVES]) {
      const actual = corePlayKey(position, move, rules);
      const expected = refPlayKey(board, inHand, move, rules);
      if (actual !== expected) expect({ ...where, move, actual }).toEqual({ ...where, move, actual: expected });
    }

    if (expectedMoves.length === 0) break;
    const move = expectedMoves[choice % expectedMoves.length];
    const played = playMove(position, move, rules);
    const refPlayed = refPlay(board, inHand, move, rules);
    if (!played.ok || !refPlayed.ok) throw new Error(`legal move ${refMoveKey(move)} refused at ${where.position}`);
    const { outcome } = played.value;
    if (outcome.status === "won") expect(outcome.winner, "the winner is the player who placed").toBe(seat);
    if (outcome.status === "ongoing" && outcome.missed) coverage.missed++;
    position = played.value.position;
    board = refPlayed.board;
    inHand = refPlayed.inHand;
    movesPlayed++;
    seat = seat === "first" ? "second" : "first";

    if (outcome.status !== "ongoing") {
      // The finished position read on its own says the same (see the header for announce: manual).
      const after = positionStatus(position, rules);
      if (outcome.status === "won") {
        coverage.wins++;
        expect(after.status).toBe("won");
        expect(after.winner).toBe(outcome.winner);
        const afterShapes = winsKey(coreWins(after.shapes));
        if (rules.announce === "auto") expect(afterShapes).toBe(winsKey(coreWins(outcome.shapes)));
        else for (const shape of coreWins(outcome.shapes)) expect(afterShapes).toContain(winsKey([shape]));
      } else {
        coverage.draws++;
        if (completedShapes(position, rules).length === 0) expect(after.status).toBe("drawn");
        else coverage.lapsedAtEnd++;
      }
      expect(plyOf(position)).toBe(movesPlayed);
      expect(legalMoves(position, rules)).toEqual([]);
    }
  }
  expect(positionStatus(position, rules).status, "a game has at most 17 moves").not.toBe("ongoing");
}

describe("random games: core and reference side by side", () => {
  const gamesPerRuleSet = 6;
  it.each(ALL_RULE_SETS.map((rules) => [describeRules(rules), rules] as const))("%s", (_, rules) => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 17, maxLength: 17 }), (choices) => playRandomGame(rules, choices)),
      { numRuns: gamesPerRuleSet },
    );
  });

  it("the games reached wins, draws and missed Quartos", () => {
    expect(coverage.positions).toBeGreaterThan(ALL_RULE_SETS.length * gamesPerRuleSet * 5);
    expect(coverage.wins).toBeGreaterThan(0);
    expect(coverage.draws).toBeGreaterThan(0);
    expect(coverage.missed).toBeGreaterThan(0);
  });
});
