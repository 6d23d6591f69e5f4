/**
 * The puzzles' answers: a puzzle as served (PuzzleSchema), and the verdict on a move (PuzzleVerdictSchema)
 * from the puzzle, the position the solver is at and the move. The judging is src/puzzles/solve.ts over
 * the engine run as a person's request is (interactive, refused with 503 engine/busy when the line is
 * full); the route adds the ratings the puzzle store answers.
 */
import type { z } from "@hono/zod-openapi";
import { EngineBusy, evaluateInTurn } from "../engine/index.ts";
import { type Evaluator, isOnLine, judgeMove, type Puzzle } from "../puzzles/index.ts";
import { completedShapes, makeMoveText, type Move, readPosition } from "../rules/index.ts";
import type { Glicko2Rating } from "../tournament/index.ts";
import { positionOutput, readPositionField, rulesOutput } from "./convert.ts";
import type { PuzzleSchema, PuzzleVerdictSchema } from "./puzzle-schemas.ts";
import { ProblemError, type ProblemCode } from "./problems.ts";

export type PuzzleOutput = z.infer<typeof PuzzleSchema>;
export type PuzzleVerdictOutput = z.infer<typeof PuzzleVerdictSchema>;

/** A puzzle as served: its start, rules, length and current rating; never its solution. */
export function puzzleOutput(puzzle: Puzzle, rating: Glicko2Rating, attempts: number, source: "set" | "mined"): PuzzleOutput {
  const position = readPosition(puzzle.position, puzzle.rules);
  if (!position.ok) throw new Error(`puzzle ${puzzle.id}: its position does not read (${position.error.detail})`);
  return {
    id: puzzle.id,
    position: positionOutput(position.value),
    rules: rulesOutput(puzzle.rules),
    moves: puzzle.moves,
    rating: Math.round(rating.rating),
    deviation: Math.round(rating.deviation),
    attempts,
    source,
  };
}

/**
 * The budget of one evaluation of a puzzle position. A puzzle has at most 10 empty cells (the script
 * that makes the sets and the mining both prove it within this budget), where valuing every move takes
 * far fewer nodes, so the deployment's request cap (ENGINE_MAX_NODES) does not apply.
 */
const PUZZLE_NODES = 20_000_000;

/**
 * Every move's exact value and distance, searched as a person's request: the one place the puzzles call
 * the engine from a request.
 */
const requestEvaluator: Evaluator = async (position, rules) => {
  try {
    return await evaluateInTurn(position, rules, { moves: true, distance: true, maxNodes: PUZZLE_NODES }, { priority: "interactive", refusable: true });
  } catch (error) {
    if (!(error instanceof EngineBusy)) throw error;
    throw new ProblemError("engine/busy", error.message, {}, { "Retry-After": String(error.retryAfterS) });
  }
};

/** The verdict without the ratings, and whether the attempt ended (a wrong move, or the solution). */
export interface JudgedMove {
  verdict: Omit<PuzzleVerdictOutput, "puzzle" | "solver">;
  ended: boolean;
}

/**
 * Judges `move` from `positionText` on `puzzle`'s line. Refusals: a position that does not read
 * (`position/*`), one not on the puzzle's line (`puzzle/not_on_line`), an illegal move (`move/*`).
 */
export async function judgePuzzleMove(puzzle: Puzzle, positionText: string, move: Move): Promise<JudgedMove> {
  const evaluator = requestEvaluator;
  const at = readPositionField(positionText, puzzle.rules);
  const start = readPositionField(puzzle.position, puzzle.rules);
  if (!(await isOnLine(start, at, puzzle.rules, evaluator)))
    throw new ProblemError(
      "puzzle/not_on_line",
      `${positionText} is not on the line of puzzle ${puzzle.id}: send its start or the position a verdict answered`,
    );
  const judged = await judgeMove(at, move, puzzle.rules, evaluator);
  if (!judged.ok) {
    if (judged.code === "unproved") throw new Error(`puzzle ${puzzle.id}: ${judged.detail}`);
    throw new ProblemError(judged.code as ProblemCode, judged.detail, { errors: [{ path: ["move"], message: judged.detail }] });
  }
  if (!judged.correct) return { verdict: { correct: false, solved: false, move: makeMoveText(move) }, ended: true };
  if (judged.solved) {
    const shapes = completedShapes(judged.position, puzzle.rules, move.place);
    return {
      verdict: { correct: true, solved: true, move: makeMoveText({ ...move, quarto: true }), position: positionOutput(judged.position), shapes },
      ended: true,
    };
  }
  return {
    verdict: { correct: true, solved: false, move: makeMoveText(move), reply: makeMoveText(judged.reply), position: positionOutput(judged.position) },
    ended: false,
  };
}
