/**
 * The outbound policy for bot URLs (src/bots/url-policy.ts), table-driven: what a deployment refuses
 * (every internal address, however it is spelled, local names, the service itself), what it accepts
 * and stores (the normalized URL), and what local development allows.
 */
import { describe, expect, it } from "vitest";
import { type BotUrlPolicy, botUrlProblem, checkBotUrl, ipv6Kind, LOCAL_BOT_URLS, parseIpv6 } from "../../src/bots/index.ts";

const PRODUCTION: BotUrlPolicy = { allowPrivate: false, selfHosts: ["quarto.example.com"] };

/** [URL, why it is refused (matched against the detail)]: well-formed URLs whose host a deployment refuses. */
const REFUSED: [string, RegExp][] = [
  // Loopback, in every numeric spelling the URL parser accepts.
  ["http://127.0.0.1:9001", /127\.0\.0\.1:9001 is a loopback address/],
  ["http://127.255.0.9", /loopback/],
  ["http://2130706433", /127\.0\.0\.1 is a loopback address/],
  ["http://0x7f000001", /127\.0\.0\.1 is a loopback/],
  ["http://0x7f.1", /127\.0\.0\.1 is a loopback/],
  ["http://0177.0.0.1", /127\.0\.0\.1 is a loopback/],
  ["http://017700000001", /127\.0\.0\.1 is a loopback/],
  ["http://127.1", /127\.0\.0\.1 is a loopback/],
  ["http://127.0.0.1.", /127\.0\.0\.1 is a loopback/],
  ["http://%31%32%37.0.0.1", /127\.0\.0\.1 is a loopback/],
  ["http://\uff11\uff12\uff17.0.0.1", /127\.0\.0\.1 is a loopback/],
  ["http://localhost:8787", /loopback name/],
  ["http://LOCALHOST.", /loopback name/],
  ["http://api.localhost", /local name \(\.localhost\)/],
  // Unspecified, private, carrier-grade NAT, link-local (the cloud metadata service), multicast, reserved.
  ["http://0.0.0.0:8787", /0\.0\.0\.0:8787 is an unspecified address/],
  ["http://0", /0\.0\.0\.0 is an unspecified/],
  ["http://10.1.2.3", /private/],
  ["http://172.16.0.1", /private/],
  ["http://172.31.255.255", /private/],
  ["http://192.168.1.10", /private/],
  ["http://0xc0a80001", /192\.168\.0\.1 is a private/],
  ["http://100.64.0.1", /carrier-grade NAT/],
  ["http://100.127.255.254", /carrier-grade NAT/],
  ["http://169.254.169.254/latest/meta-data", /169\.254\.169\.254 is a link-local address/],
  ["http://2852039166", /169\.254\.169\.254 is a link-local/],
  ["http://224.0.0.251", /multicast/],
  ["http://255.255.255.255", /reserved/],
  ["http://192.0.2.7", /documentation/],
  ["http://198.18.0.1", /benchmarking/],
  // IPv6: unspecified, loopback, IPv4-mapped (any IPv4), unique local, link-local, site-local, multicast, tunnels to private IPv4.
  ["http://[::]", /\[::\] is an unspecified address/],
  ["http://[::1]:9001", /\[::1\]:9001 is a loopback address/],
  ["http://[0:0:0:0:0:0:0:1]", /\[::1\] is a loopback/],
  ["http://[::ffff:127.0.0.1]", /IPv4-mapped/],
  ["http://[::ffff:7f00:1]", /IPv4-mapped/],
  ["http://[::ffff:8.8.8.8]", /IPv4-mapped/],
  ["http://[fd12:3456::1]", /unique local/],
  ["http://[fc00::1]", /unique local/],
  ["http://[fe80::1]", /link-local/],
  ["http://[fec0::1]", /site-local/],
  ["http://[ff02::1]", /multicast/],
  ["http://[64:ff9b::a9fe:a9fe]", /NAT64 link-local/],
  ["http://[2002:a00:1::]", /6to4 private/],
  ["http://[2001:db8::1]", /documentation/],
  ["http://[::127.0.0.1]", /reserved/],
  // Local names and the service itself.
  ["http://metadata/computeMetadata", /single-label name/],
  ["http://intranet:8080", /single-label name/],
  ["http://metadata.google.internal", /local name \(\.internal\)/],
  ["http://printer.local", /local name \(\.local\)/],
  ["http://nas.home.arpa", /local name \(\.home\.arpa\)/],
  ["http://1.0.0.127.in-addr.arpa", /local name \(\.arpa\)/],
  ["https://quarto.example.com/bots/easy", /this service itself/],
  ["https://QUARTO.example.com./bots/easy", /this service itself/],
];

/** [URL, what is stored]: public hosts a deployment accepts, and their normalized form. */
const ACCEPTED: [string, string][] = [
  ["https://bots.example.com/quarto", "https://bots.example.com/quarto"],
  ["https://Bots.Example.COM", "https://bots.example.com/"],
  ["http://bots.example.com:80/a/../b/", "http://bots.example.com/b/"],
  ["https://bots.example.com:443/x%20y", "https://bots.example.com/x%20y"],
  ["http://8.8.8.8:9000", "http://8.8.8.8:9000/"],
  ["http://134744072", "http://8.8.8.8/"],
  ["http://[2606:4700:4700::1111]/bot", "http://[2606:4700:4700::1111]/bot"],
  ["http://[64:ff9b::808:808]", "http://[64:ff9b::808:808]/"],
  ["http://alice.bots.test", "http://alice.bots.test/"],
  ["https://b\u00fccher.example/bot", "https://xn--bcher-kva.example/bot"],
];

/** [URL, why it is not a usable URL at all]: refused under every policy, before any network call. */
const MALFORMED: [string, RegExp][] = [
  ["http://bots.example.com/\r\nX-Injected: 1", /control characters \(found U\+000D\)/],
  ["http://bots.example.com/a\nb", /U\+000A/],
  ["http://bots.example.com/\u0000", /U\+0000/],
  ["http://bots.exa\tmple.com", /U\+0009/],
  [" http://bots.example.com", /spaces or control characters \(found U\+0020\)/],
  ["http://bots.example.com/\u2028", /U\+2028/],
  ["ftp://bots.example.com", /http or https, not ftp/],
  ["javascript:alert(1)", /http or https, not javascript/],
  ["http://user:pw@bots.example.com", /credentials/],
  ["http://bots.example.com/?a=1", /query or a fragment/],
  ["http://bots.example.com/?", /query or a fragment/],
  ["http://bots.example.com/#x", /query or a fragment/],
  ["/relative", /not an absolute URL/],
  ["http://999.1.1.1", /not an absolute URL/],
  ["http://[::1", /not an absolute URL/],
];

describe("a deployment's policy", () => {
  it.each(REFUSED)("refuses %s", (url, why) => {
    const checked = checkBotUrl(url, PRODUCTION);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.kind).toBe("not_allowed");
    expect(checked.detail).toMatch(why);
    expect(checked.detail).toMatch(/this service only calls bots on public hosts$/);
  });

  it.each(ACCEPTED)("accepts %s, stored as %s", (url, stored) => {
    expect(checkBotUrl(url, PRODUCTION)).toEqual({ ok: true, url: stored });
  });

  it("refuses the service's own host by name, whatever the address behind it", () => {
    const policy: BotUrlPolicy = { allowPrivate: false, selfHosts: ["quarto.example.com", "quarto.workers.dev"] };
    expect(checkBotUrl("https://quarto.workers.dev/bots/easy", policy)).toMatchObject({ ok: false, kind: "not_allowed", detail: /quarto\.workers\.dev is this service itself/ });
    expect(checkBotUrl("https://other.workers.dev/bot", policy)).toEqual({ ok: true, url: "https://other.workers.dev/bot" });
  });

  it.each(MALFORMED)("refuses the malformed %j", (url, why) => {
    const checked = checkBotUrl(url, PRODUCTION);
    expect(checked).toMatchObject({ ok: false, kind: "bad_url" });
    if (!checked.ok) expect(checked.detail).toMatch(why);
  });
});

describe("local development (npm start, the local runner)", () => {
  it("allows loopback, private and local hosts, normalized", () => {
    for (const [url] of REFUSED.filter(([url]) => !url.includes("quarto.example.com"))) {
      const checked = checkBotUrl(url, LOCAL_BOT_URLS);
      expect(checked.ok, url).toBe(true);
      if (checked.ok) expect(checked.url).toBe(new URL(url).href);
    }
    expect(checkBotUrl("http://2130706433", LOCAL_BOT_URLS)).toEqual({ ok: true, url: "http://127.0.0.1/" });
  });

  it("still refuses malformed URLs and control characters", () => {
    for (const [url, why] of MALFORMED) expect(botUrlProblem(url), JSON.stringify(url)).toMatch(why);
    expect(botUrlProblem("http://127.0.0.1:9001")).toBeNull();
  });
});

describe("IPv6 parsing", () => {
  it.each([
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["1:2:3:4:5:6:7:8", [1, 2, 3, 4, 5, 6, 7, 8]],
    ["fe80::1:2", [0xfe80, 0, 0, 0, 0, 0, 1, 2]],
    ["::ffff:127.0.0.1", [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ["1:2:3:4:5:6:1.2.3.4", [1, 2, 3, 4, 5, 6, 0x102, 0x304]],
  ])("%s", (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  it.each(["1:2:3:4:5:6:7", "1::2::3", "12345::", "g::1", "1:2:3:4:5:6:7:8:9", "::1.2.3.256"])("refuses %s", (text) => {
    expect(parseIpv6(text)).toBeNull();
  });

  it("global unicast outside the special blocks is public; everything outside 2000::/3 is not", () => {
    expect(ipv6Kind(parseIpv6("2a00:1450:4001::200e") as number[])).toBeNull();
    expect(ipv6Kind(parseIpv6("4000::1") as number[])).toBe("reserved");
    expect(ipv6Kind(parseIpv6("2001:0:4136:e378::1") as number[])).toBe("reserved");
  });
});
