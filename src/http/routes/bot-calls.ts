/**
 * A bot's call log (`GET /v1/bots/{id}/calls`): the recent calls the service made to a registered bot,
 * webhook or connected, read from its link object (src/objects/bot-calls.ts) with the bot's management
 * token: what its author needs to see what the bot was sent, what it answered, how long it took and why
 * it forfeited.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  BotCallPageQuerySchema,
  BotCallPageSchema,
  botCallOutput,
  CALL_LOG_BOUND,
  decodeCursor,
  DEFAULT_PAGE_LIMIT,
  EXAMPLE_BOT_ID,
  nextLink,
  ProblemError,
} from "../../wire/index.ts";
import type { App } from "../context.ts";
import { linkObject } from "../objects.ts";
import { ownedBot } from "./bot-admission.ts";
import { IdParamSchema } from "./bots.ts";
import { problemsFor } from "./shared.ts";

/** What the log keeps, in words. */
const KEPT = `the last ${CALL_LOG_BOUND.calls.toLocaleString("en-US")} calls, and none older than ${CALL_LOG_BOUND.days} days`;

const problems = problemsFor({ id: EXAMPLE_BOT_ID });

/** The sort key a call log cursor names (when sent, call id); a cursor this service did not make is a 422. */
function callCursor(cursor: string): { sentAt: number; seq: number } {
  const parts = decodeCursor(cursor);
  const sentAt = Number(parts?.[0]);
  const seq = Number(parts?.[1]);
  if (parts?.length !== 2 || !Number.isSafeInteger(sentAt) || !Number.isSafeInteger(seq)) {
    throw new ProblemError("request/invalid", "cursor: not a cursor of this list (pass the one in `next` as is)", { errors: [{ path: ["cursor"], message: "not a cursor of this list" }] });
  }
  return { sentAt, seq };
}

export function registerBotCallsRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/bots/{id}/calls",
      tags: ["Bots"],
      operationId: "listBotCalls",
      summary: "A bot's call log",
      description: `The recent calls the service made to the bot, webhook or connected, newest first (by when they were sent), a page at a time (\`limit\`, default ${DEFAULT_PAGE_LIMIT}; follow \`next\` for the rest); \`matchId\` keeps those about one match. Needs the bot's management token as \`Authorization: Bearer <token>\`. Each move request of its tournaments and hosted matches, with the answer's HTTP status (null when none came), the latency, the move answered and the forfeit it was, if any; and each end notice (\`kind: end\`). The log keeps ${KEPT}. A call is recorded once the game has judged it, in the background: it shows within moments of the move.`,
      security: [{ botToken: [] }],
      request: { params: IdParamSchema, query: BotCallPageQuerySchema },
      responses: {
        200: { description: "A page of the bot's calls.", content: { "application/json": { schema: BotCallPageSchema } } },
        ...problems("/v1/bots/{id}/calls", ["request/invalid", "registry/token_required", "registry/wrong_token", "registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { limit = DEFAULT_PAGE_LIMIT, cursor, matchId } = c.req.valid("query");
      await ownedBot(c, id);
      const after = cursor === undefined ? null : callCursor(cursor);
      const page = await linkObject(c.env, id).calls(limit, after, matchId ?? null);
      const last = page.calls.at(-1);
      const next = page.more && last ? nextLink(`/v1/bots/${id}/calls`, limit, [last.call.sentAt, last.seq], matchId === undefined ? {} : { matchId }) : null;
      return c.json({ calls: page.calls.map(({ seq, call }) => botCallOutput(seq, call)), next }, 200);
    },
  );
}
