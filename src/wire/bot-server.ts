/**
 * The bot side of the bot protocol: `readMoveRequest` checks a move request a bot received (the served
 * built-in bots trust no caller), and `botFetchHandler` serves a bot over HTTP as a fetch handler
 * `(Request) => Response`: the Worker mounts it at `/bots/{name}` and `npm run arena -- serve` wraps it
 * in node:http. With a secret it refuses calls whose Standard Webhooks signature does not verify (401);
 * without one it answers anyone. Rules options are read by the same zod schema as every request body.
 */
import { z } from "@hono/zod-openapi";
import { type BotInfo, type CheckedMoveRequest, type EndNotice, type MoveAnswer, type MoveRequest, verifySignature } from "../bots/index.ts";
import { legalMoves, readPosition } from "../rules/index.ts";
import { rulesFromInput } from "./convert.ts";
import { RulesInputSchema } from "./schemas.ts";

/** The fields of a move request a bot needs; the others are passed through as they are. */
const ReceivedMoveRequestSchema = z.looseObject({
  position: z.string({ error: "position must be a 17-character position string" }),
  rules: RulesInputSchema.nullish(),
  canClaim: z.boolean({ error: "canClaim must be a boolean" }).optional(),
});

/**
 * Checks a move request received by a bot: the position and rules must be valid and the game not
 * over. The error says what is wrong, with the field's path.
 */
export function readMoveRequest(body: unknown): { ok: true; value: CheckedMoveRequest } | { ok: false; error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: "the move request must be a JSON object" };
  const parsed = ReceivedMoveRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: issue.path.length === 0 ? issue.message : `${issue.path.join(".")}: ${issue.message}` };
  }
  const rules = rulesFromInput(parsed.data.rules ?? undefined);
  const position = readPosition(parsed.data.position, rules);
  if (!position.ok) return { ok: false, error: `${position.error.code}: ${position.error.detail}` };
  if (legalMoves(position.value, rules).length === 0) return { ok: false, error: "the game in this position is over: there is no move to make" };
  return { ok: true, value: { request: body as MoveRequest, position: position.value, rules } };
}

export interface BotServerOptions {
  info: BotInfo;
  /** Chooses the move for a checked request. */
  move: (checked: CheckedMoveRequest) => MoveAnswer | Promise<MoveAnswer>;
  /** When set, every call must carry a valid signature under this secret. */
  secret?: string;
  /** A path prefix to strip first (e.g. `/bots/easy`). */
  basePath?: string;
  onEnd?: (notice: EndNotice) => void;
  /** Largest request body accepted, in bytes. */
  maxRequestBytes?: number;
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

const problem = (status: number, title: string, detail: string): Response =>
  new Response(JSON.stringify({ type: "about:blank", title, status, detail }), { status, headers: { "content-type": "application/problem+json" } });

/** The fetch handler for a bot. */
export function botFetchHandler(options: BotServerOptions): (request: Request) => Promise<Response> {
  const maxRequestBytes = options.maxRequestBytes ?? 256 * 1024;
  const base = (options.basePath ?? "").replace(/\/+$/, "");
  return async function serveBot(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (base && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return problem(404, "Not Found", `this bot lives under ${base}/`);
    const path = url.pathname.slice(base.length) || "/";
    const route = `${request.method} ${path}`;
    if (!["GET /", "POST /move", "POST /end"].includes(route)) {
      const known = ["/", "/move", "/end"].includes(path);
      return known ? problem(405, "Method Not Allowed", `${path} does not take ${request.method}`) : problem(404, "Not Found", "a bot answers GET /, POST /move and POST /end");
    }
    const body = request.method === "POST" ? await request.text() : "";
    if (body.length > maxRequestBytes) return problem(413, "Content Too Large", `request bodies are limited to ${maxRequestBytes} bytes`);
    if (options.secret !== undefined && !verifySignature(options.secret, body, request.headers)) {
      return problem(401, "Unauthorized", "the webhook-signature does not verify with this bot's secret");
    }
    if (route === "GET /") return json(options.info);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return problem(400, "Bad Request", "the body is not JSON");
    }
    if (route === "POST /end") {
      options.onEnd?.(parsed as EndNotice);
      return new Response(null, { status: 204 });
    }
    const checked = readMoveRequest(parsed);
    if (!checked.ok) return problem(422, "Unprocessable Content", checked.error);
    return json(await options.move(checked.value));
  };
}
