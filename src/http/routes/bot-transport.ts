/**
 * A connected bot's transport (a bot registered with `connection: stream`, which connects out instead of
 * being called): its event stream or long poll (`GET /v1/bots/{id}/events`), relayed from its link
 * object (src/objects/bot-link.ts) over a WebSocket, and its answers (`POST /v1/bots/{id}/moves/{requestId}`).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { MAX_ANSWER_BYTES, type PlayerReply } from "../../bots/index.ts";
import {
  BotEventsPageSchema,
  BotMoveAnswerSchema,
  BotMoveReceiptSchema,
  BotStreamEventSchema,
  closeQuietly,
  EXAMPLE_BOT_ID,
  examples,
  LIMIT_POLICIES,
  ProblemError,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import { hashToken, isId } from "../../match/index.ts";
import { type App, type AppEnv, bearerToken } from "../context.ts";
import { spend } from "../limits.ts";
import { linkObject, replyValue } from "../objects.ts";
import { ownedBot } from "./bot-admission.ts";
import { IdParamSchema } from "./bots.ts";
import { problemsFor } from "./shared.ts";

const problems = problemsFor({ id: EXAMPLE_BOT_ID, requestId: `${examples.bots.moveRequest.matchId}-3` });

/** The stream's keep-alive period: at least one line this often. */
const KEEP_ALIVE_MS = 15_000;
/** The longest long poll. */
const MAX_WAIT_S = 60;
/** After the first event of a long poll, how long it waits for more that come with it (the other open requests). */
const POLL_SETTLE_MS = 25;

const EventsQuerySchema = z.object({
  wait: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_WAIT_S)
    .optional()
    .openapi({ param: { name: "wait", in: "query", description: `A long poll instead of a stream: answer within this many seconds (1-${MAX_WAIT_S}).` }, example: 30 }),
});

/**
 * The hash of the connected bot `id`'s management token, if the request carries it (the bot's stream and
 * answers). A bot deleted from the registry still connects with its last token, which its link keeps,
 * to play the tournaments and matches it was in.
 */
async function connectedBotOf(c: Context<AppEnv>, id: string): Promise<string> {
  const token = bearerToken(c);
  if (token !== null && isId(id)) {
    const tokenHash = await hashToken(token);
    if (await linkObject(c.env, id).knowsToken(tokenHash)) return tokenHash;
  }
  const { bot, tokenHash } = await ownedBot(c, id);
  if (bot.connection !== "stream") {
    throw new ProblemError("connection/not_connected_bot", `${bot.name} is a webhook bot: the service calls its URL; only a bot registered with connection: stream reads events`);
  }
  return tokenHash;
}

/** A WebSocket to the bot's link object (which accepted it for hibernation), as its client end. */
async function openLink(env: Env, id: string, tokenHash: string): Promise<WebSocket> {
  const response = await linkObject(env, id).fetch("https://bot-link/connect", { headers: { Upgrade: "websocket", "x-verified-token-hash": tokenHash } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`the link of bot ${id} did not open a WebSocket (${response.status})`);
  socket.accept();
  return socket;
}

/**
 * The event stream: the link's messages relayed as lines, and a keep-alive written here every
 * KEEP_ALIVE_MS, so the link object sleeps while no request is open. It ends when the client goes
 * (a write fails) or the link closes the socket (a newer stream replaced it).
 */
function eventStream(socket: WebSocket, gone: AbortSignal): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let open = true;
  const stop = () => {
    if (!open) return;
    open = false;
    clearInterval(timer);
    closeQuietly(socket);
    writer.close().catch(() => {});
  };
  const write = (line: string) => {
    if (open) writer.write(encoder.encode(`${line}\n`)).catch(stop);
  };
  const timer = setInterval(() => write('{"type":"keepAlive"}'), KEEP_ALIVE_MS);
  socket.addEventListener("message", (event) => write(typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data as ArrayBuffer)));
  socket.addEventListener("close", stop);
  socket.addEventListener("error", stop);
  // The client went away (its connection closed): the link hears of it at once, not at the next keep-alive.
  gone.addEventListener("abort", stop);
  return new Response(readable, { status: 200, headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}

/** A long poll: the link's events (keep-alives left out) once one came (and those right behind it), or none after `waitMs`. */
function longPoll(socket: WebSocket, waitMs: number, gone: AbortSignal): Promise<Response> {
  return new Promise((resolve) => {
    const events: unknown[] = [];
    let settle: ReturnType<typeof setTimeout> | null = null;
    const finish = () => {
      clearTimeout(timeout);
      if (settle !== null) clearTimeout(settle);
      closeQuietly(socket);
      resolve(Response.json({ events }, { headers: { "Cache-Control": "no-store" } }));
    };
    const timeout = setTimeout(finish, waitMs);
    socket.addEventListener("message", (event) => {
      const parsed = JSON.parse(typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data as ArrayBuffer)) as { type: string };
      if (parsed.type === "keepAlive") return;
      events.push(parsed);
      if (settle !== null) clearTimeout(settle);
      settle = setTimeout(finish, POLL_SETTLE_MS);
    });
    socket.addEventListener("close", finish);
    // The client went away: the link hears of it now, not when the wait runs out.
    gone.addEventListener("abort", finish);
  });
}

/**
 * Takes `reply` as the connected bot `id`'s answer to `requestId` (its token checked first: the link
 * knows the one its stream connected with, so a move costs no registry round trip).
 */
async function takeAnswer(c: Context<AppEnv>, id: string, requestId: string, reply: PlayerReply) {
  const token = bearerToken(c);
  const link = isId(id) ? linkObject(c.env, id) : null;
  if (token === null || link === null || !(await link.knowsToken(await hashToken(token)))) await connectedBotOf(c, id);
  const taken = replyValue(await (link as NonNullable<typeof link>).answer(requestId, reply));
  return c.json({ accepted: true as const, requestId: taken.requestId }, 200);
}

/**
 * One rule for both kinds of bot: what a connected bot answers is its answer, judged by the game as a
 * webhook bot's is, never refused for it to try again. A body over MAX_ANSWER_BYTES, or one that is not
 * JSON, is that misbehaviour (`bot/body_too_large`, `bot/invalid_json`); JSON that is not a move
 * (`{"place": "z9"}`) is taken as it is, and the game forfeits it (`bot/illegal_move`).
 */
const takeMisbehaviour: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = await c.req.text();
  const id = c.req.param("id") ?? "";
  const requestId = c.req.param("requestId") ?? "";
  const where = `POST /v1/bots/{id}/moves/${requestId.slice(0, 80)}`;
  if (new TextEncoder().encode(raw).length > MAX_ANSWER_BYTES) {
    return takeAnswer(c, id, requestId, { ok: false, code: "bot/body_too_large", detail: `${where}: an answer over ${MAX_ANSWER_BYTES} bytes` });
  }
  let answer: unknown;
  try {
    answer = JSON.parse(raw);
  } catch {
    return takeAnswer(c, id, requestId, { ok: false, code: "bot/invalid_json", detail: `${where}: a body that is not JSON: ${JSON.stringify(raw.slice(0, 60))}` });
  }
  if (!BotMoveAnswerSchema.safeParse(answer).success) return takeAnswer(c, id, requestId, { ok: true, answer });
  await next();
};

export function registerBotTransportRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/bots/{id}/events",
      tags: ["Bots"],
      operationId: "streamBotEvents",
      summary: "A connected bot's events",
      description: `For a bot registered with \`connection: stream\`, with its management token as \`Authorization: Bearer <token>\`. Without \`wait\`: newline-delimited JSON (\`application/x-ndjson\`) that stays open, one \`BotStreamEvent\` a line: \`{"type":"move","requestId","request"}\` (\`request\` is exactly the body a webhook bot gets in \`POST /move\`; answer with \`POST /v1/bots/{id}/moves/{requestId}\` within \`request.clock.timeLeftMs\`), \`{"type":"end","notice"}\` (the body of \`POST /end\`) and \`{"type":"keepAlive"}\` at least every ${KEEP_ALIVE_MS / 1000} s. On every (re)connect each move request still open comes first, then a keep-alive, so a dropped connection loses nothing. One stream per bot: a new one (or a long poll) ends the old. With \`wait\` (seconds, 1-${MAX_WAIT_S}), a long poll for clients that cannot read a stream: the answer is JSON, \`{"events": [...]}\`, as soon as there is an event (the open requests at once), or empty after \`wait\` seconds; poll again at once. A connected bot that is not connected when a game asks its first move is treated as an unreachable webhook bot (the game is aborted and replayed once); after its first move its clock runs while it reconnects. At most ${LIMIT_POLICIES["bot-connections"].quota} connects (streams and long polls, refused ones included) a minute per client (429 \`request/rate_limited\`).`,
      security: [{ botToken: [] }],
      request: { params: IdParamSchema, query: EventsQuerySchema },
      responses: {
        200: {
          description: "The stream (no `wait`), or the events of a long poll (`wait`).",
          content: {
            "application/x-ndjson": { schema: BotStreamEventSchema, example: { type: "keepAlive" } },
            "application/json": { schema: BotEventsPageSchema, example: { events: [{ type: "move", requestId: `${examples.bots.moveRequest.matchId}-${examples.bots.moveRequest.ply}`, request: examples.bots.moveRequest }] } },
          },
        },
        ...withRateLimitHeaders(
          problems("/v1/bots/{id}/events", ["request/invalid", "registry/token_required", "registry/wrong_token", "registry/not_found", "connection/not_connected_bot", "request/rate_limited"]),
        ),
      },
    }),
    async (c) => {
      // Every connect counts, refused ones included: each opens a socket to the link and ends the one before.
      await spend(c, "bot-connections");
      const { id } = c.req.valid("param");
      const { wait } = c.req.valid("query");
      const tokenHash = await connectedBotOf(c, id);
      const socket = await openLink(c.env, id, tokenHash);
      const gone = c.req.raw.signal;
      return (wait === undefined ? eventStream(socket, gone) : longPoll(socket, wait * 1000, gone)) as never;
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/bots/{id}/moves/{requestId}",
      middleware: [takeMisbehaviour] as const,
      tags: ["Bots"],
      operationId: "answerBotMove",
      summary: "A connected bot's move",
      description:
        `A connected bot's answer to the move request \`requestId\` of its event stream, with its management token as \`Authorization: Bearer <token>\`; the body is what a webhook bot answers to \`POST /move\` (\`BotMoveAnswer\`). Whatever the body, 200 when taken: it is the bot's answer, judged as a webhook bot's, with no second try (one that is not a legal move loses by forfeit, \`bot/illegal_move\`; one over ${MAX_ANSWER_BYTES} bytes, \`bot/body_too_large\`; one that is not JSON, \`bot/invalid_json\`). A request that is closed (answered already, expired, its game over) is a 409 \`connection/request_closed\`; one this bot never had, a 404.`,
      security: [{ botToken: [] }],
      request: {
        params: IdParamSchema.extend({
          requestId: z.string().max(200).openapi({ param: { name: "requestId", in: "path", description: "The `requestId` of the move event." }, example: "k3v7tq2mz5xj4c6rb3wn2hd5fa-3" }),
        }),
        body: { required: true, content: { "application/json": { schema: BotMoveAnswerSchema, examples: { move: { summary: "Place on c3, give piece 3", value: { place: 10, give: 3 } } } } } },
      },
      responses: {
        200: { description: "The answer was taken.", content: { "application/json": { schema: BotMoveReceiptSchema } } },
        ...problems("/v1/bots/{id}/moves/{requestId}", [
          "request/too_large",
          "request/invalid",
          "registry/token_required",
          "registry/wrong_token",
          "registry/not_found",
          "connection/not_connected_bot",
          "connection/request_not_found",
          "connection/request_closed",
        ]),
      },
    }),
    async (c) => {
      const { id, requestId } = c.req.valid("param");
      return takeAnswer(c, id, requestId, { ok: true, answer: c.req.valid("json") });
    },
  );
}
