/**
 * The stateless rules API: validate a move, check a position for a win. Each has a JSON `POST` form and
 * a `GET` form with query parameters and the text move notation, for curl users. The GET query is
 * derived from the POST body (src/wire/query.ts) and both forms call one function per endpoint
 * (src/wire/answers.ts), so they cannot disagree.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { checkWin, validateMove } from "../../wire/answers.ts";
import { moveFromInput, rulesFromInput } from "../../wire/convert.ts";
import { EXAMPLE_TALL_ROW as TALL_ROW } from "../../wire/example-inputs.ts";
import examples from "../../wire/examples.json" with { type: "json" };
import { POSITION_PROBLEM_CODES, type ProblemCode, problemResponses } from "../../wire/problems.ts";
import { queryFormOf } from "../../wire/query.ts";
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
} from "../../wire/schemas.ts";
import type { App } from "../context.ts";

// Positions used in the examples.
const START = ".................";
const EMPTY_BOARD = Array.from({ length: 16 }, () => null);
const TALL_SQUARE = `89..CD${".".repeat(11)}`; // a1 b1 a2 b2 are tall: a Quarto only with squares

// ---- schemas ----

const ValidateMoveRequestSchema = z
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

const ValidateMoveResultSchema = z
  .union([LegalMoveSchema, IllegalMoveSchema])
  .openapi("ValidateMoveResult", {
    description: "Whether the move is legal (`legal`), and what follows.",
    example: examples.rules.validateMove.legal as never,
  });

const CheckWinRequestSchema = z
  .strictObject({
    position: PositionInputSchema,
    rules: RulesInputSchema.optional(),
  })
  .openapi("CheckWinRequest", {
    description: "A position and optionally the rules options.",
    example: { position: TALL_SQUARE, rules: { squares: true } },
  });

const CheckWinResultSchema = z
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
  .openapi("CheckWinResult", { description: "The status of a position.", example: examples.rules.checkWin.won as never });

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
const ValidateMoveQuerySchema = queryFormOf(ValidateMoveRequestSchema, {
  position: positionQuery,
  move: MoveTextInputSchema.openapi({ param: { name: "move", in: "query", description: "The move in text notation.", example: "c3-6" } }),
});

const CheckWinQuerySchema = queryFormOf(CheckWinRequestSchema, { position: positionQuery });

// ---- error responses ----

const BODY_PROBLEMS: ProblemCode[] = [
  "request/malformed_json",
  "request/too_large",
  "request/unsupported_media_type",
  "request/invalid",
  ...POSITION_PROBLEM_CODES,
  "server/internal",
];
const QUERY_PROBLEMS: ProblemCode[] = ["request/invalid", ...POSITION_PROBLEM_CODES, "server/internal"];

// ---- examples: computed by `npm run openapi` with the functions the routes call (examples.json) ----

const VALIDATE_MOVE_EXAMPLES = {
  legal: { summary: "A legal move", value: examples.rules.validateMove.legal },
  winning: { summary: "A winning placement", value: examples.rules.validateMove.winning },
  illegal: { summary: "An illegal move", value: examples.rules.validateMove.illegal },
};

const CHECK_WIN_EXAMPLES = {
  ongoing: { summary: "A game in progress", value: examples.rules.checkWin.ongoing },
  won: { summary: "Four tall pieces in a row", value: examples.rules.checkWin.won },
};

// ---- routes ----

export function registerRulesRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/validate-move",
      tags: ["Rules"],
      operationId: "validateMove",
      summary: "Validate a move",
      description:
        "Tries a move in a position. A legal move gives the next position (both forms) and the outcome; an illegal one gives `legal: false` with a `move/*` code. An invalid position or a malformed request is a 422 problem document naming the field.",
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: ValidateMoveRequestSchema,
              examples: {
                string: { summary: "Position as a string", value: { position: "0A3.............5", move: { place: "c3", give: 6 } } },
                json: {
                  summary: "Position in JSON form, with rules",
                  value: { position: { board: [0, 10, 3, ...EMPTY_BOARD.slice(3)], inHand: 5 }, move: { place: 10, give: "6" }, rules: { squares: true } },
                },
                opening: { summary: "The opening give", value: { position: START, move: { give: 7 } } },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The verdict on the move.", content: { "application/json": { schema: ValidateMoveResultSchema, examples: VALIDATE_MOVE_EXAMPLES } } },
        ...problemResponses("/v1/validate-move", BODY_PROBLEMS),
      },
    }),
    (c) => {
      const { position, move, rules } = c.req.valid("json");
      return c.json(validateMove(position, moveFromInput(move), rulesFromInput(rules)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/validate-move",
      tags: ["Rules"],
      operationId: "validateMoveQuery",
      summary: "Validate a move (query form)",
      description:
        "The same as `POST /v1/validate-move`, with the position string, the move in text notation and the rules options as query parameters, checked alike.",
      request: { query: ValidateMoveQuerySchema },
      responses: {
        200: { description: "The verdict on the move.", content: { "application/json": { schema: ValidateMoveResultSchema, examples: VALIDATE_MOVE_EXAMPLES } } },
        ...problemResponses("/v1/validate-move", QUERY_PROBLEMS),
      },
    }),
    (c) => {
      const { position, move, rules } = c.req.valid("query");
      return c.json(validateMove(position, moveFromInput(move), rulesFromInput(rules)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/check-win",
      tags: ["Rules"],
      operationId: "checkWin",
      summary: "Check a position",
      description:
        "The status of a position: ongoing, won (with every winning shape and the attributes it shares) or drawn; the pieces still available and the number of legal moves.",
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: CheckWinRequestSchema,
              examples: {
                won: { summary: "Four tall pieces in a row", value: { position: TALL_ROW } },
                square: { summary: "A square, counted with squares: true", value: { position: TALL_SQUARE, rules: { squares: true } } },
                json: { summary: "Position in JSON form", value: { position: { board: EMPTY_BOARD, inHand: 7 } } },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The status of the position.", content: { "application/json": { schema: CheckWinResultSchema, examples: CHECK_WIN_EXAMPLES } } },
        ...problemResponses("/v1/check-win", BODY_PROBLEMS),
      },
    }),
    (c) => {
      const { position, rules } = c.req.valid("json");
      return c.json(checkWin(position, rulesFromInput(rules)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/check-win",
      tags: ["Rules"],
      operationId: "checkWinQuery",
      summary: "Check a position (query form)",
      description: "The same as `POST /v1/check-win`, with the position string and the rules options as query parameters, checked alike.",
      request: { query: CheckWinQuerySchema },
      responses: {
        200: { description: "The status of the position.", content: { "application/json": { schema: CheckWinResultSchema, examples: CHECK_WIN_EXAMPLES } } },
        ...problemResponses("/v1/check-win", QUERY_PROBLEMS),
      },
    }),
    (c) => {
      const { position, rules } = c.req.valid("query");
      return c.json(checkWin(position, rulesFromInput(rules)), 200);
    },
  );
}
