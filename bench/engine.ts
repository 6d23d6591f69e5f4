/**
 * `npm run bench`: exact solve times of the engine on fixed seeded positions (see positions.ts), per
 * rules option and number of empty cells: median and max time, nodes, nodes per second, table memory.
 * `npm run bench -- --quick` runs fewer rows; `--ablation` compares table, symmetry and ordering
 * settings; `--levels` plays short matches between the levels; `--books` answers positions of every ply
 * with the opening books installed (books/*.bin), per variant with a book, at the service's default budget.
 */
import Table from "cli-table3";
import { installBookFiles } from "../arena/books.ts";
import { BOOK_VARIANTS } from "../src/engine/book.ts";
import { evaluate, tableAllocations } from "../src/engine/index.ts";
import { tableBytes, tuneSearch } from "../src/engine/search.ts";
import { tuning } from "../src/engine/tuning.ts";
import { makePositionString, makeRules, type Position, type Rules } from "../src/rules/index.ts";
import { levelsTable } from "./levels.ts";
import { benchPositions } from "./positions.ts";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const PER_ROW = quick ? 3 : 5;
const EMPTIES = quick ? [8, 9, 10, 11, 12] : [8, 9, 10, 11, 12, 13];

const RULE_SETS: [string, Rules][] = [
  ["classic", makeRules()],
  ["squares", makeRules({ squares: true })],
  ["color + shape + fill", makeRules({ attributes: ["color", "shape", "fill"] })],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(3);

function solveRow(rules: Rules, positions: Position[]) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const nodes: number[] = [];
  const values: string[] = [];
  for (const position of positions) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const result = evaluate(position, rules, { maxNodes: 2_000_000_000 });
    const cpu = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    nodes.push(result.nodes);
    values.push(result.value ?? "?");
  }
  return { times, cpuTimes, nodes, values };
}

function rulesTable(name: string, rules: Rules): void {
  const table = new Table({
    style: { head: [], border: [] },
    head: ["empty", "positions", "median s", "max s", "median CPU s", "median nodes", "max nodes", "nodes/s", "values (w/d/l)"],
  });
  for (const empties of EMPTIES) {
    const positions = benchPositions(rules, empties, PER_ROW, 1000 + empties);
    const { times, cpuTimes, nodes, values } = solveRow(rules, positions);
    const totalNodes = nodes.reduce((a, b) => a + b, 0);
    const totalMs = times.reduce((a, b) => a + b, 0);
    const count = (value: string) => values.filter((v) => v === value).length;
    table.push([
      empties,
      positions.length,
      seconds(median(times)),
      seconds(Math.max(...times)),
      seconds(median(cpuTimes)),
      median(nodes).toLocaleString("en"),
      Math.max(...nodes).toLocaleString("en"),
      Math.round((totalNodes / totalMs) * 1000).toLocaleString("en"),
      `${count("win")}/${count("draw")}/${count("loss")}`,
    ]);
  }
  console.log(`\n${name} (transposition table ${(tableBytes() / 2 ** 20).toFixed(0)} MiB)`);
  console.log(table.toString());
}

/** The service's default budget (wrangler.toml's ENGINE_DEFAULT_NODES). */
const SERVICE_NODES = 2_000_000;

/**
 * Per variant with a book: positions from non-blundering seeded games (positions.ts) at every ply from
 * the first placement (16 empty cells) to 4 empty cells, answered by evaluate at the service's default
 * budget: the share answered exactly, the share from the book, and the CPU time per answer. The first
 * book answer of a variant also opens the book (checksum) and builds the board symmetries' tables.
 */
function booksTable(): void {
  const installed = installBookFiles();
  const table = new Table({
    style: { head: [], border: [] },
    head: [
      "variant (book)",
      "positions",
      "exact",
      "from the book",
      "median CPU ms",
      "p99 CPU ms",
      "max CPU ms",
      "book: first answer ms",
      "book: median, p99 CPU ms",
    ],
  });
  const perEmpties = quick ? 2 : 10;
  const p99Of = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)];
  };
  for (const name of Object.keys(installed).sort()) {
    const rules = makeRules(BOOK_VARIANTS[name.replace(/-\d+$/, "")]);
    const cpu: number[] = [];
    const bookCpu: number[] = [];
    let exact = 0;
    let fromBook = 0;
    for (let empties = 16; empties >= 4; empties--) {
      for (const position of benchPositions(rules, empties, perEmpties, 2000 + empties)) {
        const started = process.cpuUsage();
        const result = evaluate(position, rules, { maxNodes: SERVICE_NODES });
        const used = process.cpuUsage(started);
        cpu.push((used.user + used.system) / 1000);
        if (result.exact) exact++;
        if (result.source === "book") {
          fromBook++;
          bookCpu.push(cpu[cpu.length - 1]);
        }
      }
    }
    const share = (count: number) => `${((100 * count) / cpu.length).toFixed(0)}%`;
    table.push([
      name,
      cpu.length,
      share(exact),
      share(fromBook),
      median(cpu).toFixed(2),
      p99Of(cpu).toFixed(1),
      Math.max(...cpu).toFixed(1),
      bookCpu[0].toFixed(1),
      `${median(bookCpu.slice(1)).toFixed(2)}, ${p99Of(bookCpu.slice(1)).toFixed(2)}`,
    ]);
  }
  console.log(`
opening books: evaluate at ${SERVICE_NODES.toLocaleString("en")} nodes, ${perEmpties} positions per ply from 16 to 4 empty cells`);
  console.log(table.toString());
}

/** The tuned switches, restored after each ablation row. */
const DEFAULTS = { ...tuning };

function ablation(): void {
  const rules = makeRules();
  const settings: [string, Parameters<typeof tuneSearch>[0]][] = [
    ["default: 32 symmetries x relabelling, table from 8 empty, orderings from 7", {}],
    ["piece relabelling only (no board symmetry)", { fullCanonical: false }],
    ["no transposition table", { tableMinEmpties: 17 }],
    ["table from 5 empty", { tableMinEmpties: 5 }],
    ["table from 11 empty", { tableMinEmpties: 11 }],
    ["no reply-mobility give ordering", { orderMinEmpties: 17 }],
    ["reply-mobility ordering from 5 empty", { orderMinEmpties: 5 }],
    ["no shapes-killed ordering", { killOrderMinEmpties: 17 }],
    ["shapes-killed ordering at every depth", { killOrderMinEmpties: 0 }],
  ];
  const rows = [12, 13].map((empties) => benchPositions(rules, empties, PER_ROW, 1000 + empties));
  solveRow(rules, rows[0]); // warm up the JIT so the first setting is not charged for it
  const table = new Table({
    style: { head: [], border: [] },
    head: ["classic", "median CPU s (12)", "median CPU s (13)", "median nodes (13)", "nodes/s (13)"],
  });
  for (const [label, options] of settings) {
    tuneSearch({ ...DEFAULTS, ...options });
    const [row12, row13] = rows.map((positions) => solveRow(rules, positions));
    const rate = (row13.nodes.reduce((a, b) => a + b, 0) / row13.cpuTimes.reduce((a, b) => a + b, 0)) * 1000;
    table.push([
      label,
      seconds(median(row12.cpuTimes)),
      seconds(median(row13.cpuTimes)),
      median(row13.nodes).toLocaleString("en"),
      Math.round(rate).toLocaleString("en"),
    ]);
  }
  tuneSearch(DEFAULTS);
  console.log("\nablation (median CPU time per solve)");
  console.log(table.toString());
}

console.log(`engine bench: ${PER_ROW} positions per row, node ${process.version}, one core`);
if (args.has("--positions")) {
  for (const empties of EMPTIES)
    console.log(
      empties,
      benchPositions(makeRules(), empties, PER_ROW, 1000 + empties)
        .map(makePositionString)
        .join(" "),
    );
}
if (args.has("--ablation")) ablation();
else if (args.has("--levels")) console.log(levelsTable(20, 200_000));
else if (args.has("--books")) booksTable();
else for (const [name, rules] of RULE_SETS) rulesTable(name, rules);
console.log(`\ntransposition table: ${(tableBytes() / 2 ** 20).toFixed(0)} MiB (fixed; allocated ${tableAllocations()} time(s), by the first search)`);
