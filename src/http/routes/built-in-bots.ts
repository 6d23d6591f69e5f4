/**
 * The built-in bots served over HTTP at `/bots/{name}/` with exactly the bot protocol
 * (src/wire/bot-server.ts + builtInAnswerInTurn): any arena, this one's tests and a protocol client's
 * author may call them as they would call a registered bot.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  BotEndNoticeSchema,
  BotEndReceiptSchema,
  botFetchHandler,
  BotInfoSchema,
  BotMoveAnswerSchema,
  BotMoveRequestSchema,
  configureEngineTurns,
  examples,
  ProblemError,
  readSettings,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import { isBuiltInBot, BUILT_IN_BOTS, builtInAnswerInTurn, builtInBotInfo } from "../../bots/index.ts";
import type { App, AppEnv } from "../context.ts";
import { spend } from "../limits.ts";
import { BODY, problemsFor } from "./shared.ts";

/**
 * A built-in bot's `GET {botUrl}/`, as the bot protocol calls it: the same operation as `GET
 * /bots/{name}`, served but not described (the OpenAPI document's paths have no trailing slash).
 */
export const BUILT_IN_BOT_INFO_ALIAS = "/bots/{name}/";

const problems = problemsFor({ name: "easy" });

const NameParamSchema = z.object({
  name: z.string().openapi({ param: { name: "name", in: "path", description: `A built-in bot: ${BUILT_IN_BOTS.join(", ")}.` }, example: "easy" }),
});


/** The fetch handler of the built-in bot `name` (a 404 problem for any other name). */
function builtInHandler(c: Context<AppEnv>, name: string) {
  if (!isBuiltInBot(name)) {
    throw new ProblemError("reference/unknown_bot", `there is no built-in bot '${name.slice(0, 40)}'; the built-in bots are ${BUILT_IN_BOTS.join(", ")}`);
  }
  const settings = readSettings(c.env);
  // Interactive work (the caller's clock runs while it searches): never behind background searches, never refused; it yields between slices.
  configureEngineTurns(settings);
  return botFetchHandler({ info: builtInBotInfo(name), move: (checked) => builtInAnswerInTurn(name, checked, { maxNodes: settings.defaultNodes, priority: "interactive" }), basePath: `/bots/${name}` });
}

/** Runs the built-in bot's handler on `path` with `body`; its refusals become problems. */
async function callBuiltIn(c: Context<AppEnv>, name: string, path: "/" | "/move" | "/end", body?: unknown): Promise<unknown> {
  const handler = builtInHandler(c, name);
  const url = new URL(`/bots/${name}${path}`, c.req.url);
  const init: RequestInit =
    body === undefined ? { method: "GET" } : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await handler(new Request(url, init));
  if (response.status === 204) return null;
  const answer = (await response.json()) as { detail?: string };
  if (response.ok) return answer;
  if (response.status === 422) throw new ProblemError("reference/bad_move_request", answer.detail ?? "the move request is not valid");
  throw new Error(`built-in bot ${name} answered ${response.status}: ${answer.detail}`);
}

export function registerBuiltInBotsRoutes(app: App): void {
  // `GET {botUrl}/` of a built-in bot is `GET /bots/{name}/`: the bot protocol puts the slash there, so
  // the arena and other arenas call that path. The document describes it without the trailing slash
  // (`/bots/{name}`, answered the same), a path every generator and linter takes; the slashed one is the
  // same operation, served for the protocol and hidden from the document (BUILT_IN_BOT_INFO_ALIAS).
  for (const [path, hide] of [["/bots/{name}", false], [BUILT_IN_BOT_INFO_ALIAS, true]] as const) {
    app.openapi(
      createRoute({
        method: "get",
        path,
        hide,
        tags: ["Bots"],
        operationId: "builtInBotInfo",
        summary: "A built-in bot: GET /",
        description:
          "The built-in bot `name` as an HTTP bot, base URL `/bots/{name}`: `GET /` answers who it is, at `/bots/{name}/` as the bot protocol calls it, and at `/bots/{name}` (the same answer). Anyone may call it (signatures are not checked), e.g. to test a client of the protocol, or enter it in a tournament of another arena.",
        request: { params: NameParamSchema },
        responses: {
          200: { description: "The bot's identity.", content: { "application/json": { schema: BotInfoSchema, example: builtInBotInfo("easy") } } },
          ...problems("/bots/{name}", ["reference/unknown_bot"]),
        },
      }),
      async (c) => {
        const { name } = c.req.valid("param");
        return c.json((await callBuiltIn(c, name, "/")) as z.infer<typeof BotInfoSchema>, 200);
      },
    );
  }

  app.openapi(
    createRoute({
      method: "post",
      path: "/bots/{name}/move",
      tags: ["Bots"],
      operationId: "builtInBotMove",
      summary: "A built-in bot: POST /move",
      description:
        "The built-in bot's move for a move request, exactly as the arena would get it: the engine at the bot's level (node budget ENGINE_DEFAULT_NODES), seeded by tournament, match and ply, announcing every Quarto it completes and claiming every missed one it may.",
      request: {
        params: NameParamSchema,
        body: {
          required: true,
          content: {
            "application/json": { schema: BotMoveRequestSchema, examples: { midGame: { summary: "Place piece 5, then give", value: examples.bots.moveRequest } } },
          },
        },
      },
      responses: {
        200: { description: "The bot's move.", content: { "application/json": { schema: BotMoveAnswerSchema, example: { place: 10, give: 3 } } } },
        ...withRateLimitHeaders(problems("/bots/{name}/move", [...BODY, "reference/unknown_bot", "reference/bad_move_request", "request/rate_limited"])),
      },
    }),
    async (c) => {
      const { name } = c.req.valid("param");
      // An engine search like any other (policy engine).
      await spend(c, "engine");
      return c.json((await callBuiltIn(c, name, "/move", c.req.valid("json"))) as z.infer<typeof BotMoveAnswerSchema>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/bots/{name}/end",
      tags: ["Bots"],
      operationId: "builtInBotEnd",
      summary: "A built-in bot: POST /end",
      description: "Takes an end notice. The built-in bots keep nothing, so this only acknowledges it.",
      request: {
        params: NameParamSchema,
        body: {
          required: true,
          content: { "application/json": { schema: BotEndNoticeSchema, examples: { won: { summary: "A game won", value: examples.bots.endNotice } } } },
        },
      },
      responses: {
        200: { description: "Received.", content: { "application/json": { schema: BotEndReceiptSchema } } },
        ...problems("/bots/{name}/end", [...BODY, "reference/unknown_bot"]),
      },
    }),
    async (c) => {
      const { name } = c.req.valid("param");
      await callBuiltIn(c, name, "/end", c.req.valid("json"));
      return c.json({ received: true as const }, 200);
    },
  );
}
