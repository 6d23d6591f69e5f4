/**
 * The stateless rules API: validate a move, check a position for a win. Each has a JSON `POST` form and
 * a `GET` form with query parameters and the text move notation, for curl users. The GET query is
 * derived from the POST body (both in src/wire/rules-schemas.ts) and both forms call one function per
 * endpoint (src/wire/answers.ts), so they cannot disagree.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  checkWin,
  CheckWinQuerySchema,
  CheckWinRequestSchema,
  WinCheckSchema,
  EXAMPLE_TALL_ROW as TALL_ROW,
  EXAMPLE_TALL_SQUARE as TALL_SQUARE,
  examples,
  moveFromInput,
  POSITION_PROBLEM_CODES,
  type ProblemCode,
  problemResponses,
  rulesFromInput,
  validateMove,
  ValidateMoveQuerySchema,
  ValidateMoveRequestSchema,
  MoveVerdictSchema,
} from "../../wire/index.ts";
import type { App } from "../context.ts";
import { BODY } from "./shared.ts";

// Positions used in the examples.
const START = ".................";
const EMPTY_BOARD = Array.from({ length: 16 }, () => null);

// ---- error responses ----

const BODY_PROBLEMS: ProblemCode[] = [...BODY, ...POSITION_PROBLEM_CODES, "server/internal"];
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
        200: { description: "The verdict on the move.", content: { "application/json": { schema: MoveVerdictSchema, examples: VALIDATE_MOVE_EXAMPLES } } },
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
        200: { description: "The verdict on the move.", content: { "application/json": { schema: MoveVerdictSchema, examples: VALIDATE_MOVE_EXAMPLES } } },
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
        200: { description: "The status of the position.", content: { "application/json": { schema: WinCheckSchema, examples: CHECK_WIN_EXAMPLES } } },
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
        200: { description: "The status of the position.", content: { "application/json": { schema: WinCheckSchema, examples: CHECK_WIN_EXAMPLES } } },
        ...problemResponses("/v1/check-win", QUERY_PROBLEMS),
      },
    }),
    (c) => {
      const { position, rules } = c.req.valid("query");
      return c.json(checkWin(position, rulesFromInput(rules)), 200);
    },
  );
}
