/**
 * The outbound policy through `POST /v1/bots`: a deployment (this project's test config, like
 * wrangler.toml, has ALLOW_PRIVATE_BOT_URLS "false") refuses internal and obfuscated hosts and the
 * service itself before any network call, refuses control characters, stores the normalized URL; with
 * ALLOW_PRIVATE_BOT_URLS "true" (npm start) a bot on 127.0.0.1 registers and failures are explained.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/http/app.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, ORIGIN, postJson, request } from "./http.ts";

const fresh = (base: string) => `${base}-${crypto.randomUUID().slice(0, 8)}`;

let fleet: Fleet | null = null;
afterEach(() => {
  fleet?.restore();
  fleet = null;
  vi.restoreAllMocks();
});

/** Records every outbound fetch (and answers none of them). */
function recordFetches(): string[] {
  const seen: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init).url);
    throw new TypeError("Network connection lost.");
  });
  return seen;
}

async function registeredUrls(): Promise<string[]> {
  const list = await json200<{ bots: { url: string }[] }>(request("/v1/bots?limit=200"));
  return list.bots.map((bot) => bot.url);
}

describe("a deployment refuses internal hosts before calling them", () => {
  const internal = [
    "http://169.254.169.254/latest/meta-data",
    "http://127.0.0.1:9001",
    "http://localhost:9001",
    "http://0.0.0.0:8787",
    "http://2130706433",
    "http://0x7f.0.0.1",
    "http://0177.0.0.1:80",
    "http://127.1",
    "http://10.0.0.5",
    "http://192.168.1.1",
    "http://100.64.0.1",
    "http://[::1]",
    "http://[::ffff:169.254.169.254]",
    "http://[fd00::1]",
    "http://[fe80::1]",
    "http://metadata.google.internal",
    "http://intranet",
    `${ORIGIN}/bots/easy`,
  ];

  it.each(internal)("%s: 422 registry/url_not_allowed, nothing fetched", async (url) => {
    const seen = recordFetches();
    const problem = await expectProblem(postJson("/v1/bots", { name: fresh("probe"), url }), "registry/url_not_allowed");
    expect(problem.errors).toEqual([{ path: ["url"], message: problem.detail }]);
    expect(problem.detail).toMatch(/this service only calls bots on public hosts$/);
    expect(seen).toEqual([]);
  });

  it("refuses CR, LF, NUL and tabs (never stored), before any call", async () => {
    const seen = recordFetches();
    for (const url of ["http://alice.bots.test/\r\nX-Evil: 1", "http://alice.bots.test/a\nb", "http://alice.bots.test/\u0000", "http://alice.bots\t.test"]) {
      const problem = await expectProblem(postJson("/v1/bots", { name: fresh("ctl"), url }), "registry/bad_url");
      expect(problem.detail).toMatch(/spaces or control characters/);
    }
    expect(seen).toEqual([]);
    vi.restoreAllMocks();
    expect((await registeredUrls()).filter((url) => [...url].some((char) => char.charCodeAt(0) < 0x20))).toEqual([]);
  });

  it("stores and calls the normalized URL", async () => {
    fleet = installFleet({ alice: goodBot() });
    const response = await postJson("/v1/bots", { name: fresh("norm"), url: "HTTP://Alice.Bots.Test:80/./x/../" });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(((await response.json()) as { url: string }).url).toBe("http://alice.bots.test/");
    expect(fleet.calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /"]);
    expect(await registeredUrls()).toContain("http://alice.bots.test/");
  });
});

describe("with ALLOW_PRIVATE_BOT_URLS (npm start)", () => {
  const app = createApp();
  const devEnv = { ...env, ALLOW_PRIVATE_BOT_URLS: "true" };

  async function devPost(body: unknown): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(`${ORIGIN}/v1/bots`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
      devEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("registers a bot on 127.0.0.1, stored normalized", async () => {
    const seen: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init).url);
      return Response.json({ name: "local", author: "tests" });
    });
    const response = await devPost({ name: fresh("local"), url: "http://2130706433:9001" });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(((await response.json()) as { url: string }).url).toBe("http://127.0.0.1:9001/");
    expect(seen).toEqual(["http://127.0.0.1:9001/"]);
  });

  it("says what a local bot did wrong, and still refuses control characters", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("boom", { status: 500 }));
    const failed = await expectProblem(devPost({ name: fresh("local"), url: "http://127.0.0.1:9002" }), "registry/health_check_failed");
    expect(failed.detail).toMatch(/bot\/http_status: GET \/ answered 500/);
    await expectProblem(devPost({ name: fresh("local"), url: "http://127.0.0.1:9002/\r\n" }), "registry/bad_url");
  });
});
