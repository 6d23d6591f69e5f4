/**
 * The committed OpenAPI document stays one that every common generator takes at its default options
 * (`npm run generators` proves it with the generators themselves, which need the network; these checks
 * run offline, on the names the generators derive and the shapes they trip on):
 * - the generators name types after each operation: orval `<OperationId>Result`, `<OperationId>Params`
 *   and `<OperationId>Body`, @hey-api/openapi-ts `<OperationId>Data`, `...Response(s)` and `...Error(s)`,
 *   swagger-typescript-api `<OperationId>Params` and `...Data`; and orval an inline enum or object
 *   property `<Schema><Property>`: no schema may have one of those names (four answer schemas once did,
 *   `<OperationId>Result`: eight duplicate identifiers in orval's client);
 * - openapi-typescript-codegen makes a type of each parameter component as well as of each schema: no
 *   name may be both (a duplicate export and a circular alias);
 * - Redocly's recommended rules: no path ends with a slash, and every operation lists a client error.
 */
import { expect, it } from "vitest";
import spec from "../../openapi/openapi.json" with { type: "json" };

// biome-ignore lint/suspicious/noExplicitAny: the test walks the spec as arbitrary JSON
type Json = Record<string, any>;

const document = spec as Json;
const schemas = document.components.schemas as Record<string, Json>;
const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })),
);
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** What the generators append to an operation's id to name its types. */
const OPERATION_SUFFIXES = ["Result", "Params", "Body", "Data", "Response", "Responses", "Error", "Errors"];

it("has no schema named as the generators name an operation's answer, parameters, body or errors", () => {
  const derived = operations.flatMap(({ operation }) => OPERATION_SUFFIXES.map((suffix) => `${pascal(operation.operationId)}${suffix}`));
  expect(derived.filter((name) => name in schemas)).toEqual([]);
});

it("has no schema named as orval names a schema's inline enum or object property", () => {
  const derived = Object.entries(schemas).flatMap(([name, schema]) =>
    Object.entries((schema.properties ?? {}) as Record<string, Json>)
      .filter(([, property]) => property.$ref === undefined && (property.enum !== undefined || property.type === "object"))
      .map(([property]) => `${name}${pascal(property)}`),
  );
  expect(derived.filter((name) => name in schemas)).toEqual([]);
});

it("has no name that is both a schema and a parameter component", () => {
  expect(Object.keys(document.components.parameters ?? {}).filter((name) => name in schemas)).toEqual([]);
});

it("has no path with a trailing slash, and a client error on every operation", () => {
  expect(operations.filter(({ path }) => path !== "/" && path.endsWith("/")).map(({ path }) => path)).toEqual([]);
  const without4xx = operations.filter(({ operation }) => !Object.keys(operation.responses).some((status) => status.startsWith("4")));
  expect(without4xx.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
});
