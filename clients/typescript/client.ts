/**
 * A typed client of the Quarto service: openapi-fetch over the types openapi-typescript generates from
 * openapi/openapi.json (`npm run client` writes schema.d.ts). Paths, parameters, bodies and answers are
 * all typed from the spec, so a call the API would refuse for its shape does not compile.
 *
 * A request refused with 429 (a rate limit) or 503 (the engine's queue is full) is sent again after its
 * `Retry-After` (1, 2, 4... s without one), at most `retries` times, when sending it twice is safe: GET,
 * HEAD, PUT, DELETE, OPTIONS, or a request with an `Idempotency-Key`, which the creating POSTs get by
 * default (a new random key each, unless the call sets its own), so a retry gets the first answer
 * instead of creating a second match, bot or tournament.
 *
 *   const quarto = createQuartoClient({ baseUrl: "http://localhost:8787" });
 *   const { data, error } = await quarto.GET("/v1/evaluate", { params: { query: { position: "..5.A...D3EF90.67", distance: true } } });
 */
import createClient, { type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

/** The spec's named schemas: `Schemas["Match"]`, `Schemas["Problem"]`, ... */
export type Schemas = components["schemas"];
export type { paths };

/** When a refused request is sent again. */
export interface RetryOptions {
  /** How many times at most (0: never). Default 3. */
  retries?: number;
  /** The longest wait (seconds) worth waiting; a longer Retry-After is not waited for. Default 60. */
  maxWaitS?: number;
  /** How to wait (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

export interface QuartoClientOptions extends ClientOptions {
  retry?: RetryOptions;
}

/** The statuses worth a retry. */
const RETRIED_STATUSES = new Set([429, 503]);
/** Methods that may be sent twice with the effect of once (RFC 9110, section 9.2.2). */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/** The creating POSTs, which take an `Idempotency-Key`. */
const CREATING_POST = /^\/v1\/(matches|matches\/[^/]+\/join|bots|bots\/[^/]+\/rotate|tournaments)$/;
const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** Retry-After in seconds: delay-seconds or an HTTP date (RFC 9110, section 10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/**
 * `fetch` with the client's retries: the creating POSTs get an `Idempotency-Key` when they have none,
 * and a refused request that is safe to send twice is sent again, a copy each time (a body is read once).
 */
export function retryingFetch(send: (request: Request) => Promise<Response>, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const retries = options.retries ?? 3;
  const maxWaitS = options.maxWaitS ?? 60;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async function fetchWithRetries(request: Request): Promise<Response> {
    let original = request;
    if (request.method === "POST" && CREATING_POST.test(new URL(request.url).pathname) && !request.headers.has(IDEMPOTENCY_HEADER)) {
      const headers = new Headers(request.headers);
      headers.set(IDEMPOTENCY_HEADER, crypto.randomUUID());
      original = new Request(request, { headers });
    }
    const safe = IDEMPOTENT_METHODS.has(original.method) || original.headers.has(IDEMPOTENCY_HEADER);
    for (let attempt = 0; ; attempt++) {
      const response = await send(original.clone());
      if (!safe || !RETRIED_STATUSES.has(response.status) || attempt >= retries) return response;
      const waitS = retryAfterSeconds(response.headers.get("Retry-After")) ?? 2 ** attempt;
      if (waitS > maxWaitS) return response;
      await response.body?.cancel();
      await sleep(waitS * 1000);
    }
  };
}

/** A client for the service at `options.baseUrl` (default http://localhost:8787, where `npm start` listens). */
export function createQuartoClient(options: QuartoClientOptions = {}) {
  const { retry, fetch: send = (request: Request) => globalThis.fetch(request), ...rest } = options;
  return createClient<paths>({ baseUrl: "http://localhost:8787", ...rest, fetch: retryingFetch(send, retry) });
}

export type QuartoClient = ReturnType<typeof createQuartoClient>;
