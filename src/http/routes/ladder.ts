/**
 * The ladder (`/v1/ladder`): registered bots that opted in are paired all the time by the Worker's Cron
 * Trigger and rated over all their ladder games, in one LadderObject Durable Object
 * (src/objects/ladder.ts). A bot joins at registration (`ladder: true` in POST /v1/bots) or later, and
 * leaves or resumes after a pause, with its management token.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  DEFAULT_PAGE_LIMIT,
  EXAMPLE_BOT_ID,
  LADDER_NAME,
  LadderBotSchema,
  LadderEntrySchema,
  LadderPageSchema,
  nextLink,
  LadderPageQuerySchema,
  type ProblemCode,
  ProblemError,
  problemResponses,
  type Reply,
} from "../../wire/index.ts";
import { hashToken, isMatchId } from "../../match/index.ts";
import { type App, type AppEnv, bearerToken } from "../context.ts";
import { registryStub } from "./bots.ts";

/** The ladder: a single Durable Object. */
function ladderStub(env: Env) {
  return env.LADDER.get(env.LADDER.idFromName(LADDER_NAME));
}

const problems = (path: string, codes: ProblemCode[]) => problemResponses(path.replace("{bot}", EXAMPLE_BOT_ID), [...codes, "server/internal"]);

const BotParamSchema = z.object({
  bot: z.string().openapi({ param: { name: "bot", in: "path", description: "The registered bot's id (from POST /v1/bots)." }, example: EXAMPLE_BOT_ID }),
});

function value<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.value;
  throw new ProblemError(reply.error.code, reply.error.detail);
}

/** The registered bot `id` if `Authorization: Bearer` holds its management token. */
async function ownedBot(c: Context<AppEnv>, id: string): Promise<{ id: string; name: string }> {
  const token = bearerToken(c);
  if (token === null) throw new ProblemError("registry/token_required", "send the bot's management token as Authorization: Bearer <token>");
  const [bot] = isMatchId(id) ? await registryStub(c.env).entrants([id]) : [null];
  if (!bot) throw new ProblemError("registry/not_found", `there is no registered bot ${id.length > 40 ? `${id.slice(0, 40)}...` : id}`);
  if (bot.tokenHash !== (await hashToken(token))) throw new ProblemError("registry/wrong_token", "the token is not this bot's management token");
  return { id: bot.id, name: bot.name };
}

export function registerLadderRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/ladder",
      tags: ["Ladder"],
      operationId: "getLadder",
      summary: "The ladder",
      description:
        "The bots on the ladder (active or paused), by rating, highest first, one page at a time, with the ladder's settings. Every minute a Cron Trigger pairs the idle active bots (a pairing is a two-game tournament from one opening, each bot making the first move once; at most `gamesPerHour` games per bot in any hour) and records the pairings that ended; ratings are Bradley-Terry, fitted incrementally (each pairing moves its two bots against their opponents' current ratings), with their uncertainty.",
      request: { query: LadderPageQuerySchema },
      responses: {
        200: { description: "A page of the ladder.", content: { "application/json": { schema: LadderPageSchema } } },
        ...problems("/v1/ladder", ["request/invalid"]),
      },
    }),
    async (c) => {
      const { limit = DEFAULT_PAGE_LIMIT, cursor } = c.req.valid("query");
      const { history: _, after, ...page } = value(await ladderStub(c.env).page(limit, cursor ?? null));
      return c.json({ ...page, next: after === null ? null : nextLink("/v1/ladder", limit, after) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/ladder/{bot}",
      tags: ["Ladder"],
      operationId: "getLadderBot",
      summary: "A bot on the ladder",
      description:
        "The bot's ladder entry (status, and why it is paused if it is; rating and record), its rating after each of its pairings, and its latest ladder games with links to their tournaments and matches.",
      request: { params: BotParamSchema },
      responses: {
        200: { description: "The bot's ladder entry and history.", content: { "application/json": { schema: LadderBotSchema } } },
        ...problems("/v1/ladder/{bot}", ["ladder/not_found"]),
      },
    }),
    async (c) => {
      const { bot } = c.req.valid("param");
      if (!isMatchId(bot)) throw new ProblemError("ladder/not_found", `bot ${bot.slice(0, 40)} has never been on the ladder`);
      return c.json(value(await ladderStub(c.env).bot(bot)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/v1/ladder/{bot}",
      tags: ["Ladder"],
      operationId: "joinLadder",
      summary: "Put a bot on the ladder, or resume it",
      description:
        "Puts the registered bot on the ladder (it keeps its rating and games if it was on it before), or resumes it after a pause (its forfeit streak starts again from zero); needs the bot's management token as `Authorization: Bearer <token>`. Safe to repeat. No body.",
      security: [{ botToken: [] }],
      request: { params: BotParamSchema },
      responses: {
        200: { description: "The bot's ladder entry, active.", content: { "application/json": { schema: LadderEntrySchema } } },
        ...problems("/v1/ladder/{bot}", ["registry/token_required", "registry/wrong_token", "registry/not_found", "ladder/full"]),
      },
    }),
    async (c) => {
      const { bot } = c.req.valid("param");
      const owned = await ownedBot(c, bot);
      return c.json(value(await ladderStub(c.env).join(owned)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/ladder/{bot}",
      tags: ["Ladder"],
      operationId: "leaveLadder",
      summary: "Take a bot off the ladder",
      description:
        "The bot is paired no more (a pairing in play is played out); its games and rating stay, and `PUT` puts it back. Needs the bot's management token as `Authorization: Bearer <token>`.",
      security: [{ botToken: [] }],
      request: { params: BotParamSchema },
      responses: {
        200: { description: "The bot's ladder entry, status `left`.", content: { "application/json": { schema: LadderEntrySchema } } },
        ...problems("/v1/ladder/{bot}", ["registry/token_required", "registry/wrong_token", "registry/not_found", "ladder/not_found"]),
      },
    }),
    async (c) => {
      const { bot } = c.req.valid("param");
      const owned = await ownedBot(c, bot);
      return c.json(value(await ladderStub(c.env).leave(owned.id)), 200);
    },
  );
}
