/**
 * The engine API: suggest a move, evaluate a position. Both take a node budget (`maxNodes`), capped by
 * the ENGINE_MAX_NODES var of wrangler.toml (src/wire/settings.ts), because a deployed Worker's clock
 * does not advance during pure computation: nodes, not milliseconds, bound a request's CPU. Each GET
 * form's query is derived from its POST body (both in src/wire/engine-schemas.ts) and both call one
 * function (src/wire/answers.ts), so they accept, refuse and answer alike; the examples are computed by
 * `npm run openapi` (examples.json).
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  configureEngineTurns,
  evaluatePosition,
  EvaluateQuerySchema,
  EvaluateRequestSchema,
  EvaluationSchema,
  EXAMPLE_ENDGAME,
  examples,
  POSITION_PROBLEM_CODES,
  type ProblemCode,
  problemResponses,
  readSettings,
  rulesFromInput,
  type Settings,
  suggest,
  SuggestQuerySchema,
  SuggestRequestSchema,
  SuggestResultSchema,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import type { App, AppEnv } from "../context.ts";
import { spendEngine } from "../limits.ts";
import { BODY } from "./shared.ts";

/**
 * The deployment's settings (src/wire/settings.ts: the node budgets ENGINE_DEFAULT_NODES and
 * ENGINE_MAX_NODES among them), with the isolate's engine slices and queue set from them for the search.
 */
function engineSettings(c: Context<AppEnv>): Settings {
  const settings = readSettings(c.env);
  configureEngineTurns(settings);
  return settings;
}

/**
 * Counts a search against the client's engine limits (src/http/limits.ts) by the budget it asks for:
 * every search against \`engine\`, one over the default budget also against \`engine-large\`.
 */
function spendSearch(c: Context<AppEnv>, maxNodes: number | undefined): Promise<void> {
  const { defaultNodes } = engineSettings(c);
  return spendEngine(c, maxNodes ?? defaultNodes, defaultNodes);
}

const SUGGEST_EXAMPLES = {
  endgame: { summary: "A solved endgame", value: examples.engine.suggest.endgame },
  start: { summary: "The classic start: a known draw", value: examples.engine.suggest.start },
};
const EVALUATE_EXAMPLES = { endgame: { summary: "Every move of an endgame", value: examples.engine.evaluate.endgame } };


const ENGINE_PROBLEMS: ProblemCode[] = ["request/invalid", ...POSITION_PROBLEM_CODES, "engine/game_over", "engine/budget_too_large", "request/rate_limited", "engine/busy", "server/internal"];
const BODY_PROBLEMS: ProblemCode[] = [...BODY, ...ENGINE_PROBLEMS.filter((code) => code !== "request/invalid")];

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
      return c.json(await suggest({ ...body, rules: rulesFromInput(body.rules) }, engineSettings(c)), 200);
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
      return c.json(await suggest({ ...query, rules: rulesFromInput(query.rules) }, engineSettings(c)), 200);
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
        200: { description: "The evaluation.", content: { "application/json": { schema: EvaluationSchema, examples: EVALUATE_EXAMPLES } } },
        ...engineProblemResponses("/v1/evaluate", BODY_PROBLEMS),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await spendSearch(c, body.maxNodes);
      return c.json(await evaluatePosition({ ...body, rules: rulesFromInput(body.rules) }, engineSettings(c)), 200);
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
        200: { description: "The evaluation.", content: { "application/json": { schema: EvaluationSchema, examples: EVALUATE_EXAMPLES } } },
        ...engineProblemResponses("/v1/evaluate", ENGINE_PROBLEMS),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      await spendSearch(c, query.maxNodes);
      return c.json(await evaluatePosition({ ...query, rules: rulesFromInput(query.rules) }, engineSettings(c)), 200);
    },
  );
}
