/**
 * Symmetry (docs/rules.md, "Symmetries" among the shared conventions): the 32 board symmetries that preserve the 10 lines and the 384
 * piece relabellings leave win detection unchanged; once squares count only 8 board symmetries do.
 * The symmetries are generated here from their definitions (reference/symmetries.ts), not taken from
 * the core, and the count 32 is checked by an exhaustive search over permutations of the cells.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTES,
  type Attribute,
  CLASSIC_RULES,
  completedShapes,
  makeRules,
  positionStatus,
  readPosition,
  type Rules,
  type WinningShape,
} from "../../src/rules/index.ts";
import { ATTRIBUTE_SUBSETS } from "./reference/options.ts";
import { REF_ATTRIBUTES, refLines, refPositionString, refSquares } from "./reference/quarto.ts";
import {
  type CellMap,
  compose,
  generateGroup,
  INNER_OUTER,
  MIRROR,
  preservesShapes,
  RELABELLINGS,
  type Relabelling,
  relabel,
  ROTATE,
  SWAP_MIDDLE,
  searchShapePreservingMaps,
} from "./reference/symmetries.ts";

const LINE_SYMMETRIES = generateGroup([ROTATE, MIRROR, SWAP_MIDDLE, INNER_OUTER]);
const SQUARE_SYMMETRIES = LINE_SYMMETRIES.filter((map) => preservesShapes(map, refSquares()));
const OTHER_SYMMETRIES = LINE_SYMMETRIES.filter((map) => !preservesShapes(map, refSquares()));
const SQUARES_RULES = makeRules({ squares: true });

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
const asSet = (maps: readonly CellMap[]) => maps.map((map) => map.join()).sort();

describe("the board symmetries", () => {
  it("rotations, mirrors, the middle swap and inner/outer generate 32 maps, each sending lines to lines", () => {
    expect(LINE_SYMMETRIES).toHaveLength(32);
    for (const map of LINE_SYMMETRIES) {
      expect([...map].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, cell) => cell));
      expect(preservesShapes(map, refLines())).toBe(true);
    }
    // Closed under composition: a group.
    const keys = new Set(asSet(LINE_SYMMETRIES));
    for (const a of LINE_SYMMETRIES) for (const b of LINE_SYMMETRIES) expect(keys.has(compose(a, b).join())).toBe(true);
  });

  it("an exhaustive search finds exactly those 32 permutations of the cells that preserve the lines", () => {
    const found = searchShapePreservingMaps([refLines()]);
    expect(found).toHaveLength(32);
    expect(asSet(found)).toEqual(asSet(LINE_SYMMETRIES));
  });

  it("exactly 8 of them also preserve the 9 squares: the symmetries of the square (rotations and mirrors)", () => {
    expect(SQUARE_SYMMETRIES).toHaveLength(8);
    expect(asSet(SQUARE_SYMMETRIES)).toEqual(asSet(generateGroup([ROTATE, MIRROR])));
    expect(asSet(searchShapePreservingMaps([refLines(), refSquares()]))).toEqual(asSet(SQUARE_SYMMETRIES));
    // The middle swap and inner/outer break squares apart.
    expect(preservesShapes(SWAP_MIDDLE, refSquares())).toBe(false);
    expect(preservesShapes(INNER_OUTER, refSquares())).toBe(false);
  });
});

describe("the piece relabellings", () => {
  it("are 384 distinct bijections of the 16 pieces", () => {
    expect(RELABELLINGS).toHaveLength(384);
    const tables = RELABELLINGS.map((relabelling) => Array.from({ length: 16 }, (_, piece) => relabel(piece, relabelling)));
    for (const table of tables) expect([...table].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, piece) => piece));
    expect(new Set(tables.map((table) => table.join())).size).toBe(384);
  });
});

// ---- invariance of win detection ----------------------------------------------------------------------

/** The value a shared attribute value becomes under a relabelling (e.g. with height and color swapped, "tall" becomes "dark"). */
function relabelValue(value: string, { bitMap, flip }: Relabelling): string {
  const attribute = REF_ATTRIBUTES.find((candidate) => (candidate.values as readonly string[]).includes(value));
  if (!attribute) throw new Error(`unknown value ${value}`);
  const bit = Math.log2(attribute.bit);
  const newBit = bitMap[bit];
  const target = REF_ATTRIBUTES.find((candidate) => candidate.bit === 1 << newBit);
  if (!target) throw new Error(`no attribute on bit ${newBit}`);
  const index = (attribute.values as readonly string[]).indexOf(value) ^ ((flip >> newBit) & 1);
  return target.values[index];
}

const winsKey = (shapes: readonly { cells: readonly number[]; attributes: readonly string[] }[]) =>
  shapes
    .map((shape) => `${[...shape.cells].sort((a, b) => a - b).join(",")}:${[...shape.attributes].sort().join("+")}`)
    .sort()
    .join(" ");

/** The wins the transformed board must show: each shape moved by the map, each value relabelled. */
const expectedWins = (shapes: readonly WinningShape[], map: CellMap, relabelling: Relabelling) =>
  winsKey(
    shapes.map((shape) => ({ cells: shape.cells.map((cell) => map[cell]), attributes: shape.attributes.map((value) => relabelValue(value, relabelling)) })),
  );

function transformBoard(board: readonly (number | null)[], map: CellMap, relabelling: Relabelling): (number | null)[] {
  const moved: (number | null)[] = Array(16).fill(null);
  board.forEach((piece, cell) => {
    moved[map[cell]] = piece === null ? null : relabel(piece, relabelling);
  });
  return moved;
}

function readBoard(board: readonly (number | null)[], rules: Rules) {
  const read = readPosition(refPositionString(board, null), rules);
  if (!read.ok) throw new Error(read.error.code);
  return read.value;
}

/** Win detection on the board and on its image must agree shape for shape and value for value. */
function checkInvariance(board: readonly (number | null)[], map: CellMap, relabelling: Relabelling, rules: Rules): void {
  const position = readBoard(board, rules);
  const image = readBoard(transformBoard(board, map, relabelling), rules);
  const expected = expectedWins(completedShapes(position, rules), map, relabelling);
  const actual = winsKey(completedShapes(image, rules));
  if (actual !== expected) expect({ board, map, relabelling, actual }).toEqual({ board, map, relabelling, actual: expected });
  const before = positionStatus(position, rules);
  const after = positionStatus(image, rules);
  if (before.status !== after.status || before.winner !== after.winner)
    expect({ board, map, relabelling, after }).toMatchObject({ after: { status: before.status, winner: before.winner } });
}

const PIECES = Array.from({ length: 16 }, (_, piece) => piece);
const boardArb = fc
  .tuple(
    fc.shuffledSubarray(PIECES, { minLength: 16, maxLength: 16 }),
    fc.oneof(
      fc.constant(0xffff),
      fc.tuple(fc.nat(0xffff), fc.nat(0xffff)).map(([a, b]) => a | b),
    ),
  )
  .map(([order, filled]) => order.map((piece, cell) => (filled & (1 << cell) ? piece : null)));

describe("win detection is invariant", () => {
  it("classic rules: under all 32 x 384 symmetries for a few boards", () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        for (const map of LINE_SYMMETRIES) for (const relabelling of RELABELLINGS) checkInvariance(board, map, relabelling, CLASSIC_RULES);
      }),
      { numRuns: 4 },
    );
  });

  it("classic rules: under a random symmetry and relabelling, on 40 000 random boards", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(boardArb, fc.nat(31), fc.nat(383)), { minLength: 40, maxLength: 40 }), (cases) => {
        for (const [board, map, relabelling] of cases) checkInvariance(board, LINE_SYMMETRIES[map], RELABELLINGS[relabelling], CLASSIC_RULES);
      }),
      { numRuns: 1000 },
    );
  });

  it("with squares: under the 8 square-preserving symmetries and all 384 relabellings", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(boardArb, fc.nat(7), fc.nat(383)), { minLength: 40, maxLength: 40 }), (cases) => {
        for (const [board, map, relabelling] of cases) checkInvariance(board, SQUARE_SYMMETRIES[map], RELABELLINGS[relabelling], SQUARES_RULES);
      }),
      { numRuns: 500 },
    );
    const board = Array.from({ length: 16 }, (_, piece) => piece);
    for (const map of SQUARE_SYMMETRIES) for (const relabelling of RELABELLINGS) checkInvariance(board, map, relabelling, SQUARES_RULES);
  });

  it("with squares, each of the other 24 symmetries breaks some square win", () => {
    const identity = RELABELLINGS[0];
    expect(OTHER_SYMMETRIES).toHaveLength(24);
    for (const map of OTHER_SYMMETRIES) {
      // A square this map does not send onto a square, filled with four tall pieces: a Quarto only as a square.
      const square = refSquares().find((shape) => !refSquares().some((target) => target.cells.every((cell) => shape.cells.map((c) => map[c]).includes(cell))));
      if (!square) throw new Error(`map ${map.join()} keeps every square`);
      const board: (number | null)[] = Array(16).fill(null);
      square.cells.forEach((cell, index) => {
        board[cell] = [8, 9, 10, 11][index];
      });
      expect(completedShapes(readBoard(board, SQUARES_RULES), SQUARES_RULES).map((shape) => shape.kind)).toEqual(["square"]);
      expect(completedShapes(readBoard(transformBoard(board, map, identity), SQUARES_RULES), SQUARES_RULES)).toEqual([]);
    }
  });

  it("with fewer attributes: flips always, attribute permutations when they keep the chosen set", () => {
    const keepsSubset = (relabelling: Relabelling, subset: readonly Attribute[]) =>
      ATTRIBUTES.every((attribute) => {
        const bit = Math.log2(REF_ATTRIBUTES[ATTRIBUTES.indexOf(attribute)].bit);
        const target = REF_ATTRIBUTES.find((candidate) => candidate.bit === 1 << relabelling.bitMap[bit]);
        return subset.includes(attribute) === subset.includes(target?.name as Attribute);
      });
    const cases = [false, true].flatMap((squares) =>
      ATTRIBUTE_SUBSETS.map((attributes) => {
        const rules = makeRules({ squares, attributes });
        return { rules, relabellings: RELABELLINGS.filter((relabelling) => keepsSubset(relabelling, rules.attributes)) };
      }),
    );
    // 16 flips times the permutations of the chosen attributes and of the others: 4! for all four, 1! x 3! for one...
    expect(cases.map(({ relabellings }) => relabellings.length / 16)).toEqual(
      cases.map(({ rules }) => factorial(rules.attributes.length) * factorial(4 - rules.attributes.length)),
    );
    let checked = 0;
    fc.assert(
      fc.property(boardArb, fc.nat(31), fc.array(fc.nat(383), { minLength: 6, maxLength: 6 }), (board, mapIndex, picks) => {
        for (const { rules, relabellings } of cases) {
          const maps = rules.squares ? SQUARE_SYMMETRIES : LINE_SYMMETRIES;
          for (const pick of picks) {
            checked++;
            checkInvariance(board, maps[mapIndex % maps.length], relabellings[pick % relabellings.length], rules);
          }
        }
      }),
      { numRuns: 200 },
    );
    expect(checked).toBe(200 * 30 * 6);
  });
});
