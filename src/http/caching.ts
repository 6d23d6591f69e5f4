/**
 * HTTP caching of the GET answers that are pure functions of their URL (the rules and engine GET forms,
 * the OpenAPI document): a strong `ETag` (a hash of the exact bytes answered), `Cache-Control`, and 304
 * for a matching `If-None-Match`. Engine searches, the costly ones, are also kept in the Workers Cache
 * API (`caches.default`), so a repeated search is answered from the cache without running the engine;
 * `Cache-Status` (RFC 9211) says which. An answer that depends on a random draw (a suggested move
 * without a `seed`) is `no-store` and never cached. The shared cache's key names the installed opening
 * books, and an answer given while a book is refused (searched instead, maybe inexact) is not kept there.
 */
import type { Context, MiddlewareHandler } from "hono";
import packageJson from "../../package.json" with { type: "json" };
import { booksFingerprint } from "../engine/index.ts";
import { sha256Hex } from "../match/index.ts";
import { readSettings } from "../wire/index.ts";
import type { AppEnv } from "./context.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

/** How long clients and caches may keep a pure answer before revalidating it with its ETag. */
export const PURE_MAX_AGE_S = 3600;
/** The OpenAPI document changes with each deployment: revalidated sooner. */
export const DOCUMENT_MAX_AGE_S = 300;
/** The name of this cache in `Cache-Status`. */
const CACHE_NAME = "quarto-engine";

export interface PureGetOptions {
  /** `Cache-Control: public, max-age=...` of the answer. */
  maxAgeS: number;
  /** Keep answers in the Workers Cache API, keyed by the URL (its parameters sorted) and these vars. */
  shared?: boolean;
  /** Whether this request's answer is pure; when false it is answered `no-store` (default: always pure). */
  pure?: (c: Context<AppEnv>) => boolean;
}

/** The middleware of a pure GET route (GET and HEAD; other methods pass through untouched). */
export function pureGet(options: PureGetOptions): MiddlewareHandler<AppEnv> {
  return async function pureGet(c, next) {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (options.pure && !options.pure(c)) {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "no-store");
      return;
    }
    const cache = options.shared ? sharedCache() : null;
    const books = booksFingerprint();
    const key = cache ? cacheKey(c, books) : null;
    const cached = cache && key ? await cache.match(key) : undefined;
    let answer: Response;
    if (cached) {
      answer = new Response(cached.body, cached);
      answer.headers.set("Cache-Status", `${CACHE_NAME}; hit`);
    } else {
      await next();
      if (c.res.status !== 200) return;
      const body = await c.res.arrayBuffer();
      answer = new Response(body, c.res);
      answer.headers.set("ETag", await strongEtag(body));
      answer.headers.set("Cache-Control", `public, max-age=${options.maxAgeS}`);
      // A book refused before or during this request: its variant was searched, maybe inexactly.
      const bookRefused = books.includes("!") || booksFingerprint() !== books;
      if (cache && key && bookRefused) {
        answer.headers.set("Cache-Status", `${CACHE_NAME}; fwd=miss; detail=book-refused`);
      } else if (cache && key) {
        const stored = answer.clone();
        stored.headers.delete(REQUEST_ID_HEADER);
        answer.headers.set("Cache-Status", `${CACHE_NAME}; fwd=miss; stored`);
        whenDone(c, cache.put(key, stored));
      }
    }
    const etag = answer.headers.get("ETag");
    if (etag !== null && matchesIfNoneMatch(c.req.header("If-None-Match"), etag)) {
      const headers = new Headers(answer.headers);
      for (const name of ["Content-Type", "Content-Length", "Content-Encoding"]) headers.delete(name);
      answer = new Response(null, { status: 304, headers });
    }
    // Replace rather than merge: the handler's answer (if any) is already copied into `answer`.
    c.res = undefined;
    c.res = answer;
  };
}

/** `"` + the first 128 bits of the SHA-256 of the bytes, in hex, + `"`: equal bytes, equal tags. */
export async function strongEtag(body: ArrayBuffer | Uint8Array<ArrayBuffer> | string): Promise<string> {
  return `"${(await sha256Hex(body)).slice(0, 32)}"`;
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (a `W/` prefix does not matter). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** `caches.default`, where the runtime has it (not under Node, where scripts import the app). */
function sharedCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/**
 * The cache key: the URL with its parameters sorted (the same question asked in another order is the
 * same answer), plus what else decides the answer: the service version, the engine's node budgets and
 * the installed opening books (booksFingerprint).
 */
function cacheKey(c: Context<AppEnv>, books: string): Request {
  const url = new URL(c.req.url);
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const search = new URLSearchParams(params);
  const { defaultNodes, maxNodes } = readSettings(c.env);
  search.set("~service", `${packageJson.version}/${defaultNodes}/${maxNodes}`);
  search.set("~books", books);
  return new Request(`${url.origin}${url.pathname}?${search}`, { method: "GET" });
}

/** Lets `work` finish after the answer is sent, where the runtime allows it; otherwise waits for it. */
function whenDone(c: Context<AppEnv>, work: Promise<unknown>): void {
  const logged = work.catch((error: unknown) => console.error("cache put failed", error));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (Hono's app.request in a test): the promise runs on by itself.
  }
}
