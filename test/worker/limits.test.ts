/**
 * Bounded use. Rate limits: the test config raises wrangler.toml's limits out of the way, so each test
 * here puts TIGHT_RATE_LIMIT (a real rate limit binding of 3 a minute, see vitest.config.ts) in place
 * of one policy's binding and calls the app with that environment; a fresh client address per test
 * keeps the counts apart. WebSockets: a message over 4 KiB is refused unread; a socket that sends
 * faster than its allowance has the rest dropped unanswered, and is closed (1008) past a bound; a
 * socket that asks for more answers than it could be reading is closed too.
 */
import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app.ts";
import type { LIMIT_POLICIES, RateLimitBinding } from "../../src/wire/rate-limits.ts";
import { SOCKET_MAX_GUESSES } from "../../src/objects/match-sockets.ts";
import { MAX_SOCKET_MESSAGE_BYTES, POLICY_VIOLATION, SOCKET_ANSWER_BYTES, SOCKET_BURST, SOCKET_MAX_DROPPED } from "../../src/wire/socket-allowance.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import examples from "../../src/wire/examples.json" with { type: "json" };
import { expectProblem, ORIGIN } from "./http.ts";
import { createMatch } from "./match-client.ts";

const TIGHT = 3;
const tight = (env as unknown as { TIGHT_RATE_LIMIT: RateLimit }).TIGHT_RATE_LIMIT;
const app = createApp();

/** A client address no other test uses (an IPv6 client is counted by its /64: a random one). */
const newClient = () => {
  const [a, b] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8:${a.toString(16)}:${b.toString(16)}::1`;
};

/** POSTs `body` to `path` as `client`, with `binding` replaced by the tight limit. */
async function post(binding: RateLimitBinding, client: string, path: string, body: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(`${ORIGIN}${path}`, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": client }, body: JSON.stringify(body) }),
    { ...env, [binding]: tight },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** GETs `path` as `client`, with `binding` replaced by the tight limit. */
async function get(binding: RateLimitBinding, client: string, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { "CF-Connecting-IP": client } }), { ...env, [binding]: tight }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Counts are per clock-aligned minute: a burst that could straddle two windows waits for the next one. */
async function startOfWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Checks a 429: the problem, Retry-After, and the RateLimit fields of the exhausted policy. */
async function expectLimited(response: Response, policy: keyof typeof LIMIT_POLICIES, counted: string): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers.get("RateLimit")).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(response.headers.get("RateLimit-Policy")).toBe(counted);
  const problem = await expectProblem(response, "request/rate_limited");
  expect(problem.detail).toMatch(new RegExp(`\\(policy ${policy}\\); retry in ${retryAfter} s$`));
}

let fleet: Fleet | null = null;
afterEach(() => {
  fleet?.restore();
  fleet = null;
});

describe("per-client quotas: 429 with Retry-After and RateLimit fields", () => {
  it("bot registrations: every attempt counts, refused ones included; another client is not affected", async () => {
    await startOfWindow();
    const client = newClient();
    for (let attempt = 0; attempt < TIGHT; attempt++) {
      // A URL the policy refuses: counted, then refused, and nothing is fetched.
      await expectProblem(post("BOTS_RATE_LIMIT", client, "/v1/bots", { name: `q${attempt}`, url: "http://127.0.0.1:9001" }), "registry/url_not_allowed");
    }
    await expectLimited(await post("BOTS_RATE_LIMIT", client, "/v1/bots", { name: "q9", url: "http://127.0.0.1:9001" }), "bots", `"bots";q=10;w=60`);
    await expectProblem(post("BOTS_RATE_LIMIT", newClient(), "/v1/bots", { name: "q9", url: "http://127.0.0.1:9001" }), "registry/url_not_allowed");
  });

  it("a registration let through carries RateLimit-Policy", async () => {
    fleet = installFleet({ alice: goodBot() });
    const response = await post("BOTS_RATE_LIMIT", newClient(), "/v1/bots", { name: `limited-${crypto.randomUUID().slice(0, 8)}`, url: fleet.url("alice") });
    expect(response.status).toBe(201);
    expect(response.headers.get("RateLimit-Policy")).toBe(`"bots";q=10;w=60`);
  });

  it("scripts of other origins may read the RateLimit fields", async () => {
    const response = await exports.default.fetch(`${ORIGIN}/v1/matches`, { method: "POST", headers: { Origin: "https://a.site" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("RateLimit-Policy")).toBe(`"matches";q=60;w=60`);
    const exposed = (response.headers.get("access-control-expose-headers") ?? "").split(",").map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(["ratelimit", "ratelimit-policy", "retry-after"]));
  });

  it("connected bots' streams and long polls: every connect counts, refused ones included", async () => {
    await startOfWindow();
    const client = newClient();
    const connect = (who: string) => get("BOT_CONNECTIONS_RATE_LIMIT", who, "/v1/bots/b4n6xr2mq7tz3kc5vj3wd2hp6e/events?wait=1");
    for (let attempt = 0; attempt < TIGHT; attempt++) await expectProblem(connect(client), "registry/token_required");
    await expectLimited(await connect(client), "bot-connections", `"bot-connections";q=300;w=60`);
    await expectProblem(connect(newClient()), "registry/token_required");
  });

  it("moves on puzzles: every move counts, a position off the puzzle's line included", async () => {
    await startOfWindow();
    const client = newClient();
    const offLine = { position: "EF52C67B3.8A9.0D1", move: "b4" };
    for (let attempt = 0; attempt < TIGHT; attempt++) expect((await post("PUZZLES_RATE_LIMIT", client, "/v1/puzzles/26gxpcjsvcwe/moves", offLine)).status).toBe(422);
    await expectLimited(await post("PUZZLES_RATE_LIMIT", client, "/v1/puzzles/26gxpcjsvcwe/moves", offLine), "puzzles", `"puzzles";q=60;w=60`);
  });

  it("new matches", async () => {
    await startOfWindow();
    const client = newClient();
    for (let attempt = 0; attempt < TIGHT; attempt++) expect((await post("MATCHES_RATE_LIMIT", client, "/v1/matches", {})).status).toBe(201);
    await expectLimited(await post("MATCHES_RATE_LIMIT", client, "/v1/matches", {}), "matches", `"matches";q=60;w=60`);
  });

  it("new tournaments: refused requests count too", async () => {
    await startOfWindow();
    const client = newClient();
    const tooSlow = { bots: ["random", "easy"], clock: { kind: "move", moveMs: 120_000 } };
    for (let attempt = 0; attempt < TIGHT; attempt++) await expectProblem(post("TOURNAMENTS_RATE_LIMIT", client, "/v1/tournaments", tooSlow), "request/invalid");
    await expectLimited(await post("TOURNAMENTS_RATE_LIMIT", client, "/v1/tournaments", tooSlow), "tournaments", `"tournaments";q=5;w=60`);
  });

  it("engine work is weighted by budget: only searches over the default budget count against engine-large", async () => {
    await startOfWindow();
    const client = newClient();
    const position = "..5.A...D3EF90.67";
    const defaultNodes = Number(env.ENGINE_DEFAULT_NODES);
    // Searches at the default budget (or below) never reach engine-large's count.
    for (let search = 0; search < TIGHT + 2; search++) {
      const response = await post("ENGINE_LARGE_RATE_LIMIT", client, "/v1/evaluate", { position, maxNodes: defaultNodes });
      expect(response.status).toBe(200);
      expect(response.headers.get("RateLimit-Policy")).toBe(`"engine";q=300;w=60`);
    }
    for (let search = 0; search < TIGHT; search++) {
      const response = await post("ENGINE_LARGE_RATE_LIMIT", client, "/v1/evaluate", { position, maxNodes: defaultNodes + 1 });
      expect(response.status).toBe(200);
      expect(response.headers.get("RateLimit-Policy")).toBe(`"engine";q=300;w=60, "engine-large";q=10;w=60`);
    }
    const over = await post("ENGINE_LARGE_RATE_LIMIT", client, "/v1/suggest-move", { position, maxNodes: defaultNodes * 2 });
    await expectLimited(over, "engine-large", `"engine";q=300;w=60, "engine-large";q=10;w=60`);
    // The same client may still search within the default budget.
    expect((await post("ENGINE_LARGE_RATE_LIMIT", client, "/v1/suggest-move", { position })).status).toBe(200);
  });

  it("every search counts against engine, the built-in bots' moves included; the client's /64 is one client", async () => {
    await startOfWindow();
    const client = newClient();
    const neighbour = client.replace(/::1$/, "::beef");
    const position = "..5.A...D3EF90.67";
    expect((await post("ENGINE_RATE_LIMIT", client, "/v1/suggest-move", { position, level: "easy" })).status).toBe(200);
    expect((await post("ENGINE_RATE_LIMIT", neighbour, "/bots/easy/move", examples.bots.moveRequest)).status).toBe(200);
    expect((await post("ENGINE_RATE_LIMIT", client, "/v1/evaluate", { position })).status).toBe(200);
    await expectLimited(await post("ENGINE_RATE_LIMIT", neighbour, "/bots/easy/move", examples.bots.moveRequest), "engine", `"engine";q=300;w=60`);
    await expectLimited(await post("ENGINE_RATE_LIMIT", client, "/v1/evaluate", { position }), "engine", `"engine";q=300;w=60`);
  });
});

// ---- WebSockets ----

interface SocketMessage {
  type: string;
  id?: unknown;
  problem?: { code: string; detail: string };
}

async function spectate(
  matchId: string,
): Promise<{ socket: WebSocket; messages: SocketMessage[]; until: (count: number) => Promise<void>; closed: Promise<{ code: number; reason: string }> }> {
  const response = await exports.default.fetch(`${ORIGIN}/v1/matches/${matchId}/ws`, { headers: { Upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket as WebSocket;
  socket.accept();
  const messages: SocketMessage[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(event.data as string) as SocketMessage);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })));
  const until = async (count: number) => {
    for (let waited = 0; messages.length < count; waited += 10) {
      if (waited > 5000) throw new Error(`${messages.length} of ${count} messages came`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await until(1); // the state on connect
  return { socket, messages, until, closed };
}

describe("WebSocket messages", () => {
  it(`a message over ${MAX_SOCKET_MESSAGE_BYTES} bytes is refused unread; the socket goes on`, async () => {
    const { id } = await createMatch();
    const { socket, messages, until } = await spectate(id);
    // Not JSON at all: were it read, the answer would be request/malformed_json.
    socket.send("x".repeat(MAX_SOCKET_MESSAGE_BYTES + 1));
    // Multi-byte characters count as bytes: 1500 of them are 4500 bytes.
    socket.send(JSON.stringify({ type: "state", id: "\u20ac".repeat(1500) }));
    socket.send(JSON.stringify({ type: "state", id: "small" }));
    await until(4);
    expect(messages[1]).toMatchObject({ type: "error", id: null, problem: { code: "request/too_large" } });
    expect(messages[2]).toMatchObject({ type: "error", id: null, problem: { code: "request/too_large" } });
    expect(messages[3]).toMatchObject({ type: "state", id: "small" });
    socket.close();
  });

  it("a socket that floods has what is over its allowance dropped unanswered, then is closed (1008)", async () => {
    const { id } = await createMatch();
    const { socket, messages, closed } = await spectate(id);
    const sent = SOCKET_BURST + SOCKET_MAX_DROPPED + 200;
    for (let index = 0; index < sent; index++) socket.send(JSON.stringify({ type: "state", id: index }));
    const close = await closed;
    expect(close.code).toBe(POLICY_VIOLATION);
    const answers = messages.slice(1);
    // The burst is answered (and at most a few more refilled while the messages arrive); the rest get nothing.
    expect(answers.every((message) => message.type === "state")).toBe(true);
    expect(answers.length).toBeGreaterThanOrEqual(SOCKET_BURST);
    expect(answers.length).toBeLessThan(SOCKET_BURST + 10);
    expect(answers.slice(0, SOCKET_BURST).map((message) => message.id)).toEqual([...Array(SOCKET_BURST).keys()]);
  });

  it("a socket that asks for more answers than it could be reading is closed (1008) before its backlog grows", async () => {
    const { id } = await createMatch();
    const { socket, messages, closed } = await spectate(id);
    // Each answer echoes a 3,900-character id with the state: the burst asks for more than SOCKET_ANSWER_BYTES.
    const big = "i".repeat(3900);
    for (let index = 0; index < SOCKET_BURST; index++) socket.send(JSON.stringify({ type: "state", id: `${index}${big}` }));
    const close = await closed;
    expect(close.code).toBe(POLICY_VIOLATION);
    const answeredBytes = messages.slice(1).reduce((sum, message) => sum + JSON.stringify(message).length, 0);
    expect(answeredBytes).toBeLessThanOrEqual(SOCKET_ANSWER_BYTES);
    expect(messages.length - 1).toBeLessThan(SOCKET_BURST);
  });

  it(`a socket that sends ${SOCKET_MAX_GUESSES} wrong tokens is closed (1008); the guesses before are answered not_a_player`, async () => {
    const { id } = await createMatch();
    const { socket, messages, closed } = await spectate(id);
    for (let guess = 0; guess < SOCKET_MAX_GUESSES + 3; guess++) socket.send(JSON.stringify({ type: "auth", token: `guess-${guess}`, id: guess }));
    const close = await closed;
    expect(close.code).toBe(POLICY_VIOLATION);
    const codes = messages.slice(1).map((message) => message.problem?.code);
    expect(codes).toEqual([...Array(SOCKET_MAX_GUESSES - 1).fill("match/not_a_player"), "request/rate_limited"]);
  });

  it("a socket within its allowance is answered and stays open", async () => {
    const { id } = await createMatch();
    const { socket, messages, until } = await spectate(id);
    for (let index = 0; index < 5; index++) socket.send(JSON.stringify({ type: "state", id: index }));
    await until(6);
    expect(messages.slice(1).map((message) => message.id)).toEqual([0, 1, 2, 3, 4]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});
