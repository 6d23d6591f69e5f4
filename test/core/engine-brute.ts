/**
 * An independent brute force for the engine tests: plain negamax over arrays, written from the rules
 * text, sharing no code with src/engine. Memoised on the exact state so 8-9 empty cells stay cheap.
 */
import { LINES, makeRules, type Position, positionFromTrustedSetup, type Rules, SQUARES } from "../../src/rules/index.ts";

export interface BruteBoard {
  board: readonly (number | null)[];
  inHand: number | null;
}

function shapesThrough(rules: Rules): number[][][] {
  const shapes = [...LINES, ...(rules.squares ? SQUARES : [])].map((shape) => [...shape.cells]);
  return Array.from({ length: 16 }, (_, cell) => shapes.filter((shape) => shape.includes(cell)));
}

/** Whether the piece just put on `cell` completes a shape whose four pieces share an attribute in play. */
function completes(board: (number | null)[], cell: number, through: number[][][], attributeMask: number): boolean {
  for (const shape of through[cell]) {
    let all = 15;
    let none = 15;
    let full = true;
    for (const c of shape) {
      const piece = board[c];
      if (piece === null) {
        full = false;
        break;
      }
      all &= piece;
      none &= ~piece;
    }
    if (full && ((all | none) & attributeMask) !== 0) return true;
  }
  return false;
}

/**
 * Brute-force negamax. With `distance` the score is exact: win = 17 - n, loss = -(17 - n) where n is
 * the number of pieces on the board when the game ends (the winner hurries, the loser delays), draw 0.
 * Without it the score is only its sign (1, 0, -1) and a node stops at its first win.
 */
export function bruteScore(start: BruteBoard, rules: Rules, distance = false): number {
  const through = shapesThrough(rules);
  const board = [...start.board];
  const memo = new Map<number, number>();
  const freeCells = board.flatMap((piece, cell) => (piece === null ? [cell] : []));
  const used = new Set(board.filter((piece) => piece !== null));
  if (start.inHand !== null) used.add(start.inHand);
  const pool: number[] = [];
  for (let piece = 0; piece < 16; piece++) if (!used.has(piece)) pool.push(piece);
  const given = new Array<boolean>(16).fill(false);
  let placed = 16 - freeCells.length;

  function key(hand: number): number {
    let k = 0;
    for (const cell of freeCells) k = k * 17 + (board[cell] === null ? 0 : (board[cell] as number) + 1);
    return k * 16 + hand;
  }

  function withHand(hand: number): number {
    const k = key(hand);
    const known = memo.get(k);
    if (known !== undefined) return known;
    let best = -100;
    placed++;
    for (const cell of freeCells) {
      if (board[cell] !== null) continue;
      board[cell] = hand;
      let score: number;
      if (completes(board, cell, through, rules.attributeMask)) score = distance ? 17 - placed : 1;
      else if (placed === 16) score = 0;
      else {
        score = -100;
        for (const give of pool) {
          if (given[give]) continue;
          given[give] = true;
          score = Math.max(score, -withHand(give));
          given[give] = false;
          if (!distance && score === 1) break;
        }
      }
      board[cell] = null;
      best = Math.max(best, score);
      if (!distance && best === 1) break;
    }
    placed--;
    if (memo.size < 8_000_000) memo.set(k, best);
    return best;
  }

  if (start.inHand !== null) return withHand(start.inHand);
  let best = -100;
  for (const give of pool) {
    given[give] = true;
    best = Math.max(best, -withHand(give));
    given[give] = false;
  }
  return best;
}

/**
 * How many legal moves win for the player to move, who holds `start.inHand`: a placement that completes
 * a shape, or a placement and a give after which the opponent loses (each child solved on its own).
 */
export function bruteWinningMoves(start: BruteBoard, rules: Rules): number {
  if (start.inHand === null) throw new RangeError("bruteWinningMoves: no piece in hand");
  const through = shapesThrough(rules);
  const used = new Set([...start.board.filter((piece) => piece !== null), start.inHand]);
  let winning = 0;
  for (let cell = 0; cell < 16; cell++) {
    if (start.board[cell] !== null) continue;
    const placed = [...start.board];
    placed[cell] = start.inHand;
    if (completes(placed, cell, through, rules.attributeMask)) {
      winning++;
      continue;
    }
    for (let give = 0; give < 16; give++) if (!used.has(give) && bruteScore({ board: placed, inHand: give }, rules) < 0) winning++;
  }
  return winning;
}

export const bruteValue = (score: number): "win" | "draw" | "loss" => (score > 0 ? "win" : score < 0 ? "loss" : "draw");

/** Placements until the end from a brute-force score. */
export function brutePlies(position: BruteBoard, score: number): number {
  const placed = position.board.filter((piece) => piece !== null).length;
  return score === 0 ? 16 - placed : 17 - Math.abs(score) - placed;
}

/**
 * A random ongoing position with `empties` empty cells from random play in which the giver never
 * hands over a piece that wins at once when another piece exists (so the positions are not trivial).
 */
export function randomPosition(random: () => number, rules: Rules, empties: number, withHand: boolean): Position | null {
  const through = shapesThrough(rules);
  const board: (number | null)[] = Array(16).fill(null);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const pool = Array.from({ length: 16 }, (_, piece) => piece);
  let hand = pool.splice(Math.floor(random() * 16), 1)[0];
  for (let placed = 0; placed < 16 - empties; placed++) {
    const cells = board.flatMap((piece, cell) => (piece === null ? [cell] : []));
    const cell = pick(cells);
    board[cell] = hand;
    if (completes(board, cell, through, rules.attributeMask)) return null;
    const safe = pool.filter((piece) => {
      for (const c of cells) {
        if (board[c] !== null) continue;
        board[c] = piece;
        const wins = completes(board, c, through, rules.attributeMask);
        board[c] = null;
        if (wins) return false;
      }
      return true;
    });
    const give = pick(safe.length > 0 ? safe : pool);
    pool.splice(pool.indexOf(give), 1);
    hand = give;
  }
  return positionFromTrustedSetup({ board, inHand: withHand ? hand : null });
}

export const RULE_SETS: Record<string, Rules> = {
  classic: makeRules(),
  squares: makeRules({ squares: true }),
  "color+shape": makeRules({ attributes: ["color", "shape"] }),
  "height only": makeRules({ attributes: ["height"] }),
  "squares, manual, 3 attributes": makeRules({ squares: true, announce: "manual", attributes: ["height", "color", "fill"] }),
};
