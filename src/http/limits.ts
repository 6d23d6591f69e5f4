/**
 * Per-client limits on use: bot registrations, new matches, new tournaments and engine searches, each
 * counted by one Workers Rate Limiting binding (`[[ratelimits]]` in wrangler.toml, which holds the
 * numbers that are enforced; the policies themselves are in src/wire/rate-limits.ts). Over a limit,
 * the answer is a 429 problem document with `Retry-After` and the `RateLimit` / `RateLimit-Policy`
 * fields. Engine work is weighted by budget through a second policy: every search counts against
 * `engine`, and a search whose node budget is over ENGINE_DEFAULT_NODES also against the much smaller
 * `engine-large`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { clientKey, LIMIT_POLICIES, type LimitName, type LimitPolicy, policyField, ProblemError, secondsToReset, WRONG_TOKEN_CODES } from "../wire/index.ts";
import { type AppEnv, problem } from "./context.ts";

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

/** Clients over the `auth-failures` limit, with when their block ends (ms), in this isolate. */
const blocked = new Map<string, number>();
const MAX_BLOCKED = 10_000;

/**
 * The `auth-failures` policy: every answer that refuses a wrong token (WRONG_TOKEN_CODES: a seat's,
 * a bot's or a tournament's) counts against the client; the one over the quota is answered 429
 * instead, and until the window ends every request of that client that carries a token (an
 * `Authorization` header or a `?token=`) is refused 429 before its token is looked at, so that
 * guessing gets no answer at all, right or wrong. The isolate remembers the block; the binding counts
 * across isolates (each isolate then blocks at its first failure over the quota).
 */
export function authGuard(): MiddlewareHandler<AppEnv> {
  return async function authGuard(c, next) {
    if (c.req.header("Authorization") === undefined && !new URL(c.req.url).searchParams.has("token")) return next();
    const refused = blockedGuesser(c);
    if (refused !== null) throw refused;
    await next();
    if (c.res.status !== 403) return;
    const code =
      c.error instanceof ProblemError
        ? c.error.code
        : await c.res
            .clone()
            .json()
            .then((body) => (body as { code?: string }).code, () => undefined);
    if (code === undefined || !WRONG_TOKEN_CODES.includes(code)) return;
    const limited = await countWrongToken(c);
    if (limited === null) return;
    c.res = undefined;
    c.res = problem(c, limited.code, limited.detail, {}, limited.headers);
  };
}

/** The 429 for a client over the `auth-failures` limit (blocked in this isolate), or null. */
export function blockedGuesser(c: Context<AppEnv>): ProblemError | null {
  const key = clientKey(c.req.raw.headers);
  const now = Date.now();
  const until = blocked.get(key);
  if (until !== undefined && until > now) return authLimited(Math.max(1, Math.ceil((until - now) / 1000)));
  if (until !== undefined) blocked.delete(key);
  return null;
}

/**
 * Counts a wrong token against the client's `auth-failures` (a header's, or one in a body: a bot's entry
 * token in a seat or a tournament's entrants); the 429 once it is over the quota (the client is then
 * blocked), else null.
 */
export async function countWrongToken(c: Context<AppEnv>): Promise<ProblemError | null> {
  const binding = c.env?.AUTH_FAILURES_RATE_LIMIT;
  if (binding === undefined) return null;
  const key = clientKey(c.req.raw.headers);
  const { success } = await binding.limit({ key });
  if (success) return null;
  const reset = secondsToReset(LIMIT_POLICIES["auth-failures"].windowS);
  if (blocked.size >= MAX_BLOCKED) blocked.delete(blocked.keys().next().value as string);
  blocked.set(key, Date.now() + reset * 1000);
  return authLimited(reset);
}

function authLimited(reset: number): ProblemError {
  const policy = LIMIT_POLICIES["auth-failures"];
  return new ProblemError("request/rate_limited", `at most ${policy.quota} ${policy.what} a minute from one client (policy auth-failures); retry in ${reset} s`, {}, {
    "Retry-After": String(reset),
    RateLimit: `"auth-failures";r=0;t=${reset}`,
    "RateLimit-Policy": policyField("auth-failures"),
  });
}

/** Counts an engine search with this node budget: against `engine`, and against `engine-large` when it is over the default. */
export function spendEngine(c: Context<AppEnv>, budget: number, defaultNodes: number): Promise<void> {
  return budget > defaultNodes ? spend(c, "engine", "engine-large") : spend(c, "engine");
}
