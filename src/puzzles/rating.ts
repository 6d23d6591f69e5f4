/**
 * A puzzle's difficulty and a solver's strength, both Glicko-2 (src/tournament/glicko2.ts), as Lichess
 * rates its puzzles: each attempt is a game between the solver and the puzzle, a rating period of one
 * game for each side; solving it is the solver's win. Glicko-2 rather than Elo because both sides start
 * unknown (a new puzzle, a new solver) and the deviation says so: a puzzle tried by few moves quickly, a
 * well-tried one barely; and the volatility absorbs a solver who improves. The service keeps the
 * puzzles' ratings; a solver's rating is sent along with the attempt and answered back (the browser keeps it).
 */
import { GLICKO2_NEW, type Glicko2Rating, glicko2Update } from "../tournament/index.ts";

/** A solver who has not tried a puzzle yet. */
export const NEW_SOLVER: Glicko2Rating = GLICKO2_NEW;

/**
 * A new puzzle's rating before anyone tried it: 1200 for a Quarto to see in one move, 200 more for each
 * move beyond, with the deviation of a new Glicko-2 player (350), so the first attempts move it fast.
 */
export function initialPuzzleRating(moves: number): number {
  return 1200 + 200 * (moves - 1);
}

/** A puzzle nobody tried: its initial rating, a new player's deviation and volatility. */
export const untriedPuzzle = (moves: number): Glicko2Rating => ({ ...GLICKO2_NEW, rating: initialPuzzleRating(moves) });

/** The puzzle and the solver after one attempt (each against the other's rating before it). */
export function rateAttempt(puzzle: Glicko2Rating, solver: Glicko2Rating, solved: boolean): { puzzle: Glicko2Rating; solver: Glicko2Rating } {
  const score = solved ? 1 : 0;
  return {
    puzzle: glicko2Update(puzzle, [{ opponent: solver, score: 1 - score }]),
    solver: glicko2Update(solver, [{ opponent: puzzle, score }]),
  };
}
