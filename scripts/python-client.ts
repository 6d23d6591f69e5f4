/**
 * `npm run client:python`: writes clients/python/quarto_client/schemas.py from openapi/openapi.json: a
 * `TypedDict` for each object schema of the spec (required keys as the spec has them, the rest
 * optional), a type alias for each other schema, and OPERATIONS, every operation's id, method and path.
 * The Python client annotates its methods with these types, so they follow the spec; `--stdout`
 * prints the module instead (test/core/python-clients.test.ts fails when the committed file drifts).
 * The module is plain Python 3.9 (`typing` only): the client needs nothing outside the standard library.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

// biome-ignore lint/suspicious/noExplicitAny: the generator walks the spec as arbitrary JSON
type Schema = Record<string, any>;

interface Spec {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** Python's keywords: no attribute, so no key of a TypedDict written as a class, may be one. */
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(" "),
);
const isIdentifier = (key: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !KEYWORDS.has(key);

const pascal = (text: string) => text.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase()).replace(/[^A-Za-z0-9]/g, "");

/** A Python string literal (JSON's escapes are Python's, for the text a spec holds). */
const literal = (value: unknown) => JSON.stringify(value);

/** A docstring's text: one paragraph, no closing quotes inside. */
const docText = (text: string) => text.replace(/\\/g, "\\\\").replace(/"""/g, '\\"\\"\\"').replace(/\s+/g, " ").trim();

class PythonModule {
  /** Classes and aliases, in the order written. */
  private readonly blocks: string[] = [];

  private readonly spec: Spec;

  constructor(spec: Spec) {
    this.spec = spec;
  }

  /** The Python type of a schema; named classes are quoted in aliases (evaluated at import), bare in annotations. */
  typeOf(schema: Schema | undefined, owner: string, quote: boolean): string {
    if (schema === undefined || Object.keys(schema).every((key) => ["description", "example", "examples", "title", "format"].includes(key))) return "Any";
    if (schema.$ref) {
      const name = String(schema.$ref).split("/").pop() as string;
      return quote ? literal(name) : name;
    }
    if (schema.const !== undefined) return `Literal[${literal(schema.const)}]`;
    if (Array.isArray(schema.enum)) return `Literal[${schema.enum.map((value: unknown) => (value === null ? "None" : typeof value === "boolean" ? (value ? "True" : "False") : literal(value))).join(", ")}]`;
    const union = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(union)) return this.union(union.map((member: Schema, index: number) => this.typeOf(member, `${owner}${index + 1}`, quote)));
    if (Array.isArray(schema.allOf)) return schema.allOf.length === 1 ? this.typeOf(schema.allOf[0], owner, quote) : "Dict[str, Any]";
    if (Array.isArray(schema.type)) return this.union(schema.type.map((type: string) => this.typeOf({ ...schema, type }, owner, quote)));
    switch (schema.type) {
      case "string":
        return "str";
      case "integer":
        return "int";
      case "number":
        return "float";
      case "boolean":
        return "bool";
      case "null":
        return "None";
      case "array":
        return `List[${this.typeOf(schema.items, `${owner}Item`, quote)}]`;
      case "object":
        if (schema.properties && Object.keys(schema.properties).length > 0) {
          this.typedDict(owner, schema);
          return quote ? literal(owner) : owner;
        }
        return `Dict[str, ${schema.additionalProperties && typeof schema.additionalProperties === "object" ? this.typeOf(schema.additionalProperties, `${owner}Value`, quote) : "Any"}]`;
      default:
        return "Any";
    }
  }

  private union(members: string[]): string {
    const unique = [...new Set(members)];
    if (unique.length === 1) return unique[0];
    const withoutNone = unique.filter((member) => member !== "None");
    if (withoutNone.length === unique.length - 1) return `Optional[${withoutNone.length === 1 ? withoutNone[0] : `Union[${withoutNone.join(", ")}]`}]`;
    return `Union[${unique.join(", ")}]`;
  }

  /**
   * A TypedDict for an object schema: its required keys in a base class, the others optional. `base`:
   * the TypedDict it extends (a schema `allOf: [{ $ref }, { properties }]`).
   */
  typedDict(name: string, schema: Schema, base = "TypedDict"): void {
    const properties = Object.entries(schema.properties as Record<string, Schema>);
    const required = new Set<string>(schema.required ?? []);
    const field = ([key, value]: [string, Schema]) => {
      const description = value.description;
      const comment = description ? `    #: ${docText(description)}\n` : "";
      return `${comment}    ${key}: ${this.typeOf(value, `${name}${pascal(key)}`, false)}`;
    };
    const mandatory = properties.filter(([key]) => required.has(key));
    const optional = properties.filter(([key]) => !required.has(key));
    const doc = schema.description ? `    """${docText(schema.description)}"""\n\n` : "";
    if (properties.some(([key]) => !isIdentifier(key))) {
      // A key a class body cannot hold (`from`): the keys in TypedDicts of the functional form, required
      // and optional apart, which the class extends (the values quoted: they are evaluated at import).
      const entries = (fields: [string, Schema][]) => fields.map(([key, value]) => `${literal(key)}: ${this.typeOf(value, `${name}${pascal(key)}`, true)}`).join(", ");
      const bases = base === "TypedDict" ? [] : [base];
      if (mandatory.length > 0) {
        this.blocks.push(`_${name}Required = TypedDict(${literal(`_${name}Required`)}, {${entries(mandatory)}})`);
        bases.push(`_${name}Required`);
      }
      if (optional.length > 0) {
        this.blocks.push(`_${name}Optional = TypedDict(${literal(`_${name}Optional`)}, {${entries(optional)}}, total=False)`);
        bases.push(`_${name}Optional`);
      }
      this.blocks.push(`class ${name}(${bases.join(", ")}):\n${doc || "    pass\n"}`.trimEnd());
      return;
    }
    if (mandatory.length > 0 && optional.length > 0) {
      this.blocks.push(`class _${name}Required(${base}):\n${mandatory.map(field).join("\n")}`);
      this.blocks.push(`class ${name}(_${name}Required, total=False):\n${doc}${optional.map(field).join("\n")}`);
    } else {
      this.blocks.push(`class ${name}(${base}${mandatory.length === 0 ? ", total=False" : ""}):\n${doc}${properties.map(field).join("\n")}`);
    }
  }

  /** Schemas written already, by name: a class must follow the class it extends. */
  private readonly written = new Set<string>();

  schema(name: string): void {
    if (this.written.has(name)) return;
    this.written.add(name);
    const schema = this.spec.components.schemas[name];
    const [first, second, ...more] = schema.allOf ?? [];
    const baseName = typeof first?.$ref === "string" ? (first.$ref.split("/").pop() as string) : undefined;
    if (baseName && second?.type === "object" && second.properties && more.length === 0 && this.isTypedDict(baseName)) {
      this.schema(baseName);
      this.typedDict(name, { ...second, description: schema.description ?? second.description }, baseName);
      return;
    }
    if (schema.type === "object" && schema.properties && Object.keys(schema.properties).length > 0 && !schema.oneOf && !schema.anyOf) {
      this.typedDict(name, schema);
      return;
    }
    const type = this.typeOf(schema, name, true);
    const doc = schema.description ? `\n"""${docText(schema.description)}"""` : "";
    this.blocks.push(`${name} = ${type}${doc}`);
  }

  private isTypedDict(name: string): boolean {
    const schema = this.spec.components.schemas[name];
    return schema?.type === "object" && schema.properties !== undefined && !schema.oneOf && !schema.anyOf;
  }

  operations(): string {
    const rows: string[] = [];
    for (const [path, item] of Object.entries(this.spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method) || !operation.operationId) continue;
        rows.push(`    ${literal(operation.operationId)}: (${literal(method.toUpperCase())}, ${literal(path)}),`);
      }
    }
    return `#: Every operation of the API: its id, method and path (the client has one method for each).\nOPERATIONS: Dict[str, Tuple[str, str]] = {\n${rows.join("\n")}\n}`;
  }

  render(): string {
    for (const name of Object.keys(this.spec.components.schemas)) this.schema(name);
    return `${HEADER}\n\n\n${this.blocks.join("\n\n\n")}\n\n\n${this.operations()}\n`;
  }
}

const HEADER = `"""The types of the Quarto service's API, one for each schema of openapi/openapi.json.

Generated by \`npm run client:python\` (scripts/python-client.ts) from the spec: do not edit. An object
schema is a TypedDict (its optional keys may be missing); the others are aliases.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union`;

/** The module for this spec. */
export function pythonSchemas(spec: Spec): string {
  return new PythonModule(spec).render();
}

if (import.meta.main) {
  const spec = JSON.parse(await readFile(new URL("../openapi/openapi.json", import.meta.url), "utf8")) as Spec;
  const source = pythonSchemas(spec);
  if (process.argv.includes("--stdout")) process.stdout.write(source);
  else {
    const target = fileURLToPath(new URL("../clients/python/quarto_client/schemas.py", import.meta.url));
    await writeFile(target, source);
    console.log(`wrote ${target}`);
  }
}
