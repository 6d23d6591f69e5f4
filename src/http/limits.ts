/**
 * Per-client limits on use: bot registrations, new matches, new tournaments and engine searches, each
 * counted by one Workers Rate Limiting binding (`[[ratelimits]]` in wrangler.toml, which holds the
 * numbers that are enforced; the policies themselves are in src/wire/rate-limits.ts). Over a limit,
 * the answer is a 429 problem document with `Retry-After` and the `RateLimit` / `RateLimit-Policy`
 * fields. Engine work is weighted by budget through a second policy: every search counts against
 * `engine`, and a search whose node budget is over ENGINE_DEFAULT_NODES also against the much smaller
 * `engine-large`.
 */
import type { Context } from "hono";
import { clientKey, LIMIT_POLICIES, type LimitName, type LimitPolicy, policyField, ProblemError, secondsToReset } from "../wire/index.ts";
import type { AppEnv } from "./context.ts";

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
