/**
 * Which bot URLs the service may call. The arena sends requests to URLs that anyone registers, so in
 * production a URL must name a public host: no loopback, private, link-local, carrier-grade NAT,
 * unspecified, multicast, reserved or documentation address, no IPv6 local, unique-local or
 * IPv4-mapped address, no local name (`localhost`, a single label, `.local`, `.internal`...), and not
 * the service itself. Addresses are judged after WHATWG URL parsing, which turns every numeric spelling
 * of an IPv4 host (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) into its dotted form, so no spelling
 * escapes the check. Control characters and spaces are refused before parsing (the parser would drop
 * tabs and newlines silently). A name is judged by itself here, and refused when it belongs to a
 * wildcard DNS service that maps names to any address (`127.0.0.1.nip.io`); where it resolves is
 * judged before each call (src/bots/resolve.ts).
 */

/** What a deployment allows. Local development (`npm start`, the local runner) allows private targets. */
export interface BotUrlPolicy {
  /** Allow loopback, private and local hosts (local development only). */
  allowPrivate: boolean;
  /** The service's own host names (lower case): never a bot. */
  selfHosts?: readonly string[];
}

/** The policy of the local runner and of `npm start`: any well-formed http(s) URL. */
export const LOCAL_BOT_URLS: BotUrlPolicy = { allowPrivate: true };

/**
 * `bad_url`: not a usable URL at all (syntax, scheme, credentials, query, control characters);
 * `not_allowed`: a well-formed URL whose host the policy refuses.
 */
export type BotUrlCheck = { ok: true; url: string } | { ok: false; kind: "bad_url" | "not_allowed"; detail: string };

/** The first space (any Unicode white space, zero-width space included) or C0/C1 control character, or null. */
function firstControlOrSpace(text: string): string | null {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x200b || /\s/u.test(char)) return char;
  }
  return null;
}

/**
 * Checks a bot URL against the policy; when it passes, answers its normalized form (the WHATWG URL
 * serialization, which is what is stored and called).
 */
export function checkBotUrl(raw: string, policy: BotUrlPolicy): BotUrlCheck {
  const bad = (detail: string): BotUrlCheck => ({ ok: false, kind: "bad_url", detail });
  const refused = (detail: string): BotUrlCheck => ({ ok: false, kind: "not_allowed", detail });
  const control = firstControlOrSpace(raw);
  if (control !== null) return bad(`a bot URL must not contain spaces or control characters (found U+${(control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")})`);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return bad(`${JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}...` : raw)} is not an absolute URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return bad(`a bot URL must use http or https, not ${parsed.protocol.slice(0, -1)}`);
  if (parsed.username || parsed.password) return bad("a bot URL must not contain credentials");
  if (parsed.search || parsed.hash || raw.includes("?") || raw.includes("#")) return bad("a bot URL must not have a query or a fragment");
  if (!policy.allowPrivate) {
    const why = hostRefusal(parsed.hostname, policy.selfHosts ?? []);
    if (why) return refused(`${parsed.host} ${why}: this service only calls bots on public hosts`);
  }
  return { ok: true, url: parsed.href };
}

/** Why a URL cannot be a bot's, or null (the check of `checkBotUrl`, by default under the local policy). */
export function botUrlProblem(url: string, policy: BotUrlPolicy = LOCAL_BOT_URLS): string | null {
  const checked = checkBotUrl(url, policy);
  return checked.ok ? null : checked.detail;
}

/** Why a parsed URL's host is not a public host, or null. `hostname` is as the WHATWG parser gives it. */
function hostRefusal(hostname: string, selfHosts: readonly string[]): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (selfHosts.some((host) => host.toLowerCase().replace(/\.$/, "") === name)) return "is this service itself";
  if (hostname.startsWith("[")) {
    const address = parseIpv6(hostname.slice(1, -1));
    if (address === null) return "is not a valid IPv6 address";
    const kind = ipv6Kind(address);
    return kind === null ? null : `is ${article(kind)} ${kind} address`;
  }
  const v4 = parseIpv4(hostname);
  if (v4 !== null) {
    const kind = ipv4Kind(v4);
    return kind === null ? null : `is ${article(kind)} ${kind} address`;
  }
  if (!name.includes(".")) return name === "localhost" ? "is a loopback name" : "is a single-label name (a local host)";
  const local = LOCAL_SUFFIXES.find((suffix) => name === suffix || name.endsWith(`.${suffix}`));
  if (local) return `is a local name (.${local})`;
  const wildcard = WILDCARD_DNS_SUFFIXES.find((suffix) => name === suffix || name.endsWith(`.${suffix}`));
  return wildcard ? `is a name of ${wildcard}, a wildcard DNS service that maps names to any address (private ones too)` : null;
}

/** Wildcard DNS services: `<address>.nip.io` resolves to that address, and a few map every name to loopback. */
const WILDCARD_DNS_SUFFIXES = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "nip.direct",
  "traefik.me",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "lacolhost.com",
  "local.gd",
  "localhost.direct",
  "fuf.me",
];

/** Names that only mean something inside a network (RFC 6761, 6762, 8375; ICANN's .internal) or the reverse-lookup tree. */
const LOCAL_SUFFIXES = ["localhost", "local", "localdomain", "internal", "home.arpa", "arpa", "lan", "intranet", "corp"];

const article = (kind: string) => (/^(?:[aeio]|un(?!i)|IPv)/.test(kind) ? "an" : "a");

// ---- IPv4 ----

/** The canonical dotted form only (what the WHATWG parser produces for any numeric host), as a 32-bit number. */
export function parseIpv4(host: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  if (parts.some((part) => part > 255)) return null;
  return ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
}

/** [first address, prefix length, kind]: every IPv4 block that is not a public unicast address. */
const IPV4_BLOCKS: [number, number, string][] = [
  [v4(0, 0, 0, 0), 8, "unspecified"],
  [v4(10, 0, 0, 0), 8, "private"],
  [v4(100, 64, 0, 0), 10, "carrier-grade NAT"],
  [v4(127, 0, 0, 0), 8, "loopback"],
  [v4(169, 254, 0, 0), 16, "link-local"],
  [v4(172, 16, 0, 0), 12, "private"],
  [v4(192, 0, 0, 0), 24, "reserved"],
  [v4(192, 0, 2, 0), 24, "documentation"],
  [v4(192, 88, 99, 0), 24, "reserved"],
  [v4(192, 168, 0, 0), 16, "private"],
  [v4(198, 18, 0, 0), 15, "benchmarking"],
  [v4(198, 51, 100, 0), 24, "documentation"],
  [v4(203, 0, 113, 0), 24, "documentation"],
  [v4(224, 0, 0, 0), 4, "multicast"],
  [v4(240, 0, 0, 0), 4, "reserved"],
];

function v4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

/** The kind of a non-public IPv4 address, or null for a public one. */
export function ipv4Kind(address: number): string | null {
  for (const [first, bits, kind] of IPV4_BLOCKS) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if (((address & mask) >>> 0) === first) return kind;
  }
  return null;
}

// ---- IPv6 ----

/** Eight 16-bit groups, or null. Accepts `::` compression and a trailing dotted IPv4 part. */
export function parseIpv6(text: string): number[] | null {
  let body = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(body);
  if (dotted) {
    const four = parseIpv4(dotted[2]);
    if (four === null) return null;
    tail.push(four >>> 16, four & 0xffff);
    body = dotted[1].endsWith("::") ? dotted[1] : dotted[1].slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const zeros = Array<number>(8 - given).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...(halves.length === 2 ? zeros : []), ...rest.map((g) => parseInt(g, 16)), ...tail];
}

const embeddedV4 = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;

/** The kind of a non-public IPv6 address, or null for a public one (global unicast, 2000::/3, outside the special blocks). */
export function ipv6Kind(g: number[]): string | null {
  const allZero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (allZero(0, 8)) return "unspecified";
  if (allZero(0, 7) && g[7] === 1) return "loopback";
  if (allZero(0, 5) && g[5] === 0xffff) return "IPv4-mapped";
  if ((g[0] & 0xfe00) === 0xfc00) return "unique local";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xffc0) === 0xfec0) return "site-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address: judged by it.
  if (g[0] === 0x64 && g[1] === 0xff9b && allZero(2, 6)) {
    const kind = ipv4Kind(embeddedV4(g[6], g[7]));
    return kind === null ? null : `NAT64 ${kind}`;
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "NAT64 local-use";
  if (g[0] === 0x2002) {
    const kind = ipv4Kind(embeddedV4(g[1], g[2]));
    return kind === null ? null : `6to4 ${kind}`;
  }
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (g[0] === 0x3fff && g[1] < 0x1000) return "documentation";
  if (g[0] === 0x2001 && g[1] < 0x0200) return "reserved";
  if ((g[0] & 0xe000) !== 0x2000) return "reserved";
  return null;
}
