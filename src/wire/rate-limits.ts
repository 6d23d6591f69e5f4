/**
 * The per-client rate limit policies on the wire: their names, quotas and windows as the
 * `RateLimit-Policy` and `RateLimit` fields give them (draft-ietf-httpapi-ratelimit-headers), the 429's
 * headers in the OpenAPI document, and who a client is. The binding that enforces each policy is in
 * wrangler.toml's [[ratelimits]] (the same numbers: a test checks); src/http/limits.ts counts requests.
 */
import { parseIpv6 } from "../bots/index.ts";

/** The Env members that are rate limit bindings. */
export type RateLimitBinding =
  | "BOTS_RATE_LIMIT"
  | "MATCHES_RATE_LIMIT"
  | "TOURNAMENTS_RATE_LIMIT"
  | "ENGINE_RATE_LIMIT"
  | "ENGINE_LARGE_RATE_LIMIT"
  | "AUTH_FAILURES_RATE_LIMIT"
  | "BOT_CONNECTIONS_RATE_LIMIT"
  | "PUZZLES_RATE_LIMIT";

export interface LimitPolicy {
  binding: RateLimitBinding;
  /** Requests allowed per window: advertised in `RateLimit-Policy`; equal to the binding's `simple.limit` (a test checks). */
  quota: number;
  /** The window in seconds: the binding's `simple.period` (10 or 60). */
  windowS: 10 | 60;
  /** What is counted, for the problem's detail. */
  what: string;
}

/** Every policy, by the name the headers give it. */
export const LIMIT_POLICIES = {
  bots: { binding: "BOTS_RATE_LIMIT", quota: 10, windowS: 60, what: "bot registrations" },
  matches: { binding: "MATCHES_RATE_LIMIT", quota: 60, windowS: 60, what: "new matches" },
  tournaments: { binding: "TOURNAMENTS_RATE_LIMIT", quota: 5, windowS: 60, what: "new tournaments" },
  engine: { binding: "ENGINE_RATE_LIMIT", quota: 300, windowS: 60, what: "engine searches" },
  "engine-large": { binding: "ENGINE_LARGE_RATE_LIMIT", quota: 10, windowS: 60, what: "engine searches over the default node budget" },
  "auth-failures": { binding: "AUTH_FAILURES_RATE_LIMIT", quota: 20, windowS: 60, what: "wrong tokens (seat, bot or tournament)" },
  "bot-connections": { binding: "BOT_CONNECTIONS_RATE_LIMIT", quota: 300, windowS: 60, what: "connected bots' event streams and long polls" },
  puzzles: { binding: "PUZZLES_RATE_LIMIT", quota: 60, windowS: 60, what: "moves on puzzles" },
} as const satisfies Record<string, LimitPolicy>;

/** The problem codes of a wrong token, each counted against `auth-failures` (a missing token is not a guess). */
export const WRONG_TOKEN_CODES: readonly string[] = ["match/not_a_player", "registry/wrong_token", "tournament/wrong_token"];

/**
 * The document with the 429 of the `auth-failures` policy on every operation: a client over the limit
 * is refused whatever token it sends, before the route reads anything, whichever route it asks (an
 * operation that takes no token answers it to a request that carries one all the same).
 */
export function withAuthFailureLimit<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>> }).paths ?? {};
  const detail = `at most ${LIMIT_POLICIES["auth-failures"].quota} wrong tokens a minute from one client (policy auth-failures); retry in 42 s`;
  for (const [path, item] of Object.entries(paths)) {
    for (const operation of Object.values(item)) {
      if (!operation?.responses || operation.responses["429"]) continue;
      const takesToken = (operation.security?.length ?? 0) > 0;
      operation.responses["429"] = {
        description: takesToken
          ? "Too many wrong tokens from this client: every request with a token is refused until the window ends."
          : "Too many wrong tokens from this client: until the window ends, every request of it that carries a token (an `Authorization` header or `?token=`) is refused, this one too.",
        headers: RATE_LIMITED_HEADERS,
        content: {
          "application/problem+json": {
            schema: { $ref: "#/components/schemas/Problem" },
            examples: {
              "request.rate_limited": {
                summary: "Too many requests",
                value: { type: "/problems/request/rate_limited", title: "Too many requests", status: 429, detail, code: "request/rate_limited", instance: path.replace(/\{[^}]+\}/g, "x") },
              },
            },
          },
        },
      };
    }
  }
  return document;
}

export type LimitName = keyof typeof LIMIT_POLICIES;

/**
 * The partition key of a request: its `CF-Connecting-IP` (an IPv6 client counts as its /64), or
 * `unknown` for a request without one (only outside Cloudflare: tests, scripts).
 */
export function clientKey(headers: { get(name: string): string | null }): string {
  const address = headers.get("CF-Connecting-IP")?.trim();
  if (!address) return "unknown";
  if (!address.includes(":")) return address;
  const groups = parseIpv6(address.replace(/^\[|\]$/g, ""));
  return groups === null ? address : `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** `"name";q=quota;w=window`: one member of `RateLimit-Policy`. */
export const policyField = (name: LimitName): string => `"${name}";q=${LIMIT_POLICIES[name].quota};w=${LIMIT_POLICIES[name].windowS}`;

/** Seconds until the current window ends (windows are aligned to the clock), at least 1. */
export function secondsToReset(windowS: number, now = Date.now()): number {
  return Math.max(1, windowS - (Math.floor(now / 1000) % windowS));
}

/** The `headers` of a 429 answer in the OpenAPI document. */
const RATE_LIMITED_HEADERS = {
  "Retry-After": { description: "Seconds until the client's window resets.", schema: { type: "string" as const } },
  RateLimit: { description: 'The exhausted policy, nothing remaining, and the seconds to its reset: `"bots";r=0;t=42`.', schema: { type: "string" as const } },
  "RateLimit-Policy": { description: 'The policies counted, with quota and window in seconds: `"bots";q=10;w=60`.', schema: { type: "string" as const } },
};

/** A route's problem responses with the 429's headers documented (spread it in place of the plain responses). */
export function withRateLimitHeaders<T extends Record<number, object>>(responses: T): T {
  const limited = responses[429];
  return limited === undefined ? responses : { ...responses, 429: { ...limited, headers: RATE_LIMITED_HEADERS } };
}
