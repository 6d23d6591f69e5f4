/**
 * A second route to a puzzle's proof, sharing no code with the engine (src/engine): a plain AND/OR
 * search over arrays, written from the rules text, that asks one question, "can the player to move,
 * holding `hand`, force a Quarto within k of their own placements?", memoised on the exact state with
 * the largest k known to fail and the smallest known to succeed. A puzzle is proved when the smallest
 * such k is its `moves`, and when at most MAX_WINNING_MOVES of its legal first moves keep a forced win.
 *
 * Cost: a boolean search stops at the first refutation, so a puzzle of 10 empty cells takes seconds where
 * the full negamax of the tests' brute force takes minutes. Memory is the memo, bounded by `MEMO_LIMIT`.
 */
import { LINES, type Rules, SQUARES } from "../src/rules/index.ts";

/** A position as the proof sees it: the board (a piece id or null per cell) and the piece in hand. */
export interface ProofBoard {
  board: readonly (number | null)[];
  inHand: number;
}

export interface PuzzleProof {
  /** Legal first moves (a placement that completes a Quarto, or a placement and a give) that keep a forced win. */
  winningMoves: number;
  /** The smallest number of the solver's own placements within which a win is forced, or null when none is. */
  moves: number | null;
}

const MEMO_LIMIT = 12_000_000;

export function proveBySearch(start: ProofBoard, rules: Rules): PuzzleProof {
  const shapes = [...LINES, ...(rules.squares ? SQUARES : [])].map((shape) => [...shape.cells]);
  const through = Array.from({ length: 16 }, (_, cell) => shapes.filter((shape) => shape.includes(cell)));
  const mask = rules.attributeMask;
  const board = [...start.board];
  const freeCells = board.flatMap((piece, cell) => (piece === null ? [cell] : []));
  const inPlay = new Set([...board.filter((piece): piece is number => piece !== null), start.inHand]);
  const pool = Array.from({ length: 16 }, (_, piece) => piece).filter((piece) => !inPlay.has(piece));
  const available = new Array<boolean>(16).fill(false);
  for (const piece of pool) available[piece] = true;
  let empties = freeCells.length;
  // For each state: (largest k known to fail) * 64 + (smallest k known to win, 63 when none).
  const memo = new Map<number, number>();

  const completes = (cell: number): boolean => {
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
      if (full && ((all | none) & mask) !== 0) return true;
    }
    return false;
  };

  /** Whether holding `piece` wins at once. */
  const winsAtOnce = (piece: number): boolean => {
    for (const cell of freeCells) {
      if (board[cell] !== null) continue;
      board[cell] = piece;
      const won = completes(cell);
      board[cell] = null;
      if (won) return true;
    }
    return false;
  };

  const key = (hand: number): number => {
    let k = 0;
    for (const cell of freeCells) k = k * 17 + (board[cell] === null ? 0 : (board[cell] as number) + 1);
    return k * 16 + hand;
  };

  /** Whether every reply of the opponent, who now holds `given`, leaves a forced win within `k` placements. */
  function opponentLoses(given: number, k: number): boolean {
    if (winsAtOnce(given)) return false;
    for (const cell of freeCells) {
      if (board[cell] !== null) continue;
      board[cell] = given;
      empties--;
      let lost = true;
      if (empties === 0) lost = false;
      else
        for (const piece of pool) {
          if (!available[piece]) continue;
          available[piece] = false;
          const wins = winsWithin(piece, k);
          available[piece] = true;
          if (!wins) {
            lost = false;
            break;
          }
        }
      empties++;
      board[cell] = null;
      if (!lost) return false;
    }
    return true;
  }

  /** Whether the player to move, holding `hand`, forces a Quarto within `k` of their own placements. */
  function winsWithin(hand: number, k: number): boolean {
    if (winsAtOnce(hand)) return true;
    if (k <= 1 || empties < 3) return false;
    const id = key(hand);
    const known = memo.get(id);
    if (known !== undefined) {
      if (k <= Math.floor(known / 64)) return false;
      if (k >= known % 64) return true;
    }
    let won = false;
    for (const cell of freeCells) {
      if (board[cell] !== null) continue;
      board[cell] = hand;
      empties--;
      for (const piece of pool) {
        if (!available[piece]) continue;
        available[piece] = false;
        won = opponentLoses(piece, k - 1);
        available[piece] = true;
        if (won) break;
      }
      empties++;
      board[cell] = null;
      if (won) break;
    }
    const failed = known === undefined ? 0 : Math.floor(known / 64);
    const wins = known === undefined ? 63 : known % 64;
    if (memo.size < MEMO_LIMIT || known !== undefined) memo.set(id, won ? failed * 64 + Math.min(wins, k) : Math.max(failed, k) * 64 + wins);
    return won;
  }

  const most = Math.ceil(empties / 2);
  let moves: number | null = null;
  for (let k = 1; k <= most && moves === null; k++) if (winsWithin(start.inHand, k)) moves = k;

  let winningMoves = 0;
  for (const cell of freeCells) {
    board[cell] = start.inHand;
    if (completes(cell)) winningMoves++;
    else {
      empties--;
      if (empties > 0)
        for (const piece of pool) {
          available[piece] = false;
          if (opponentLoses(piece, most)) winningMoves++;
          available[piece] = true;
        }
      empties++;
    }
    board[cell] = null;
  }
  return { winningMoves, moves };
}
