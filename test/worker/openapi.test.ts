/**
 * The OpenAPI document: the committed openapi/openapi.json is exactly what the Worker serves, and the
 * committed src/wire/examples.json exactly what the service's own functions compute (run `npm run
 * openapi` after changing a route or what an example shows); every route of the app is in the
 * document, and every operation, error and schema carries examples. test/core/openapi-lint.test.ts
 * lints the committed file.
 */
import { describe, expect, it } from "vitest";
import committed from "../../openapi/openapi.json" with { type: "json" };
import { computeExamples } from "../../scripts/examples.ts";
import committedExamples from "../../src/wire/examples.json" with { type: "json" };
import { createApp } from "../../src/http/app.ts";
import { PROBLEM_CODES } from "../../src/wire/problems.ts";
import { BUILT_IN_BOT_INFO_ALIAS } from "../../src/http/routes/built-in-bots.ts";
import { PAGE_ONLY_PATHS } from "../../src/pages/routes.ts";
import { isId } from "../../src/match/index.ts";
import { json200, request } from "./http.ts";

// biome-ignore lint/suspicious/noExplicitAny: the test walks the spec as arbitrary JSON
type Json = Record<string, any>;

describe("openapi.json", () => {
  it("is the committed openapi/openapi.json (regenerate with npm run openapi)", async () => {
    const served = await json200(request("/openapi.json"));
    expect(served).toEqual(committed);
  });

  it("shows the committed computed examples, which are what the service computes (regenerate with npm run openapi)", async () => {
    expect(committedExamples).toEqual(await computeExamples());
  });

  it("gives ids in its examples that are ids (26 characters of a-z and 2-7), so that a client that checks them, or tries them, gets what the spec shows", () => {
    const text = JSON.stringify(committed);
    const idLike = [...new Set(text.match(/(?<![A-Za-z0-9_-])[a-z0-9]{26}(?![A-Za-z0-9_])/g) ?? [])].filter((word) => /[0-9]/.test(word));
    expect(idLike.length).toBeGreaterThan(3);
    expect(idLike.filter((id) => !isId(id))).toEqual([]);
  });

  const spec = committed as Json;
  const operations = Object.entries(spec.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })),
  );
  const schemas = spec.components.schemas as Json;
  const resolve = (schema: Json): Json => (schema.$ref ? schemas[schema.$ref.split("/").pop()] : schema);
  const resolveParameter = (parameter: Json): Json => (parameter.$ref ? spec.components.parameters[parameter.$ref.split("/").pop()] : parameter);

  it("is OpenAPI 3.1 with info, servers and tags", () => {
    expect(spec.openapi).toBe("3.1.0");
    expect(spec.info).toMatchObject({ title: expect.any(String), version: expect.any(String), description: expect.any(String) });
    expect(spec.servers.length).toBeGreaterThan(0);
    const tags = spec.tags.map((tag: Json) => tag.name);
    for (const { operation } of operations) for (const tag of operation.tags) expect(tags).toContain(tag);
  });

  it("describes every route the app serves, and nothing else", () => {
    const served = createApp()
      // Web pages (src/pages) are routes for browsers, deliberately not in the API's description.
      .routes.filter((route) => route.method !== "ALL" && !PAGE_ONLY_PATHS.includes(route.path))
      .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, "{$1}")}`)
      // The built-in bots' `GET {botUrl}/`, the protocol's path for the documented GET /bots/{name}.
      .filter((route) => route !== `get ${BUILT_IN_BOT_INFO_ALIAS}`);
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...new Set(served)].sort());
  });

  it("gives every operation an id, a summary, a description, a success example and problem responses", () => {
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toBeTruthy();
      expect(operation.summary, where).toBeTruthy();
      expect(operation.description, where).toBeTruthy();
      const [success, ...rest] = Object.entries(operation.responses as Json);
      // 200, or 201 for a creation; 101 (no body) only for the WebSocket upgrade.
      expect(path.endsWith("/ws") ? ["101"] : ["200", "201"], where).toContain(success[0]);
      for (const media of Object.values((success[1].content ?? {}) as Json)) {
        const schema = resolve(media.schema);
        expect(media.example ?? media.examples ?? schema.example, `${where} ${success[0]}`).toBeDefined();
      }
      expect(rest.length, where).toBeGreaterThan(0);
      for (const [status, response] of rest) {
        // 202: an answer still being computed (a match's review), to ask for again after Retry-After.
        if (status === "202") {
          expect(response.headers?.["Retry-After"], where).toBeDefined();
          expect(response.content["application/json"].example, where).toBeDefined();
          continue;
        }
        expect(Number(status), where).toBeGreaterThanOrEqual(400);
        const media = response.content["application/problem+json"];
        expect(media.schema, `${where} ${status}`).toEqual({ $ref: "#/components/schemas/Problem" });
        const examples = Object.values(media.examples as Json);
        expect(examples.length, `${where} ${status}`).toBeGreaterThan(0);
        for (const example of examples) {
          expect(example.value.status).toBe(Number(status));
          expect(PROBLEM_CODES).toContain(example.value.code);
        }
      }
      for (const parameter of ((operation.parameters ?? []) as Json[]).map(resolveParameter)) {
        expect(parameter.description, `${where} ${parameter.name}`).toBeTruthy();
        // An optional one may show none: its example is what a first try sends (the test below).
        if (parameter.required) expect(parameter.example ?? parameter.schema.example ?? resolve(parameter.schema).example, `${where} ${parameter.name}`).toBeDefined();
      }
      if (operation.requestBody) {
        for (const media of Object.values(operation.requestBody.content as Json)) expect(Object.keys(media.examples).length, where).toBeGreaterThan(0);
      }
    }
  });

  it("fills optional query parameters, in its examples, with what the service does without them (the reference's Test Request sends them)", async () => {
    const exampleOf = (parameter: Json) => parameter.example ?? parameter.schema?.example ?? resolve(parameter.schema ?? {}).example;
    const text = (value: unknown) => (Array.isArray(value) ? value.join(",") : String(value));
    const tried: string[] = [];
    const differing: string[] = [];
    for (const { path, method, operation } of operations) {
      if (method !== "get") continue;
      const parameters = ((operation.parameters ?? []) as Json[]).map(resolveParameter);
      const optional = parameters.filter((parameter) => parameter.in === "query" && !parameter.required && exampleOf(parameter) !== undefined);
      if (optional.length === 0) continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(exampleOf(parameters.find((parameter) => parameter.name === name) ?? {}))));
      const required = parameters.filter((parameter) => parameter.in === "query" && parameter.required).map((parameter) => [parameter.name, text(exampleOf(parameter))]);
      const bare = new URLSearchParams(required);
      const filled = new URLSearchParams([...required, ...optional.map((parameter) => [parameter.name, text(exampleOf(parameter))])]);
      const answer = async (query: URLSearchParams) => {
        const response = await request(`${url}?${query}`);
        return { status: response.status, pure: response.headers.has("ETag"), body: (await response.text()).replace(/"requestId":"[^"]*"/, "") };
      };
      const [bareAnswer, filledAnswer] = [await answer(bare), await answer(filled)];
      // A pure answer (a strong ETag: the rules, the engine's values) must be the same; one drawn at
      // random (a suggested move without a seed, a puzzle near a rating) the same status.
      const same = bareAnswer.pure ? JSON.stringify(filledAnswer) === JSON.stringify(bareAnswer) : filledAnswer.status === bareAnswer.status;
      if (!same) differing.push(`${path}?${filled} (${filledAnswer.status}, without: ${bareAnswer.status})`);
      tried.push(path);
    }
    expect(differing).toEqual([]);
    expect(tried).toContain("/v1/check-win");
  });

  it("gives every named schema an example, and every property a description or a named type", () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(schema.example, name).toBeDefined();
      for (const [property, value] of Object.entries((schema.properties ?? {}) as Json)) {
        const described = value.description ?? value.$ref ?? value.example ?? value.items?.$ref ?? value.allOf?.[0]?.$ref;
        expect(described, `${name}.${property}`).toBeDefined();
      }
    }
  });

  it("lists the 422 problems of the rules endpoints, including every position code", () => {
    for (const path of ["/v1/validate-move", "/v1/check-win"]) {
      for (const method of ["get", "post"]) {
        const codes = Object.values(spec.paths[path][method].responses["422"].content["application/problem+json"].examples as Json).map(
          (example) => example.value.code,
        );
        expect(codes).toEqual(expect.arrayContaining(["request/invalid", "position/wrong_length", "position/bad_character", "position/duplicate_piece"]));
      }
      // 429: the auth-failures policy refuses a request that carries a token on every operation.
      expect(Object.keys(spec.paths[path].post.responses)).toEqual(["200", "400", "413", "415", "422", "429", "500"]);
    }
  });
});
