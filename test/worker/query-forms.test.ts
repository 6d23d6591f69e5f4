/**
 * The GET and POST forms of an endpoint accept and refuse alike: the same values, sent once as query
 * text and once as JSON, get the same status, the same problem code and the same field at fault (the
 * rules options sit under `rules` in a body), and a 200 the same answer. The document agrees: each GET
 * form's parameters are its POST body's fields, with the same schemas.
 */
import { describe, expect, it } from "vitest";
import spec from "../../openapi/openapi.json" with { type: "json" };
import { EXAMPLE_ENDGAME } from "../../src/wire/example-inputs.ts";
import { postJson, type Problem, request } from "./http.ts";

const OPENING = "0A3.............5";
const TALL_ROW = `89AB${".".repeat(13)}`;

interface Case {
  name: string;
  path: string;
  /** The POST body. */
  body: Record<string, unknown>;
  /** The same request as a query string (after `?`). */
  query: string;
  status: number;
  code?: string;
}

const CASES: Case[] = [
  // validate-move
  {
    name: "a legal move",
    path: "/v1/validate-move",
    body: { position: OPENING, move: { place: "c3", give: 6 } },
    query: `position=${OPENING}&move=c3-6`,
    status: 200,
  },
  {
    name: "a winning placement under manual announce, without the claim on",
    path: "/v1/validate-move",
    body: { position: "8A9.............F", move: { place: "d1", quarto: true }, rules: { announce: "manual", missedClaim: false } },
    query: "position=8A9.............F&move=d1!&announce=manual&missedClaim=false",
    status: 200,
  },
  {
    name: "squares that is not a boolean",
    path: "/v1/validate-move",
    body: { position: OPENING, move: { place: "c3", give: 6 }, rules: { squares: "yes" } },
    query: `position=${OPENING}&move=c3-6&squares=yes`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "an unknown announce mode",
    path: "/v1/validate-move",
    body: { position: OPENING, move: { place: "c3", give: 6 }, rules: { announce: "sometimes" } },
    query: `position=${OPENING}&move=c3-6&announce=sometimes`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "a bad position character",
    path: "/v1/validate-move",
    body: { position: "0A3x............5", move: { place: "c3", give: 6 } },
    query: "position=0A3x............5&move=c3-6",
    status: 422,
    code: "position/bad_character",
  },
  // check-win
  {
    name: "a square with squares and two attributes",
    path: "/v1/check-win",
    body: { position: "89..CD...........", rules: { squares: true, attributes: ["color", "height"] } },
    query: "position=89..CD...........&squares=true&attributes=color,height",
    status: 200,
  },
  {
    name: "attributes as a repeated parameter",
    path: "/v1/check-win",
    body: { position: TALL_ROW, rules: { attributes: ["shape", "height"] } },
    query: `position=${TALL_ROW}&attributes=shape&attributes=height`,
    status: 200,
  },
  {
    name: "an unknown attribute",
    path: "/v1/check-win",
    body: { position: TALL_ROW, rules: { attributes: ["colour"] } },
    query: `position=${TALL_ROW}&attributes=colour`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "missedClaim that is a number",
    path: "/v1/check-win",
    body: { position: TALL_ROW, rules: { missedClaim: 1 } },
    query: `position=${TALL_ROW}&missedClaim=1`,
    status: 422,
    code: "request/invalid",
  },
  // evaluate
  {
    name: "a budget and both extras",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, maxNodes: 200_000, moves: true, distance: true },
    query: `position=${EXAMPLE_ENDGAME}&maxNodes=200000&moves=true&distance=true`,
    status: 200,
  },
  {
    name: "maxNodes 0",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, maxNodes: 0 },
    query: `position=${EXAMPLE_ENDGAME}&maxNodes=0`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "a negative maxNodes",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, maxNodes: -5 },
    query: `position=${EXAMPLE_ENDGAME}&maxNodes=-5`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "a fractional maxNodes",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, maxNodes: 1.5 },
    query: `position=${EXAMPLE_ENDGAME}&maxNodes=1.5`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "maxNodes in exponent notation",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, maxNodes: 1e5 },
    query: `position=${EXAMPLE_ENDGAME}&maxNodes=1e5`,
    status: 200,
  },
  {
    name: "maxNodes over the cap",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, maxNodes: 9_999_999_999 },
    query: `position=${EXAMPLE_ENDGAME}&maxNodes=9999999999`,
    status: 422,
    code: "engine/budget_too_large",
  },
  {
    name: "distance that is not a boolean",
    path: "/v1/evaluate",
    body: { position: EXAMPLE_ENDGAME, distance: "yes" },
    query: `position=${EXAMPLE_ENDGAME}&distance=yes`,
    status: 422,
    code: "request/invalid",
  },
  { name: "a finished game", path: "/v1/evaluate", body: { position: TALL_ROW }, query: `position=${TALL_ROW}`, status: 422, code: "engine/game_over" },
  // suggest-move
  {
    name: "a seeded easy move",
    path: "/v1/suggest-move",
    body: { position: OPENING, level: "easy", seed: 1 },
    query: `position=${OPENING}&level=easy&seed=1`,
    status: 200,
  },
  {
    name: "a seeded perfect move with a budget",
    path: "/v1/suggest-move",
    body: { position: EXAMPLE_ENDGAME, level: "perfect", seed: 7, maxNodes: 200_000 },
    query: `position=${EXAMPLE_ENDGAME}&level=perfect&seed=7&maxNodes=200000`,
    status: 200,
  },
  {
    name: "a seed over 2^32 - 1",
    path: "/v1/suggest-move",
    body: { position: OPENING, seed: 9_999_999_999 },
    query: `position=${OPENING}&seed=9999999999`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "a negative seed",
    path: "/v1/suggest-move",
    body: { position: OPENING, seed: -1 },
    query: `position=${OPENING}&seed=-1`,
    status: 422,
    code: "request/invalid",
  },
  {
    name: "an unknown level",
    path: "/v1/suggest-move",
    body: { position: OPENING, level: "genius" },
    query: `position=${OPENING}&level=genius`,
    status: 422,
    code: "request/invalid",
  },
];

/** A field's path as both forms name it: the rules options are under `rules` in a body only. */
const fieldPath = (path: (string | number)[]) => path.filter((key) => key !== "rules");

describe("GET and POST forms", () => {
  it.each(CASES)("$path: $name", async ({ path, body, query, status, code }) => {
    const [viaGet, viaPost] = await Promise.all([request(`${path}?${query}`), postJson(path, body)]);
    const [getText, postText] = await Promise.all([viaGet.text(), viaPost.text()]);
    expect(viaGet.status, getText).toBe(status);
    expect(viaPost.status, postText).toBe(status);
    if (status === 200) {
      expect(JSON.parse(getText)).toEqual(JSON.parse(postText));
      return;
    }
    const [fromGet, fromPost] = [JSON.parse(getText) as Problem, JSON.parse(postText) as Problem];
    expect(fromGet.code).toBe(code);
    expect(fromPost.code).toBe(code);
    expect(fromGet.errors?.map((error) => fieldPath(error.path))).toEqual(fromPost.errors?.map((error) => fieldPath(error.path)));
  });
});

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, read by the assertions
type Json = Record<string, any>;

describe("the document's GET forms", () => {
  const schemas = spec.components.schemas as Json;
  const resolve = (schema: Json): Json => (schema.$ref ? schemas[schema.$ref.split("/").pop()] : schema);
  // A path's GET is the query form of its POST when named so (validateMove and validateMoveQuery).
  const pairs = Object.entries(spec.paths as Json).filter(([, item]) => item.get && item.post && item.get.operationId === `${item.post.operationId}Query`);

  it("are the four stateless endpoints", () => {
    expect(pairs.map(([path]) => path).sort()).toEqual(["/v1/check-win", "/v1/evaluate", "/v1/suggest-move", "/v1/validate-move"]);
  });

  it.each(pairs.map(([path, item]) => ({ path, item })))("$path: each parameter is a field of the body, with its schema", ({ item }) => {
    const body = resolve(item.post.requestBody.content["application/json"].schema);
    const rules = resolve(body.properties.rules);
    const parameters = item.get.parameters as Json[];
    // Carried differently in a query: the position as its string, a move in text notation.
    const ownFields = Object.keys(body.properties).filter((name) => !["position", "move", "rules"].includes(name));
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(
      [...Object.keys(body.properties).filter((name) => name !== "rules"), ...Object.keys(rules.properties)].sort(),
    );
    for (const parameter of parameters) {
      expect(parameter.in).toBe("query");
      if (parameter.name === "position" || parameter.name === "move") continue;
      const field = ownFields.includes(parameter.name) ? body.properties[parameter.name] : rules.properties[parameter.name];
      expect(parameter.schema, parameter.name).toEqual(field);
      expect(parameter.required, parameter.name).toBe((body.required ?? []).includes(parameter.name));
    }
  });
});
