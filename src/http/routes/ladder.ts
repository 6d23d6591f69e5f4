/**
 * The ladder (`/v1/ladder`): registered bots that opted in are paired all the time by the ladder's own
 * alarm and rated over all their ladder games, beside the built-in anchors at fixed ratings, in one
 * LadderObject Durable Object (src/objects/ladder.ts). A bot joins at registration (`ladder: true` in
 * POST /v1/bots) or later, and leaves or resumes after a pause, with its management token; an anchor's
 * entry is read by its name (`/v1/ladder/medium`).
 *
 * A bot's accuracy is read here, in the Worker, from the reviews its latest games' match objects store
 * (ladderBotView): nothing about reviews is kept in the ladder, and the one LadderObject, which every
 * pairing goes through, makes no call for it.
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  DEFAULT_PAGE_LIMIT,
  EXAMPLE_BOT_ID,
  LADDER_REVIEWED_GAMES,
  ladderAccuracy,
  type LadderBotOutput,
  LadderBotSchema,
  type LadderGameReview,
  LadderEntrySchema,
  LadderPageSchema,
  nextLink,
  LadderPageQuerySchema,
  ProblemError,
  type Reply,
} from "../../wire/index.ts";
import { isBuiltInBot } from "../../bots/index.ts";
import { type GameReview, isId } from "../../match/index.ts";
import type { App } from "../context.ts";
import { ladderObject, matchObject, replyValue, shortId } from "../objects.ts";
import { ownedBot } from "./bot-admission.ts";
import { problemsFor } from "./shared.ts";

const problems = problemsFor({ bot: EXAMPLE_BOT_ID });

const BotParamSchema = z.object({
  bot: z.string().openapi({
    param: { name: "bot", in: "path", description: "The registered bot's id (from POST /v1/bots), or an anchor's name (`easy`, `medium`, `hard`) where it is read." },
    example: EXAMPLE_BOT_ID,
  }),
});

/**
 * A bot's ladder entry with its accuracy over its latest LADDER_REVIEWED_GAMES games that count and its
 * recent mistakes: one gameReview call to each game's match object, all at once, each answering its
 * stored review (a few KB). A review still being computed counts as pending (asking for it arms its
 * object's alarm, as GET /v1/matches/{id}/review does); a match deleted by retention is left out.
 */
export async function ladderBotView(env: Env, botId: string): Promise<Reply<LadderBotOutput>> {
  const read = await ladderObject(env).bot(botId);
  if (!read.ok) return read;
  const games = read.value.recentGames.filter((game) => game.matchId !== null && game.result !== "none").slice(0, LADDER_REVIEWED_GAMES);
  const answers = await Promise.all(games.map((game) => matchObject(env, game.matchId as string).gameReview()));
  const reviewed = games.flatMap((game, index): LadderGameReview[] => {
    const answer = answers[index];
    if (!answer.ok || answer.value === null) return [];
    if (answer.value.status === "pending") return [{ game, status: "pending" }];
    // Over RPC the review's pair of seats arrives typed as an array; it is the stored pair.
    const { review, rules, firstSeat } = answer.value;
    return [{ game, status: "ready", review: review as GameReview, rules, firstSeat }];
  });
  return { ok: true, value: { ...read.value, ...ladderAccuracy(reviewed) } };
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
        "The bots on the ladder (active or paused), by rating, highest first, one page at a time, with the ladder's settings; the built-in anchors among them (`anchor: true`, fixed ratings, listed in the settings' `anchors`). The ladder runs itself: every few seconds while it has bots it records the pairings that ended and pairs the idle active bots (a pairing is a two-game tournament from one opening, each bot making the first move once; at most `gamesPerHour` games per bot in any hour; an anchor only ever plays a registered bot); ratings are Bradley-Terry, fitted incrementally (each pairing moves its two bots against their opponents' current ratings, an anchor's held), with their uncertainty.",
      request: { query: LadderPageQuerySchema },
      responses: {
        200: { description: "A page of the ladder.", content: { "application/json": { schema: LadderPageSchema } } },
        ...problems("/v1/ladder", ["request/invalid"]),
      },
    }),
    async (c) => {
      const { limit = DEFAULT_PAGE_LIMIT, cursor } = c.req.valid("query");
      const { history: _, after, ...page } = replyValue(await ladderObject(c.env).page(limit, cursor ?? null));
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
        "The bot's ladder entry (status, and why it is paused if it is; rating and record), its rating after each of its pairings, its latest ladder games with links to their tournaments and matches, and its `accuracy` over the latest 20 of them that are reviewed (every game is reviewed exactly in the background once it ends: GET /v1/matches/{id}/review) with its `recentMistakes`, each with the position before it.",
      request: { params: BotParamSchema },
      responses: {
        200: { description: "The bot's ladder entry and history.", content: { "application/json": { schema: LadderBotSchema } } },
        ...problems("/v1/ladder/{bot}", ["ladder/not_found"]),
      },
    }),
    async (c) => {
      const { bot } = c.req.valid("param");
      if (!isId(bot) && !isBuiltInBot(bot)) throw new ProblemError("ladder/not_found", `bot ${shortId(bot)} has never been on the ladder`);
      return c.json(replyValue(await ladderBotView(c.env, bot)), 200);
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
      const { bot: owned } = await ownedBot(c, bot);
      return c.json(replyValue(await ladderObject(c.env).join({ id: owned.id, name: owned.name })), 200);
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
      const { bot: owned } = await ownedBot(c, bot);
      return c.json(replyValue(await ladderObject(c.env).leave(owned.id)), 200);
    },
  );
}
