/**
 * The bot registry's routes (`/v1/bots`, one BotRegistry Durable Object): register, list, read, change,
 * rotate and delete bots. Registration checks the URL, then calls the bot's `GET /` with the secret it is
 * about to get. A connected bot's transport is in bot-transport.ts, the built-in bots in built-in-bots.ts,
 * the protocol's calls to a bot in bot-webhooks.ts, and who may use a bot in bot-admission.ts.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  BotDetailSchema,
  BotListSchema,
  type BotOutput,
  BotPageQuerySchema,
  BotSchema,
  decodeCursor,
  DEFAULT_PAGE_LIMIT,
  EXAMPLE_BOT_ID,
  EXAMPLE_BOT_SECRET,
  EXAMPLE_MANAGEMENT_TOKEN,
  examples,
  IdempotencyHeadersSchema,
  LIMIT_POLICIES,
  nextLink,
  ProblemError,
  RegisterBotRequestSchema,
  RegisteredBotSchema,
  RotateBotRequestSchema,
  UpdateBotRequestSchema,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import {
  botCallUrl,
  type BotInfo,
  botSecretRefusal,
  type BotUrlPolicy,
  checkBotUrl,
  fetchBotInfo,
  generateBotSecret,
  isBuiltInBot,
  BUILT_IN_BOTS,
  resolvedHostRefusal,
  serviceResolver,
} from "../../bots/index.ts";
import { hashToken, isId, newId, newToken } from "../../match/index.ts";
import type { App } from "../context.ts";
import { IDEMPOTENCY_PROBLEMS, REPLAYED_RESPONSE_HEADER } from "../idempotency.ts";
import { spend } from "../limits.ts";
import { ladderObject, linkObject, notFound, registryObject, replyValue } from "../objects.ts";
import { botUrlPolicy, managementTokenHash } from "./bot-admission.ts";
import { BODY, idParam, invalidField, problemsFor } from "./shared.ts";

/** How long registration waits for the bot's `GET /`. */
const HEALTH_CHECK_TIMEOUT_MS = 5000;

const problems = problemsFor({ id: EXAMPLE_BOT_ID });

/** A registered bot's `{id}` (also the connected bots' routes'). */
export const IdParamSchema = idParam("The bot id (from POST /v1/bots).", EXAMPLE_BOT_ID);

/**
 * The detail of a failed registration health check. In production it is the same whatever went wrong,
 * so that registration cannot be used to learn what answers at an address (no status, body or timing);
 * where private bots are allowed (local development) it says what the bot did wrong.
 */
function healthCheckDetail(url: string, policy: BotUrlPolicy, failure: { code: string; detail: string }): string {
  const generic = `GET ${botCallUrl(url, "/")} did not answer with the bot's identity (a 2xx JSON BotInfo within ${HEALTH_CHECK_TIMEOUT_MS / 1000} s, without redirects)`;
  return policy.allowPrivate ? `${generic}: ${failure.code}: ${failure.detail}` : generic;
}

/** The secret to sign a bot's calls with: the one its registrant gave (checked: a 422 `registry/bad_secret` otherwise), or a fresh one. */
function signingSecret(given: string | undefined): string {
  if (given === undefined) return generateBotSecret();
  const refusal = botSecretRefusal(given);
  if (refusal !== null) throw new ProblemError("registry/bad_secret", `secret: ${refusal}`, { errors: [{ path: ["secret"], message: refusal }] });
  return given;
}

/** A connected bot's view with whether it is connected now (asked of its link object); a webhook bot's as it is. */
async function withLink(env: Env, bot: BotOutput): Promise<BotOutput> {
  if (bot.connection !== "stream") return bot;
  const link = await linkObject(env, bot.id).linkStatus();
  return { ...bot, connected: link.connected, lastSeen: link.lastSeen === null ? null : new Date(link.lastSeen).toISOString() };
}

/** The sort key a bot list cursor names (registration time, id); a cursor this service did not make is a 422. */
function botCursor(cursor: string): { createdAt: number; id: string } {
  const parts = decodeCursor(cursor);
  const createdAt = Number(parts?.[0]);
  if (parts?.length !== 2 || !Number.isSafeInteger(createdAt) || !isId(parts[1])) {
    throw new ProblemError("request/invalid", "cursor: not a cursor of this list (pass the one in `next` as is)", { errors: [{ path: ["cursor"], message: "not a cursor of this list" }] });
  }
  return { createdAt, id: parts[1] };
}

export function registerBotsRoutes(app: App): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "botToken", {
    type: "http",
    scheme: "bearer",
    description: "A bot's management token, from POST /v1/bots.",
  });

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/bots",
      tags: ["Bots"],
      operationId: "registerBot",
      summary: "Register a bot",
      description: `Registers the bot served at \`url\` under \`name\`. The URL must be http or https without credentials, query, fragment, spaces or control characters, on a public host (\`registry/url_not_allowed\` for loopback, private, link-local, carrier-grade NAT and local addresses and names, however spelled, and for this service's own host; a deployment with ALLOW_PRIVATE_BOT_URLS, such as \`npm start\`, allows private hosts), and it is stored normalized. The bot must answer \`GET {url}/\` with its \`BotInfo\` within ${HEALTH_CHECK_TIMEOUT_MS / 1000} s (that call is already signed with the new secret); when it does not, the problem's detail does not say what answered instead. At most ${LIMIT_POLICIES.bots.quota} registrations a minute per client (429 \`request/rate_limited\`). A bot that checks signatures from its first call gives its own \`secret\` (\`whsec_\`, at least 128 bits): the \`GET {url}/\` is signed with it, so the bot runs with its final secret from the start. Answers the bot id (enter it in tournaments), its signing secret and a management token, both shown only once: send an \`Idempotency-Key\` so that a retry after a lost answer gets them again (\`POST /v1/bots/{id}/rotate\` replaces both).`,
      request: {
        headers: IdempotencyHeadersSchema,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: RegisterBotRequestSchema,
              examples: {
                local: { summary: "A bot on this machine (under npm start)", value: { name: "alice", url: "http://127.0.0.1:9001" } },
                ownSecret: {
                  summary: "A bot that checks signatures, with its own secret",
                  value: { name: "alice", url: "http://127.0.0.1:9001", secret: EXAMPLE_BOT_SECRET },
                },
                connected: { summary: "A connected bot (no URL)", value: { name: "carol", connection: "stream" } },
              },
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
            "registry/bad_secret",
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
      const { name, url: given, ladder, entry = "owner", connection = "webhook", secret: ownSecret } = c.req.valid("json");
      if (isBuiltInBot(name.toLowerCase())) throw new ProblemError("registry/name_taken", `${name} is the name of a built-in bot`);
      const secret = signingSecret(ownSecret);
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
      const token = newToken();
      const id = newId();
      const bot = replyValue(await registryObject(c.env).register({ id, name, connection, url, secret, tokenHash: await hashToken(token), info, entry, createdAt: Date.now() }));
      const location = `/v1/bots/${id}`;
      if (!ladder) return c.json({ ...bot, secret, token }, 201, { Location: location });
      const joined = await ladderObject(c.env).join({ id, name });
      return c.json({ ...bot, secret, token, ladder: joined.ok ? joined.value : null }, 201, { Location: location });
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
      const page = await registryObject(c.env).list(limit, cursor === undefined ? null : botCursor(cursor));
      const last = page.bots.at(-1);
      const next = page.more && last ? nextLink("/v1/bots", limit, [Date.parse(last.createdAt), last.id]) : null;
      return c.json({ bots: await Promise.all(page.bots.map((bot) => withLink(c.env, bot))), next, builtIn: BUILT_IN_BOTS.map((name) => ({ name, url: `/bots/${name}` })) }, 200);
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
      if (!isId(id)) throw notFound("bot", id);
      const bot = replyValue(await registryObject(c.env).get(id), "bot", id);
      return c.json({ ...(await withLink(c.env, bot)), ladder: await ladderObject(c.env).status(id) }, 200);
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
        "Removes the bot from the registry; needs its management token as `Authorization: Bearer <token>`. Tournaments and matches already created keep playing it (a connected bot still connects and answers with its last token); nothing new can enter it. Answers the deleted bot.",
      security: [{ botToken: [] }],
      request: { params: IdParamSchema },
      responses: {
        200: { description: "The bot was deleted.", content: { "application/json": { schema: BotSchema, example: examples.bots.bot } } },
        ...problems("/v1/bots/{id}", ["registry/token_required", "registry/wrong_token", "registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const tokenHash = await managementTokenHash(c, id);
      const removed = replyValue(await registryObject(c.env).remove(id, tokenHash), "bot", id);
      // A connected bot keeps playing what it was entered in: its link keeps its token.
      if (removed.connection === "stream") await linkObject(c.env, id).retire(tokenHash);
      return c.json(removed, 200);
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
      const tokenHash = await managementTokenHash(c, id);
      return c.json(replyValue(await registryObject(c.env).update(id, tokenHash, c.req.valid("json")), "bot", id), 200);
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
        "Replaces the bot's signing secret and management token with new ones, shown only once; needs the current management token as `Authorization: Bearer <token>`. The new secret is the one the body gives (`secret`: the bot's own, as at registration), or one the service makes (no body, or none in it). From then on the old token is refused and new tournaments sign their calls with the new secret (tournaments already created keep the secret they started with).",
      security: [{ botToken: [] }],
      request: {
        params: IdParamSchema,
        headers: IdempotencyHeadersSchema,
        body: {
          required: false,
          content: {
            "application/json": {
              schema: RotateBotRequestSchema,
              examples: { ownSecret: { summary: "Rotate to the bot's own new secret", value: { secret: EXAMPLE_BOT_SECRET } }, fresh: { summary: "A secret the service makes", value: {} } },
            },
          },
        },
      },
      responses: {
        200: {
          description: "The new secret and token.",
          headers: REPLAYED_RESPONSE_HEADER,
          content: {
            "application/json": { schema: RegisteredBotSchema, example: { ...examples.bots.bot, secret: EXAMPLE_BOT_SECRET, token: EXAMPLE_MANAGEMENT_TOKEN } },
          },
        },
        ...problems("/v1/bots/{id}/rotate", [...BODY, ...IDEMPOTENCY_PROBLEMS, "registry/bad_secret", "registry/token_required", "registry/wrong_token", "registry/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const tokenHash = await managementTokenHash(c, id);
      const { secret: ownSecret } = RotateBotRequestSchema.parse(c.req.valid("json") ?? {});
      const secret = signingSecret(ownSecret);
      const freshToken = newToken();
      const rotated = replyValue(await registryObject(c.env).rotate(id, tokenHash, secret, await hashToken(freshToken)), "bot", id);
      if (rotated.connection === "stream") await linkObject(c.env, id).forgetToken();
      return c.json({ ...rotated, secret, token: freshToken }, 200);
    },
  );
}
