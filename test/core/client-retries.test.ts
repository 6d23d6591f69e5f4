/**
 * The TypeScript client's retries (clients/typescript/client.ts), with a scripted `fetch` in place of
 * the service: a 429 or 503 is sent again after its Retry-After, a bounded number of times, only when
 * sending it twice is safe (GET, PUT, DELETE, or a POST with an Idempotency-Key, which the creating
 * POSTs get by default, the same key on every attempt).
 */
import { describe, expect, it } from "vitest";
import { createQuartoClient, retryAfterSeconds } from "../../clients/typescript/client.ts";

const problem = (status: number, code: string) => ({ type: `/problems/${code}`, title: code, status, code, detail: code });

interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A client whose requests are answered by `answers` in turn (the last for good); what it sent and waited. */
function scripted(answers: Scripted[], retry: { retries?: number; maxWaitS?: number } = {}) {
  const sent: { method: string; path: string; key: string | null; body: string }[] = [];
  const waits: number[] = [];
  const quarto = createQuartoClient({
    baseUrl: "http://quarto.test",
    fetch: async (request) => {
      sent.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get("Idempotency-Key"), body: await request.text() });
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      const type = answer.status >= 400 ? "application/problem+json" : "application/json";
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": type, ...answer.headers } });
    },
    retry: { ...retry, sleep: async (ms) => void waits.push(ms) },
  });
  return { quarto, sent, waits };
}

const limited = (retryAfter?: string): Scripted => ({ status: 429, headers: retryAfter === undefined ? {} : { "Retry-After": retryAfter }, body: problem(429, "request/rate_limited") });
const busy = (retryAfter?: string): Scripted => ({ status: 503, headers: retryAfter === undefined ? {} : { "Retry-After": retryAfter }, body: problem(503, "engine/busy") });

describe("the TypeScript client's retries", () => {
  it("sends a GET again after each Retry-After, and answers the first success", async () => {
    const { quarto, sent, waits } = scripted([limited("2"), busy("1"), { status: 200, body: { status: "ok" } }]);
    const { data } = await quarto.GET("/healthz");
    expect(data).toEqual({ status: "ok" });
    expect(waits).toEqual([2000, 1000]);
    expect(sent.length).toBe(3);
  });

  it("gives up after `retries` attempts, with the last refusal as the answer", async () => {
    const { quarto, sent, waits } = scripted([busy("1")], { retries: 2 });
    const { error, response } = await quarto.GET("/v1/evaluate", { params: { query: { position: "..5.A...D3EF90.67" } } });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ code: "engine/busy" });
    expect(waits).toEqual([1000, 1000]);
    expect(sent.length).toBe(3);
  });

  it("does not send a POST without an Idempotency-Key twice", async () => {
    const { quarto, sent, waits } = scripted([busy("1"), { status: 200, body: {} }]);
    const { response } = await quarto.POST("/v1/evaluate", { body: { position: "..5.A...D3EF90.67" } });
    expect(response.status).toBe(503);
    expect({ sent: sent.length, waits }).toEqual({ sent: 1, waits: [] });
  });

  it("gives a creating POST a new Idempotency-Key, and its retry the same key and body", async () => {
    const { quarto, sent, waits } = scripted([limited("3"), { status: 201, body: { id: "m" } }]);
    const { data } = await quarto.POST("/v1/matches", { body: { firstSeat: 0 } });
    expect(data).toEqual({ id: "m" });
    expect(waits).toEqual([3000]);
    expect(sent.map((request) => request.path)).toEqual(["/v1/matches", "/v1/matches"]);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual(sent[0]);
    await quarto.POST("/v1/matches", { body: {} });
    expect(sent[2].key).not.toBe(sent[0].key);
    // A key the caller sets is kept.
    await quarto.POST("/v1/tournaments", { body: { bots: ["easy", "random"] }, params: { header: { "Idempotency-Key": "mine" } } });
    expect(sent[3].key).toBe("mine");
  });

  it("retries PUT and DELETE", async () => {
    const { quarto, sent } = scripted([limited("1"), { status: 200, body: { status: "active" } }]);
    await quarto.PUT("/v1/ladder/{bot}", { params: { path: { bot: "b" } } });
    expect(sent.map((request) => request.method)).toEqual(["PUT", "PUT"]);
  });

  it("does not wait longer than maxWaitS, and backs off 1, 2, 4 s without Retry-After", async () => {
    const long = scripted([limited("120"), { status: 200, body: {} }], { maxWaitS: 60 });
    expect((await long.quarto.GET("/healthz")).response.status).toBe(429);
    expect(long.waits).toEqual([]);
    const bare = scripted([busy(), busy(), busy(), { status: 200, body: {} }]);
    expect((await bare.quarto.GET("/healthz")).response.status).toBe(200);
    expect(bare.waits).toEqual([1000, 2000, 4000]);
  });

  it("does not retry other errors, or at all with retries 0", async () => {
    const other = scripted([{ status: 422, headers: { "Retry-After": "1" }, body: problem(422, "request/invalid") }, { status: 200, body: {} }]);
    expect((await other.quarto.GET("/healthz")).response.status).toBe(422);
    expect(other.sent.length).toBe(1);
    const off = scripted([limited("1"), { status: 200, body: {} }], { retries: 0 });
    expect((await off.quarto.GET("/healthz")).response.status).toBe(429);
    expect(off.sent.length).toBe(1);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-12-06T10:00:00Z");
    expect(retryAfterSeconds("7", now)).toBe(7);
    expect(retryAfterSeconds("Sun, 06 Dec 2026 10:00:05 GMT", now)).toBe(5);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });
});
