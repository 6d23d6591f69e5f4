/**
 * Board symmetries: the cell permutations that map the set of Quarto shapes onto itself. Rows (4
 * disjoint lines covering the board) can only go to rows or columns, so every symmetry is a row
 * permutation, a column permutation and an optional transpose; we enumerate those 1152 candidates and
 * keep the ones that preserve every shape: 32 for lines only, 8 once the 2x2 squares count.
 * Each symmetry also gets two 256-entry byte tables so a 16-bit cell mask maps in two lookups.
 */
import { ALL_SHAPES, LINES } from "../rules/index.ts";

export interface BoardSymmetries {
  /** How many symmetries (32 or 8); index 0 is the identity. */
  readonly count: number;
  /** perm[s * 16 + cell]: where symmetry s sends `cell`. */
  readonly perm: Uint8Array;
  /** maskLow[s * 256 + byte] | maskHigh[s * 256 + byte]: a 16-bit mask's image, low and high bytes. */
  readonly maskLow: Uint16Array;
  readonly maskHigh: Uint16Array;
}

function permutationsOf4(): number[][] {
  const result: number[][] = [];
  for (let a = 0; a < 4; a++)
    for (let b = 0; b < 4; b++) for (let c = 0; c < 4; c++) for (let d = 0; d < 4; d++) if (new Set([a, b, c, d]).size === 4) result.push([a, b, c, d]);
  return result;
}

function mapMask(mask: number, perm: readonly number[]): number {
  let image = 0;
  for (let cell = 0; cell < 16; cell++) if (mask & (1 << cell)) image |= 1 << perm[cell];
  return image;
}

function findSymmetries(shapeMasks: readonly number[]): number[][] {
  const wanted = new Set(shapeMasks);
  const found: number[][] = [];
  const seen = new Set<string>();
  const orders = permutationsOf4();
  for (const transpose of [false, true])
    for (const rows of orders)
      for (const columns of orders) {
        const perm: number[] = [];
        for (let cell = 0; cell < 16; cell++) {
          const row = rows[cell >> 2];
          const column = columns[cell & 3];
          perm.push(transpose ? column * 4 + row : row * 4 + column);
        }
        if (!shapeMasks.every((mask) => wanted.has(mapMask(mask, perm)))) continue;
        const id = perm.join(",");
        if (seen.has(id)) continue;
        seen.add(id);
        found.push(perm);
      }
  // Identity first, so symmetry 0 never moves anything.
  found.sort((a, b) => Number(b.every((to, from) => to === from)) - Number(a.every((to, from) => to === from)));
  return found;
}

function buildSymmetries(shapeMasks: readonly number[]): BoardSymmetries {
  const perms = findSymmetries(shapeMasks);
  const count = perms.length;
  const perm = new Uint8Array(count * 16);
  const maskLow = new Uint16Array(count * 256);
  const maskHigh = new Uint16Array(count * 256);
  perms.forEach((p, s) => {
    perm.set(p, s * 16);
    for (let byte = 0; byte < 256; byte++) {
      maskLow[s * 256 + byte] = mapMask(byte, p);
      maskHigh[s * 256 + byte] = mapMask(byte << 8, p);
    }
  });
  return { count, perm, maskLow, maskHigh };
}

/** Built on first use, not at import: importing the engine costs nothing until a request searches. */
let lineSymmetries: BoardSymmetries | null = null;
let squareSymmetries: BoardSymmetries | null = null;

/** The symmetries of the board under the given rules (32 without squares, 8 with). */
export function boardSymmetries(squares: boolean): BoardSymmetries {
  if (squares) return (squareSymmetries ??= buildSymmetries(ALL_SHAPES.map((shape) => shape.mask)));
  return (lineSymmetries ??= buildSymmetries(LINES.map((shape) => shape.mask)));
}

/** The image of a 16-bit cell mask under symmetry `s`. */
export function mapCellMask(symmetries: BoardSymmetries, s: number, mask: number): number {
  return symmetries.maskLow[(s << 8) | (mask & 255)] | symmetries.maskHigh[(s << 8) | (mask >>> 8)];
}
