/**
 * The search's score scale. Scores are absolute, so a table entry is valid from any root: a win for
 * the player to move scores 17 - n, a loss -(17 - n), where n is the number of pieces on the board
 * when the game ends, and a draw 0. The winner hurries, the loser delays; `score > 0` is a win
 * whatever the distance, so the win/draw/loss questions are null-window searches around 0 and 1.
 */
export const SCORE_LIMIT = 17;
/** The score of a win for the player to move when the game ends with `piecesAtEnd` pieces placed. */
export const winScore = (piecesAtEnd: number): number => SCORE_LIMIT - piecesAtEnd;
/** Pieces on the board at the end of the game, from a non-zero score. */
export const piecesAtEnd = (score: number): number => SCORE_LIMIT - Math.abs(score);
/** The heuristic search shifts proven results by this, above any horizon score: PROVEN + exact score. */
export const PROVEN = 1000;
/** The value of a position for the player to move: the sign of its score. */
export type Value = "win" | "draw" | "loss";
/** The value for the other player: a win for one is a loss for the other. */
export const negate = (value: Value): Value => (value === "win" ? "loss" : value === "loss" ? "win" : "draw");
