/**
 * Serves a bot over HTTP with exactly the bot protocol, as a fetch handler `(Request) => Response`:
 * the Worker mounts it at `/bots/{name}` and `arena serve` wraps it in node:http. With a secret it
 * refuses calls whose Standard Webhooks signature does not verify (401); without one it answers anyone.
 */
import { type BotInfo, type CheckedMoveRequest, type EndNotice, type MoveAnswer, readMoveRequest } from "./protocol.ts";
import { verifySignature } from "./signing.ts";

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
