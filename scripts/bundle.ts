/**
 * `npm run bundle`: what the Worker uploads and how long it takes to start. It builds the upload with
 * `wrangler deploy --dry-run --outdir` (nothing is deployed, no account is needed), gives each file's
 * size and its size at `gzip -9` (the gzip on PATH), wrangler's own count, and which of zod's locales the code holds (from
 * esbuild's metafile: wrangler.toml's [alias] keeps English only); then it profiles the startup with
 * `wrangler check startup` (workerd on this machine, the script evaluated once) three times.
 *
 *   npm run bundle               # prints the table docs/operations.md shows, and the startup
 *   npm run bundle -- --check    # and fails when docs/operations.md's table is not this one
 *   npm run bundle -- --write    # and writes it into docs/operations.md
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const DOC = join(root, "docs/operations.md");
const STARTUP_RUNS = 3;

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

function wrangler(args: string[]): string {
  const result = spawnSync(join(root, "node_modules/.bin/wrangler"), args, { cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" } });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${output}`);
  return output;
}

/** The size of a file at `gzip -9` (GNU gzip's: Node's zlib makes other sizes at the same level). */
function gzipped(path: string): number {
  const result = spawnSync("gzip", ["-9", "-c", path], { maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`gzip -9 ${path} failed: ${result.stderr}`);
  return result.stdout.length;
}

const grouped = (value: number) => value.toLocaleString("en-US");

/** The rows of the table: the code first, then the books from the largest, then the whole upload. */
function bundleTable(files: { name: string; bytes: number; gzip: number }[], wranglerCount: string): string {
  const code = files.filter((file) => file.name === "index.js");
  const books = files.filter((file) => file.name.endsWith(".bin")).sort((a, b) => b.bytes - a.bytes);
  const rows = [...code, ...books].map((file) => {
    const label = file.name === "index.js" ? "`index.js` (the code, all dependencies)" : `\`${file.name.replace(/^[0-9a-f]{40}-/, "")}\``;
    return `| ${label} | ${grouped(file.bytes)} | ${grouped(file.gzip)} |`;
  });
  const total = [...code, ...books].reduce((sum, file) => ({ bytes: sum.bytes + file.bytes, gzip: sum.gzip + file.gzip }), { bytes: 0, gzip: 0 });
  return ["| part | bytes | gzip -9 |", "| --- | ---: | ---: |", ...rows, `| the whole upload (wrangler's own count: ${wranglerCount}) | ${grouped(total.bytes)} | ${grouped(total.gzip)} |`].join("\n");
}

function measure(): { table: string; locales: string[]; localeBytes: number } {
  const work = mkdtempSync(join(tmpdir(), "quarto-bundle-"));
  try {
    const out = join(work, "out");
    const metafile = join(work, "meta.json");
    const report = wrangler(["deploy", "--dry-run", "--outdir", out, "--metafile", metafile]);
    const count = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(report);
    if (!count) throw new Error(`no "Total Upload" in wrangler's report:\n${report}`);
    const wranglerCount = `${grouped(Math.round(Number(count[1])))} KiB, gzip ${grouped(Math.round(Number(count[2])))} KiB`;
    const files = readdirSync(out)
      .filter((name) => name === "index.js" || name.endsWith(".bin"))
      .map((name) => {
        const path = join(out, name);
        return { name, bytes: readFileSync(path).length, gzip: gzipped(path) };
      });
    const meta = JSON.parse(readFileSync(metafile, "utf8")) as Metafile;
    const code = Object.entries(meta.outputs).find(([name]) => name.endsWith("index.js"))?.[1];
    const locales = Object.entries(code?.inputs ?? {}).filter(([path, input]) => path.includes("zod/v4/locales/") && input.bytesInOutput > 0);
    return {
      table: bundleTable(files, wranglerCount),
      locales: locales.map(([path]) => path.split("/").pop()?.replace(/\.js$/, "") ?? path),
      localeBytes: locales.reduce((sum, [, input]) => sum + input.bytesInOutput, 0),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `wrangler check startup`'s active time (ms), once. */
function startupMs(): number {
  const work = mkdtempSync(join(tmpdir(), "quarto-startup-"));
  try {
    const report = wrangler(["check", "startup", "--outfile", join(work, "startup.cpuprofile")]);
    const active = /Active: ([\d.]+) ms/.exec(report);
    if (!active) throw new Error(`no "Active" time in wrangler's report:\n${report}`);
    return Number(active[1]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const MARKED = /(<!-- bundle:start[^>]*-->\n)([\s\S]*?)(\n<!-- bundle:end -->)/;

/** The table between docs/operations.md's bundle markers. */
function documentedTable(): string {
  const found = MARKED.exec(readFileSync(DOC, "utf8"));
  if (!found) throw new Error("docs/operations.md has no <!-- bundle:start --> ... <!-- bundle:end --> block");
  return found[2].trim();
}

if (import.meta.main) {
  const { table, locales, localeBytes } = measure();
  console.log(table);
  console.log(`\nzod locales in index.js: ${locales.length} (${locales.join(", ")}), ${grouped(localeBytes)} bytes`);
  const runs = Array.from({ length: STARTUP_RUNS }, startupMs).sort((a, b) => a - b);
  console.log(`startup (wrangler check startup, ${STARTUP_RUNS} runs): ${runs.map((ms) => `${ms} ms`).join(", ")}; median ${runs[Math.floor(STARTUP_RUNS / 2)]} ms`);
  if (process.argv.includes("--write")) {
    documentedTable();
    writeFileSync(DOC, readFileSync(DOC, "utf8").replace(MARKED, (_, start: string, __: string, end: string) => `${start}${table}${end}`));
    console.log("\nwrote the table into docs/operations.md");
  }
  if (process.argv.includes("--check")) {
    const documented = documentedTable();
    if (documented !== table) {
      console.error(`\ndocs/operations.md's table differs from this bundle; it shows:\n${documented}`);
      process.exitCode = 1;
    } else console.log("\ndocs/operations.md's table is this bundle's.");
  }
}
