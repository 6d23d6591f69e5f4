/**
 * `npm run bench:fairness`: does a person's question wait behind a tournament? On one `wrangler dev`
 * (port 8793, storage in a temporary folder), in order:
 * 1. interactive exact evaluations at 11 empty cells (distinct positions, each asked once), back to
 *    back, with nothing else running: their latency alone;
 * 2. an SPRT of the built-in `perfect` and `hard`, four games at once (background work, and every game
 *    it finishes is reviewed in the background too), alone for a window: its games per minute;
 * 3. the same kind of evaluations for a window while the SPRT runs, one every `--interval` ms (a person
 *    going through positions on the analysis page; back to back when one takes longer): their latency
 *    under the tournament, and the tournament's games per minute under that steady interactive load;
 * 4. the SPRT alone again for a window (its rate alone is the mean of 2 and 4, which evens out drift).
 * Prints the p50 and p99 latencies, their ratios, the games per minute, and the goals: the interactive
 * p99 under the tournament within 1.5x its p99 alone plus one slice, and the tournament keeping at
 * least 80% of its games per minute.
 *
 * Interactive work always goes first, so a load that asks back to back (`--interval 0`) takes the engine
 * from the tournament but for one slice in nine: the tournament's share is what the people leave it.
 *
 *   npm run bench:fairness -- [--evaluations 40] [--window 60] [--interval 500] [--port 8793]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Table from "cli-table3";
import { makePositionString, makeRules } from "../src/rules/index.ts";
import { call, startWorker } from "../scripts/local-worker.ts";
import { benchPositions } from "./positions.ts";

const { values } = parseArgs({
  options: {
    evaluations: { type: "string", default: "40" },
    window: { type: "string", default: "60" },
    interval: { type: "string", default: "500" },
    port: { type: "string", default: "8793" },
  },
});
const EVALUATIONS = Number(values.evaluations);
const WINDOW_MS = Number(values.window) * 1000;
const INTERVAL_MS = Number(values.interval);
/** The longest slice: 20,000 nodes of the heuristic search (about 17 ms on the reference machine); an exact slice is 4 to 5 ms. */
const SLICE_MS = 17;

const classic = makeRules();
// Distinct positions: enough for the first phase and a window of back-to-back evaluations.
const positions = benchPositions(classic, 11, EVALUATIONS + 2_000, 1111).map(makePositionString);
let next = 0;
const nextPosition = (): string => {
  const position = positions[next++];
  if (position === undefined) throw new Error("out of distinct positions: a longer window needs more");
  return position;
};

const folder = mkdtempSync(join(tmpdir(), "fairness-bench-"));
const loadAtStart = loadavg();
const worker = await startWorker({ port: Number(values.port), persistTo: folder });
const origin = worker.origin;

interface Evaluated {
  ms: number;
  exact: boolean;
}

async function evaluateOnce(): Promise<Evaluated> {
  const started = performance.now();
  const answer = await call<{ exact: boolean }>(origin, "/v1/evaluate", {
    method: "POST",
    body: JSON.stringify({ position: nextPosition() }),
  });
  return { ms: performance.now() - started, exact: answer.exact };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
};

interface TournamentView {
  status: string;
  progress: { finished: number };
}

const finishedGames = async (id: string): Promise<number> => (await call<TournamentView>(origin, `/v1/tournaments/${id}`)).progress.finished;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Games per minute of the tournament over `ms`, while `load` runs (if given) until the window ends. */
async function gamesPerMinute(id: string, ms: number, load?: (until: number) => Promise<void>): Promise<number> {
  const before = await finishedGames(id);
  const started = Date.now();
  if (load) await load(started + ms);
  else await sleep(ms);
  const after = await finishedGames(id);
  return ((after - before) * 60_000) / (Date.now() - started);
}

try {
  // Warm the isolate (the books, the table) so that the first timed answer is not a cold start.
  for (let warm = 0; warm < 3; warm++) await evaluateOnce();

  const alone: Evaluated[] = [];
  for (let index = 0; index < EVALUATIONS; index++) alone.push(await evaluateOnce());

  const created = await call<{ id: string; token: string }>(origin, "/v1/tournaments", {
    method: "POST",
    body: JSON.stringify({ kind: "sprt", bots: ["perfect", "hard"], openings: "classic-unbalanced", concurrency: 4, sprt: { elo0: 0, elo1: 10, maxGames: 1000 }, seed: 1 }),
    expect: 201,
  });
  // Let the four games get going before the first window.
  await sleep(5_000);
  const before = await gamesPerMinute(created.id, WINDOW_MS);
  const under: Evaluated[] = [];
  const loaded = await gamesPerMinute(created.id, WINDOW_MS, async (until) => {
    while (Date.now() < until) {
      const started = Date.now();
      under.push(await evaluateOnce());
      await sleep(Math.max(0, INTERVAL_MS - (Date.now() - started)));
    }
  });
  const after = await gamesPerMinute(created.id, WINDOW_MS);
  const state = await call<TournamentView>(origin, `/v1/tournaments/${created.id}`);
  if (state.status === "running") {
    await call(origin, `/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: { Authorization: `Bearer ${created.token}` } });
  }

  const aloneRate = (before + after) / 2;
  const p = (samples: Evaluated[], q: number) => percentile(samples.map((sample) => sample.ms), q);
  const table = new Table({ head: ["phase", "evaluations (exact)", "p50 ms", "p99 ms", "SPRT games / min"] });
  table.push(["evaluations alone", `${alone.length} (${alone.filter((sample) => sample.exact).length})`, p(alone, 50).toFixed(0), p(alone, 99).toFixed(0), "-"]);
  table.push(["SPRT alone (before, after)", "-", "-", "-", `${aloneRate.toFixed(1)} (${before.toFixed(1)}, ${after.toFixed(1)})`]);
  table.push(["evaluations under the SPRT", `${under.length} (${under.filter((sample) => sample.exact).length})`, p(under, 50).toFixed(0), p(under, 99).toFixed(0), loaded.toFixed(1)]);
  console.log(
    `One wrangler dev on this machine (${cpus().length} cores, load average ${loadAtStart.map((load) => load.toFixed(1)).join(" ")} at the start); ` +
      `evaluations at 11 empty cells (under the SPRT one every ${INTERVAL_MS} ms); SPRT perfect vs hard, classic-unbalanced, four games at once; windows of ${WINDOW_MS / 1000} s:`,
  );
  console.log(table.toString());
  const ratio50 = p(under, 50) / p(alone, 50);
  const ratio99 = p(under, 99) / p(alone, 99);
  const kept = aloneRate > 0 ? loaded / aloneRate : Number.NaN;
  const latencyGoal = p(under, 99) <= 1.5 * p(alone, 99) + SLICE_MS;
  const busy = under.reduce((sum, sample) => sum + sample.ms, 0) / WINDOW_MS;
  console.log(`interactive latency under the tournament / alone: p50 ${ratio50.toFixed(2)}x, p99 ${ratio99.toFixed(2)}x; evaluations in progress ${(100 * busy).toFixed(0)}% of the window`);
  console.log(`goal, p99 under <= 1.5 x p99 alone + one slice (${SLICE_MS} ms): ${p(under, 99).toFixed(0)} <= ${(1.5 * p(alone, 99) + SLICE_MS).toFixed(0)} ms: ${latencyGoal ? "met" : "NOT met"}`);
  console.log(`goal, the tournament keeps >= 80% of its games per minute: ${(100 * kept).toFixed(0)}%: ${kept >= 0.8 ? "met" : "NOT met"}`);
} finally {
  await worker.stop();
  rmSync(folder, { recursive: true, force: true });
}
