/**
 * Per-client limits on use: bot registrations, new matches, new tournaments and engine searches, each
 * counted by one Workers Rate Limiting binding (`[[ratelimits]]` in wrangler.toml, which holds the
 * numbers that are enforced). A client is its `CF-Connecting-IP` (an IPv6 client counts as its /64);
 * a request without that header (only outside Cloudflare: tests, scripts) counts as the one client
 * `unknown`. Over a limit, the answer is a 429 problem document with `Retry-After` and the `RateLimit` /
 * `RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers). Engine work is weighted by budget
 * through a second policy: every search counts against `engine`, and a search whose node budget is
 * over ENGINE_DEFAULT_NODES also against the much smaller `engine-large`.
 */
import type { Context } from "hono";
import { parseIpv6 } from "../bots/index.ts";
import { ProblemError } from "../wire/problems.ts";
import type { AppEnv } from "./context.ts";

/** The Env members that are rate limit bindings. */
export type RateLimitBinding = "BOTS_RATE_LIMIT" | "MATCHES_RATE_LIMIT" | "TOURNAMENTS_RATE_LIMIT" | "ENGINE_RATE_LIMIT" | "ENGINE_LARGE_RATE_LIMIT";

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
} as const satisfies Record<string, LimitPolicy>;

export type LimitName = keyof typeof LIMIT_POLICIES;

/** The partition key of a request: its client address (IPv6 by /64), or `unknown`. */
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

/**
 * Counts this request against each named policy in turn; the first one over its quota throws the 429
 * problem. A policy whose binding the environment lacks (the app run by a script under Node) does not
 * limit. An answer let through carries `RateLimit-Policy`.
 */
export async function spend(c: Context<AppEnv>, ...names: LimitName[]): Promise<void> {
  const key = clientKey(c.req.raw.headers);
  const counted: LimitName[] = [];
  for (const name of names) {
    const policy: LimitPolicy = LIMIT_POLICIES[name];
    const binding = c.env?.[policy.binding];
    if (binding === undefined) continue;
    const { success } = await binding.limit({ key });
    counted.push(name);
    if (!success) {
      const reset = secondsToReset(policy.windowS);
      const window = policy.windowS === 60 ? "a minute" : `per ${policy.windowS} s`;
      throw new ProblemError("request/rate_limited", `at most ${policy.quota} ${policy.what} ${window} from one client (policy ${name}); retry in ${reset} s`, {}, {
        "Retry-After": String(reset),
        RateLimit: `"${name}";r=0;t=${reset}`,
        "RateLimit-Policy": counted.map(policyField).join(", "),
      });
    }
  }
  if (counted.length > 0) c.header("RateLimit-Policy", counted.map(policyField).join(", "));
}

/** Counts an engine search with this node budget: against `engine`, and against `engine-large` when it is over the default. */
export function spendEngine(c: Context<AppEnv>, budget: number, defaultNodes: number): Promise<void> {
  return budget > defaultNodes ? spend(c, "engine", "engine-large") : spend(c, "engine");
}

/** The `headers` of a 429 answer in the OpenAPI document. */
export const RATE_LIMITED_HEADERS = {
  "Retry-After": { description: "Seconds until the client's window resets.", schema: { type: "string" as const } },
  RateLimit: { description: 'The exhausted policy, nothing remaining, and the seconds to its reset: `"bots";r=0;t=42`.', schema: { type: "string" as const } },
  "RateLimit-Policy": { description: 'The policies counted, with quota and window in seconds: `"bots";q=10;w=60`.', schema: { type: "string" as const } },
};

/** A route's problem responses with the 429's headers documented (spread it in place of the plain responses). */
export function withRateLimitHeaders<T extends Record<number, object>>(responses: T): T {
  const limited = responses[429];
  return limited === undefined ? responses : { ...responses, 429: { ...limited, headers: RATE_LIMITED_HEADERS } };
}
