/**
 * The HTTP bot client. Every call is signed, bounded by one deadline that covers connecting, waiting,
 * and reading the body (the round trip counts against the bot's clock), never follows a redirect, and
 * reads at most `maxBodyBytes`. Every way a call can go wrong maps to exactly one forfeit code. Only
 * `fetch`, `AbortController` and streams are used, so it runs unchanged in Node and workerd.
 */
import type { ForfeitCode } from "./forfeits.ts";
import { type BotInfo, type EndDelivery, type EndNotice, type MoveRequest, type Player, type PlayerReply, parseBotInfo } from "./protocol.ts";
import { signatureHeaders } from "./signing.ts";

/** A move answer is a few dozen bytes; anything near this limit is a broken bot (a webhook bot's answer or a connected bot's). */
export const MAX_ANSWER_BYTES = 16 * 1024;
/** The time a bot gets to take `POST /end` (its answer is ignored). */
const END_TIMEOUT_MS = 2000;

export interface BotEndpoint {
  /** The bot's base URL; calls go to `{url}/`, `{url}/move` and `{url}/end`. */
  url: string;
  secret: string;
}

export interface BotCallOptions {
  timeoutMs: number;
  maxBodyBytes?: number;
  /** The fetch to use (a service binding's, a test double); the global one by default. */
  fetch?: typeof fetch;
  now?: () => number;
  /** Run before the call: why the bot's URL must not be called now (its host resolves to a private address), or null. */
  checkUrl?: (url: string) => Promise<string | null>;
}

export type BotCallResult =
  | { ok: true; status: number; body: unknown; elapsedMs: number }
  | { ok: false; code: ForfeitCode; detail: string; elapsedMs: number; status?: number };

/** `{url}{path}` with exactly one slash between them. */
export function botCallUrl(url: string, path: "/" | "/move" | "/end"): string {
  return url.replace(/\/+$/, "") + path;
}

class BodyTooLarge extends Error {}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new BodyTooLarge(`content-length ${declared}`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(`more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function connectionDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" ? cause.code : null;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : typeof cause?.message === "string" ? `${message}: ${cause.message}` : message;
}

/**
 * One signed call to a bot. Resolves (never rejects) to the parsed JSON body of a 2xx answer, or to a
 * forfeit code with a detail a human can act on.
 */
export async function callBot(
  endpoint: BotEndpoint,
  method: "GET" | "POST",
  path: "/" | "/move" | "/end",
  payload: unknown,
  options: BotCallOptions,
): Promise<BotCallResult> {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_ANSWER_BYTES;
  const body = method === "POST" ? JSON.stringify(payload) : "";
  const started = now();
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
        reject(new Error("deadline"));
      },
      Math.max(0, options.timeoutMs),
    );
  });
  const failure = (code: ForfeitCode, detail: string, status?: number): BotCallResult => {
    const result: BotCallResult = { ok: false, code, detail, elapsedMs: now() - started };
    if (status !== undefined) result.status = status;
    return result;
  };

  let stage: "connect" | "read" = "connect";
  try {
    const refusal = options.checkUrl ? await Promise.race([options.checkUrl(endpoint.url), deadline]) : null;
    if (refusal !== null) return failure("bot/connection_error", `${method} ${path} not sent: ${refusal}`);
    const headers: Record<string, string> = { accept: "application/json", ...signatureHeaders(endpoint.secret, body) };
    if (method === "POST") headers["content-type"] = "application/json";
    const response = await Promise.race([
      doFetch(botCallUrl(endpoint.url, path), { method, headers, body: method === "POST" ? body : undefined, redirect: "manual", signal: controller.signal }),
      deadline,
    ]);
    stage = "read";
    if ((response.type as string) === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      return failure("bot/redirect", `${method} ${path} answered ${response.status || "a redirect"}${location ? ` to ${location}` : ""}; redirects are not followed`, response.status);
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => {});
      return failure("bot/http_status", `${method} ${path} answered ${response.status} ${response.statusText}`.trim(), response.status);
    }
    const text = await Promise.race([readLimited(response, maxBodyBytes), deadline]);
    try {
      return { ok: true, status: response.status, body: JSON.parse(text), elapsedMs: now() - started };
    } catch {
      const preview = text.length > 40 ? `${text.slice(0, 40)}...` : text;
      return failure("bot/invalid_json", `${method} ${path} answered a body that is not JSON: ${JSON.stringify(preview)}`, response.status);
    }
  } catch (error) {
    if (timedOut) {
      return failure("bot/timeout", `${method} ${path} took longer than ${options.timeoutMs} ms (${stage === "connect" ? "no answer" : "body not read in time"})`);
    }
    if (error instanceof BodyTooLarge) return failure("bot/body_too_large", `${method} ${path} answered a body over ${maxBodyBytes} bytes (${error.message})`);
    return failure("bot/connection_error", `${method} ${path}: ${connectionDetail(error)}`);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (!timedOut) controller.abort();
  }
}

export interface HttpBotOptions extends BotEndpoint {
  /** The name the bot is entered under (its standings row). */
  name: string;
  maxBodyBytes?: number;
  /** The time given to `POST /end` (default END_TIMEOUT_MS). */
  endTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Run before each call (BotCallOptions.checkUrl). */
  checkUrl?: (url: string) => Promise<string | null>;
}

/** A tournament player that calls a bot over HTTP. */
export function httpBot(options: HttpBotOptions): Player {
  const endpoint: BotEndpoint = { url: options.url, secret: options.secret };
  const shared = { maxBodyBytes: options.maxBodyBytes, fetch: options.fetch, now: options.now, checkUrl: options.checkUrl };
  return {
    name: options.name,
    inProcess: false,
    async move(request: MoveRequest, limits: { timeoutMs: number }): Promise<PlayerReply> {
      const result = await callBot(endpoint, "POST", "/move", request, { ...shared, timeoutMs: limits.timeoutMs });
      return result.ok ? { ok: true, answer: result.body, status: result.status } : { ok: false, code: result.code, detail: result.detail, status: result.status ?? null };
    },
    async end(notice: EndNotice): Promise<EndDelivery> {
      const result = await callBot(endpoint, "POST", "/end", notice, { ...shared, timeoutMs: options.endTimeoutMs ?? END_TIMEOUT_MS });
      // The answer's body is ignored: an end notice taken with a 2xx and any body (or none) went well.
      if (result.ok || result.code === "bot/invalid_json") return { status: result.status ?? null, detail: null };
      return { status: result.status ?? null, detail: result.detail };
    },
  };
}

/** `GET {url}/`: the bot's identity, or why it did not give one (used at registration and as a health check). */
export async function fetchBotInfo(
  endpoint: BotEndpoint,
  options: BotCallOptions,
): Promise<{ ok: true; info: BotInfo; elapsedMs: number } | { ok: false; code: ForfeitCode | "bot/bad_info"; detail: string }> {
  const result = await callBot(endpoint, "GET", "/", undefined, options);
  if (!result.ok) return { ok: false, code: result.code, detail: result.detail };
  const info = parseBotInfo(result.body);
  return info.ok ? { ok: true, info: info.value, elapsedMs: result.elapsedMs } : { ok: false, code: "bot/bad_info", detail: info.error };
}
