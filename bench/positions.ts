/**
 * The benchmark's fixed positions: seeded random play in which the giver never hands over a piece that
 * allows an immediate Quarto (when another piece exists), stopped with a given number of empty cells
 * and a piece in hand. Games that end early, or reach a point where no piece is safe, are skipped.
 */
import { LINES, type Position, positionFromTrustedSetup, type Rules, SQUARES } from "../src/rules/index.ts";
import { seededRandom } from "../src/engine/random.ts";

function completes(board: (number | null)[], cell: number, shapes: number[][], attributeMask: number): boolean {
  for (const shape of shapes) {
    if (!shape.includes(cell)) continue;
    let all = 15;
    let none = 15;
    if (shape.some((c) => board[c] === null)) continue;
    for (const c of shape) {
      all &= board[c] as number;
      none &= ~(board[c] as number);
    }
    if ((all | none) & attributeMask) return true;
  }
  return false;
}

export function benchPositions(rules: Rules, empties: number, count: number, seed: number): Position[] {
  const random = seededRandom(seed);
  const shapes = [...LINES, ...(rules.squares ? SQUARES : [])].map((shape) => [...shape.cells]);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const positions: Position[] = [];
  while (positions.length < count) {
    const board: (number | null)[] = Array(16).fill(null);
    const pool = Array.from({ length: 16 }, (_, piece) => piece);
    let hand = pool.splice(Math.floor(random() * 16), 1)[0];
    let ok = true;
    for (let placed = 0; placed < 16 - empties && ok; placed++) {
      const cells = board.flatMap((piece, cell) => (piece === null ? [cell] : []));
      const cell = pick(cells);
      board[cell] = hand;
      const safe = pool.filter((piece) => cells.every((c) => c === cell || !tryWins(board, c, piece, shapes, rules.attributeMask)));
      if (completes(board, cell, shapes, rules.attributeMask) || safe.length === 0) ok = false;
      else {
        hand = pick(safe);
        pool.splice(pool.indexOf(hand), 1);
      }
    }
    if (ok) positions.push(positionFromTrustedSetup({ board, inHand: hand }));
  }
  return positions;
}

function tryWins(board: (number | null)[], cell: number, piece: number, shapes: number[][], attributeMask: number): boolean {
  board[cell] = piece;
  const wins = completes(board, cell, shapes, attributeMask);
  board[cell] = null;
  return wins;
}
