/**
 * Instruction counts of exact solves, for comparing two versions of the engine on a shared machine
 * where wall time is noise: each solve set runs in its own `node --single-threaded --predictable` under
 * valgrind's cachegrind (counts repeat to about 0.01%), minus a run that does everything but the solves.
 *
 *   node --experimental-strip-types bench/instructions.ts [--against <checkout>] [--sets a,b] [--node-flags "..."] [--json]
 *   node --experimental-strip-types bench/instructions.ts --solve [--engine <checkout>] --rules <name> <position>...
 *
 * The first form prints a table for the named sets (default: the three below) on this checkout, and
 * on `--against` (another checkout of the repository, e.g. `git worktree add ../before <commit>` with
 * node_modules linked in) with the difference. The second solves the given position strings once,
 * without valgrind, and prints the nodes and values: what each measured process runs.
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "..");

const RULES: Record<string, Record<string, unknown>> = {
  classic: {},
  squares: { squares: true },
  csf: { attributes: ["color", "shape", "fill"] },
};

/**
 * Fixed sets: positions of `npm run bench` (seed 1000 + empties), the rows where the split was measured.
 * Small enough that one valgrind run takes a minute or two.
 */
const SETS: Record<string, { rules: string; positions: string[] }> = {
  "csf-12": { rules: "csf", positions: [".3...D..4..8....C", ".0F...C.3.......A", ".E0.......6....74", "...DC.......21..7", "......AD.0.8....E"] },
  "classic-12": { rules: "classic", positions: [".3...D..4..8....C", ".0F...C.3.......A"] },
  "csf-13": { rules: "csf", positions: ["...0........B.2.7", "...A.......9B...8"] },
  "squares-12": { rules: "squares", positions: [".3...D..4..8....C", ".0F...C.3.......A", ".E0.......6....74", "...DC.......21..7", "......AD.0.8....6"] },
};
const DEFAULT_SETS = ["csf-12", "classic-12", "csf-13"];

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

/**
 * Node's flags for the measured runs: one thread, and by default V8's predictable mode (fixed seeds, no
 * time-based GC). `--node-flags "--single-threaded"` measures without it: V8 then tiers and inlines as
 * in production, and a set's count varies by about 0.3% between runs.
 */
const NODE_FLAGS = (option("--node-flags") ?? "--single-threaded --predictable").split(" ").filter(Boolean);

interface SolveOutput {
  nodes: number[];
  values: string[];
}

/** Child mode: solve the positions with the engine of `--engine` (default this checkout). */
async function solve(): Promise<void> {
  const checkout = resolve(option("--engine") ?? ROOT);
  const rulesName = option("--rules") ?? "classic";
  const positions = argv.filter((arg, i) => /^[0-9A-Fa-f.]{17}$/.test(arg) && !argv[i - 1]?.startsWith("--"));
  const rulesModule = await import(pathToFileURL(resolve(checkout, "src/rules/index.ts")).href);
  const engine = await import(pathToFileURL(resolve(checkout, "src/engine/index.ts")).href);
  const rules = rulesModule.makeRules(RULES[rulesName]);
  const setups = positions.map((text) => {
    const parsed = rulesModule.parsePositionString(text);
    if (!parsed.ok) throw new Error(`bad position ${text}`);
    return rulesModule.positionFromTrustedSetup(parsed.value);
  });
  const output: SolveOutput = { nodes: [], values: [] };
  // The baseline run loads and parses everything but solves nothing.
  if (!argv.includes("--baseline")) {
    for (const position of setups) {
      const result = engine.evaluate(position, rules, { maxNodes: 2_000_000_000 });
      output.nodes.push(result.nodes);
      output.values.push(result.value ?? "?");
    }
  }
  console.log(JSON.stringify(output));
}

/** Instructions executed by one child process under cachegrind, and what it printed. */
function measure(checkout: string, set: string, baseline: boolean): { instructions: number; output: SolveOutput } {
  const { rules, positions } = SETS[set];
  const node = process.execPath;
  const args = [
    "--tool=cachegrind",
    "--cache-sim=no",
    "--cachegrind-out-file=/dev/null",
    node,
    ...NODE_FLAGS,
    "--experimental-strip-types",
    "--no-warnings",
    fileURLToPath(import.meta.url),
    "--solve",
    "--engine",
    checkout,
    "--rules",
    rules,
    ...(baseline ? ["--baseline"] : []),
    ...positions,
  ];
  const run = spawnSync("valgrind", args, { encoding: "utf8", maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`valgrind failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (!refs) throw new Error(`no instruction count in valgrind's output: ${run.stderr.slice(-2000)}`);
  return { instructions: Number(refs[1].replaceAll(",", "")), output: JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") };
}

function solveCost(checkout: string, set: string): { instructions: number; nodes: number } {
  const solved = measure(checkout, set, false);
  const base = measure(checkout, set, true);
  return { instructions: solved.instructions - base.instructions, nodes: solved.output.nodes.reduce((a, b) => a + b, 0) };
}

function compare(): void {
  const sets = (option("--sets") ?? DEFAULT_SETS.join(",")).split(",");
  for (const set of sets) if (!SETS[set]) throw new Error(`unknown set ${set}; known: ${Object.keys(SETS).join(", ")}`);
  const against = option("--against");
  const giga = (n: number) => (n / 1e9).toFixed(3);
  console.log(`instructions per set (valgrind cachegrind, node ${process.version} ${NODE_FLAGS.join(" ")}, solves minus a baseline run)`);
  console.log(against ? "| set | positions | nodes | against (G) | this (G) | change |" : "| set | positions | nodes | this (G) |");
  console.log(against ? "|---|---|---|---|---|---|" : "|---|---|---|---|");
  const rows: unknown[] = [];
  for (const set of sets) {
    const mine = solveCost(ROOT, set);
    const count = SETS[set].positions.length;
    if (!against) {
      console.log(`| ${set} | ${count} | ${mine.nodes.toLocaleString("en")} | ${giga(mine.instructions)} |`);
      rows.push({ set, nodes: mine.nodes, instructions: mine.instructions });
      continue;
    }
    const theirs = solveCost(resolve(against), set);
    const change = ((mine.instructions / theirs.instructions - 1) * 100).toFixed(1);
    const nodes = mine.nodes === theirs.nodes ? mine.nodes.toLocaleString("en") : `${theirs.nodes.toLocaleString("en")} -> ${mine.nodes.toLocaleString("en")}`;
    console.log(`| ${set} | ${count} | ${nodes} | ${giga(theirs.instructions)} | ${giga(mine.instructions)} | ${Number(change) > 0 ? "+" : ""}${change}% |`);
    rows.push({ set, nodes: mine.nodes, againstNodes: theirs.nodes, instructions: mine.instructions, againstInstructions: theirs.instructions });
  }
  if (argv.includes("--json")) console.log(JSON.stringify(rows));
}

if (argv.includes("--solve")) await solve();
else compare();
