/**
 * `npm run generators`: makes a client of openapi/openapi.json with each of the common TypeScript
 * generators, at its default options (only the input and the output named), and compiles each with
 * `tsc --strict`: what a user of the API who picks any of them gets. The generators are installed at
 * the versions below into a temporary folder (from the npm registry: this script needs the network, so
 * CI does not run it; docs/api.md shows its last output). openapi-typescript's types are compiled with
 * openapi-fetch over them, as clients/typescript does; orval's axios client with axios.
 *
 *   npm run generators                 # all five
 *   npm run generators -- --keep       # and keep the folder, to read what they made
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The packages installed in the temporary folder, pinned so that a run can be repeated. */
export const PACKAGES = {
  "openapi-typescript": "7.13.0",
  "openapi-fetch": "0.17.0",
  "@hey-api/openapi-ts": "0.99.0",
  orval: "8.38.0",
  axios: "1.21.1",
  "openapi-typescript-codegen": "0.31.0",
  "swagger-typescript-api": "13.13.0",
  typescript: "5.9.3",
};

interface Generator {
  name: string;
  /** The package whose version is reported. */
  package: keyof typeof PACKAGES;
  /** The command line, with `spec.json` as the input and `out` as the output folder. */
  command: (out: string) => string[];
  /** A file that uses the client, compiled with it (the generated files alone otherwise). */
  usage?: string;
}

export const GENERATORS: Generator[] = [
  {
    name: "openapi-typescript (+ openapi-fetch)",
    package: "openapi-typescript",
    command: (out) => ["openapi-typescript", "spec.json", "-o", join(out, "schema.d.ts")],
    usage: `import createClient from ${JSON.stringify("openapi-fetch")};
import type { paths } from ${JSON.stringify("./schema.d.ts")};
const quarto = createClient<paths>({ baseUrl: "http://localhost:8787" });
export const verdict = quarto.GET("/v1/validate-move", { params: { query: { position: "0A3.............5", move: "c3-6" } } });
`,
  },
  { name: "@hey-api/openapi-ts", package: "@hey-api/openapi-ts", command: (out) => ["openapi-ts", "-i", "spec.json", "-o", out] },
  { name: "orval (axios)", package: "orval", command: (out) => ["orval", "--input", "spec.json", "--output", join(out, "api.ts")] },
  { name: "openapi-typescript-codegen", package: "openapi-typescript-codegen", command: (out) => ["openapi", "--input", "spec.json", "--output", out] },
  { name: "swagger-typescript-api", package: "swagger-typescript-api", command: (out) => ["swagger-typescript-api", "generate", "-p", "spec.json", "-o", out] },
];

/** The compiler options a strict user project has; the generators' output is checked, not their dependencies'. */
const TSC_OPTIONS = ["--strict", "--noEmit", "--skipLibCheck", "--target", "ES2022", "--lib", "ES2022,DOM,DOM.Iterable", "--module", "ESNext", "--moduleResolution", "Bundler", "--allowImportingTsExtensions"];

function run(command: string, args: string[], cwd: string): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NO_UPDATE_NOTIFIER: "1" }, maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((entry) => join(folder, entry))
    .filter((path) => statSync(path).isFile() && path.endsWith(".ts"));
}

/** Installs the generators in a temporary folder, runs each on the committed spec, compiles what it made; prints a table. */
function main(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const work = mkdtempSync(join(tmpdir(), "quarto-generators-"));
  const bin = (name: string) => join(work, "node_modules", ".bin", name);
  try {
    copyFileSync(join(root, "openapi/openapi.json"), join(work, "spec.json"));
    writeFileSync(join(work, "package.json"), `${JSON.stringify({ name: "quarto-generators", private: true, type: "module" })}\n`);
    const specs = Object.entries(PACKAGES).map(([name, version]) => `${name}@${version}`);
    const installed = run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...specs], work);
    if (!installed.ok) throw new Error(`npm install failed:\n${installed.output}`);

    console.log(`Clients of openapi/openapi.json, each generator at its default options, compiled with TypeScript ${PACKAGES.typescript} (tsc --strict):\n`);
    const rows: string[][] = [];
    for (const generator of GENERATORS) {
      const out = join(work, "out", generator.package.replace(/[@/]/g, "_"));
      const [command, ...args] = generator.command(out);
      const generated = run(bin(command), args, work);
      if (!generated.ok) {
        rows.push([generator.name, PACKAGES[generator.package], "-", "generation failed"]);
        console.error(generated.output);
        continue;
      }
      const sources = filesUnder(out);
      const compiled = [...sources];
      if (generator.usage) {
        const usage = join(out, "usage.ts");
        writeFileSync(usage, generator.usage);
        compiled.push(usage);
      }
      const checked = run(bin("tsc"), [...TSC_OPTIONS, ...compiled], work);
      const errors = (checked.output.match(/error TS\d+/g) ?? []).length;
      rows.push([generator.name, PACKAGES[generator.package], String(sources.length), checked.ok ? "compiles" : `${errors} errors`]);
      if (!checked.ok) console.error(checked.output.replaceAll(`${out}/`, `${relative(work, out)}/`).split("\n").slice(0, 20).join("\n"));
    }
    const header = ["generator", "version", "files", "tsc --strict"];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd();
    console.log([line(header), ...rows.map(line)].join("\n"));
    process.exitCode = rows.every((row) => row[3] === "compiles") ? 0 : 1;
  } finally {
    if (process.argv.includes("--keep")) console.log(`\nkept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

// The test of docs/api.md imports the tables above; only `npm run generators` runs them.
if (import.meta.main) main();
