/**
 * The HTTP layer around the routes: the meta endpoints, each class of client error as a problem
 * document (400, 404, 405, 413, 415, 422), CORS, and a genuine bug as a 500 that leaks nothing.
 */
import { describe, expect, it, vi } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { BODY_LIMIT_BYTES, createApp } from "../../src/http/app.ts";
import { PROBLEM_CODES, PROBLEMS } from "../../src/wire/problems.ts";
import { MOVE_ERROR_CODES, POSITION_ERROR_CODES } from "../../src/rules/index.ts";
import { expectProblem, json200, postJson, problemOf, request } from "./http.ts";

describe("meta endpoints", () => {
  it("GET / names the service and links to its parts, each of which exists", async () => {
    const body = await json200<{ name: string; version: string; links: Record<string, string> }>(request("/"));
    expect(body).toMatchObject({ name: packageJson.name, version: packageJson.version });
    expect(Object.values(body.links)).toEqual(expect.arrayContaining(["/docs", "/openapi.json", "/v1/validate-move", "/v1/check-win"]));
    for (const link of Object.values(body.links)) expect((await request(link)).status, link).not.toBe(404);
  });

  it("GET /healthz", async () => {
    expect(await json200(request("/healthz"))).toEqual({ status: "ok" });
  });

  it("GET /docs serves the reference page for /openapi.json", async () => {
    const response = await request("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("/openapi.json");
    expect(html).toContain('<script src="/docs/scalar-api-reference.js"></script>');
  });

  it("GET /problems lists every code of the table, and each type URI resolves", async () => {
    const body = await json200<{ problems: { code: string; type: string; status: number }[] }>(request("/problems"));
    expect(body.problems.map((entry) => entry.code)).toEqual(PROBLEM_CODES);
    for (const entry of body.problems) {
      expect(await json200(request(entry.type))).toMatchObject({ code: entry.code, status: PROBLEMS[entry.code as keyof typeof PROBLEMS].status });
    }
    await expectProblem(request("/problems/position/no_such_thing"), "request/not_found");
  });

  it("the problem table covers every error code of the rules core", () => {
    for (const code of [...POSITION_ERROR_CODES, ...MOVE_ERROR_CODES]) expect(PROBLEM_CODES).toContain(code);
  });

  it("HEAD is served wherever GET is, without a body", async () => {
    const response = await request("/healthz", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("client errors are problem documents", () => {
  it("400 for malformed JSON", async () => {
    const response = request("/v1/check-win", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"position":' });
    expect((await expectProblem(response, "request/malformed_json")).instance).toBe("/v1/check-win");
  });

  it("400 for an empty JSON body", async () => {
    await expectProblem(request("/v1/validate-move", { method: "POST", headers: { "Content-Type": "application/json" }, body: "" }), "request/malformed_json");
  });

  it("404 for an unknown route", async () => {
    const problem = await expectProblem(request("/v2/check-win"), "request/not_found");
    expect(problem.detail).toContain("GET /v2/check-win");
    await expectProblem(request("/v1/check-win/extra", { method: "POST" }), "request/not_found");
  });

  it.each([
    ["DELETE", "/v1/check-win", "GET, HEAD, POST, OPTIONS"],
    ["PUT", "/v1/validate-move", "GET, HEAD, POST, OPTIONS"],
    ["POST", "/healthz", "GET, HEAD, OPTIONS"],
    ["PATCH", "/problems/position/bad_character", "GET, HEAD, OPTIONS"],
  ])("405 for %s %s, with Allow", async (method, path, allow) => {
    const response = await request(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect((await expectProblem(response, "request/method_not_allowed")).detail).toContain(allow);
  });

  it("413 for a body over the limit, whether its length is declared or streamed", async () => {
    const big = JSON.stringify({ position: "x".repeat(BODY_LIMIT_BYTES) });
    await expectProblem(postJson("/v1/check-win", JSON.parse(big)), "request/too_large");
    const stream = new Blob([big]).stream();
    const streamed = request("/v1/check-win", { method: "POST", headers: { "Content-Type": "application/json" }, body: stream });
    await expectProblem(streamed, "request/too_large");
  });

  it("a body just under the limit is read", async () => {
    const padding = " ".repeat(BODY_LIMIT_BYTES - 40);
    const body = `{"position":"................."${padding}}`;
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
    expect(await json200(request("/v1/check-win", { method: "POST", headers: { "Content-Type": "application/json" }, body }))).toMatchObject({ status: "ongoing" });
  });

  it.each([
    ["text/plain", '{"position":"................."}'],
    ["application/x-www-form-urlencoded", "position=................."],
    ["application/xml", "<position/>"],
  ])("415 for a %s body", async (type, body) => {
    const problem = await expectProblem(request("/v1/check-win", { method: "POST", headers: { "Content-Type": type }, body }), "request/unsupported_media_type");
    expect(problem.detail).toContain("application/json");
  });

  it("accepts JSON with a charset parameter", async () => {
    const response = request("/v1/check-win", { method: "POST", headers: { "Content-Type": "application/json; charset=utf-8" }, body: '{"position":"................."}' });
    expect(await json200(response)).toMatchObject({ status: "ongoing" });
  });

  it("422 for a POST without any body", async () => {
    const problem = await expectProblem(request("/v1/check-win", { method: "POST" }), "request/invalid");
    expect(problem.errors?.map((error) => error.path)).toEqual([["position"]]);
  });
});

describe("CORS is open", () => {
  it("answers a preflight for any origin", async () => {
    const response = await request("/v1/validate-move", {
      method: "OPTIONS",
      headers: { Origin: "https://some.site", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type");
  });

  it("marks successes and problems alike", async () => {
    const headers = { Origin: "https://some.site" };
    for (const response of [
      await request("/healthz", { headers }),
      await request("/nowhere", { headers }),
      await request("/v1/check-win", { headers, method: "DELETE" }),
      await postJson("/v1/check-win", { position: "?" }, headers),
    ]) {
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-expose-headers")).toContain("Allow");
    }
  });
});

describe("a genuine bug", () => {
  it("is a 500 problem document that does not leak the error", async () => {
    const app = createApp();
    app.get("/boom", () => {
      throw new Error("secret internals");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await app.request("/boom");
      expect(response.status).toBe(500);
      const problem = await problemOf(response);
      expect(problem.code).toBe("server/internal");
      expect(JSON.stringify(problem)).not.toContain("secret");
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
