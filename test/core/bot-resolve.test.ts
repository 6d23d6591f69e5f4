/**
 * Bot hosts judged where they resolve (src/bots/resolve.ts), with resolvers the tests control: a name
 * that resolves to a loopback, private, link-local or otherwise non-public address, or to none, or
 * that cannot be resolved, is refused; a public one passes; the DNS over HTTPS resolver reads A and
 * AAAA answers; answers are kept for their TTL (at most 30 s); a call whose check refuses is never
 * sent; and the wildcard DNS services are refused by name.
 */
import { describe, expect, it } from "vitest";
import { type BotUrlPolicy, callBot, checkBotUrl, dohResolver, type HostResolver, keptResolver, resolvedHostRefusal } from "../../src/bots/index.ts";

const PRODUCTION: BotUrlPolicy = { allowPrivate: false };
const answering = (...addresses: string[]): HostResolver => async () => ({ addresses, ttlS: 0 });

describe("a name is judged by the addresses it resolves to", () => {
  it.each([
    ["127.0.0.1", /resolves to 127\.0\.0\.1, a loopback address/],
    ["169.254.169.254", /resolves to 169\.254\.169\.254, a link-local address/],
    ["10.1.2.3", /private/],
    ["100.64.0.9", /carrier-grade NAT/],
    ["::1", /loopback/],
    ["fd00::7", /unique local/],
    ["::ffff:127.0.0.1", /IPv4-mapped/],
    ["0.0.0.0", /unspecified/],
  ])("a name resolving to %s is refused", async (address, why) => {
    expect(await resolvedHostRefusal("https://bot.example.com/", PRODUCTION, answering(address))).toMatch(why);
  });

  it("one non-public address among public ones is enough to refuse", async () => {
    expect(await resolvedHostRefusal("https://bot.example.com/", PRODUCTION, answering("93.184.215.14", "2606:2800:21f::1", "192.168.0.2"))).toMatch(/192\.168\.0\.2, a private/);
  });

  it("public addresses pass; no address, or no answer, is refused", async () => {
    expect(await resolvedHostRefusal("https://bot.example.com/", PRODUCTION, answering("93.184.215.14", "2606:2800:21f::1"))).toBeNull();
    expect(await resolvedHostRefusal("https://bot.example.com/", PRODUCTION, answering())).toMatch(/resolves to no address/);
    const failing: HostResolver = async () => {
      throw new Error("the resolver answered 502");
    };
    expect(await resolvedHostRefusal("https://bot.example.com/", PRODUCTION, failing)).toMatch(/could not be resolved \(the resolver answered 502\)/);
  });

  it("addresses written as such are the URL policy's; where private hosts are allowed nothing is resolved", async () => {
    const never: HostResolver = async () => {
      throw new Error("must not be asked");
    };
    expect(await resolvedHostRefusal("http://93.184.215.14/", PRODUCTION, never)).toBeNull();
    expect(await resolvedHostRefusal("http://[2606:2800:21f::1]/", PRODUCTION, never)).toBeNull();
    expect(await resolvedHostRefusal("http://localhost:9001/", { allowPrivate: true }, never)).toBeNull();
  });
});

describe("the DNS over HTTPS resolver", () => {
  it("asks A and AAAA in JSON and reads the addresses (CNAMEs left out), with the least TTL", async () => {
    const asked: string[] = [];
    const doh = dohResolver({
      endpoint: "https://dns.test/dns-query",
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        asked.push(`${url.searchParams.get("name")} ${url.searchParams.get("type")} ${new Headers(init?.headers).get("accept")}`);
        const answer =
          url.searchParams.get("type") === "A"
            ? [
                { name: "bot.example.com", type: 5, TTL: 300, data: "edge.example.net." },
                { name: "edge.example.net", type: 1, TTL: 20, data: "127.0.0.1" },
              ]
            : [];
        return new Response(JSON.stringify({ Status: 0, Answer: answer }), { headers: { "content-type": "application/dns-json" } });
      }) as typeof fetch,
    });
    expect(await doh("bot.example.com")).toEqual({ addresses: ["127.0.0.1"], ttlS: 20 });
    expect(asked.sort()).toEqual(["bot.example.com A application/dns-json", "bot.example.com AAAA application/dns-json"]);
    expect(await resolvedHostRefusal("https://bot.example.com/", PRODUCTION, doh)).toMatch(/resolves to 127\.0\.0\.1, a loopback address/);
  });

  it("NXDOMAIN is no address; SERVFAIL and HTTP errors are failures", async () => {
    const answer = (body: unknown, status = 200) => dohResolver({ fetch: (async () => new Response(JSON.stringify(body), { status })) as typeof fetch });
    expect(await answer({ Status: 3 })("nowhere.example")).toEqual({ addresses: [], ttlS: 30 });
    await expect(answer({ Status: 2 })("broken.example")).rejects.toThrow(/status 2/);
    await expect(answer({}, 503)("broken.example")).rejects.toThrow(/503/);
  });

  it("answers are kept for their TTL, at most 30 s", async () => {
    let now = 0;
    let asked = 0;
    const kept = keptResolver(async () => ({ addresses: [`10.0.0.${++asked}`], ttlS: 600 }), () => now);
    await kept("a.example");
    now = 29_000;
    expect((await kept("a.example")).addresses).toEqual(["10.0.0.1"]);
    now = 31_000;
    expect((await kept("a.example")).addresses).toEqual(["10.0.0.2"]);
    const uncached = keptResolver(async () => ({ addresses: [`10.0.1.${++asked}`], ttlS: 0 }), () => now);
    expect((await uncached("b.example")).addresses).not.toEqual((await uncached("b.example")).addresses);
  });
});

describe("before each call", () => {
  it("a call whose host resolves to a private address is not sent: a connection error naming the address", async () => {
    let sent = 0;
    const result = await callBot({ url: "https://bot.example.com", secret: `whsec_${btoa("k".repeat(32))}` }, "POST", "/move", { ply: 3 }, {
      timeoutMs: 1000,
      fetch: (async () => {
        sent++;
        return new Response("{}");
      }) as typeof fetch,
      checkUrl: (url) => resolvedHostRefusal(url, PRODUCTION, answering("169.254.169.254")),
    });
    expect(sent).toBe(0);
    expect(result).toMatchObject({ ok: false, code: "bot/connection_error" });
    expect(result.ok ? "" : result.detail).toMatch(/not sent: bot\.example\.com resolves to 169\.254\.169\.254, a link-local address/);
  });
});

describe("wildcard DNS services are refused by name", () => {
  it.each(["http://169.254.169.254.nip.io/", "http://127.0.0.1.sslip.io:8787", "http://10.0.0.1.xip.io", "http://app.localtest.me", "http://lvh.me", "http://x.vcap.me", "http://a-b.traefik.me"])(
    "%s",
    (url) => {
      const checked = checkBotUrl(url, PRODUCTION);
      expect(checked).toMatchObject({ ok: false, kind: "not_allowed" });
      expect(checked.ok ? "" : checked.detail).toMatch(/wildcard DNS service/);
    },
  );
});
