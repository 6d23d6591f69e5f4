/**
 * The GET form of a request body, derived from the body's zod schema so that both forms accept and
 * refuse the same values: each query parameter is the body field's own schema, fed the query text read
 * as JSON would read it (`5` a number, `true` a boolean; a list comma-separated or repeated), and an
 * object field (`rules`) lends its fields as parameters. The parsed query has the body's shape, so the
 * two forms of an endpoint call one function with one input.
 */
import { z } from "@hono/zod-openapi";

type Kind = "number" | "boolean" | "array" | "other";

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, default, nullable and pipes (the input side; a preprocess's target). */
function baseOf(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
      return baseOf(def.innerType as z.ZodType);
    case "pipe":
      return baseOf(defOf(def.in as z.ZodType).type === "transform" ? (def.out as z.ZodType) : (def.in as z.ZodType));
    default:
      return schema;
  }
}

function kindOf(schema: z.ZodType): Kind {
  const type = defOf(baseOf(schema)).type;
  return type === "number" || type === "int" || type === "boolean" || type === "array" ? (type === "int" ? "number" : (type as Kind)) : "other";
}

/** A JSON number, as the body would carry it. */
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * A query value (a string, or an array of strings when the parameter is repeated) as the value the
 * body field would hold; anything unreadable is left as it is, for the field's schema to refuse.
 */
function fromQueryText(value: unknown, schema: z.ZodType): unknown {
  const kind = kindOf(schema);
  if (kind === "array") {
    const texts = typeof value === "string" ? [value] : value;
    if (!Array.isArray(texts) || !texts.every((text) => typeof text === "string")) return value;
    const element = defOf(baseOf(schema)).element as z.ZodType;
    return texts.flatMap((text) => text.split(",")).map((text) => fromQueryText(text, element));
  }
  if (typeof value !== "string") return value;
  if (kind === "number" && JSON_NUMBER.test(value)) return Number(value);
  if (kind === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The query parameter of a body field: the field's own schema, reading the query text first. */
export function queryParam<T extends z.ZodType>(field: T) {
  return z.preprocess((value) => fromQueryText(value, field), field);
}

/** The query parameters of an object's fields (e.g. the rules options). */
export function queryParams<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: ReturnType<typeof queryParam<S[K]>> } {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, queryParam(field)])) as never;
}

/** The body's output, with the overridden fields as their query schemas give them. */
type QueryFormOutput<B extends z.ZodObject, O extends Record<string, z.ZodType>> = Omit<z.output<B>, keyof O> & { [K in keyof O]: z.output<O[K]> };

/**
 * The GET form of `body`: a query schema whose parameters are the body's fields (object fields spread
 * into their own fields, e.g. `rules` into `squares`, `attributes`, `announce`, `missedClaim`), except
 * the `overrides`, which the query carries differently (the position as its string, a move in text).
 * Its output has the body's shape: `{ position, rules: { squares, ... }, maxNodes, ... }`.
 */
export function queryFormOf<B extends z.ZodObject, O extends Record<string, z.ZodType>>(body: B, overrides: O) {
  const params: [string, z.ZodType][] = [];
  const spreadParams: [string, z.ZodType][] = [];
  const spread: Record<string, string[]> = {};
  for (const [key, field] of Object.entries(body.shape as Record<string, z.ZodType>)) {
    if (key in overrides) params.push([key, overrides[key]]);
    else if (defOf(baseOf(field)).type === "object") {
      const shape = defOf(baseOf(field)).shape as Record<string, z.ZodType>;
      spread[key] = Object.keys(shape);
      for (const [name, inner] of Object.entries(shape)) spreadParams.push([name, queryParam(inner)]);
    } else params.push([key, queryParam(field)]);
  }
  // The body's own fields first, then the spread ones (the rules options last).
  const all = [...params, ...spreadParams];
  const names = all.map(([name]) => name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new Error(`query form: two parameters named ${twice}`);
  return z.object(Object.fromEntries(all)).transform((query) => {
    const output: Record<string, unknown> = { ...query };
    for (const [key, names] of Object.entries(spread)) {
      output[key] = Object.fromEntries(names.map((name) => [name, output[name]]));
      for (const name of names) delete output[name];
    }
    return output as QueryFormOutput<B, O>;
  });
}
