/**
 * `npm run book`: builds the opening book of a rules variant (src/engine/book.ts has the format). Every
 * canonical position with a piece in hand of the deepest tier is solved exactly by the engine's perfect
 * level in worker threads; every tier above, up to the empty board, follows by minimax over the tier
 * below (the first best move in cell, then give order), with no search.
 *
 *   npm run book -- --rules <variant> --depth <empty cells> [--jobs N] [--out DIR] [--checkpoint-seconds S] [--fresh]
 *
 *   --rules      classic | squares | attributes-1 | attributes-2 | attributes-3 | attributes-N-squares
 *                (a book serves every attribute subset of its size; built with the first N attributes)
 *   --depth      the deepest tier, in empty cells (15 down to 7 with four attributes, further with
 *                fewer): it is solved, the tiers above are derived
 *   --jobs       worker threads (default: the core count)
 *   --out        where the book, its checkpoint and nothing else go (default: books/)
 *   --checkpoint-seconds   how often the solved entries are saved (default 60; 0 after every position)
 *   --fresh      ignore an existing checkpoint and book, start over
 *
 * Writes <out>/<variant>-<depth>.bin; while solving, <out>/<variant>-<depth>.checkpoint (written
 * atomically), from which a killed build resumes, first re-solving two saved entries to check that the
 * engine still answers the same. The deepest tier is solved in groups of siblings (one board, each piece
 * in hand), each group on one table, which they share most of their subtrees through (1.3-2.6x fewer
 * nodes on classic tiers 12 and 13). The bytes depend only on the code: every solve has a fixed seed, and
 * an exact answer's move does not depend on the table (shareTable in src/engine/search.ts), so grouping,
 * --jobs and interruptions do not change them.
 *
 * Cost on the 2-core reference machine under a load of 5-16 (unloaded runs are faster): CPU seconds per
 * deepest-tier position (mean, max) and the whole tier on one core. "built" rows are the builds' own
 * figures; "sampled" rows are solveEntry on 8-20 positions spread over the tier (classic:12: 136
 * positions in 16 sibling groups). The rows from classic:13 down are solved in sibling groups (1.3-2.6x
 * fewer nodes); the rows above were built one position at a time, and rebuild identically either way.
 * The tiers above the deepest take seconds.
 *
 *   variant:depth            positions (16 .. depth empty)      bytes     s/position (max)   one core
 *   attributes-1:11          1+4+32+188+1,070+4,668 = 5,963      29,910    0.007 (0.06)  built    1 min
 *   attributes-2:12          1+6+76+792+8,410 = 9,285            46,508    0.053 (0.29)  built    7 min
 *   attributes-3:14          1+8+134 = 143                          774    4.95 (12.7)   built   11 min
 *   attributes-1-squares:12  1+6+75+592+3,763 = 4,437            22,268    0.016 (0.07)  built    1 min
 *   attributes-2-squares:13  1+9+183+2,628 = 2,821               14,176    0.37 (0.63)   sampled 16 min
 *   attributes-3-squares:14  1+12+336 = 349                       1,804    4.0 (9.0)     sampled 22 min
 *   classic:13               1+8+148+3,382 = 3,539               21,148    1.74 (6.2)    built    1.6 h
 *   squares:13               1+12+381+12,113 = 12,507            74,719    0.93 (5.5)    built    3.1 h
 *   classic:12               ... +91,558 = 95,097               570,508    0.34 (1.5)    built    8.6 h
 *   attributes-3:13          1+8+134+2,222 = 2,365               14,118    0.87 (4.2)    built   32 min
 *   attributes-3-squares:13  1+12+336+7,723 = 8,072              48,154    0.51 (2.5)    built    1.1 h
 *
 * classic:12 was built in four runs (8.6 core-hours added up from their logs); its max is the last run's
 * (31,987 positions), the earlier runs logged no max.
 *
 * Tier 16 (the first placement) is never solved by search: the engine's exact search starts below it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import cliProgress from "cli-progress";
import { BOOK_VARIANTS, type BookEntry, crc32, decodeEntry, keyBytesFor, lookupBook, openBook } from "../src/engine/book.ts";
import { makeRules, positionFromTrustedSetup, type Rules } from "../src/rules/index.ts";
import { deriveEntry, encodeBook, encodeEntry, enumerateTiers, positionKey, representative, siblingGroup } from "./book-builder.ts";
import { type SolveRequest, type SolveResult, solveEntry } from "./book-worker.ts";
import { writeBooksIndex } from "./books-index.ts";

const VARIANTS = BOOK_VARIANTS;

const HELP = `Usage: npm run book -- --rules <variant> --depth <empty cells> [--jobs N] [--out DIR] [--checkpoint-seconds S] [--fresh]

Builds books/<variant>-<depth>.bin: every canonical position with a piece in hand from the empty board
down to <depth> empty cells, with its exact value, a best move and the placements to the end. The
deepest tier is solved by the engine in worker threads; the tiers above follow by minimax.

  --rules VARIANT          ${Object.keys(VARIANTS).join(", ")}
  --depth N                the deepest tier, in empty cells (15 down to 7 with four attributes)
  --jobs N                 worker threads (default: ${availableParallelism()}, the core count)
  --out DIR                output directory (default: books/)
  --checkpoint-seconds S   save the solved entries at least this often (default 60; 0: after each)
  --fresh                  ignore an existing checkpoint or book and start over
  --help                   this text

A killed build resumes from its checkpoint (losing at most the checkpoint interval). The book's bytes
depend only on the code, not on --jobs or on interruptions.`;

const CHECKPOINT_MAGIC = [0x51, 0x42, 0x43, 0x50]; // "QBCP"
const CHECKPOINT_VERSION = 1;
const CHECKPOINT_HEADER = 24;

interface Checkpoint {
  done: Uint8Array;
  entries: Uint16Array;
}

/** A CRC of the deepest tier's keys: a checkpoint is only resumed onto the same positions. */
function tierDigest(keys: readonly number[], empties: number, attributeCount: number): number {
  const width = keyBytesFor(empties, attributeCount);
  const bytes = new Uint8Array(keys.length * width);
  keys.forEach((key, i) => {
    let rest = key;
    for (let b = width - 1; b >= 0; b--) {
      bytes[i * width + b] = rest % 256;
      rest = Math.floor(rest / 256);
    }
  });
  return crc32(bytes);
}

function encodeCheckpoint(rules: Rules, depth: number, digest: number, state: Checkpoint): Uint8Array {
  const count = state.entries.length;
  const bytes = new Uint8Array(CHECKPOINT_HEADER + state.done.length + 2 * count + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(CHECKPOINT_MAGIC, 0);
  view.setUint16(4, CHECKPOINT_VERSION, true);
  view.setUint8(6, rules.squares ? 1 : 0);
  view.setUint8(7, rules.attributeMask);
  view.setUint8(8, depth);
  view.setUint32(12, count, true);
  view.setUint32(16, digest, true);
  view.setUint32(20, countDone(state.done, count), true);
  bytes.set(state.done, CHECKPOINT_HEADER);
  const entriesAt = CHECKPOINT_HEADER + state.done.length;
  for (let i = 0; i < count; i++) view.setUint16(entriesAt + 2 * i, state.entries[i], true);
  view.setUint32(bytes.length - 4, crc32(bytes, 0, bytes.length - 4), true);
  return bytes;
}

/** The checkpoint's state, or an error message saying why it cannot be resumed. */
function decodeCheckpoint(bytes: Uint8Array, rules: Rules, depth: number, digest: number, count: number): Checkpoint | string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const doneBytes = (count + 7) >> 3;
  if (bytes.length !== CHECKPOINT_HEADER + doneBytes + 2 * count + 4 || CHECKPOINT_MAGIC.some((byte, i) => bytes[i] !== byte)) {
    return "not a checkpoint of this tier (size or magic)";
  }
  if (view.getUint16(4, true) !== CHECKPOINT_VERSION) return `checkpoint format version ${view.getUint16(4, true)}, expected ${CHECKPOINT_VERSION}`;
  if (view.getUint32(bytes.length - 4, true) !== crc32(bytes, 0, bytes.length - 4)) return "checksum mismatch: the checkpoint is corrupt";
  if (view.getUint8(6) !== (rules.squares ? 1 : 0) || view.getUint8(7) !== rules.attributeMask || view.getUint8(8) !== depth) {
    return "the checkpoint is for other rules or another depth";
  }
  if (view.getUint32(12, true) !== count || view.getUint32(16, true) !== digest) return "the checkpoint's positions differ from this tier's";
  const done = bytes.slice(CHECKPOINT_HEADER, CHECKPOINT_HEADER + doneBytes);
  const entries = new Uint16Array(count);
  for (let i = 0; i < count; i++) entries[i] = view.getUint16(CHECKPOINT_HEADER + doneBytes + 2 * i, true);
  return { done, entries };
}

const isDone = (done: Uint8Array, index: number) => ((done[index >> 3] >> (index & 7)) & 1) === 1;
const countDone = (done: Uint8Array, count: number) => {
  let n = 0;
  for (let i = 0; i < count; i++) if (isDone(done, i)) n++;
  return n;
};

function writeAtomically(path: string, bytes: Uint8Array): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return "?";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return h > 0 ? `${h}h${String(m).padStart(2, "0")}m` : m > 0 ? `${m}m${String(s).padStart(2, "0")}s` : `${s}s`;
};

/** Progress: a bar with an ETA on a terminal, a plain line every 30 s otherwise. */
function makeProgress(label: string, total: number, start: number) {
  const started = Date.now();
  let solvedHere = 0;
  let cpuHere = 0;
  let lastLine = 0;
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar(
        { format: `${label} [{bar}] {percentage}% | {value}/{total} | ETA {eta_formatted} | {cpu} s CPU/position`, etaBuffer: 200, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(total, start, { cpu: "?" });
  const line = (value: number) => {
    const elapsed = (Date.now() - started) / 1000;
    const eta = solvedHere > 0 ? (elapsed / solvedHere) * (total - value) : Number.NaN;
    const cpu = solvedHere > 0 ? (cpuHere / solvedHere / 1000).toFixed(3) : "?";
    console.log(`${label}: ${value}/${total} solved (${((100 * value) / total).toFixed(1)}%), ${cpu} s CPU/position, ETA ${formatDuration(eta)}`);
  };
  return {
    tick(value: number, cpuMs: number) {
      solvedHere++;
      cpuHere += cpuMs;
      if (bar) bar.update(value, { cpu: (cpuHere / solvedHere / 1000).toFixed(3) });
      else if (Date.now() - lastLine >= 30_000 || value === total) {
        lastLine = Date.now();
        line(value);
      }
    },
    stop() {
      bar?.stop();
    },
  };
}

interface Options {
  variant: string;
  depth: number;
  jobs: number;
  out: string;
  checkpointSeconds: number;
  fresh: boolean;
}

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      rules: { type: "string" },
      depth: { type: "string" },
      jobs: { type: "string" },
      out: { type: "string" },
      "checkpoint-seconds": { type: "string" },
      fresh: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const fail = (message: string): never => {
    console.error(`book: ${message}\n\n${HELP}`);
    process.exit(2);
  };
  const variant = values.rules ?? fail("--rules is required");
  if (!(variant in VARIANTS)) fail(`unknown rules variant '${variant}'`);
  const depth = Number(values.depth ?? fail("--depth is required"));
  if (!Number.isInteger(depth) || depth < 1 || depth > 15) fail("--depth must be a whole number of empty cells from 1 to 15");
  const attributeCount = makeRules(VARIANTS[variant]).attributes.length;
  if (16 + attributeCount * (16 - depth) > 53)
    fail(`--depth ${depth} is too deep for ${variant}: a key holds at most ${Math.floor(37 / attributeCount)} pieces`);
  const jobs = Number(values.jobs ?? availableParallelism());
  if (!Number.isInteger(jobs) || jobs < 1) fail("--jobs must be a positive whole number");
  const checkpointSeconds = Number(values["checkpoint-seconds"] ?? 60);
  if (!Number.isFinite(checkpointSeconds) || checkpointSeconds < 0 || checkpointSeconds > 60) fail("--checkpoint-seconds must be from 0 to 60");
  const out = resolve(values.out ?? join(dirname(fileURLToPath(import.meta.url)), "..", "books"));
  return { variant, depth, jobs, out, checkpointSeconds, fresh: values.fresh };
}

/**
 * Solves the pending groups (indexes into the tier) in `jobs` worker threads, a group at a time per
 * worker; calls `onResult` as answers arrive, one per position.
 */
function solveInWorkers(
  jobs: number,
  pending: number[][],
  request: (group: number[]) => SolveRequest,
  onResult: (result: SolveResult) => void,
): { done: Promise<void>; stop: () => Promise<void> } {
  const workers: Worker[] = [];
  let next = 0;
  let busy = 0;
  let failed = false;
  let resolveDone: () => void = () => {};
  let rejectDone: (error: Error) => void = () => {};
  const done = new Promise<void>((res, rej) => {
    resolveDone = res;
    rejectDone = rej;
  });
  const feed = (worker: Worker, left: { count: number }) => {
    if (failed || next >= pending.length) {
      if (busy === 0) resolveDone();
      return;
    }
    busy++;
    left.count = pending[next].length;
    worker.postMessage(request(pending[next++]));
  };
  const count = Math.min(jobs, Math.max(1, pending.length));
  for (let i = 0; i < count; i++) {
    const worker = new Worker(new URL("./book-worker.ts", import.meta.url));
    const left = { count: 0 };
    worker.on("message", (result: SolveResult) => {
      if (result.error) {
        failed = true;
        rejectDone(new Error(`position ${result.index}: ${result.error}`));
        return;
      }
      onResult(result);
      if (--left.count > 0) return;
      busy--;
      feed(worker, left);
    });
    worker.on("error", (error) => {
      failed = true;
      rejectDone(error);
    });
    workers.push(worker);
    if (pending.length > 0) feed(worker, left);
  }
  if (pending.length === 0) resolveDone();
  return {
    done,
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** The unsolved positions in groups of siblings (siblingGroup), each group in index order, groups by first index. */
function siblingGroups(deepest: readonly number[], unsolved: readonly number[], rules: Rules, depth: number): number[][] {
  const groups = new Map<number, number[]>();
  for (const index of unsolved) {
    const group = siblingGroup(deepest[index], depth, rules.squares, rules.attributeMask);
    const members = groups.get(group);
    if (members) members.push(index);
    else groups.set(group, [index]);
  }
  return [...groups.values()].sort((a, b) => a[0] - b[0]);
}

/** Derives the tiers above the deepest by minimax, bottom up. */
function deriveTiers(tiers: number[][], deepestEntries: Uint16Array, rules: Rules, depth: number): Uint16Array[] {
  const entries: Uint16Array[] = Array(tiers.length);
  entries[tiers.length - 1] = deepestEntries;
  for (let index = tiers.length - 2; index >= 0; index--) {
    const empties = 16 - index;
    const below = tiers[index + 1];
    const belowEntries = entries[index + 1];
    const child = (board: readonly (number | null)[], hand: number): BookEntry => {
      const key = positionKey(board, hand, rules.squares, rules.attributeMask);
      let low = 0;
      let high = below.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (below[middle] === key) return decodeEntry(belowEntries[middle]);
        if (below[middle] < key) low = middle + 1;
        else high = middle - 1;
      }
      throw new Error(`a child of a tier-${empties} position is missing from tier ${empties - 1} (depth ${depth})`);
    };
    const tierEntries = new Uint16Array(tiers[index].length);
    tiers[index].forEach((key, i) => {
      const entry = deriveEntry(representative(key, empties, rules.attributeMask), rules.squares, rules.attributeMask, child);
      tierEntries[i] = encodeEntry(entry);
    });
    entries[index] = tierEntries;
  }
  return entries;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(HELP);
    return;
  }
  const { variant, depth, jobs, out, checkpointSeconds } = options;
  const rules = makeRules(VARIANTS[variant]);
  const name = `${variant}-${depth}`;
  mkdirSync(out, { recursive: true });
  const bookPath = join(out, `${name}.bin`);
  const checkpointPath = join(out, `${name}.checkpoint`);
  if (options.fresh) {
    rmSync(checkpointPath, { force: true });
    rmSync(bookPath, { force: true });
  }
  if (existsSync(bookPath)) {
    const book = openBook(readFileSync(bookPath), rules);
    console.log(`${name}: already built (${book.entryCount} entries, ${readFileSync(bookPath).length} bytes); --fresh rebuilds it`);
    return;
  }

  const buildStarted = Date.now();
  const tiers = enumerateTiers(rules.squares, rules.attributeMask, depth);
  const deepest = tiers[tiers.length - 1];
  const attributeCount = rules.attributes.length;
  console.log(
    `${name}: ${tiers.reduce((sum, tier) => sum + tier.length, 0)} positions in tiers 16..${depth} (${tiers.map((tier, i) => `${16 - i}: ${tier.length}`).join(", ")}), enumerated in ${formatDuration((Date.now() - buildStarted) / 1000)}`,
  );
  const digest = tierDigest(deepest, depth, attributeCount);
  const request = (group: number[]): SolveRequest => ({
    rules: VARIANTS[variant],
    empties: depth,
    members: group.map((index) => ({ index, key: deepest[index] })),
  });

  let state: Checkpoint = { done: new Uint8Array((deepest.length + 7) >> 3), entries: new Uint16Array(deepest.length) };
  if (existsSync(checkpointPath)) {
    const loaded = decodeCheckpoint(readFileSync(checkpointPath), rules, depth, digest, deepest.length);
    if (typeof loaded === "string") throw new Error(`${checkpointPath}: ${loaded} (delete it or pass --fresh)`);
    state = loaded;
    const solved = [...deepest.keys()].filter((index) => isDone(state.done, index));
    const sample = [...new Set([solved[0], solved[solved.length - 1]])].filter((index) => index !== undefined);
    for (const index of sample) {
      const again = solveEntry(VARIANTS[variant], depth, deepest[index]);
      if (again !== state.entries[index]) {
        throw new Error(
          `${checkpointPath}: the engine now answers position ${index} differently from when the checkpoint was written, so the book would mix two engines; pass --fresh to start over`,
        );
      }
    }
    console.log(`${name}: resumed from the checkpoint, ${solved.length}/${deepest.length} solved (${sample.length} re-solved and unchanged)`);
  }

  let dirty = false;
  const saveCheckpoint = () => {
    if (!dirty) return;
    writeAtomically(checkpointPath, encodeCheckpoint(rules, depth, digest, state));
    dirty = false;
  };
  const unsolved = [...deepest.keys()].filter((index) => !isDone(state.done, index));
  const grouping = Date.now();
  const pending = siblingGroups(deepest, unsolved, rules, depth);
  if (unsolved.length > 0)
    console.log(
      `${name}: ${unsolved.length} positions to solve in ${pending.length} groups of siblings, grouped in ${formatDuration((Date.now() - grouping) / 1000)}`,
    );
  let solvedCount = deepest.length - unsolved.length;
  const cpuTimes: number[] = [];
  /** What this run solved, for the logs (a build resumed over several runs adds up their totals). */
  const runStats = (): string => {
    if (cpuTimes.length === 0) return "";
    const sorted = [...cpuTimes].sort((a, b) => a - b);
    const total = sorted.reduce((a, b) => a + b, 0) / 1000;
    return `; this run solved ${sorted.length} tier-${depth} positions in ${(total / 3600).toFixed(2)} core-hours: mean ${(total / sorted.length).toFixed(3)} s, median ${(sorted[sorted.length >> 1] / 1000).toFixed(3)} s, max ${(sorted[sorted.length - 1] / 1000).toFixed(3)} s CPU each`;
  };
  const progress = makeProgress(`${name} tier ${depth}`, deepest.length, solvedCount);
  let lastSave = Date.now();
  const pool = solveInWorkers(jobs, pending, request, (result) => {
    state.entries[result.index] = result.entry;
    state.done[result.index >> 3] |= 1 << (result.index & 7);
    dirty = true;
    solvedCount++;
    cpuTimes.push(result.cpuMs);
    progress.tick(solvedCount, result.cpuMs);
    if (Date.now() - lastSave >= checkpointSeconds * 1000) {
      saveCheckpoint();
      lastSave = Date.now();
    }
  });
  const timer = setInterval(saveCheckpoint, Math.max(1, checkpointSeconds) * 1000);
  const interrupt = (signal: string) => {
    progress.stop();
    saveCheckpoint();
    console.log(`${name}: ${signal}, checkpoint saved (${solvedCount}/${deepest.length} solved)${runStats()}`);
    process.exit(130);
  };
  process.once("SIGINT", () => interrupt("interrupted"));
  process.once("SIGTERM", () => interrupt("terminated"));
  try {
    await pool.done;
  } finally {
    clearInterval(timer);
    progress.stop();
    saveCheckpoint();
    await pool.stop();
  }

  const derived = deriveTiers(tiers, state.entries, rules, depth);
  const bytes = encodeBook({
    squares: rules.squares,
    attributeMask: rules.attributeMask,
    tiers: tiers.map((keys, index) => ({ empties: 16 - index, keys, entries: derived[index] })),
  });
  writeAtomically(bookPath, bytes);
  rmSync(checkpointPath, { force: true });

  const book = openBook(bytes, rules);
  const start = lookupBook(book, positionFromTrustedSetup({ board: Array(16).fill(null), inHand: null }), rules);
  console.log(
    `${name}: done in ${formatDuration((Date.now() - buildStarted) / 1000)}: ${book.entryCount} entries, ${bytes.length} bytes, checksum ${book.checksum.toString(16).padStart(8, "0")}; start value: ${start?.value} (${start?.pliesToEnd} placements)${runStats()}`,
  );
  // Into a repository's books/: the Worker's list of books (src/books.ts) names the new one.
  const repository = resolve(out, "..");
  if (basename(resolve(out)) === "books" && existsSync(join(repository, "src", "index.ts")) && writeBooksIndex(repository))
    console.log(`${name}: src/books.ts lists it`);
}

main().catch((error) => {
  console.error(`book: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
