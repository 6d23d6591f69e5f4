/**
 * Wire schemas of the engine API (src/http/routes/engine.ts): suggest a move, evaluate a position, each
 * a POST body, its GET query form (derived from the body, src/wire/query.ts) and its answer, built by
 * answers.ts. The answers' examples are computed by `npm run openapi` (examples.json).
 */
import { z } from "@hono/zod-openapi";
import examples from "./examples.json" with { type: "json" };
import { queryFormOf } from "./query.ts";
import {
  AnswerSourceSchema,
  CellSchema,
  LevelSchema,
  MoveTextSchema,
  PieceSchema,
  PositionInputSchema,
  PositionOutputSchema,
  PositionStringSchema,
  RulesInputSchema,
  RulesSchema,
} from "./schemas.ts";

export const ValueSchema = z.enum(["win", "draw", "loss"]).openapi("Value", { description: "The value for the player to move.", example: "draw" });
// The optional fields show no example of their own, or their default: the reference's Test Request
// fills each query parameter with its example, and a first try should ask what the bare request asks
// (the request bodies' examples show them set).
const MaxNodesSchema = z.number().int().min(1).openapi({
  description: "Node budget (positions searched). Default and cap are set by the service (`ENGINE_DEFAULT_NODES`, `ENGINE_MAX_NODES`); above the cap is a 422.",
});
const SeedSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1)
  .openapi({ description: "Makes the choice among equal moves reproducible. Default: none (drawn at random)." });

const MoveOutputSchema = z
  .object({
    place: CellSchema.optional().openapi({ description: "Where the piece in hand goes; absent for a give-only move." }),
    give: PieceSchema.optional().openapi({ description: "The piece handed over; absent when the placement ends the game." }),
    quarto: z.boolean().optional().openapi({ description: "The placement completes a Quarto (announce it)." }),
    text: MoveTextSchema,
  })
  .openapi("EngineMove", { description: "A move, as data and in text notation.", example: { place: 10, give: 6, text: "c3-6" } });

export const SuggestRequestSchema = z
  .strictObject({
    position: PositionInputSchema,
    rules: RulesInputSchema.optional(),
    level: LevelSchema.optional().openapi({ description: "How strongly to play. Default: `perfect`." }),
    maxNodes: MaxNodesSchema.optional(),
    seed: SeedSchema.optional(),
  })
  .openapi("SuggestMoveRequest", {
    description: "A position, and how to search it.",
    example: { position: "0A3.............5", level: "perfect", maxNodes: 1_000_000, seed: 7 },
  });

export const SuggestResultSchema = z
  .object({
    move: MoveOutputSchema,
    value: ValueSchema.optional().openapi({ description: "The position's value, when known (exact or proven)." }),
    exact: z.boolean().openapi({ description: "True when the move is proven to keep the position's value." }),
    pliesToEnd: z.number().int().min(0).optional().openapi({ description: "Placements until the game ends with best play, when found." }),
    nodes: z.number().int().min(0).openapi({ description: "Nodes searched; never more than the budget.", example: 5412 }),
    maxNodes: z.number().int().min(1).openapi({ description: "The budget the search ran with.", example: 1_000_000 }),
    principalVariation: z.array(MoveTextSchema).optional().openapi({ description: "Expected continuation, in text notation." }),
    source: AnswerSourceSchema,
    note: z.string().optional().openapi({ description: "Where the answer came from, when not from a plain search." }),
    level: LevelSchema,
    position: PositionOutputSchema.openapi({ description: "The position searched." }),
    rules: RulesSchema,
  })
  .openapi("MoveSuggestion", { description: "The suggested move.", example: examples.engine.suggest.endgame as never });

export const EvaluateRequestSchema = z
  .strictObject({
    position: PositionInputSchema,
    rules: RulesInputSchema.optional(),
    maxNodes: MaxNodesSchema.optional(),
    moves: z.boolean().optional().openapi({ description: "Also value every legal move. Default: `false`.", example: false }),
    distance: z.boolean().optional().openapi({ description: "Also give `pliesToEnd`. Default: `false`.", example: false }),
  })
  .openapi("EvaluateRequest", {
    description: "A position, and what to compute about it.",
    example: { position: "0A3C5.9.......B.6", moves: true, distance: true },
  });

const MoveValueSchema = z
  .object({
    move: MoveOutputSchema,
    value: z.union([ValueSchema, z.null()]).openapi({ description: "The value for the mover after this move; null when not solved within the budget." }),
    exact: z.boolean().openapi({ description: "True when `value` is proven." }),
    pliesToEnd: z.number().int().min(0).optional().openapi({ description: "Placements until the end after this move, with best play (when `distance`)." }),
  })
  .openapi("MoveValue", { description: "One legal move and its value for the player making it.", example: { move: { place: 3, give: 8, text: "d1-8" }, value: "draw", exact: true } });

export const EvaluationSchema = z
  .object({
    value: z.union([ValueSchema, z.null()]).openapi({ description: "The value for the player to move; null when the budget ran out first." }),
    exact: z.boolean().openapi({ description: "True when `value` is proven (the search completed)." }),
    pliesToEnd: z.number().int().min(0).optional().openapi({ description: "Placements until the end: the winner hurries, the loser delays; a draw fills the board." }),
    nodes: z.number().int().min(0).openapi({ description: "Nodes searched; never more than the budget.", example: 10233 }),
    maxNodes: z.number().int().min(1).openapi({ description: "The budget the search ran with.", example: 2_000_000 }),
    moves: z.array(MoveValueSchema).optional().openapi({ description: "Every legal move and its value for the mover (when `moves`)." }),
    source: AnswerSourceSchema,
    note: z.string().optional().openapi({ description: "Where the answer came from, or why it is not exact." }),
    position: PositionOutputSchema,
    rules: RulesSchema,
  })
  .openapi("Evaluation", { description: "The position's value, and optionally every move's.", example: examples.engine.evaluate.endgame as never });

const positionQuery = PositionStringSchema.openapi({
  param: { name: "position", in: "query", description: "The 17-character position string.", example: "0A3.............5" },
});

// The GET forms: the POST bodies' fields as query parameters (the rules options one by one), the
// position as its string.
export const SuggestQuerySchema = queryFormOf(SuggestRequestSchema, { position: positionQuery });
export const EvaluateQuerySchema = queryFormOf(EvaluateRequestSchema, { position: positionQuery });
