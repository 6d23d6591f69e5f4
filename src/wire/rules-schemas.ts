/**
 * Wire schemas of the stateless rules API (src/http/routes/rules.ts): validate a move, check a
 * position, each a POST body, its GET query form (derived from the body, src/wire/query.ts) and its
 * answer, built by answers.ts. The answers' examples are computed by `npm run openapi` (examples.json).
 */
import { z } from "@hono/zod-openapi";
import { EXAMPLE_TALL_SQUARE } from "./example-inputs.ts";
import examples from "./examples.json" with { type: "json" };
import { queryFormOf } from "./query.ts";
import {
  MoveErrorCodeSchema,
  MoveInputSchema,
  MoveTextInputSchema,
  MoveTextSchema,
  OutcomeSchema,
  PhaseSchema,
  PieceSchema,
  PositionInputSchema,
  PositionOutputSchema,
  PositionStringSchema,
  RoleSchema,
  RulesInputSchema,
  RulesSchema,
  StatusSchema,
  WinningShapeSchema,
} from "./schemas.ts";

export const ValidateMoveRequestSchema = z
  .strictObject({
    position: PositionInputSchema,
    move: MoveInputSchema,
    rules: RulesInputSchema.optional(),
  })
  .openapi("ValidateMoveRequest", {
    description: "A position, a move to try in it, and optionally the rules options.",
    example: { position: "0A3.............5", move: { place: "c3", give: 10 } },
  });

const LegalMoveSchema = z
  .object({
    legal: z.literal(true).openapi({ description: "The move is legal." }),
    moveText: MoveTextSchema,
    position: PositionOutputSchema.openapi({ description: "The position after the move." }),
    outcome: OutcomeSchema,
    rules: RulesSchema,
  })
  .openapi("LegalMove", {
    description: "The move is legal: the position it leads to and its outcome.",
    example: examples.rules.validateMove.legal as never,
  });

const IllegalMoveSchema = z
  .object({
    legal: z.literal(false).openapi({ description: "The move is not legal." }),
    moveText: MoveTextSchema,
    code: MoveErrorCodeSchema,
    detail: z.string().openapi({ example: "cell a1 is occupied" }),
  })
  .openapi("IllegalMove", {
    description: "The move is not legal in this position; `code` says why.",
    example: examples.rules.validateMove.illegal as never,
  });

export const MoveVerdictSchema = z
  .union([LegalMoveSchema, IllegalMoveSchema])
  .openapi("MoveVerdict", {
    description: "Whether the move is legal (`legal`), and what follows.",
    example: examples.rules.validateMove.legal as never,
  });

export const CheckWinRequestSchema = z
  .strictObject({
    position: PositionInputSchema,
    rules: RulesInputSchema.optional(),
  })
  .openapi("CheckWinRequest", {
    description: "A position and optionally the rules options.",
    example: { position: EXAMPLE_TALL_SQUARE, rules: { squares: true } },
  });

export const WinCheckSchema = z
  .object({
    status: StatusSchema,
    phase: z.union([PhaseSchema, z.null()]).openapi({ description: "What the player to move does; null when the game is over." }),
    winner: z.union([RoleSchema, z.null()]).openapi({ description: "The winner's role, when won: the player who made the last placement." }),
    shapes: z.array(WinningShapeSchema).openapi({ description: "The winning shapes (empty unless won)." }),
    available: z.array(PieceSchema).openapi({ description: "Pieces neither on the board nor in hand.", example: [1, 2, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15] }),
    legalMoveCount: z.number().int().min(0).openapi({ description: "How many legal moves the player to move has (0 when the game is over).", example: 156 }),
    position: PositionOutputSchema.openapi({ description: "The position, in both forms." }),
    rules: RulesSchema,
  })
  .openapi("WinCheck", { description: "The status of a position.", example: examples.rules.checkWin.won as never });

const positionQuery = PositionStringSchema.openapi({
  param: {
    name: "position",
    in: "query",
    description: "The 17-character position string (`.` for empty cells and for no piece in hand).",
    example: "0A3.............5",
  },
});

// The GET forms: the POST bodies' fields as query parameters (the rules options one by one), the
// position as its string and the move in text notation.
export const ValidateMoveQuerySchema = queryFormOf(ValidateMoveRequestSchema, {
  position: positionQuery,
  move: MoveTextInputSchema.openapi({ param: { name: "move", in: "query", description: "The move in text notation.", example: "c3-6" } }),
});

export const CheckWinQuerySchema = queryFormOf(CheckWinRequestSchema, { position: positionQuery });
