/**
 * The puzzles layer: what a puzzle is and how a move on it is judged (solve.ts), its canonical key and
 * id (key.ts, ids.ts), the committed sets and the daily pick (sets.ts), and its difficulty (rating.ts).
 */
export { puzzleId } from "./ids.ts";
export { puzzleKey, rulesKey } from "./key.ts";
export { initialPuzzleRating, NEW_SOLVER, rateAttempt, untriedPuzzle } from "./rating.ts";
export { defenceOf, type Evaluator, isOnLine, judgeMove, MAX_WINNING_MOVES, provePuzzle } from "./solve.ts";
export { committedPuzzle, committedPuzzles, dailyPuzzle, type Puzzle, PUZZLE_STORE_NAME } from "./sets.ts";
