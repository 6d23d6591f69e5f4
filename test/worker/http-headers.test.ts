/**
 * Headers every client sees: a request id on every answer (the client's own echoed when usable, a new
 * one otherwise; the same id in problem documents), CORS that exposes Location and the request id and
 * answers a preflight with the methods its path serves, and the API reference page: served with a CSP
 * of this origin only, loading its renderer from the Worker's static assets.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DOCS_ASSETS } from "../../src/http/routes/docs.ts";
import { expectProblem, ORIGIN, postJson, request } from "./http.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("X-Request-Id", () => {
  it("is on every answer: successes, problems, 404s, 405s, preflights, pages, WebSocket refusals", async () => {
    const answers = [
      await request("/healthz"),
      await request("/nowhere"),
      await request("/v1/check-win", { method: "DELETE" }),
      await request("/v1/check-win", { method: "OPTIONS", headers: { Origin: "https://a.site", "Access-Control-Request-Method": "POST" } }),
      await request("/analyze", { headers: { Accept: "text/html" } }),
      await request("/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa/ws"),
      await postJson("/v1/check-win", { position: "?" }),
    ];
    const ids = answers.map((response) => response.headers.get("x-request-id") ?? "");
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echoes a usable client id; replaces an unusable one", async () => {
    expect((await request("/healthz", { headers: { "X-Request-Id": "client-42/abc" } })).headers.get("x-request-id")).toBe("client-42/abc");
    for (const unusable of ["has space", "x".repeat(201)]) {
      expect((await request("/healthz", { headers: { "X-Request-Id": unusable } })).headers.get("x-request-id")).toMatch(UUID);
    }
  });

  it("is repeated in problem documents as requestId, next to instance", async () => {
    const response = await postJson("/v1/check-win", { position: "?" }, { "X-Request-Id": "trace-7" });
    const problem = (await expectProblem(response, "position/wrong_length")) as { requestId?: string; instance?: string };
    expect(problem).toMatchObject({ requestId: "trace-7", instance: "/v1/check-win" });
    const missing = await request("/nowhere");
    const notFound = (await expectProblem(missing, "request/not_found")) as { requestId?: string };
    expect(notFound.requestId).toBe(missing.headers.get("x-request-id"));
  });
});

describe("CORS", () => {
  it("exposes Location, ETag, Retry-After and the request id to scripts of other origins", async () => {
    const response = await postJson("/v1/matches", {}, { Origin: "https://a.site" });
    expect(response.status).toBe(201);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = (response.headers.get("access-control-expose-headers") ?? "").split(",").map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(["location", "x-request-id", "etag", "retry-after", "allow", "idempotent-replayed"]));
  });

  it.each([
    ["/v1/validate-move", "GET,HEAD,POST,OPTIONS"],
    ["/v1/matches", "POST,OPTIONS"],
    ["/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa", "GET,HEAD,OPTIONS"],
    ["/v1/bots/b4n6xr2mq7tz3kc5vj3wd2hp6e", "GET,HEAD,PATCH,DELETE,OPTIONS"],
    ["/healthz", "GET,HEAD,OPTIONS"],
  ])("a preflight for %s lists only %s", async (path, methods) => {
    const response = await request(path, {
      method: "OPTIONS",
      headers: { Origin: "https://a.site", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,idempotency-key" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe(methods);
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type,idempotency-key");
  });

  it("a preflight for a path nothing serves allows no method", async () => {
    const response = await request("/nowhere", { method: "OPTIONS", headers: { Origin: "https://a.site", "Access-Control-Request-Method": "GET" } });
    expect(response.headers.get("access-control-allow-methods")).toBeNull();
  });
});

describe("the API reference, offline", () => {
  it("is served with a CSP of this origin only, and loads its scripts from this origin", async () => {
    const response = await request("/docs");
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/https?:|\*/);
    const html = await response.text();
    const sources = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual([DOCS_ASSETS.renderer, DOCS_ASSETS.start]);
    expect(html).not.toMatch(/<script>|https?:\/\//);
    expect(JSON.parse(html.match(/data-configuration="([^"]+)"/)?.[1].replaceAll("&quot;", '"') ?? "{}")).toMatchObject({
      url: "/openapi.json",
      withDefaultFonts: false,
    });
  });

  it("its scripts are the Worker's static assets: Scalar's standalone bundle and the script that starts it", async () => {
    const renderer = await env.ASSETS.fetch(`${ORIGIN}${DOCS_ASSETS.renderer}`);
    expect(renderer.status).toBe(200);
    expect(renderer.headers.get("content-type")).toMatch(/javascript/);
    const bundle = await renderer.text();
    expect(bundle.startsWith("/*! @scalar/api-reference ")).toBe(true);
    expect(bundle).toContain("createApiReference");
    expect(bundle).not.toContain("sourceMappingURL");
    const start = await (await env.ASSETS.fetch(`${ORIGIN}${DOCS_ASSETS.start}`)).text();
    expect(start).toContain("Scalar.createApiReference");
    expect(start).toContain("dataset.configuration");
  });
});

describe("X-Content-Type-Options", () => {
  it("is nosniff on every answer: JSON, problems, 404s, text records, the spec", async () => {
    const answers = [
      await request("/healthz"),
      await request("/v1/validate-move?position=................0&move=a1-1"),
      await request("/nowhere"),
      await postJson("/v1/check-win", { position: "nonsense" }),
      await request("/openapi.json"),
    ];
    for (const answer of answers) expect(answer.headers.get("X-Content-Type-Options"), answer.url).toBe("nosniff");
  });
});
