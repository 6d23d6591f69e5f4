/**
 * Bot hosts judged where they resolve. The URL policy (url-policy.ts) judges a host as written; a name
 * can still resolve to a loopback, private or metadata address (`169.254.169.254.nip.io`, or any name
 * its owner points anywhere), and the Workers runtime's `fetch` does not refuse those for us (see
 * docs/operations.md, "Bot URLs"). So before the service calls a bot named by a host name, the name is
 * resolved over DNS over HTTPS (JSON API, A and AAAA) and refused when any address it has is not a
 * public one, or when it has none. This runs at registration and before each call to the bot (the
 * answer is kept for its TTL, at most 30 s, so a name that changes its answer is seen again soon).
 * The resolver is a parameter: tests give one that answers what they need. Only `fetch` is used, so
 * this runs in Node and workerd alike.
 */
import { type BotUrlPolicy, ipv4Kind, ipv6Kind, parseIpv4, parseIpv6 } from "./url-policy.ts";

/** The addresses of a host name (empty: it has none), and how long the answer may be kept. */
export type HostResolver = (host: string) => Promise<{ addresses: string[]; ttlS: number }>;

/** Cloudflare's public DNS over HTTPS resolver (JSON API). */
export const DOH_ENDPOINT = "https://cloudflare-dns.com/dns-query";
/** The longest an answer is kept, whatever its TTL. */
const MAX_KEEP_S = 30;
const DNS_TYPES = { A: 1, AAAA: 28 } as const;

interface DohAnswer {
  Status?: number;
  Answer?: { type?: number; data?: string; TTL?: number }[];
}

/**
 * A resolver over DNS over HTTPS (`application/dns-json`): A and AAAA records, CNAME chains followed by
 * the resolver. Throws when the resolver cannot be reached or answers an error other than NXDOMAIN.
 */
export function dohResolver(options: { endpoint?: string; fetch?: typeof fetch; timeoutMs?: number } = {}): HostResolver {
  return async (host) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    // A timer cleared once answered (AbortSignal.timeout would stay armed, keeping its object busy).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error("the resolver did not answer in time")), options.timeoutMs ?? 3000);
    const lookups = (["A", "AAAA"] as const).map(async (type) => {
      const url = `${options.endpoint ?? DOH_ENDPOINT}?name=${encodeURIComponent(host)}&type=${type}`;
      const response = await doFetch(url, { headers: { accept: "application/dns-json" }, signal: controller.signal });
      if (!response.ok) throw new Error(`the resolver answered ${response.status}`);
      const answer = (await response.json()) as DohAnswer;
      // 0: an answer; 3: NXDOMAIN (no such name: no addresses). Anything else is a failure to resolve.
      if (answer.Status !== 0 && answer.Status !== 3) throw new Error(`the resolver answered status ${answer.Status}`);
      return (answer.Answer ?? []).filter((record) => record.type === DNS_TYPES[type] && typeof record.data === "string");
    });
    const records = await Promise.all(lookups)
      .then((answers) => answers.flat())
      .finally(() => clearTimeout(timer));
    const ttlS = records.reduce((least, record) => Math.min(least, record.TTL ?? 0), MAX_KEEP_S);
    return { addresses: records.map((record) => record.data as string), ttlS: Math.max(0, ttlS) };
  };
}

/** The kind of a resolved address that is not a public one, or null for a public one ("unreadable" for garbage). */
function addressKind(address: string): string | null {
  const v4 = parseIpv4(address);
  if (v4 !== null) return ipv4Kind(v4);
  const v6 = parseIpv6(address);
  return v6 === null ? "unreadable" : ipv6Kind(v6);
}

/**
 * Why the service must not call `url` as its host resolves now, or null. Hosts written as addresses
 * were judged by the URL policy already; so were all hosts where the policy allows private ones.
 */
export async function resolvedHostRefusal(url: string, policy: BotUrlPolicy, resolver: HostResolver): Promise<string | null> {
  if (policy.allowPrivate) return null;
  const host = new URL(url).hostname;
  if (host.startsWith("[") || parseIpv4(host) !== null) return null;
  let addresses: string[];
  try {
    ({ addresses } = await resolver(host));
  } catch (error) {
    return `${host} could not be resolved (${error instanceof Error ? error.message : String(error)}): this service only calls bots on public hosts`;
  }
  if (addresses.length === 0) return `${host} resolves to no address: this service only calls bots on public hosts`;
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind !== null) return `${host} resolves to ${address}, ${/^[aeiouIU]/.test(kind) ? "an" : "a"} ${kind} address: this service only calls bots on public hosts`;
  }
  return null;
}

/** A resolver that keeps each answer for its TTL (at most 30 s). */
export function keptResolver(resolver: HostResolver, now: () => number = Date.now): HostResolver {
  const kept = new Map<string, { until: number; answer: { addresses: string[]; ttlS: number } }>();
  return async (host) => {
    const hit = kept.get(host);
    if (hit && hit.until > now()) return hit.answer;
    const answer = await resolver(host);
    if (kept.size > 1000) kept.clear();
    if (answer.ttlS > 0) kept.set(host, { until: now() + Math.min(answer.ttlS, MAX_KEEP_S) * 1000, answer });
    return answer;
  };
}

/** The resolver the service uses: DNS over HTTPS with the global fetch (which tests replace), answers kept for their TTL. */
export const serviceResolver: HostResolver = keptResolver(dohResolver());

/** The check to run before each call to a bot under `policy` (none where private hosts are allowed). */
export function callCheck(policy: BotUrlPolicy, resolver: HostResolver = serviceResolver): ((url: string) => Promise<string | null>) | undefined {
  return policy.allowPrivate ? undefined : (url) => resolvedHostRefusal(url, policy, resolver);
}
