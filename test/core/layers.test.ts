/**
 * The layers of the code go one way (README, "The code, folder by folder"): a file imports only from its
 * own layer or below, no two files import each other even through others (type-only imports included),
 * and the frameworks stay where they belong. This is a test over the import graph rather than Biome's
 * `noRestrictedImports` or dependency-cruiser because it needs no new dependency, it sees cycles between
 * files (a per-folder import ban cannot), and it reads `import type`, `export ... from` and dynamic
 * `import()` alike. TypeScript 7 has no JavaScript API (`ts.preProcessFile`), so imports are read by a
 * small scanner that blanks out comments and matches the import grammar strictly (checked below).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/** Bottom to top. A file may import from its own layer and the ones before it. */
const LAYERS = [
  { name: "rules", paths: ["src/rules/"] },
  { name: "engine", paths: ["src/engine/"] },
  { name: "match", paths: ["src/match/"] },
  { name: "bots", paths: ["src/bots/"] },
  { name: "tournament", paths: ["src/tournament/"] },
  { name: "puzzles", paths: ["src/puzzles/"] },
  { name: "wire", paths: ["src/wire/"] },
  { name: "objects", paths: ["src/objects/"] },
  { name: "http", paths: ["src/http/"] },
  { name: "pages", paths: ["src/pages/"] },
  { name: "entry", paths: ["src/index.ts", "src/books.ts", "src/env.d.ts", "src/zod-locales.ts"] },
] as const;
type LayerName = (typeof LAYERS)[number]["name"];
const rank = (name: LayerName): number => LAYERS.findIndex((layer) => layer.name === name);

/** Beside the layers: the arena runner (arena/) uses layers up to wire; the tools (scripts, bench) may use anything. */
const ARENA_TOP: LayerName = "wire";
const TOOLS = ["scripts/", "bench/"];
/** Plain data any file may read (the package's name and version). */
const SHARED_DATA = ["package.json"];
/** The opening books, bundled into the Worker as Data modules by the entry (src/index.ts). */
const BOOK_FILE = /^books\/[^/]+\.bin$/;

/** Packages that only some layers may import (everything at or above `from`, or only `only`). */
const PACKAGE_RULES: { pattern: RegExp; what: string; from?: LayerName; only?: LayerName }[] = [
  { pattern: /^cloudflare:/, what: "cloudflare:*", only: "objects" },
  { pattern: /^(zod|@hono\/zod-openapi)(\/|$)/, what: "zod", from: "wire" },
  { pattern: /^(hono|@scalar\/)/, what: "hono", from: "wire" },
];

type Place = { kind: "layer"; layer: LayerName } | { kind: "arena" } | { kind: "tool" } | { kind: "data" } | { kind: "outside" };

function placeOf(file: string): Place {
  for (const layer of LAYERS)
    if (layer.paths.some((path) => (path.endsWith("/") ? file.startsWith(path) : file === path))) return { kind: "layer", layer: layer.name };
  if (file.startsWith("arena/")) return { kind: "arena" };
  if (TOOLS.some((path) => file.startsWith(path))) return { kind: "tool" };
  if (SHARED_DATA.includes(file) || BOOK_FILE.test(file)) return { kind: "data" };
  return { kind: "outside" };
}

const describePlace = (place: Place): string => (place.kind === "layer" ? place.layer : place.kind);

// ---- reading imports ----

interface ImportEdge {
  specifier: string;
  /** `import type`, `export type`, or every named specifier marked `type`. */
  typeOnly: boolean;
  dynamic: boolean;
}

/**
 * The source with comments replaced by spaces. Strings and template literals are skipped over whole
 * (so `"//"` is not a comment), and a `/` where an expression may start begins a regex literal.
 */
function stripComments(source: string): string {
  let out = "";
  let i = 0;
  const templateDepth: number[] = [];
  let braces = 0;
  let lastSignificant = "";
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  while (i < source.length) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
      continue;
    }
    if (ch === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== ch && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = ch;
      continue;
    }
    if (ch === "`" || (ch === "}" && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braces)) {
      // A template literal, or its continuation after a `${...}` substitution.
      if (ch === "}") templateDepth.pop();
      let j = i + 1;
      while (j < source.length && source[j] !== "`" && !(source[j] === "$" && source[j + 1] === "{")) j += source[j] === "\\" ? 2 : 1;
      if (source[j] === "$") {
        templateDepth.push(braces);
        out += source.slice(i, j + 2);
        i = j + 2;
      } else {
        out += source.slice(i, j + 1);
        i = j + 1;
      }
      lastSignificant = "`";
      continue;
    }
    if (ch === "/" && (lastSignificant === "" || "(,=:[!&|?{};+-*%<>~^".includes(lastSignificant) || /\breturn\s*$/.test(out))) {
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== "\n" && (inClass || source[j] !== "/")) {
        if (source[j] === "\\") j++;
        else if (source[j] === "[") inClass = true;
        else if (source[j] === "]") inClass = false;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = "/";
      continue;
    }
    if (ch === "{") braces++;
    if (ch === "}") braces--;
    if (!/\s/.test(ch)) lastSignificant = ch;
    out += ch;
    i++;
  }
  return out;
}

const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(\*\s+as\s+[\w$]+|\*|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+[\w$]+))?)\s+from\s*(["'])([^"'\n]+)\4/g;
const SIDE_EFFECT_IMPORT = /(?:^|[;\n}])\s*import\s*(["'])([^"'\n]+)\1/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g;

/** Every import and re-export of a module's source: static, side-effect, `import type` and dynamic. */
function importsOf(source: string): ImportEdge[] {
  const code = stripComments(source);
  const edges: ImportEdge[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const clause = match[3];
    const names = clause.startsWith("{")
      ? clause
          .slice(1, -1)
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
      : [];
    const allTyped = names.length > 0 && names.every((name) => name.startsWith("type "));
    edges.push({ specifier: match[5], typeOnly: match[2] !== undefined || allTyped, dynamic: false });
  }
  for (const match of code.matchAll(SIDE_EFFECT_IMPORT)) edges.push({ specifier: match[2], typeOnly: false, dynamic: false });
  for (const match of code.matchAll(DYNAMIC_IMPORT)) edges.push({ specifier: match[2], typeOnly: false, dynamic: true });
  return edges;
}

// ---- the graph ----

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .sort();
}

interface Edge extends ImportEdge {
  from: string;
  /** The imported file (relative to the root), or the package name. */
  to: string;
  relative: boolean;
}

function graph(files: readonly string[]): Edge[] {
  return files.flatMap((file) =>
    importsOf(readFileSync(join(ROOT, file), "utf8")).map((edge): Edge => {
      const relativeImport = edge.specifier.startsWith(".");
      const to = relativeImport
        ? normalize(join(dirname(file), edge.specifier.split("?")[0]))
            .split("\\")
            .join("/")
        : edge.specifier;
      return { ...edge, from: file, to, relative: relativeImport };
    }),
  );
}

/** Why `edge` breaks the layering, or null. */
function violation(edge: Edge): string | null {
  const from = placeOf(edge.from);
  const at = `${edge.from} (${describePlace(from)}) imports ${edge.specifier}`;
  if (!edge.relative) {
    if (from.kind !== "layer") return null;
    if (edge.specifier.startsWith("node:")) return `${at}: src/ runs in workerd and browsers too, not only Node`;
    for (const rule of PACKAGE_RULES) {
      if (!rule.pattern.test(edge.specifier)) continue;
      if (rule.only !== undefined && from.layer !== rule.only) return `${at}: ${rule.what} belongs to ${rule.only} only`;
      if (rule.from !== undefined && rank(from.layer) < rank(rule.from)) return `${at}: ${rule.what} is not used below ${rule.from}`;
    }
    return null;
  }
  const to = placeOf(edge.to);
  const target = `${at} (${describePlace(to)})`;
  if (to.kind === "data" || from.kind === "tool") return null;
  if (to.kind === "outside" || to.kind === "tool") return `${target}: outside the layers`;
  if (from.kind === "outside") return `${at}: the file is in no layer (add its folder to LAYERS)`;
  if (from.kind === "arena") {
    if (to.kind === "arena") return null;
    if (to.kind === "layer" && rank(to.layer) <= rank(ARENA_TOP)) return null;
    return `${target}: the arena runner uses the layers up to ${ARENA_TOP} only`;
  }
  if (from.kind !== "layer") return null;
  if (to.kind !== "layer") return `${target}: a layer cannot import the arena runner`;
  if (rank(to.layer) > rank(from.layer)) return `${target}: a higher layer`;
  // The app is loaded in Node by `npm run openapi`, where `cloudflare:workers` does not exist.
  if (from.layer === "http" && to.layer === "objects" && !edge.typeOnly) return `${target}: http uses the Durable Objects through their types only`;
  return null;
}

/** A layer's barrel: the one file through which the other layers, the entry and the arena runner import it. */
const barrelOf = (layer: LayerName): string | null => {
  const folder = LAYERS[rank(layer)].paths[0];
  return folder.endsWith("/") ? `${folder}index.ts` : null;
};

/**
 * Why `edge` reaches past another layer's barrel, or null. Only the tools (scripts, bench) and the tests
 * may import a layer's inner files; data files (JSON, the books) are read where they are.
 */
function deepImport(edge: Edge): string | null {
  if (!edge.relative || /\.(json|bin)$/.test(edge.to)) return null;
  const from = placeOf(edge.from);
  const to = placeOf(edge.to);
  if (to.kind !== "layer" || from.kind === "tool" || from.kind === "data" || from.kind === "outside") return null;
  if (from.kind === "layer" && from.layer === to.layer) return null;
  const barrel = barrelOf(to.layer);
  if (barrel === null || edge.to === barrel) return null;
  return `${edge.from} imports ${edge.specifier}: another layer is imported through its barrel, ${barrel}`;
}

/** The cycles of the file graph: one path per strongly connected component of two files or more. */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) if (edge.relative) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (next.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  // One concrete loop through each component, for the message.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0];
    const path = [start];
    const seen = new Set([start]);
    for (;;) {
      const current = path[path.length - 1];
      const step = (next.get(current) ?? []).filter((target) => members.has(target));
      const back = step.find((target) => target === start);
      if (back !== undefined || step.length === 0) return [...path, start];
      const fresh = step.find((target) => !seen.has(target)) ?? step[0];
      if (seen.has(fresh)) return [...path.slice(path.indexOf(fresh)), fresh];
      seen.add(fresh);
      path.push(fresh);
    }
  });
}

// ---- the checks ----

describe("the import scanner", () => {
  it("reads every form of import and skips comments and strings", () => {
    const source = [
      'import { a, type B } from "./a.ts";',
      'import type { C } from "./c.ts";',
      'import { type D, type E } from "./d.ts";',
      "import {\n  F,\n  G,\n} from './multi.ts';",
      'import * as all from "pkg";',
      'export * from "./re.ts";',
      'export { h } from "./h.ts";',
      'import "./side.ts";',
      'const lazy = await import("./lazy.ts");',
      'type T = import("./typed.ts").T;',
      '// import { no } from "./comment.ts";',
      '/* import { no } from "./block.ts"; */',
      'const text = "import { no } from ./string.ts // not a comment";',
      "const re = /\\/\\/ import/g;",
      // A template literal holding another one (split so that no literal here holds a placeholder).
      `const tpl = \`$${"{"}\`import { no } from "./template.ts"\`}\`;`,
    ].join("\n");
    const edges = importsOf(source);
    expect(edges.map((edge) => edge.specifier).sort()).toEqual(
      ["./a.ts", "./c.ts", "./d.ts", "./multi.ts", "pkg", "./re.ts", "./h.ts", "./side.ts", "./lazy.ts", "./typed.ts"].sort(),
    );
    expect(
      edges
        .filter((edge) => edge.typeOnly)
        .map((edge) => edge.specifier)
        .sort(),
    ).toEqual(["./c.ts", "./d.ts"]);
  });
});

describe("the layers", () => {
  const files = ["src", "arena", "scripts", "bench"].flatMap(sourceFiles);
  const edges = graph(files);

  it("place every source file", () => {
    expect(files.length).toBeGreaterThan(50);
    const unplaced = files.filter((file) => placeOf(file).kind === "outside");
    expect(unplaced, "files in no layer: add their folder to LAYERS").toEqual([]);
  });

  it("go one way: no import from a higher layer, frameworks only where they belong", () => {
    const problems = edges.map(violation).filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it("resolve: every relative import names a file that exists", () => {
    const known = new Set([...files, ...SHARED_DATA, ...readdirSync(join(ROOT, "books")).map((name) => `books/${name}`)]);
    const missing = edges
      .filter((edge) => edge.relative && !known.has(edge.to) && !/\.(json|md)$/.test(edge.to))
      .map((edge) => `${edge.from} -> ${edge.specifier}`);
    expect(missing).toEqual([]);
  });

  it("each have a barrel (index.ts) that names what the layer offers, and import each other only through it", () => {
    const missing = LAYERS.map((layer) => barrelOf(layer.name)).filter((barrel) => barrel !== null && !files.includes(barrel));
    expect(missing, "layers without an index.ts").toEqual([]);
    // A barrel names its exports: `export *` would offer whatever a file happens to export.
    const starred = LAYERS.map((layer) => barrelOf(layer.name))
      .filter((barrel): barrel is string => barrel !== null && files.includes(barrel))
      .filter((barrel) => /^\s*export\s+\*/m.test(readFileSync(join(ROOT, barrel), "utf8")));
    expect(starred, "barrels with export *").toEqual([]);
    expect(edges.map(deepImport).filter((problem) => problem !== null)).toEqual([]);
  });

  it("refuse a deep import across layers, and allow the barrel, the own layer and the tools", () => {
    const edge = (from: string, specifier: string): Edge => ({
      from,
      specifier,
      to: normalize(join(dirname(from), specifier)).split("\\").join("/"),
      relative: true,
      typeOnly: false,
      dynamic: false,
    });
    expect(deepImport(edge("src/objects/match.ts", "../engine/random.ts"))).toContain("src/engine/index.ts");
    expect(deepImport(edge("src/tournament/step.ts", "../bots/protocol.ts"))).toContain("src/bots/index.ts");
    expect(deepImport(edge("arena/main.ts", "../src/wire/problems.ts"))).toContain("src/wire/index.ts");
    expect(deepImport(edge("src/index.ts", "./objects/match.ts"))).toContain("src/objects/index.ts");
    expect(deepImport(edge("src/objects/match.ts", "../engine/index.ts"))).toBeNull();
    expect(deepImport(edge("src/objects/match.ts", "./retention.ts"))).toBeNull();
    expect(deepImport(edge("scripts/book.ts", "../src/engine/book.ts"))).toBeNull();
    expect(deepImport(edge("src/http/routes/rules.ts", "../../wire/examples.json"))).toBeNull();
  });

  it("have no cycle between files, type-only imports included", () => {
    expect(cycles(edges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });
});
