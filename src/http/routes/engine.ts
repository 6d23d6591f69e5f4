/**
 * The engine API: suggest a move, evaluate a position. Both take a node budget (`maxNodes`), capped by
 * the ENGINE_MAX_NODES var of wrangler.toml, because a deployed Worker's clock does not advance during
 * pure computation: nodes, not milliseconds, bound a request's CPU. Each GET form's query is derived
 * from its POST body (src/wire/query.ts) and both call one function (src/wire/answers.ts), so they
 * accept, refuse and answer alike; the examples are computed by `npm run openapi` (examples.json).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { configureEngineTurns, type EngineLimits, evaluatePosition, suggest } from "../../wire/answers.ts";
import { rulesFromInput } from "../../wire/convert.ts";
import { EXAMPLE_ENDGAME } from "../../wire/example-inputs.ts";
import examples from "../../wire/examples.json" with { type: "json" };
import { POSITION_PROBLEM_CODES, type ProblemCode, problemResponses } from "../../wire/problems.ts";
import { queryFormOf } from "../../wire/query.ts";
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
} from "../../wire/schemas.ts";
import type { Context } from "hono";
import type { App, AppEnv } from "../context.ts";
import { spendEngine } from "../limits.ts";
import { withRateLimitHeaders } from "../../wire/rate-limits.ts";

/** Used when the Worker's vars are missing. */
const FALLBACK_DEFAULT_NODES = 2_000_000;
const FALLBACK_MAX_NODES = 20_000_000;

/**
 * The node budgets from the Worker's vars (ENGINE_DEFAULT_NODES, ENGINE_MAX_NODES); also sets the
 * isolate's slice size and queue length (ENGINE_SLICE_NODES, ENGINE_QUEUE_LENGTH) for the search.
 */
function engineLimits(env: Partial<Pick<Env, "ENGINE_DEFAULT_NODES" | "ENGINE_MAX_NODES" | "ENGINE_SLICE_NODES" | "ENGINE_QUEUE_LENGTH">> | undefined): EngineLimits {
  configureEngineTurns(env);
  const read = (text: string | undefined, fallback: number) => {
    const value = Number(text);
    return Number.isSafeInteger(value) && value > 0 ? value : fallback;
  };
  const maxNodes = read(env?.ENGINE_MAX_NODES, FALLBACK_MAX_NODES);
  return { maxNodes, defaultNodes: Math.min(maxNodes, read(env?.ENGINE_DEFAULT_NODES, FALLBACK_DEFAULT_NODES)) };
}

/**
 * Counts a search against the client's engine limits (src/http/limits.ts) by the budget it asks for:
 * every search against \`engine\`, one over the default budget also against \`engine-large\`.
 */
function spendSearch(c: Context<AppEnv>, maxNodes: number | undefined): Promise<void> {
  const { defaultNodes } = engineLimits(c.env);
  return spendEngine(c, maxNodes ?? defaultNodes, defaultNodes);
}

// ---- schemas ----

const ValueSchema = z.enum(["win", "draw", "loss"]).openapi("Value", { description: "The value for the player to move.", example: "draw" });
const MaxNodesSchema = z.number().int().min(1).openapi({
  description: "Node budget (positions searched). Default and cap are set by the service (`ENGINE_DEFAULT_NODES`, `ENGINE_MAX_NODES`); above the cap is a 422.",
  example: 1_000_000,
});
const SeedSchema = z.number().int().min(0).max(2 ** 32 - 1).openapi({ description: "Makes the choice among equal moves reproducible.", example: 7 });

const MoveOutputSchema = z
  .object({
    place: CellSchema.optional().openapi({ description: "Where the piece in hand goes; absent for a give-only move." }),
    give: PieceSchema.optional().openapi({ description: "The piece handed over; absent when the placement ends the game." }),
    quarto: z.boolean().optional().openapi({ description: "The placement completes a Quarto (announce it)." }),
    text: MoveTextSchema,
  })
  .openapi("EngineMove", { description: "A move, as data and in text notation.", example: { place: 10, give: 6, text: "c3-6" } });

const SuggestRequestSchema = z
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

const SuggestResultSchema = z
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
  .openapi("SuggestMoveResult", { description: "The suggested move.", example: examples.engine.suggest.endgame as never });

const EvaluateRequestSchema = z
  .strictObject({
    position: PositionInputSchema,
    rules: RulesInputSchema.optional(),
    maxNodes: MaxNodesSchema.optional(),
    moves: z.boolean().optional().openapi({ description: "Also value every legal move. Default: `false`.", example: true }),
    distance: z.boolean().optional().openapi({ description: "Also give `pliesToEnd`. Default: `false`.", example: true }),
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

const EvaluateResultSchema = z
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
  .openapi("EvaluateResult", { description: "The position's value, and optionally every move's.", example: examples.engine.evaluate.endgame as never });

const positionQuery = PositionStringSchema.openapi({
  param: { name: "position", in: "query", description: "The 17-character position string.", example: "0A3.............5" },
});

// The GET forms: the POST bodies' fields as query parameters (the rules options one by one), the
// position as its string.
const SuggestQuerySchema = queryFormOf(SuggestRequestSchema, { position: positionQuery });
const EvaluateQuerySchema = queryFormOf(EvaluateRequestSchema, { position: positionQuery });

const SUGGEST_EXAMPLES = {
  endgame: { summary: "A solved endgame", value: examples.engine.suggest.endgame },
  start: { summary: "The classic start: a known draw", value: examples.engine.suggest.start },
};
const EVALUATE_EXAMPLES = { endgame: { summary: "Every move of an endgame", value: examples.engine.evaluate.endgame } };


const ENGINE_PROBLEMS: ProblemCode[] = ["request/invalid", ...POSITION_PROBLEM_CODES, "engine/game_over", "engine/budget_too_large", "request/rate_limited", "engine/busy", "server/internal"];
const BODY_PROBLEMS: ProblemCode[] = ["request/malformed_json", "request/too_large", "request/unsupported_media_type", ...ENGINE_PROBLEMS];

/** `Retry-After` of a 503 `engine/busy` answer in the OpenAPI document. */
const BUSY_HEADERS = {
  "Retry-After": { description: "Seconds the engine's queue expects to need for the searches ahead (at a conservative 2 million nodes a second).", schema: { type: "string" as const } },
};

/** A route's problem responses with the 429's and the 503's headers documented. */
function engineProblemResponses(path: string, codes: ProblemCode[]) {
  const responses = withRateLimitHeaders(problemResponses(path, codes));
  const busy = (responses as Record<number, object | undefined>)[503];
  return busy === undefined ? responses : { ...responses, 503: { ...busy, headers: BUSY_HEADERS } };
}

// ---- routes ----

export function registerEngineRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/suggest-move",
      tags: ["Engine"],
      operationId: "suggestMove",
      summary: "Suggest a move",
      description:
        "A move for the player to move, at a level from `random` to `perfect`, within a node budget. `exact: true` when the move is proven to keep the position's value; when the budget runs out, the best move of a heuristic search, `exact: false`.",
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: SuggestRequestSchema,
              examples: {
                perfect: { summary: "Best move of an endgame", value: { position: EXAMPLE_ENDGAME, level: "perfect", seed: 7 } },
                easy: { summary: "An easy opponent, squares count", value: { position: "0A3.............5", level: "easy", seed: 1, rules: { squares: true } } },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The suggested move.", content: { "application/json": { schema: SuggestResultSchema, examples: SUGGEST_EXAMPLES } } },
        ...engineProblemResponses("/v1/suggest-move", BODY_PROBLEMS),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await spendSearch(c, body.maxNodes);
      return c.json(await suggest({ ...body, rules: rulesFromInput(body.rules) }, engineLimits(c.env)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/suggest-move",
      tags: ["Engine"],
      operationId: "suggestMoveQuery",
      summary: "Suggest a move (query form)",
      description:
        "The same as `POST /v1/suggest-move`, with the body's fields as query parameters (the rules options one by one, the position as its string), checked alike.",
      request: { query: SuggestQuerySchema },
      responses: {
        200: { description: "The suggested move.", content: { "application/json": { schema: SuggestResultSchema, examples: SUGGEST_EXAMPLES } } },
        ...engineProblemResponses("/v1/suggest-move", ENGINE_PROBLEMS),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      await spendSearch(c, query.maxNodes);
      return c.json(await suggest({ ...query, rules: rulesFromInput(query.rules) }, engineLimits(c.env)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/evaluate",
      tags: ["Engine"],
      operationId: "evaluate",
      summary: "Evaluate a position",
      description:
        "The exact value (win, draw, loss) of a position for the player to move, when the search completes within the node budget; optionally the value of every legal move and the distance to the end (`pliesToEnd`).",
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: EvaluateRequestSchema,
              examples: {
                value: { summary: "Just the value", value: { position: EXAMPLE_ENDGAME } },
                moves: { summary: "Every move, with distances", value: { position: EXAMPLE_ENDGAME, moves: true, distance: true } },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The evaluation.", content: { "application/json": { schema: EvaluateResultSchema, examples: EVALUATE_EXAMPLES } } },
        ...engineProblemResponses("/v1/evaluate", BODY_PROBLEMS),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await spendSearch(c, body.maxNodes);
      return c.json(await evaluatePosition({ ...body, rules: rulesFromInput(body.rules) }, engineLimits(c.env)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/evaluate",
      tags: ["Engine"],
      operationId: "evaluateQuery",
      summary: "Evaluate a position (query form)",
      description:
        "The same as `POST /v1/evaluate`, with the body's fields as query parameters (the rules options one by one, the position as its string), checked alike.",
      request: { query: EvaluateQuerySchema },
      responses: {
        200: { description: "The evaluation.", content: { "application/json": { schema: EvaluateResultSchema, examples: EVALUATE_EXAMPLES } } },
        ...engineProblemResponses("/v1/evaluate", ENGINE_PROBLEMS),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      await spendSearch(c, query.maxNodes);
      return c.json(await evaluatePosition({ ...query, rules: rulesFromInput(query.rules) }, engineLimits(c.env)), 200);
    },
  );
}
