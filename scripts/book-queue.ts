/**
 * Runs `npm run book` builds one after another and commits their output: each finished book, and every
 * 15 minutes the running build's checkpoint (so a later session resumes it). The builds run from a
 * snapshot of the current commit (git archive), so edits to the working tree during a build of many
 * hours cannot change what it computes; the commit messages name that commit.
 *
 *   node --experimental-strip-types scripts/book-queue.ts [--jobs N] [variant:depth ...]
 *
 * Without arguments it runs the default queue below. Start it detached, e.g.
 *   setsid nohup node --experimental-strip-types scripts/book-queue.ts > books/queue.log 2>&1 < /dev/null &
 * It only ever stages and commits files under books/ that the builds write, and src/books.ts (the
 * Worker's list of books, rewritten by scripts/books-index.ts) with each finished book.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BOOK_VARIANTS as VARIANTS, openBook } from "../src/engine/book.ts";
import { makeRules } from "../src/rules/index.ts";
import { writeBooksIndex } from "./books-index.ts";

/**
 * Beginner variants as deep as is cheap (every tier below then solves within the service's default
 * budget, except three attributes), then classic and squares to 13 empty cells, then classic to 12, then
 * three attributes one tier deeper (built: every three-attribute position is then exact at the default
 * budget in the books bench).
 */
export const DEFAULT_QUEUE = [
  "attributes-1:11",
  "attributes-2:12",
  "attributes-3:14",
  "attributes-1-squares:12",
  "attributes-2-squares:13",
  "attributes-3-squares:14",
  "classic:13",
  "squares:13",
  "classic:12",
  "attributes-3:13",
  "attributes-3-squares:13",
];

const COMMIT_EVERY_MS = 15 * 60 * 1000;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BOOKS = join(ROOT, "books");

const log = (message: string) => console.log(`[queue ${new Date().toISOString()}] ${message}`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Stages and commits exactly `paths` (present or deleted), retrying while another commit holds the index. */
async function commitPaths(paths: string[], message: string): Promise<void> {
  const tracked = (path: string) => git(["ls-files", "--", path]).trim() !== "";
  const relevant = paths.filter((path) => existsSync(join(ROOT, path)) || tracked(path));
  if (relevant.length === 0 || git(["status", "--porcelain", "--", ...relevant]).trim() === "") return;
  for (let attempt = 1; ; attempt++) {
    try {
      for (const path of relevant) {
        if (existsSync(join(ROOT, path))) git(["add", "--", path]);
        else git(["rm", "--cached", "--quiet", "--", path]);
      }
      git(["commit", "--quiet", "-m", message, "--", ...relevant]);
      log(`committed: ${message}`);
      return;
    } catch (error) {
      const text = String((error as { stderr?: string }).stderr ?? error);
      if (attempt < 30 && text.includes("index.lock")) {
        await sleep(5000);
        continue;
      }
      log(`commit failed (${message}): ${text.trim()}`);
      return;
    }
  }
}

/** A copy of the committed code to run the builds from (node_modules linked, not copied). */
function snapshot(commit: string): string {
  const dir = join(tmpdir(), `quarto-book-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, "scripts", "book.ts"))) {
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${commit} src scripts package.json | tar -x -C '${dir}'`], { cwd: ROOT });
    if (!existsSync(join(dir, "node_modules"))) symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  }
  return dir;
}

const solvedInCheckpoint = (path: string): string => {
  try {
    const bytes = readFileSync(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    return `${view.getUint32(20, true)}/${view.getUint32(12, true)}`;
  } catch {
    return "?";
  }
};

async function runBuild(code: string, commit: string, variant: string, depth: number, jobs: number): Promise<boolean> {
  const name = `${variant}-${depth}`;
  const bookPath = `books/${name}.bin`;
  const checkpointPath = `books/${name}.checkpoint`;
  if (existsSync(join(ROOT, bookPath))) {
    try {
      openBook(readFileSync(join(ROOT, bookPath)), makeRules(VARIANTS[variant]));
      log(`${name}: already built, skipped`);
      return true;
    } catch (error) {
      log(`${name}: the existing book is unusable (${String(error)}); not overwriting it, skipped`);
      return false;
    }
  }
  // A deeper book of the variant holds every tier of this one (classic-12 replaced classic-13).
  const deeper = readdirSync(BOOKS).find((file) => {
    const match = /^(.+)-(\d+)\.bin$/.exec(file);
    return match !== null && match[1] === variant && Number(match[2]) < depth;
  });
  if (deeper) {
    log(`${name}: ${deeper} is deeper and holds its tiers, skipped`);
    return true;
  }
  log(`${name}: building with --jobs ${jobs} from ${commit.slice(0, 12)}`);
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", join(code, "scripts", "book.ts"), "--rules", variant, "--depth", String(depth), "--jobs", String(jobs), "--out", BOOKS],
    { cwd: code, stdio: ["ignore", "inherit", "inherit"] },
  );
  const timer = setInterval(() => {
    void commitPaths(
      [checkpointPath],
      `Book: ${name} checkpoint (${solvedInCheckpoint(join(ROOT, checkpointPath))} of tier ${depth} solved), built by ${commit.slice(0, 12)}`,
    );
  }, COMMIT_EVERY_MS);
  const exitCode = await new Promise<number | null>((done) => child.on("close", done));
  clearInterval(timer);
  if (exitCode !== 0) {
    log(`${name}: the build exited with ${exitCode}`);
    await commitPaths(
      [checkpointPath],
      `Book: ${name} checkpoint (${solvedInCheckpoint(join(ROOT, checkpointPath))} of tier ${depth} solved), built by ${commit.slice(0, 12)}`,
    );
    return false;
  }
  const book = openBook(readFileSync(join(ROOT, bookPath)));
  // The Worker's list of books names the new one (the build from the snapshot wrote it too, or not).
  writeBooksIndex(ROOT);
  await commitPaths(
    [bookPath, checkpointPath, "src/books.ts"],
    `Book: ${name} (${book.entryCount} positions, tiers 16-${depth}, ${book.bytes.length} bytes, checksum ${book.checksum.toString(16).padStart(8, "0")}), built by ${commit.slice(0, 12)}`,
  );
  return true;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { jobs: { type: "string", default: "1" } }, allowPositionals: true });
  const jobs = Number(values.jobs);
  const queue = (positionals.length > 0 ? positionals : DEFAULT_QUEUE).map((spec) => {
    const [variant, depth] = spec.split(":");
    if (!(variant in VARIANTS) || !Number.isInteger(Number(depth))) throw new Error(`bad queue entry '${spec}': expected variant:depth`);
    return { variant, depth: Number(depth) };
  });
  const commit = git(["rev-parse", "HEAD"]).trim();
  const code = snapshot(commit);
  log(`running ${queue.map(({ variant, depth }) => `${variant}:${depth}`).join(", ")} from ${code} (commit ${commit})`);
  for (const { variant, depth } of queue) {
    if (!(await runBuild(code, commit, variant, depth, jobs))) {
      log("stopping the queue");
      process.exit(1);
    }
  }
  log("queue done");
}

main().catch((error) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
