/**
 * The last touch on the generated OpenAPI document. zod-to-openapi writes a named schema used with
 * its own description as `allOf: [{ $ref }, { description }]`, which generators turn into `X & unknown`
 * (openapi-typescript) or a needless wrapper type; OpenAPI 3.1 allows the description beside `$ref`,
 * so such a wrapper becomes `{ $ref, description }`. Wrappers that add constraints are kept.
 */

/** Keywords that only annotate: beside a `$ref` they change no validation. */
const ANNOTATIONS = new Set(["description", "example", "examples", "title", "deprecated", "readOnly", "writeOnly"]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{ allOf: [{ $ref }, { annotations }] }` as `{ $ref, annotations }`; anything else unchanged. */
function mergeAnnotatedRef(node: { [key: string]: Json }): { [key: string]: Json } {
  const { allOf, ...rest } = node;
  if (!Array.isArray(allOf) || allOf.length !== 2) return node;
  const [reference, annotations] = allOf;
  if (!isObject(reference) || !isObject(annotations) || Object.keys(reference).join() !== "$ref") return node;
  if (!Object.keys(annotations).every((key) => ANNOTATIONS.has(key))) return node;
  return { ...reference, ...annotations, ...rest };
}

function tidy(node: Json): Json {
  if (Array.isArray(node)) return node.map(tidy);
  if (!isObject(node)) return node;
  const merged = mergeAnnotatedRef(node);
  return Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, key === "example" || key === "examples" ? value : tidy(value)]));
}

/** The document with every annotated `$ref` written plainly (see the module comment). */
export function tidyDocument<T>(document: T): T {
  return tidy(document as Json) as T;
}
