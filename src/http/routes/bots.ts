/**
 * Bots: the registry (`/v1/bots`, one BotRegistry Durable Object), the built-in reference bots served
 * over HTTP at `/bots/{name}/` with exactly the bot protocol (src/wire/bot-server.ts + referenceAnswerInTurn),
 * and the protocol itself, described in the OpenAPI document as webhooks: the calls the arena makes to
 * a bot. Registration checks the URL, then calls the bot's `GET /` with the secret it is about to get.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  BotDetailSchema,
  BotEndNoticeSchema,
  BotEndReceiptSchema,
  botFetchHandler,
  BotInfoSchema,
  BotListSchema,
  BotMoveAnswerSchema,
  BotMoveRequestSchema,
  BotMoveReceiptSchema,
  type BotOutput,
  BotEventsPageSchema,
  BotStreamEventSchema,
  BotSchema,
  configureEngineTurns,
  decodeCursor,
  DEFAULT_PAGE_LIMIT,
  EXAMPLE_BOT_ID,
  EXAMPLE_BOT_SECRET,
  EXAMPLE_MANAGEMENT_TOKEN,
  examples,
  IdempotencyHeadersSchema,
  LADDER_NAME,
  LIMIT_POLICIES,
  nextLink,
  BotPageQuerySchema,
  type ProblemCode,
  ProblemError,
  problemResponses,
  readSettings,
  RegisterBotRequestSchema,
  RegisteredBotSchema,
  REGISTRY_NAME,
  SignatureHeadersSchema,
  type StoredBot,
  UpdateBotRequestSchema,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import {
  botCallUrl,
  type BotInfo,
  type BotUrlPolicy,
  checkBotUrl,
  fetchBotInfo,
  resolvedHostRefusal,
  serviceResolver,
  generateBotSecret,
  isReferenceBot,
  REFERENCE_BOTS,
  referenceAnswerInTurn,
  referenceBotInfo,
} from "../../bots/index.ts";
import { hashToken, isMatchId, newMatchId, newSeatToken } from "../../match/index.ts";
import { type App, type AppEnv, bearerToken } from "../context.ts";
import { spend } from "../limits.ts";
import { closeQuietly } from "../socket-relay.ts";
import { IDEMPOTENCY_PROBLEMS, REPLAYED_RESPONSE_HEADER } from "../idempotency.ts";

/**
 * A built-in bot's `GET {botUrl}/`, as the bot protocol calls it: the same operation as `GET
 * /bots/{name}`, served but not described (the OpenAPI document's paths have no trailing slash).
 */
export const BUILT_IN_BOT_INFO_ALIAS = "/bots/{name}/";

/** How long registration waits for the bot's `GET /`. */
const HEALTH_CHECK_TIMEOUT_MS = 5000;

const BODY: ProblemCode[] = ["request/malformed_json", "request/too_large", "request/unsupported_media_type", "request/invalid"];
const problems = (path: string, codes: ProblemCode[]) =>
  problemResponses(path.replace("{id}", EXAMPLE_BOT_ID).replace("{name}", "easy").replace("{requestId}", `${examples.bots.moveRequest.matchId}-3`), [...codes, "server/internal"]);

const IdParamSchema = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path", description: "The bot id (from POST /v1/bots)." }, example: EXAMPLE_BOT_ID }),
});

const NameParamSchema = z.object({
  name: z.string().openapi({ param: { name: "name", in: "path", description: `A built-in bot: ${REFERENCE_BOTS.join(", ")}.` }, example: "easy" }),
});

/**
 * Where this deployment lets bots live: public hosts only, unless ALLOW_PRIVATE_BOT_URLS is "true"
 * (npm start); never the service's own host.
 */
export function botUrlPolicy(c: Context<AppEnv>): BotUrlPolicy {
  return { allowPrivate: readSettings(c.env).allowPrivateBotUrls, selfHosts: [new URL(c.req.url).hostname] };
}

/**
 * The detail of a failed registration health check. In production it is the same whatever went wrong,
 * so that registration cannot be used to learn what answers at an address (no status, body or timing);
 * where private bots are allowed (local development) it says what the bot did wrong.
 */
function healthCheckDetail(url: string, policy: BotUrlPolicy, failure: { code: string; detail: string }): string {
  const generic = `GET ${botCallUrl(url, "/")} did not answer with the bot's identity (a 2xx JSON BotInfo within ${HEALTH_CHECK_TIMEOUT_MS / 1000} s, without redirects)`;
  return policy.allowPrivate ? `${generic}: ${failure.code}: ${failure.detail}` : generic;
}

/**
 * May a request enter `bot` (in a tournament, a match seat)? An `open` bot, anyone; an `owner` bot, only
 * with its management token (`tokenHash`: the hash of the token the request gave, null for none).
 */
export function mayEnter(bot: Pick<StoredBot, "entry" | "tokenHash">, tokenHash: string | null): boolean {
  return tokenHash === null ? bot.entry === "open" : tokenHash === bot.tokenHash;
}

/** Why a request may not enter `bot` (see `mayEnter`). */
export function entryRefusal(bot: Pick<StoredBot, "id" | "name" | "entry">, tokenHash: string | null): string {
  return tokenHash === null
    ? `${bot.name} is entered by its owner only (entry: owner): give it as {"id": "${bot.id}", "token": "<its management token>"}`
    : `the token given for ${bot.name} is not its management token`;
}

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

/** The connected bot `id`, if the request carries its management token (the bot's stream and answers); the token's hash. */
async function connectedBotOf(c: Context<AppEnv>, id: string): Promise<string> {
  const token = bearerToken(c);
  if (token === null) throw new ProblemError("registry/token_required", "send the bot's management token as Authorization: Bearer <token>");
  if (!isMatchId(id)) throw unknownBot(id);
  const tokenHash = await hashToken(token);
  const reply = await registryStub(c.env).authorize(id, tokenHash);
  if (!reply.ok) throw reply.error.code === "registry/not_found" ? unknownBot(id) : new ProblemError(reply.error.code, reply.error.detail);
  if (reply.value.connection !== "stream") {
    throw new ProblemError("connection/not_connected_bot", `${reply.value.name} is a webhook bot: the service calls its URL; only a bot registered with connection: stream reads events`);
  }
  return tokenHash;
}

/** A WebSocket to the bot's link object (which accepted it for hibernation), as its client end. */
async function openLink(env: Env, id: string, tokenHash: string): Promise<WebSocket> {
  const response = await linkStub(env, id).fetch("https://bot-link/connect", { headers: { Upgrade: "websocket", "x-verified-token-hash": tokenHash } });
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
function eventStream(socket: WebSocket): Response {
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
  return new Response(readable, { status: 200, headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" } });
}

/** A long poll: the link's events (keep-alives left out) once one came (and those right behind it), or none after `waitMs`. */
function longPoll(socket: WebSocket, waitMs: number): Promise<Response> {
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
  });
}

const invalidField = (path: (string | number)[], message: string) =>
  new ProblemError("request/invalid", `${path.join(".")}: ${message}`, { errors: [{ path, message }] });

/** A connected bot's view with whether it is connected now (asked of its link object); a webhook bot's as it is. */
async function withLink(env: Env, bot: BotOutput): Promise<BotOutput> {
  if (bot.connection !== "stream") return bot;
  const link = await linkStub(env, bot.id).linkStatus();
  return { ...bot, connected: link.connected, lastSeen: link.lastSeen === null ? null : new Date(link.lastSeen).toISOString() };
}

/** The ladder: a single Durable Object (src/http/routes/ladder.ts has its routes). */
const ladderStub = (env: Env) => env.LADDER.get(env.LADDER.idFromName(LADDER_NAME));

/** A connected bot's link: one Durable Object per bot (src/objects/bot-link.ts). */
const linkStub = (env: Env, id: string) => env.BOT_LINKS.get(env.BOT_LINKS.idFromName(id));

/** The registry: a single Durable Object. */
export function registryStub(env: Env) {
  return env.BOT_REGISTRY.get(env.BOT_REGISTRY.idFromName(REGISTRY_NAME));
}


/** The sort key a bot list cursor names (registration time, id); a cursor this service did not make is a 422. */
function botCursor(cursor: string): { createdAt: number; id: string } {
  const parts = decodeCursor(cursor);
  const createdAt = Number(parts?.[0]);
  if (parts?.length !== 2 || !Number.isSafeInteger(createdAt) || !isMatchId(parts[1])) {
    throw new ProblemError("request/invalid", "cursor: not a cursor of this list (pass the one in `next` as is)", { errors: [{ path: ["cursor"], message: "not a cursor of this list" }] });
  }
  return { createdAt, id: parts[1] };
}

const unknownBot = (id: string) => new ProblemError("registry/not_found", `there is no registered bot ${id.length > 40 ? `${id.slice(0, 40)}...` : id}`);

/** The fetch handler of the built-in bot `name` (a 404 problem for any other name). */
function builtInBot(c: Context<AppEnv>, name: string) {
  if (!isReferenceBot(name)) {
    throw new ProblemError("reference/unknown_bot", `there is no built-in bot '${name.slice(0, 40)}'; the built-in bots are ${REFERENCE_BOTS.join(", ")}`);
  }
  const settings = readSettings(c.env);
  // Interactive work (the caller's clock runs while it searches): never behind background searches, never refused; it yields between slices.
  configureEngineTurns(settings);
  return botFetchHandler({ info: referenceBotInfo(name), move: (checked) => referenceAnswerInTurn(name, checked, { maxNodes: settings.defaultNodes, priority: "interactive" }), basePath: `/bots/${name}` });
}

/** Runs the built-in bot's handler on `path` with `body`; its refusals become problems. */
async function callBuiltIn(c: Context<AppEnv>, name: string, path: "/" | "/move" | "/end", body?: unknown): Promise<unknown> {
  const handler = builtInBot(c, name);
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

export function registerBotsRoutes(app: App): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "botToken", {
    type: "http",
    scheme: "bearer",
    description: "A bot's management token, from POST /v1/bots.",
  });

  // ---- the registry ----

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/bots",
      tags: ["Bots"],
      operationId: "registerBot",
      summary: "Register a bot",
      description: `Registers the bot served at \`url\` under \`name\`. The URL must be http or https without credentials, query, fragment, spaces or control characters, on a public host (\`registry/url_not_allowed\` for loopback, private, link-local, carrier-grade NAT and local addresses and names, however spelled, and for this service's own host; a deployment with ALLOW_PRIVATE_BOT_URLS, such as \`npm start\`, allows private hosts), and it is stored normalized. The bot must answer \`GET {url}/\` with its \`BotInfo\` within ${HEALTH_CHECK_TIMEOUT_MS / 1000} s (that call is already signed with the new secret); when it does not, the problem's detail does not say what answered instead. At most ${LIMIT_POLICIES.bots.quota} registrations a minute per client (429 \`request/rate_limited\`). Answers the bot id (enter it in tournaments), its signing secret and a management token, both shown only once: send an \`Idempotency-Key\` so that a retry after a lost answer gets them again (\`POST /v1/bots/{id}/rotate\` replaces both).`,
      request: {
        headers: IdempotencyHeadersSchema,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: RegisterBotRequestSchema,
              examples: { local: { summary: "A bot on this machine (under npm start)", value: { name: "alice", url: "http://127.0.0.1:9001" } } },
            },
          },
        },
      },
      responses: {
        201: {
          description: "The bot is registered.",
          headers: { Location: { description: "The bot's URL in the registry.", schema: { type: "string" } }, ...REPLAYED_RESPONSE_HEADER },
          content: {
            "application/json": { schema: RegisteredBotSchema, example: { ...examples.bots.bot, secret: EXAMPLE_BOT_SECRET, token: EXAMPLE_MANAGEMENT_TOKEN } },
          },
        },
        ...withRateLimitHeaders(
          problems("/v1/bots", [
            ...BODY,
            ...IDEMPOTENCY_PROBLEMS,
            "registry/bad_url",
            "registry/url_not_allowed",
            "registry/health_check_failed",
            "registry/name_taken",
            "request/rate_limited",
          ]),
        ),
      },
    }),
    async (c) => {
      await spend(c, "bots");
      const { name, url: given, ladder, entry = "owner", connection = "webhook" } = c.req.valid("json");
      if (isReferenceBot(name.toLowerCase())) throw new ProblemError("registry/name_taken", `${name} is the name of a built-in bot`);
      const secret = generateBotSecret();
      let url = "";
      let info: BotInfo = { name };
      if (connection === "stream") {
        // A connected bot has no URL to check or call: it connects out (GET /v1/bots/{id}/events).
        if (given !== undefined) throw invalidField(["url"], "a connected bot (connection: stream) has no url: it connects out");
      } else {
        if (given === undefined) throw invalidField(["url"], "a webhook bot needs its url (or register it with connection: stream)");
        const policy = botUrlPolicy(c);
        const checked = checkBotUrl(given, policy);
        if (!checked.ok) {
          throw new ProblemError(checked.kind === "bad_url" ? "registry/bad_url" : "registry/url_not_allowed", checked.detail, {
            errors: [{ path: ["url"], message: checked.detail }],
          });
        }
        url = checked.url;
        // Where the name resolves (DNS over HTTPS), not only how it is written.
        const resolved = await resolvedHostRefusal(url, policy, serviceResolver);
        if (resolved !== null) throw new ProblemError("registry/url_not_allowed", resolved, { errors: [{ path: ["url"], message: resolved }] });
        const health = await fetchBotInfo({ url, secret }, { timeoutMs: HEALTH_CHECK_TIMEOUT_MS });
        if (!health.ok) throw new ProblemError("registry/health_check_failed", healthCheckDetail(url, policy, health));
        info = health.info;
      }
      const token = newSeatToken();
      const id = newMatchId();
      const reply = await registryStub(c.env).register({ id, name, connection, url, secret, tokenHash: await hashToken(token), info, entry, createdAt: Date.now() });
      if (!reply.ok) throw new ProblemError(reply.error.code, reply.error.detail);
      const location = `/v1/bots/${id}`;
      if (!ladder) return c.json({ ...reply.value, secret, token }, 201, { Location: location });
      const joined = await ladderStub(c.env).join({ id, name });
      return c.json({ ...reply.value, secret, token, ladder: joined.ok ? joined.value : null }, 201, { Location: location });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/bots",
      tags: ["Bots"],
      operationId: "listBots",
      summary: "List bots",
      description: `The registered bots (without secrets), oldest first, a page at a time (\`limit\`, default ${DEFAULT_PAGE_LIMIT}; follow \`next\` for the rest), and the built-in bots that any tournament may enter by name.`,
      request: { query: BotPageQuerySchema },
      responses: {
        200: { description: "The bots.", content: { "application/json": { schema: BotListSchema } } },
        ...problems("/v1/bots", ["request/invalid"]),
      },
    }),
    async (c) => {
      const { limit = DEFAULT_PAGE_LIMIT, cursor } = c.req.valid("query");
      const page = await registryStub(c.env).list(limit, cursor === undefined ? null : botCursor(cursor));
      const last = page.bots.at(-1);
      const next = page.more && last ? nextLink("/v1/bots", limit, [Date.parse(last.createdAt), last.id]) : null;
      return c.json({ bots: await Promise.all(page.bots.map((bot) => withLink(c.env, bot))), next, builtIn: REFERENCE_BOTS.map((name) => ({ name, url: `/bots/${name}` })) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/bots/{id}",
      tags: ["Bots"],
      operationId: "getBot",
      summary: "Get a bot",
      description:
        "A registered bot: name, URL, what it answered to `GET /` at registration, when it was registered, and its ladder entry (paused bots say why).",
      request: { params: IdParamSchema },
      responses: {
        200: { description: "The bot.", content: { "application/json": { schema: BotDetailSchema, example: { ...examples.bots.bot, ladder: null } } } },
        ...problems("/v1/bots/{id}", ["registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!isMatchId(id)) throw unknownBot(id);
      const reply = await registryStub(c.env).get(id);
      if (!reply.ok) throw unknownBot(id);
      return c.json({ ...(await withLink(c.env, reply.value)), ladder: await ladderStub(c.env).status(id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/v1/bots/{id}",
      tags: ["Bots"],
      operationId: "deleteBot",
      summary: "Delete a bot",
      description:
        "Removes the bot from the registry; needs its management token as `Authorization: Bearer <token>`. Tournaments already created keep playing it; new ones cannot enter it. Answers the deleted bot.",
      security: [{ botToken: [] }],
      request: { params: IdParamSchema },
      responses: {
        200: { description: "The bot was deleted.", content: { "application/json": { schema: BotSchema, example: examples.bots.bot } } },
        ...problems("/v1/bots/{id}", ["registry/token_required", "registry/wrong_token", "registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const token = bearerToken(c);
      if (token === null) throw new ProblemError("registry/token_required", "send the bot's management token as Authorization: Bearer <token>");
      if (!isMatchId(id)) throw unknownBot(id);
      const reply = await registryStub(c.env).remove(id, await hashToken(token));
      if (!reply.ok) throw reply.error.code === "registry/not_found" ? unknownBot(id) : new ProblemError(reply.error.code, reply.error.detail);
      if (reply.value.connection === "stream") await linkStub(c.env, id).forgetToken();
      return c.json(reply.value, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/bots/{id}",
      tags: ["Bots"],
      operationId: "updateBot",
      summary: "Change a bot's settings",
      description:
        "Changes who may enter the bot (`entry`: `open` or `owner`); needs its management token as `Authorization: Bearer <token>`. Tournaments already created keep playing it. Answers the bot.",
      security: [{ botToken: [] }],
      request: {
        params: IdParamSchema,
        body: { required: true, content: { "application/json": { schema: UpdateBotRequestSchema, examples: { open: { summary: "Let anyone enter it", value: { entry: "open" } } } } } },
      },
      responses: {
        200: { description: "The bot, changed.", content: { "application/json": { schema: BotSchema, example: examples.bots.bot } } },
        ...problems("/v1/bots/{id}", [...BODY, "registry/token_required", "registry/wrong_token", "registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const token = bearerToken(c);
      if (token === null) throw new ProblemError("registry/token_required", "send the bot's management token as Authorization: Bearer <token>");
      if (!isMatchId(id)) throw unknownBot(id);
      const reply = await registryStub(c.env).update(id, await hashToken(token), c.req.valid("json"));
      if (!reply.ok) throw reply.error.code === "registry/not_found" ? unknownBot(id) : new ProblemError(reply.error.code, reply.error.detail);
      return c.json(reply.value, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/bots/{id}/rotate",
      tags: ["Bots"],
      operationId: "rotateBotCredentials",
      summary: "Rotate a bot's secret and token",
      description:
        "Replaces the bot's signing secret and management token with new ones, shown only once; needs the current management token as `Authorization: Bearer <token>`. From then on the old token is refused and new tournaments sign their calls with the new secret (tournaments already created keep the secret they started with). No body.",
      security: [{ botToken: [] }],
      request: { params: IdParamSchema, headers: IdempotencyHeadersSchema },
      responses: {
        200: {
          description: "The new secret and token.",
          headers: REPLAYED_RESPONSE_HEADER,
          content: {
            "application/json": { schema: RegisteredBotSchema, example: { ...examples.bots.bot, secret: EXAMPLE_BOT_SECRET, token: EXAMPLE_MANAGEMENT_TOKEN } },
          },
        },
        ...problems("/v1/bots/{id}/rotate", [...IDEMPOTENCY_PROBLEMS, "registry/token_required", "registry/wrong_token", "registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const token = bearerToken(c);
      if (token === null) throw new ProblemError("registry/token_required", "send the bot's management token as Authorization: Bearer <token>");
      if (!isMatchId(id)) throw unknownBot(id);
      const secret = generateBotSecret();
      const newToken = newSeatToken();
      const reply = await registryStub(c.env).rotate(id, await hashToken(token), secret, await hashToken(newToken));
      if (!reply.ok) throw reply.error.code === "registry/not_found" ? unknownBot(id) : new ProblemError(reply.error.code, reply.error.detail);
      if (reply.value.connection === "stream") await linkStub(c.env, id).forgetToken();
      return c.json({ ...reply.value, secret, token: newToken }, 200);
    },
  );

  // ---- connected bots: the event stream and the answers ----

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
      return (wait === undefined ? eventStream(socket) : longPoll(socket, wait * 1000)) as never;
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/bots/{id}/moves/{requestId}",
      tags: ["Bots"],
      operationId: "answerBotMove",
      summary: "A connected bot's move",
      description:
        "A connected bot's answer to the move request `requestId` of its event stream, with its management token as `Authorization: Bearer <token>`; the body is what a webhook bot answers to `POST /move` (`BotMoveAnswer`). 200 when taken: the move is then judged as a webhook bot's (an illegal move loses by forfeit, `bot/illegal_move`). A request that is closed (answered already, expired, its game over) is a 409 `connection/request_closed`; one this bot never had, a 404.",
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
          ...BODY,
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
      const token = bearerToken(c);
      const link = isMatchId(id) ? linkStub(c.env, id) : null;
      // The token its stream connected with is known to the link: no registry round trip on each move.
      if (token === null || link === null || !(await link.knowsToken(await hashToken(token)))) await connectedBotOf(c, id);
      const reply = await (link as NonNullable<typeof link>).answer(requestId, c.req.valid("json"));
      if (!reply.ok) throw new ProblemError(reply.error.code, reply.error.detail);
      return c.json({ accepted: true as const, requestId: reply.value.requestId }, 200);
    },
  );

  // ---- the built-in bots, served with the bot protocol ----

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
          200: { description: "The bot's identity.", content: { "application/json": { schema: BotInfoSchema, example: referenceBotInfo("easy") } } },
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

  // ---- the protocol: the calls the arena makes to a bot ----

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
