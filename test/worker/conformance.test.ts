/**
 * Conformance of the Worker to its own OpenAPI document (openapi/openapi.json), the way Schemathesis
 * checks a service, inside workerd: every operation is called with inputs generated from the spec's own
 * schemas (fast-check arbitraries built from the JSON Schemas, the spec's examples among them), valid
 * ones and invalid ones (one part of a valid request broken against its schema, checked to be invalid),
 * and every answer is held to the spec with a JSON Schema validator (@cfworker/json-schema, which runs
 * under workerd: no code generation):
 *
 * - its status is documented for the operation, and is not a 500;
 * - its content type is one the spec documents for that status, and its body is valid against the
 *   response schema (the first line of a stream);
 * - a problem document's `instance` is a URI reference (RFC 3986);
 * - a valid request is never refused as invalid (`request/invalid` and the other "your request is
 *   malformed" codes): the spec and the server agree on what is valid;
 * - an invalid request is never answered 2xx: the server checks what the spec says it checks.
 *
 * Runs are bounded per operation (RUNS valid requests; for the invalid ones, each place of the request
 * broken once or twice, at most MAX_BREAKS), seeded, so that the file stays a modest part of `npm test`
 * (about 15 s). No request leaves the machine: outbound fetches (bot health checks, the
 * bot URL resolver) are refused.
 */
import { Validator } from "@cfworker/json-schema";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import committed from "../../openapi/openapi.json" with { type: "json" };
import { postJson, request } from "./http.ts";

// biome-ignore lint/suspicious/noExplicitAny: the test walks the spec as arbitrary JSON
type Json = any;

const spec = committed as Json;
/** Requests per operation, of each kind (valid, invalid). */
const RUNS = 12;
const SEED = 24;

/** The problem codes that say "your request is malformed": a request valid by the spec never gets one. */
const MALFORMED_CODES = new Set(["request/invalid", "request/bad_request", "request/malformed_json", "idempotency/bad_key", "request/unsupported_media_type"]);

// ---- the spec's schemas ----

function pointer(ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`external $ref ${ref}`);
  return ref
    .slice(2)
    .split("/")
    .reduce((node: Json, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], spec);
}

/** A schema with its `$ref` followed (the siblings of a `$ref` are annotations: kept over the target's). */
function deref(schema: Json): Json {
  let current = schema;
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    const { $ref, ...siblings } = current;
    current = { ...pointer($ref), ...siblings };
  }
  return current;
}

/**
 * A schema without its annotations `example` and `examples` (the validator would read an example's
 * `id` member as a schema id). The members of `properties` are names, not keywords: kept.
 */
function stripExamples(node: Json, inProperties = false): Json {
  if (Array.isArray(node)) return node.map((item) => stripExamples(item));
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => inProperties || (key !== "example" && key !== "examples"))
      .map(([key, value]) => [key, stripExamples(value, !inProperties && (key === "properties" || key === "patternProperties" || key === "$defs"))]),
  );
}

const COMPONENTS = { schemas: stripExamples(spec.components.schemas, true) };
const validators = new Map<Json, Validator>();
/** Validates `value` against `schema` (which may refer to the spec's components). */
function check(schema: Json, value: unknown): { valid: boolean; errors: string[] } {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = new Validator({ ...stripExamples(schema), components: COMPONENTS } as never, "2020-12", false);
    validators.set(schema, validator);
  }
  const result = validator.validate(value);
  return { valid: result.valid, errors: result.errors.slice(0, 6).map((error) => `${error.instanceLocation} ${error.error}`) };
}

/** An RFC 3986 URI reference (absolute URI or relative reference), strictly: no raw space, control, non-ASCII or `"<>\^`{|}`. */
const URI_REFERENCE =
  /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?:\/\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)*|(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*)(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?(?:#(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;

// ---- arbitraries from schemas ----

const small = (min: number, max: number) =>
  fc.oneof({ arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }), weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });

/** Any string, sometimes with the characters that trouble URLs and parsers (controls, non-ASCII, `%`, `/`). */
const anyString = (minLength = 0, maxLength = 24) =>
  fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: "binary", minLength, maxLength }),
    fc.string({ unit: fc.constantFrom("a", "Z", "0", "\n", "\u0000", "%", "/", "Â", "é", " ", "?", "#", "|", "\\"), minLength, maxLength }),
  );

/** The spec's example of an opaque value (see OPAQUE). */
function exampleOnly(schema: Json): fc.Arbitrary<unknown> {
  const s = deref(schema);
  if (s.example !== undefined) return fc.constant(s.example);
  // A union: its branches' examples; a structured value (an object) is no notation: generated.
  const examples = (s.anyOf ?? s.oneOf ?? []).map((branch: Json) => deref(branch).example).filter((example: unknown) => example !== undefined);
  return examples.length > 0 ? fc.constantFrom(...examples) : validArb(s);
}

/** Values valid against `schema`; the schema's example is one of them. */
function validArb(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  if (OPAQUE_SCHEMAS.has(schema?.$ref)) return exampleOnly(schema);
  const s = deref(schema);
  const generated = structural(s, depth);
  return s.example === undefined ? generated : fc.oneof({ arbitrary: fc.constant(s.example), weight: 1 }, { arbitrary: generated, weight: 2 });
}

function structural(s: Json, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) return fc.oneof(...(s.anyOf ?? s.oneOf).map((branch: Json) => validArb(branch, depth + 1)));
  if (Array.isArray(s.allOf)) {
    const merged: Json = { properties: {}, required: [] };
    for (const part of s.allOf.map(deref)) {
      Object.assign(merged, { ...part, properties: merged.properties, required: merged.required });
      Object.assign(merged.properties, part.properties);
      merged.required.push(...(part.required ?? []));
    }
    return structural({ ...s, ...merged, allOf: undefined }, depth);
  }
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type: string) => structural({ ...s, type }, depth)));
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const low = s.minimum ?? s.exclusiveMinimum ?? -1000;
      const high = s.maximum ?? s.exclusiveMaximum ?? Math.max(low + 1_000_000, 1000);
      const doubles = fc.double({
        min: low,
        max: high,
        minExcluded: s.exclusiveMinimum !== undefined,
        maxExcluded: s.exclusiveMaximum !== undefined,
        noNaN: true,
      });
      const min = s.exclusiveMinimum !== undefined ? Math.floor(low) + 1 : Math.ceil(low);
      const max = s.exclusiveMaximum !== undefined ? Math.ceil(high) - 1 : Math.floor(high);
      if (min > max) return doubles;
      if (typeof s.multipleOf === "number" && Number.isInteger(s.multipleOf)) {
        const step = s.multipleOf;
        return small(Math.ceil(min / step), Math.floor(max / step)).map((k) => k * step);
      }
      const integers = small(min, max);
      return s.type === "integer" ? integers : fc.oneof(integers, doubles);
    }
    case "string": {
      const minLength = s.minLength ?? 0;
      // A pattern bounds the length itself (`^[a-z2-7]{26}$`): no default bound beside it, which it could exclude.
      const maxLength = s.maxLength ?? (typeof s.pattern === "string" ? Number.POSITIVE_INFINITY : minLength + 24);
      const fits = (text: string) => [...text].length >= minLength && [...text].length <= maxLength;
      if (typeof s.pattern === "string") return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
      if (s.format === "uri" || s.format === "uri-reference") return fc.constant(s.example ?? "/");
      return anyString(minLength, Math.min(maxLength, minLength + 24)).filter(fits);
    }
    case "array": {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? minLength + 3, minLength + 3);
      if (depth > 6) return fc.array(validArb(s.items ?? {}, depth + 1), { minLength, maxLength: minLength });
      const item = validArb(s.items ?? {}, depth + 1);
      return s.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(item, { minLength, maxLength });
    }
    default: {
      if (s.type === "object" || s.properties) {
        const properties: Record<string, Json> = s.properties ?? {};
        const required: string[] = s.required ?? [];
        const keys = Object.keys(properties).filter((key) => depth <= 6 || required.includes(key));
        const member = (key: string) => (OPAQUE.has(key) ? exampleOnly(properties[key]) : validArb(properties[key], depth + 1));
        return fc.record(Object.fromEntries(keys.map((key) => [key, member(key)])), { requiredKeys: keys.filter((key) => required.includes(key)) });
      }
      return fc.jsonValue({ maxDepth: 2 });
    }
  }
}

/** JSON values of every type: the raw material of a wrong-type value. */
const ANY_TYPE: unknown[] = [null, true, 0, -1, 7, 1.5, 1e21, "", "x", "not a position", [], [1], {}, { x: 1 }];

/**
 * Ways to break `schema` in one place, most specific first (its pattern, enum, range, lengths, a
 * member, then its type): candidates, which the caller checks are really invalid.
 */
function invalidOptions(schema: Json, depth = 0): fc.Arbitrary<unknown>[] {
  const s = deref(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(s.enum)) options.push(anyString(0, 12).filter((text) => !s.enum.includes(text)));
  if (s.type === "string") {
    if (typeof s.pattern === "string") {
      const pattern = new RegExp(s.pattern);
      const fits = (text: string) =>
        (s.minLength === undefined || [...text].length >= s.minLength) && (s.maxLength === undefined || [...text].length <= s.maxLength);
      options.push(anyString(s.minLength ?? 0, s.maxLength ?? 30).filter((text) => fits(text) && !pattern.test(text)));
    }
    if (s.minLength > 0) options.push(fc.string({ maxLength: s.minLength - 1 }));
    if (s.maxLength !== undefined) options.push(fc.string({ minLength: s.maxLength + 1, maxLength: s.maxLength + 4 }));
  }
  if (s.type === "integer" || s.type === "number") {
    if (s.minimum !== undefined) options.push(fc.integer({ min: s.minimum - 1000, max: s.minimum - 1 }));
    if (s.maximum !== undefined) options.push(fc.integer({ min: s.maximum + 1, max: s.maximum + 1000 }));
    if (s.type === "integer") options.push(fc.constantFrom(0.5, 2.25));
    if (typeof s.multipleOf === "number")
      options.push(fc.constant((s.minimum ?? 0) + s.multipleOf / 2).filter((value) => Number.isInteger(value) || s.type === "number"));
  }
  const branches: Json[] | undefined = s.anyOf ?? s.oneOf;
  if (branches) for (const branch of branches) options.push(...invalidOptions(branch, depth + 1));
  if (s.type === "array" && depth < 6) {
    const minLength = s.minItems ?? 0;
    if (minLength > 0) options.push(fc.array(validArb(s.items ?? {}, depth + 1), { maxLength: minLength - 1 }));
    if (s.maxItems !== undefined) options.push(fc.array(validArb(s.items ?? {}, depth + 1), { minLength: s.maxItems + 1, maxLength: s.maxItems + 2 }));
    options.push(
      fc
        .array(validArb(s.items ?? {}, depth + 1), { minLength, maxLength: minLength + 2 })
        .chain((items) =>
          fc
            .tuple(fc.oneof(...invalidOptions(s.items ?? {}, depth + 1)), fc.nat(items.length))
            .map(([bad, at]) => [...items.slice(0, at), bad, ...items.slice(at)]),
        ),
    );
  }
  if ((s.type === "object" || s.properties) && depth < 6) {
    const required: string[] = s.required ?? [];
    const valid = validArb(s, depth) as fc.Arbitrary<Record<string, unknown>>;
    if (required.length > 0) {
      options.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => Object.fromEntries(Object.entries(object).filter(([name]) => name !== key))),
      );
    }
    if (s.additionalProperties === false) options.push(valid.map((object) => ({ ...object, "unexpected-member": 1 })));
  }
  options.push(fc.constantFrom(...ANY_TYPE));
  return options;
}

// ---- operations and requests ----

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Json;
}

interface Operation {
  method: string;
  path: string;
  operation: Json;
  parameters: Parameter[];
  body: { required: boolean; schema: Json } | null;
}

const OPERATIONS: Operation[] = Object.entries(spec.paths as Json).flatMap(([path, item]: [string, Json]) =>
  Object.entries(item)
    .filter(([method]) => ["get", "post", "put", "delete", "patch"].includes(method))
    .map(([method, operation]: [string, Json]) => {
      const parameters: Parameter[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter: Json) => {
        const resolved = parameter.$ref ? pointer(parameter.$ref) : parameter;
        return { name: resolved.name, in: resolved.in, required: resolved.required === true, schema: resolved.schema };
      });
      const json = operation.requestBody?.content?.["application/json"];
      return {
        method: method.toUpperCase(),
        path,
        operation,
        parameters,
        body: json ? { required: operation.requestBody.required === true, schema: json.schema } : null,
      };
    }),
);

/** A request as generated: parameter values (absent: undefined) and the body (absent: undefined). */
interface Draft {
  params: Record<string, unknown>;
  body?: unknown;
  /** The raw body text, when the body is not JSON at all. */
  rawBody?: string;
  token?: string;
  upgrade?: boolean;
  /** What was broken, for the failure message. */
  broken?: string;
}

/**
 * Values whose validity the spec states in words, not in a schema: an opaque cursor (only the server's
 * own are valid), a move in text notation, an opening (a name, a record or a position, parsed). They
 * are sent as the spec's example (which must then be accepted) or left out, never generated.
 */
const OPAQUE = new Set(["cursor", "opening", "openings"]);
const OPAQUE_SCHEMAS = new Set(["#/components/schemas/MoveText"]);

/** The text a parameter value has on the wire (form style, comma-separated arrays; header values are visible ASCII). */
function wireText(value: unknown): string {
  if (Array.isArray(value)) return value.map(wireText).join(",");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Reads a parameter's wire text back as the value it stands for, as the spec describes the parameter. */
function fromWire(schema: Json, text: string): unknown {
  const s = deref(schema);
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("array")) return text.split(",").map((part) => fromWire(s.items ?? {}, part));
  if ((types.includes("integer") || types.includes("number")) && /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(text)) return Number(text);
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** Header values are byte strings without leading or trailing space: the transport's constraint, not the spec's. */
const headerSafe = (text: string) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(text);

function parameterArb(parameter: Parameter): fc.Arbitrary<unknown> {
  if (OPAQUE.has(parameter.name) || OPAQUE_SCHEMAS.has(parameter.schema?.$ref)) {
    return parameter.required ? exampleOnly(parameter.schema) : fc.option(exampleOnly(parameter.schema), { nil: undefined, freq: 2 });
  }
  let value = validArb(parameter.schema).filter((candidate) => check(parameter.schema, fromWire(parameter.schema, wireText(candidate))).valid);
  if (parameter.in === "header") value = value.filter((candidate) => headerSafe(wireText(candidate)));
  return parameter.required ? value : fc.option(value, { nil: undefined, freq: 3 });
}

/** Real ids for the paths that name one, so that runs also reach past "not found". */
interface Fixtures {
  activeMatch: () => Promise<{ id: string; token: string }>;
  finishedMatch: { id: string; token: string };
  tournament: () => Promise<{ id: string; token: string }>;
}

let fixtures: Fixtures;
const cleanups: (() => Promise<unknown>)[] = [];

async function created(response: Promise<Response>): Promise<Json> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  return JSON.parse(text);
}

function validDraftArb(op: Operation): fc.Arbitrary<Draft> {
  const params = fc.record(Object.fromEntries(op.parameters.map((parameter) => [parameter.name, parameterArb(parameter)])), {
    requiredKeys: op.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  });
  const body = op.body ? validArb(op.body.schema).filter((candidate) => check(op.body?.schema, candidate).valid) : fc.constant(undefined);
  const maybeBody = op.body && !op.body.required ? fc.option(body, { nil: undefined, freq: 4 }) : body;
  return fc.record({
    params,
    body: maybeBody,
    token: fc.option(fc.string({ unit: fc.constantFrom(..."abcXYZ019_-".split("")), minLength: 1, maxLength: 43 }), { nil: undefined }),
    upgrade: fc.boolean(),
  });
}

/**
 * The rules that tie one field to another, which the spec states in the fields' descriptions (JSON
 * Schema could say some of them only with conditionals the generators do not read): a valid request
 * by the schemas alone may break one, and is then refused `request/invalid` naming that field. Each
 * entry: the operation, the path of the field the refusal names, and where the spec says it.
 */
const CROSS_FIELD: { operation: string; path: string; why: string }[] = [
  { operation: "POST /v1/bots", path: "url", why: "RegisterBotRequest.url: a webhook bot's URL, absent for a connected (stream) bot" },
  { operation: "POST /v1/tournaments", path: "sprt", why: "CreateTournamentRequest.sprt: only with kind sprt, and required there" },
  { operation: "POST /v1/tournaments", path: "rounds", why: "CreateTournamentRequest.rounds: only with kind swiss" },
  { operation: "POST /v1/tournaments", path: "bots", why: "CreateTournamentRequest.bots: an SPRT is between two bots, a Swiss takes more" },
  { operation: "POST /v1/tournaments", path: "openings", why: "CreateTournamentRequest.openings: openings playable under the tournament's rules" },
  { operation: "POST /v1/matches", path: "opening", why: "CreateMatchRequest.opening: an opening playable under the match's rules" },
  { operation: "POST /v1/replay", path: "", why: "GameRecordInput: the record as `text` or as `moves` (one of the two)" },
  { operation: "POST /v1/matches", path: "seats.*.maxNodes", why: "an engine seat's maxNodes: at most the deployment's ENGINE_MAX_NODES" },
];

/** Whether a refusal names only fields whose rules are cross-field ones (CROSS_FIELD). */
function crossField(op: Operation, refusal: Refusal): boolean {
  if (refusal.code !== "request/invalid") return false;
  const rules = CROSS_FIELD.filter((rule) => rule.operation === `${op.method} ${op.path}`);
  const paths = (refusal.errors ?? []).map((error) => error.path.join("."));
  // A refusal that names no field is the body's own (path "").
  const named = paths.length > 0 ? paths : [""];
  const matches = (path: string, rule: string) => {
    if (rule === "") return path === "";
    const pattern = new RegExp(
      `^${rule
        .split(".")
        .map((part) => (part === "*" ? "[^.]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("\\.")}(?:\\..*)?$`,
    );
    return pattern.test(path);
  };
  return rules.length > 0 && named.every((path) => rules.some((rule) => matches(path, rule.path)));
}

/** A place in a body schema: the path to it and its schema (object members and the first item of arrays, a few levels deep). */
interface Location {
  path: (string | number)[];
  schema: Json;
}

function locations(schema: Json, path: (string | number)[] = [], depth = 0): Location[] {
  const s = deref(schema);
  const here: Location[] = [{ path, schema: s }];
  if (depth >= 3 || s.anyOf || s.oneOf) return here;
  if (s.type === "array" && s.items) return [...here, ...locations(s.items, [...path, 0], depth + 1)];
  if (s.type === "object" || s.properties) {
    for (const [key, child] of Object.entries(s.properties ?? {})) here.push(...locations(child, [...path, key], depth + 1));
  }
  return here;
}

/** Valid values of `schema` whose value at `path` comes from `leaf` (the members on the way forced present). */
function withLeaf(schema: Json, path: (string | number)[], leaf: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (path.length === 0) return leaf;
  const s = deref(schema);
  const [head, ...rest] = path;
  if (typeof head === "number") {
    return fc
      .tuple(
        withLeaf(s.items, rest, leaf),
        fc.array(validArb(s.items ?? {}, 1), { minLength: Math.max(0, (s.minItems ?? 0) - 1), maxLength: Math.max(0, (s.minItems ?? 0) - 1) }),
      )
      .map(([first, others]) => [first, ...others]);
  }
  return fc
    .tuple(validArb(s, 1) as fc.Arbitrary<Record<string, unknown>>, withLeaf(s.properties[head], rest, leaf))
    .map(([object, value]) => ({ ...object, [head]: value }));
}

/** At most this many broken requests per operation, and this many per place of a body. */
const MAX_BREAKS = 48;
const BREAKS_PER_PLACE = 2;

/**
 * Broken requests, one per place of the request: each query and header parameter given a value its
 * schema refuses (or left out when required), each place of the body given a value its schema refuses
 * (and the whole body checked to be invalid), the body not JSON, or left out when required.
 */
function invalidDrafts(op: Operation): Draft[] {
  const base = fc.sample(validDraftArb(op), { numRuns: 1, seed: SEED })[0];
  const drafts: Draft[] = [];
  let seed = SEED;
  /** The first of some candidates that `accept` takes, or undefined (fc.sample would loop forever on a filter nothing passes). */
  const sample = <T>(arb: fc.Arbitrary<T>, accept: (candidate: T) => boolean): T | undefined => fc.sample(arb, { numRuns: 60, seed: seed++ }).find(accept);
  for (const parameter of op.parameters) {
    if (parameter.in === "path" || OPAQUE.has(parameter.name)) continue;
    if (parameter.required) drafts.push({ ...base, params: { ...base.params, [parameter.name]: undefined }, broken: `no ${parameter.name}` });
    const text = sample(
      fc.oneof(...invalidOptions(parameter.schema).slice(0, 2)).map(wireText),
      (candidate) => !check(parameter.schema, fromWire(parameter.schema, candidate)).valid && (parameter.in !== "header" || headerSafe(candidate)),
    );
    if (text !== undefined)
      drafts.push({ ...base, params: { ...base.params, [parameter.name]: text }, broken: `${parameter.in} ${parameter.name}=${JSON.stringify(text)}` });
  }
  if (op.body) {
    const schema = op.body.schema;
    drafts.push({ ...base, body: undefined, rawBody: '{"a":', broken: "a body that is not JSON" });
    if (op.body.required) drafts.push({ ...base, body: undefined, broken: "no body" });
    for (const location of locations(schema)) {
      // The two most specific ways to break this place that really make the body invalid.
      let found = 0;
      for (const option of invalidOptions(location.schema)) {
        if (found === BREAKS_PER_PLACE) break;
        const body = sample(withLeaf(schema, location.path, option), (candidate) => !check(schema, candidate).valid);
        if (body === undefined) continue;
        found++;
        drafts.push({ ...base, body, broken: `body at ${location.path.join(".") || "(root)"}: ${JSON.stringify(body)?.slice(0, 300)}` });
      }
    }
  }
  if (drafts.length <= MAX_BREAKS) return drafts;
  const step = drafts.length / MAX_BREAKS;
  return Array.from({ length: MAX_BREAKS }, (_, index) => drafts[Math.floor(index * step)]);
}

/** The request of a draft: path filled in (with a fixture's id half the time), query, headers, body. */
async function send(op: Operation, draft: Draft, useFixture: boolean): Promise<{ url: string; response: Response }> {
  const params = { ...draft.params };
  const headers: Record<string, string> = {};
  let token = draft.token;
  if (useFixture) {
    if (op.path.startsWith("/v1/matches/{id}")) {
      // A finished match answers GETs (and long polls) at once; commands get a fresh active match.
      const match = op.method === "GET" ? fixtures.finishedMatch : await fixtures.activeMatch();
      params.id = match.id;
      token ??= match.token;
      if (op.path.endsWith("/ws") && params.token === undefined) params.token = match.token;
    } else if (op.path.startsWith("/v1/tournaments/{id}")) {
      const tournament = await fixtures.tournament();
      params.id = tournament.id;
      token ??= tournament.token;
    } else if (op.path.startsWith("/bots/{name}")) params.name = "easy";
  }
  let path = op.path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    const value = params[parameter.name];
    if (value === undefined) continue;
    const text = wireText(value);
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    else if (parameter.in === "query") query.append(parameter.name, text);
    else headers[parameter.name] = text;
  }
  // A path parameter left out (only in broken drafts: path parameters are required) is the empty segment.
  path = path.replace(/\{[^}]+\}/g, "");
  if (token !== undefined && op.operation.security) headers.Authorization = `Bearer ${token}`;
  if (draft.upgrade && op.path.endsWith("/ws")) headers.Upgrade = "websocket";
  let body: string | undefined;
  if (draft.rawBody !== undefined) body = draft.rawBody;
  else if (draft.body !== undefined) body = JSON.stringify(draft.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const url = `${path}${query.size > 0 ? `?${query}` : ""}`;
  return { url, response: await request(url, { method: op.method, headers, body }) };
}

/** The spec's entry for an answer's status: the exact code, its range (`4XX`) or `default`. */
function documented(op: Operation, status: number): Json | undefined {
  const responses = op.operation.responses;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** A problem document as the checks read it. */
interface Refusal {
  code: string;
  detail?: string;
  errors?: { path: (string | number)[]; message: string }[];
}

/** Holds one answer to the spec; answers its problem document (if it is one), for the caller's own checks. */
async function holdToSpec(op: Operation, url: string, response: Response, context: string): Promise<Refusal | null> {
  const where = `${op.method} ${url} (${context}) answered ${response.status}`;
  if (response.status === 101) {
    expect(documented(op, 101), `${where}: 101 is not documented`).toBeDefined();
    response.webSocket?.accept();
    response.webSocket?.close(1000, "done");
    return null;
  }
  const entry = documented(op, response.status);
  const text = op.path.endsWith("/stream") && response.status === 200 ? await firstLine(response) : await response.text();
  expect(entry, `${where}, which the spec does not document; body ${text.slice(0, 300)}`).toBeDefined();
  expect(response.status, `${where}: ${text.slice(0, 300)}`).not.toBe(500);
  const content: Record<string, Json> | undefined = entry.content;
  if (!content) return null;
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  expect(Object.keys(content), `${where} with content type ${type}, which the spec does not document for it`).toContain(type);
  const schema = content[type].schema;
  let body: unknown = text;
  if (type.endsWith("json")) {
    body = JSON.parse(text);
  }
  if (schema) {
    const result = check(schema, body);
    expect(result.valid, `${where}: the body is not valid against the spec: ${result.errors.join("; ")}\n${text.slice(0, 600)}`).toBe(true);
  }
  const problem = body as Refusal & { instance?: unknown };
  if (type === "application/problem+json" && problem && typeof problem === "object") {
    if (problem.instance !== undefined) expect(String(problem.instance), `${where}: instance is not a URI reference`).toMatch(URI_REFERENCE);
    return problem;
  }
  return null;
}

async function firstLine(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text.split("\n")[0];
}

// ---- the runs ----

beforeAll(async () => {
  // Nothing leaves the machine: bot health checks and name resolution fail as a dead network would.
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    throw new TypeError("Network connection lost.");
  });
  const both = {
    seats: [
      { kind: "human", take: true },
      { kind: "human", take: true },
    ],
    firstSeat: 0,
  };
  const finished = await created(postJson("/v1/matches", both));
  await request(`/v1/matches/${finished.id}/resign`, { method: "POST", headers: { Authorization: `Bearer ${finished.tokens[0].token}` } });
  fixtures = {
    finishedMatch: { id: finished.id, token: finished.tokens[0].token },
    activeMatch: async () => {
      const match = await created(postJson("/v1/matches", both));
      return { id: match.id, token: match.tokens[0].token };
    },
    tournament: async () => {
      const tournament = await created(postJson("/v1/tournaments", { bots: ["random", "easy"], gamesPerPair: 2, seed: 1 }));
      cleanups.push(() => request(`/v1/tournaments/${tournament.id}/cancel`, { method: "POST", headers: { Authorization: `Bearer ${tournament.token}` } }));
      return { id: tournament.id, token: tournament.token };
    },
  };
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  vi.restoreAllMocks();
});

/** Cancels the tournaments a run created, so that none plays on in the background. */
async function afterCreation(op: Operation, response: Response): Promise<void> {
  if (op.method !== "POST" || op.path !== "/v1/tournaments" || response.status !== 201) return;
  const answer = (await response.clone().json()) as { id: string; token: string };
  await request(`/v1/tournaments/${answer.id}/cancel`, { method: "POST", headers: { Authorization: `Bearer ${answer.token}` } });
}

describe("every operation of openapi/openapi.json answers as the spec says", () => {
  it("covers every operation of the spec", () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(41);
  });

  it("uses examples that are valid against their own schemas", () => {
    const bad: string[] = [];
    /** `names`: the node is a map of names to schemas (`properties`), not a schema. */
    const walk = (node: Json, where: string, names = false) => {
      if (!node || typeof node !== "object") return;
      if (!names && node.example !== undefined && (node.type || node.$ref || node.anyOf || node.enum) && !check(node, node.example).valid)
        bad.push(`${where}: ${check(node, node.example).errors.join("; ")}`);
      for (const [key, child] of Object.entries(node)) {
        if (names || (key !== "example" && key !== "examples")) walk(child, `${where}/${key}`, !names && (key === "properties" || key === "schemas"));
      }
    };
    walk(spec.components.schemas, "#/components/schemas", true);
    walk(spec.paths, "#/paths");
    expect(bad).toEqual([]);
  });

  for (const op of OPERATIONS) {
    const name = `${op.method} ${op.path}`;

    it(`${name}: valid requests are answered as documented, never refused as malformed`, async () => {
      await fc.assert(
        fc.asyncProperty(validDraftArb(op), fc.boolean(), async (draft, useFixture) => {
          const { url, response } = await send(op, draft, useFixture);
          await afterCreation(op, response);
          const context = `valid request; body ${JSON.stringify(draft.body)?.slice(0, 300)}`;
          const refusal = await holdToSpec(op, url, response, context);
          const malformed = refusal !== null && MALFORMED_CODES.has(refusal.code) && !crossField(op, refusal);
          expect(malformed, `${op.method} ${url} (${context}): a valid request refused as ${refusal?.code}: ${refusal?.detail}`).toBe(false);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });

    it(`${name}: invalid requests are refused as documented, never answered 2xx`, async () => {
      const drafts = invalidDrafts(op);
      if (drafts.length === 0) return;
      for (const draft of drafts) {
        // Real ids, so that only the broken part can be the reason for a refusal.
        const { url, response } = await send(op, draft, true);
        await afterCreation(op, response);
        const status = response.status;
        await holdToSpec(op, url, response, `invalid request: ${draft.broken}`);
        expect(status >= 400 && status < 500, `${op.method} ${url}: an invalid request (${draft.broken}) was answered ${status}`).toBe(true);
      }
    });
  }
});
