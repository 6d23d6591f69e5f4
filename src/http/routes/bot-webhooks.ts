/**
 * The bot protocol as the OpenAPI document describes it: the calls the arena makes to a bot (`GET /`,
 * `POST /move`, `POST /end`), as webhooks. Nothing is served here; docs/bot-protocol.md tells the rest.
 */
import { BotEndNoticeSchema, BotInfoSchema, BotMoveAnswerSchema, BotMoveRequestSchema, examples, SignatureHeadersSchema } from "../../wire/index.ts";
import type { App } from "../context.ts";

export function registerBotWebhooks(app: App): void {
  const signed = "Signed with Standard Webhooks headers under the bot's secret (see docs/bot-protocol.md).";
  app.openAPIRegistry.registerWebhook({
    method: "post",
    path: "moveRequest",
    tags: ["Bots"],
    operationId: "botMoveRequest",
    summary: "POST {botUrl}/move: the bot's move",
    description: `The arena asks a bot for its move, with the whole state of the game. The answer must be a legal move, in JSON, within \`clock.timeLeftMs\` (round trip included), at most 16 KiB, without redirects; anything else loses the game by forfeit with a reason code (\`bot/timeout\`, \`bot/http_status\`, \`bot/redirect\`, \`bot/invalid_json\`, \`bot/body_too_large\`, \`bot/illegal_move\`, \`bot/connection_error\`). A bot that cannot be reached before its first move of a game has the game aborted and replayed once. ${signed}`,
    request: {
      headers: SignatureHeadersSchema,
      body: {
        required: true,
        content: {
          "application/json": { schema: BotMoveRequestSchema, examples: { midGame: { summary: "Place piece 5, then give", value: examples.bots.moveRequest } } },
        },
      },
    },
    responses: {
      200: {
        description: "The bot's move (any 2xx status; the body is read as JSON whatever its content type).",
        content: {
          "application/json": {
            schema: BotMoveAnswerSchema,
            examples: {
              opening: { summary: "The opening give", value: { give: 7 } },
              move: { summary: "Place on c3, give piece 3", value: { place: 10, give: 3 } },
              quarto: { summary: "Place and announce Quarto", value: { place: "d4", quarto: true } },
              claim: { summary: "Claim the opponent's missed Quarto", value: { claim: true } },
            },
          },
        },
      },
    },
  });

  app.openAPIRegistry.registerWebhook({
    method: "get",
    path: "info",
    tags: ["Bots"],
    operationId: "botInfo",
    summary: "GET {botUrl}/: who the bot is",
    description: `Called at registration (the bot is refused if it does not answer) and usable as a health check. ${signed} A GET signs the empty body.`,
    request: { headers: SignatureHeadersSchema },
    responses: { 200: { description: "The bot's identity.", content: { "application/json": { schema: BotInfoSchema, example: { name: "alice", author: "Ada", version: "0.3" } } } } },
  });

  app.openAPIRegistry.registerWebhook({
    method: "post",
    path: "end",
    tags: ["Bots"],
    operationId: "botEnd",
    summary: "POST {botUrl}/end: how a game ended",
    description: `Sent to both bots when a game ends (also when an attempt is aborted and replayed). Optional for the bot: the answer is ignored, and the call gives up after two seconds. ${signed}`,
    request: {
      headers: SignatureHeadersSchema,
      body: {
        required: true,
        content: { "application/json": { schema: BotEndNoticeSchema, examples: { won: { summary: "A game won", value: examples.bots.endNotice } } } },
      },
    },
    responses: { 200: { description: "Any answer; it is ignored." } },
  });
}
