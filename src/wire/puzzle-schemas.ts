/**
 * Wire schemas of the puzzles (src/http/routes/puzzles.ts): a puzzle as served (never its solution),
 * the query of `next`, a move on a puzzle and its verdict, and the solver's rating the browser keeps.
 */
import { z } from "@hono/zod-openapi";
import examples from "./examples.json" with { type: "json" };
import { EXAMPLE_PUZZLE_ID, EXAMPLE_PUZZLE_MOVE } from "./example-inputs.ts";
import { queryFormOf } from "./query.ts";
import {
  MoveTextInputSchema,
  MoveTextSchema,
  PositionOutputSchema,
  PositionStringSchema,
  RulesInputSchema,
  RulesSchema,
  WinningShapeSchema,
} from "./schemas.ts";



export const PuzzleIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z2-7]{12}$/)
    .openapi({ param: { name: "id", in: "path" }, description: "A puzzle's id: 12 characters of a-z and 2-7.", example: EXAMPLE_PUZZLE_ID }),
});

const RatingValueSchema = z.number().min(0).max(4000);

const SolverRatingSchema = z
  .strictObject({
    rating: RatingValueSchema.openapi({ description: "The solver's Glicko-2 rating (1500 for a new solver).", example: 1500 }),
    deviation: z.number().min(30).max(350).openapi({ description: "Its deviation (350 for a new solver).", example: 350 }),
    volatility: z.number().gt(0).max(1).openapi({ description: "Its volatility (0.06 for a new solver).", example: 0.06 }),
  })
  .openapi("SolverRating", {
    description: "A solver's Glicko-2 rating. The service keeps none: the solver (the browser) sends it with a move and keeps what the verdict answers.",
    example: { rating: 1500, deviation: 350, volatility: 0.06 },
  });

export const PuzzleSchema = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_PUZZLE_ID }),
    position: PositionOutputSchema.openapi({ description: "Where the solver starts: the solver is the player to move and holds a piece." }),
    rules: RulesSchema,
    moves: z.number().int().min(1).openapi({ description: "The solver's moves with best play on both sides; the last completes a Quarto.", example: 2 }),
    rating: z.number().int().openapi({ description: "The puzzle's difficulty: its Glicko-2 rating, from the attempts so far (rounded).", example: 1412 }),
    deviation: z.number().int().openapi({ description: "The rating's deviation (rounded): 350 for a puzzle nobody tried.", example: 210 }),
    attempts: z.number().int().min(0).openapi({ description: "Attempts counted so far (an attempt ends at a wrong move or at the solution).", example: 12 }),
    source: z
      .enum(["set", "mined"])
      .openapi({ description: "`set`: the committed set (from games of the built-in bots); `mined`: a game played on this service." }),
  })
  .openapi("Puzzle", {
    description: "A puzzle: a position where the player to move wins by force and at most two moves do. The solution is never part of it.",
    example: examples.puzzles.puzzle as never,
  });

export const DailyPuzzleSchema = PuzzleSchema.extend({
  day: z.string().openapi({ description: "The UTC day (YYYY-MM-DD) whose puzzle this is.", example: "2026-12-06" }),
}).openapi("DailyPuzzle", { description: "The daily puzzle: the same for everyone on a UTC day.", example: examples.puzzles.daily as never });

/** `GET /v1/puzzles/next`: the rules options one by one, and the solver's rating to match. */
export const NextPuzzleQuerySchema = queryFormOf(
  z.strictObject({
    rating: RatingValueSchema.optional().openapi({
      description: "The solver's rating: the puzzle is drawn among the 12 whose rating is nearest. Default 1500.",
      example: 1500,
    }),
    rules: RulesInputSchema.optional(),
  }),
  {},
);

export const PuzzleMoveRequestSchema = z
  .strictObject({
    position: PositionStringSchema.openapi({ description: "The position the solver is at: the puzzle's start, or the position a verdict answered." }),
    move: MoveTextInputSchema.openapi({
      description: "The solver's move in text notation, e.g. `c3-A` or `d4` (a placement that completes a Quarto).",
      example: "c4-1",
    }),
    solver: SolverRatingSchema.optional().openapi({ description: "The solver's rating, to be answered updated when the attempt ends." }),
  })
  .openapi("PuzzleMoveRequest", {
    description: "A move on a puzzle, from a position on its line.",
    example: { position: examples.puzzles?.puzzle.position.string, move: EXAMPLE_PUZZLE_MOVE, solver: { rating: 1500, deviation: 350, volatility: 0.06 } },
  });

export const PuzzleVerdictSchema = z
  .object({
    correct: z.boolean().openapi({ description: "The move keeps the forced win (any such move is right, not only the engine's)." }),
    solved: z.boolean().openapi({ description: "The move completes a Quarto: the puzzle is solved." }),
    move: MoveTextSchema.openapi({ description: "The solver's move as played (a winning placement with `!`)." }),
    reply: MoveTextSchema.optional().openapi({ description: "When right and not solved: the opponent's defence (the reply that puts the end furthest off)." }),
    position: PositionOutputSchema.optional().openapi({
      description: "When right: the position after the reply (send it with the next move), or the final position when solved.",
    }),
    shapes: z.array(WinningShapeSchema).optional().openapi({ description: "When solved: the Quarto completed." }),
    puzzle: z
      .object({
        rating: z.number().int().openapi({ description: "The puzzle's rating (rounded)." }),
        deviation: z.number().int().openapi({ description: "Its deviation (rounded)." }),
        attempts: z.number().int().min(0).openapi({ description: "Attempts counted so far." }),
      })
      .openapi({ description: "The puzzle's rating after this move (it changes when an attempt ends: a wrong move or the solution)." }),
    solver: SolverRatingSchema.optional().openapi({ description: "When the attempt ended and the request sent the solver's rating: the solver's new rating." }),
  })
  .openapi("PuzzleVerdict", { description: "Right or wrong; when right, the defence and where the puzzle stands.", example: examples.puzzles.right as never });
