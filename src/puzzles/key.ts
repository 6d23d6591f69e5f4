/**
 * A puzzle's canonical key: one string per class of positions that play alike, so a puzzle is stored
 * once however it is rotated, mirrored or relabelled. The key is the smallest position string over the
 * board symmetries that keep the rules' shapes (32 for lines, 8 once squares count) and the piece
 * relabellings that keep the attributes in play (permute them, flip any); an attribute not in play is
 * dropped from every piece, since it can never make a Quarto. Brute force over at most 32 x 384 images
 * of 17 characters: a few milliseconds, spent once per puzzle added, never in a search.
 */
import { ALL_SHAPES, ATTRIBUTE_BIT, LINES, type Position, type Rules } from "../rules/index.ts";

const orders = (items: readonly number[]): number[][] =>
  items.length <= 1 ? [[...items]] : items.flatMap((item, i) => orders(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));

/** The cell permutations (row order, column order, optional transpose) that map the shapes onto themselves. */
function boardSymmetries(squares: boolean): number[][] {
  const shapes = squares ? ALL_SHAPES : LINES;
  const masks = new Set(shapes.map((shape) => shape.mask));
  const found = new Map<string, number[]>();
  for (const transpose of [false, true])
    for (const rows of orders([0, 1, 2, 3]))
      for (const columns of orders([0, 1, 2, 3])) {
        const perm = Array.from({ length: 16 }, (_, cell) => {
          const row = rows[cell >> 2];
          const column = columns[cell & 3];
          return transpose ? column * 4 + row : row * 4 + column;
        });
        const image = (mask: number) => perm.reduce((out, to, from) => (mask & (1 << from) ? out | (1 << to) : out), 0);
        if (shapes.every((shape) => masks.has(image(shape.mask)))) found.set(perm.join(","), perm);
      }
  return [...found.values()];
}

const SYMMETRIES = { lines: boardSymmetries(false), squares: boardSymmetries(true) };

/** Every relabelling of the attributes in `mask` as a 16-entry piece table (the other bits cleared). */
function relabellings(mask: number): number[][] {
  const bits = [8, 4, 2, 1].filter((bit) => mask & bit);
  const tables: number[][] = [];
  for (const order of orders(bits))
    for (let flip = 0; flip < 16; flip++) {
      if (flip & ~mask) continue;
      tables.push(
        Array.from({ length: 16 }, (_, piece) => {
          const flipped = piece ^ flip;
          return bits.reduce((out, bit, i) => (flipped & bit ? out | order[i] : out), 0);
        }),
      );
    }
  return tables;
}

const RELABELLINGS = new Map<number, number[][]>();

const HEX = "0123456789ABCDEF";

/** The key of a position under `rules`: the rules' shapes, attributes and announcement, then the smallest image. */
export function puzzleKey(position: Pick<Position, "board" | "inHand">, rules: Rules): string {
  const symmetries = rules.squares ? SYMMETRIES.squares : SYMMETRIES.lines;
  let tables = RELABELLINGS.get(rules.attributeMask);
  if (!tables) {
    tables = relabellings(rules.attributeMask);
    RELABELLINGS.set(rules.attributeMask, tables);
  }
  let best: string | null = null;
  const cells = new Array<string>(17);
  for (const perm of symmetries)
    for (const table of tables) {
      for (let cell = 0; cell < 16; cell++) {
        const piece = position.board[cell];
        cells[perm[cell]] = piece === null ? "." : HEX[table[piece]];
      }
      cells[16] = position.inHand === null ? "." : HEX[table[position.inHand]];
      const image = cells.join("");
      if (best === null || image < best) best = image;
    }
  return `${rulesKey(rules)}:${best}`;
}

/** The rules as a short key (shapes, attributes in play, announcement): `lhcsfa` is the classic game. */
export function rulesKey(rules: Rules): string {
  const attributes = (Object.entries(ATTRIBUTE_BIT) as [string, number][]).filter(([, bit]) => rules.attributeMask & bit).map(([name]) => name[0]);
  const announce = rules.announce === "auto" ? "a" : rules.missedClaim ? "mc" : "m";
  return `${rules.squares ? "s" : "l"}${attributes.join("")}${announce}`;
}
