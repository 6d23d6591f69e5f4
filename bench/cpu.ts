/**
 * `npm run bench:cpu`: the CPU milliseconds one request costs, per class of request, at p50 and p99,
 * beside the Workers plans' CPU limits. A Worker is billed and limited in CPU time per invocation (a
 * request, or a Durable Object's alarm), and a sliced search's yields do not reset it: the whole search
 * counts. Measured in this process with process.cpuUsage around the same calls the routes make (the
 * engine is the same code in workerd's V8), each on distinct positions (no answer cached):
 * - rules: a move validated and the position's outcome read (validate-move, check-win);
 * - book answer: an evaluation with 12 or 13 empty cells, read from the opening book;
 * - exact search: an exact evaluation with 11 empty cells (below the book) at the default budget;
 * - a review: every move of a finished game of two built-in bots valued exactly (src/match/review.ts).
 *
 *   npm run bench:cpu -- [--count 60]
 */
import { parseArgs } from "node:util";
import Table from "cli-table3";
import { installBookFiles } from "../arena/books.ts";
import { evaluate, suggestMove } from "../src/engine/index.ts";
import { type RecordedMove, reviewGame } from "../src/match/index.ts";
import { legalMoves, makeRules, type Position, playMove, positionStatus, readPosition, type Rules, START_POSITION_STRING } from "../src/rules/index.ts";
import { benchPositions } from "./positions.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "60" } } });
const COUNT = Number(values.count);
/** The service's default budget (wrangler.toml's ENGINE_DEFAULT_NODES). */
const DEFAULT_NODES = 2_000_000;

installBookFiles();
const classic = makeRules();

/** CPU milliseconds of `work` (user + system). */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** A game of two built-in bots (medium against hard: they make mistakes to find), as the record lists its moves. */
export function botGame(rules: Rules, seed: number): RecordedMove[] {
  const start = readPosition(START_POSITION_STRING, rules);
  if (!start.ok) throw new Error("the start position");
  let position: Position = start.value;
  const moves: RecordedMove[] = [];
  for (let ply = 0; positionStatus(position, rules).status === "ongoing"; ply++) {
    const level = ply % 2 === 0 ? "medium" : "hard";
    const move = suggestMove(position, rules, { level, seed: seed * 100 + ply, maxNodes: 200_000 }).move;
    moves.push({ move });
    const played = playMove(position, move, rules);
    if (!played.ok) throw new Error(`bench game ${seed}: ${played.error.detail}`);
    position = played.value.position;
  }
  return moves;
}

interface Row {
  name: string;
  samples: number[];
  note: string;
}
const rows: Row[] = [];
/** The first samples of a class pay for compilation and the book's first read: each class is run once on two inputs before it is measured. */
const warm = <T>(inputs: T[], work: (input: T) => void): T[] => {
  for (const input of inputs.slice(0, 2)) work(input);
  return inputs;
};

{
  const rulesRequest = (position: Position) => {
    const move = legalMoves(position, classic)[0];
    const played = playMove(position, move, classic);
    if (played.ok) positionStatus(played.value.position, classic);
  };
  const samples = warm(benchPositions(classic, 10, COUNT, 71), rulesRequest).map((position) => cpuMs(() => rulesRequest(position)));
  rows.push({ name: "rules (validate-move, check-win)", samples, note: "no search" });
}
{
  const positions = warm([...benchPositions(classic, 12, COUNT / 2, 72), ...benchPositions(classic, 13, COUNT / 2, 73)], (position) => evaluate(position, classic, { maxNodes: DEFAULT_NODES }));
  const samples = positions.map((position) => cpuMs(() => evaluate(position, classic, { maxNodes: DEFAULT_NODES })));
  rows.push({ name: "book answer (evaluate, 12-13 empty)", samples, note: "classic book" });
}
{
  const positions = warm(benchPositions(classic, 11, COUNT, 74), (position) => evaluate(position, classic, { maxNodes: DEFAULT_NODES }));
  let exact = 0;
  const samples = positions.map((position) =>
    cpuMs(() => {
      if (evaluate(position, classic, { maxNodes: DEFAULT_NODES }).exact) exact++;
    }),
  );
  rows.push({ name: "exact search (evaluate, 11 empty)", samples, note: `${exact}/${positions.length} exact` });
}
for (const [variant, rules] of [
  ["classic", classic],
  ["squares", makeRules({ squares: true })],
] as const) {
  const games = warm(
    Array.from({ length: Math.max(10, Math.round(COUNT / 2)) }, (_, index) => botGame(rules, index + 1)),
    (moves) => reviewGame({ rules, firstSeat: 0, moves, maxNodes: DEFAULT_NODES }),
  );
  let exact = 0;
  const samples = games.map((moves) =>
    cpuMs(() => {
      const review = reviewGame({ rules, firstSeat: 0, moves, maxNodes: DEFAULT_NODES });
      if (review.ok && review.value.exact) exact++;
    }),
  );
  rows.push({ name: `a review (${variant} game of built-in bots)`, samples, note: `${exact}/${games.length} all exact` });
}

const table = new Table({ head: ["request", "CPU ms p50", "CPU ms p99", "max", "samples", "", "fits Free (10 ms)", "fits Paid default (30 s)"] });
for (const row of rows) {
  const p99 = percentile(row.samples, 99);
  table.push([row.name, percentile(row.samples, 50).toFixed(2), p99.toFixed(2), Math.max(...row.samples).toFixed(2), row.samples.length, row.note, p99 <= 10 ? "yes" : "no", p99 <= 30_000 ? "yes" : "no"]);
}
console.log(`CPU per request on this machine (Node ${process.version}); the Workers plans' limits per invocation: Free 10 ms, Paid 30 s by default (up to 5 min with [limits] cpu_ms):`);
console.log(table.toString());
