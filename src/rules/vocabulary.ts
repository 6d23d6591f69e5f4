/**
 * The vocabulary of Quarto as data: attributes, pieces, cells and the shapes that can make a Quarto.
 * A piece id is 4 bits, one per attribute (8 = tall, 4 = dark, 2 = square, 1 = hollow); a cell is
 * 0-15 row-major from the top left. A shape is a 16-bit mask of cells, so the board code can test a
 * whole shape with one AND.
 */

export const ATTRIBUTES = ["height", "color", "shape", "fill"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** The bit an attribute owns in a piece id. */
export const ATTRIBUTE_BIT: Readonly<Record<Attribute, number>> = { height: 8, color: 4, shape: 2, fill: 1 };

/** The names of an attribute's two values: index 0 when its bit is clear, 1 when it is set. */
export const ATTRIBUTE_VALUES = {
  height: ["short", "tall"],
  color: ["light", "dark"],
  shape: ["round", "square"],
  fill: ["solid", "hollow"],
} as const satisfies Record<Attribute, readonly [string, string]>;
export type AttributeValue = (typeof ATTRIBUTE_VALUES)[Attribute][number];

export const PIECE_COUNT = 16;
export const CELL_COUNT = 16;
export const FULL_BOARD_MASK = 0xffff;

/** `a1`..`d4`: column letter, row number from the top. */
export const CELL_NAMES = Array.from({ length: CELL_COUNT }, (_, cell) => `${"abcd"[cell % 4]}${Math.floor(cell / 4) + 1}`);

export const SHAPE_KINDS = ["row", "column", "diagonal", "square"] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

export interface Shape {
  readonly kind: ShapeKind;
  readonly cells: readonly [number, number, number, number];
  /** Bit `cell` set for each of the four cells. */
  readonly mask: number;
}

const shape = (kind: ShapeKind, cells: [number, number, number, number]): Shape => ({
  kind,
  cells,
  mask: cells.reduce((mask, cell) => mask | (1 << cell), 0),
});

/** The 10 lines: 4 rows, 4 columns, 2 diagonals. */
export const LINES: readonly Shape[] = [
  ...[0, 1, 2, 3].map((r) => shape("row", [r * 4, r * 4 + 1, r * 4 + 2, r * 4 + 3])),
  ...[0, 1, 2, 3].map((c) => shape("column", [c, c + 4, c + 8, c + 12])),
  shape("diagonal", [0, 5, 10, 15]),
  shape("diagonal", [3, 6, 9, 12]),
];

/** The nine 2x2 squares of adjacent cells (advanced variant). */
export const SQUARES: readonly Shape[] = [0, 1, 2, 4, 5, 6, 8, 9, 10].map((topLeft) =>
  shape("square", [topLeft, topLeft + 1, topLeft + 4, topLeft + 5]),
);

/** Every shape, lines first; shape indexes into this array are stable. */
export const ALL_SHAPES: readonly Shape[] = [...LINES, ...SQUARES];
