/**
 * Arena bench: the wall time of a service tournament played one game at a time against the same
 * tournament with the games of each round in parallel. An 8-bot round robin (2 games per pair: 56
 * games) between HTTP bots on loopback that answer each move 200 ms after its request (their search
 * included), on `wrangler dev` (port 8792, storage in a temporary folder), once per concurrency.
 * Prints a table with the ideal beside each wall time: the bots' own time (plies x delay) divided by
 * the games at once, what the run would take if the service spent no time of its own and no game ever
 * waited for another; and the schedule's ideal, the same with each game waiting for its bots as the
 * round robin makes it (scheduleIdeal).
 *
 *   npm run bench:arena -- [--concurrency 1,4] [--delay 200] [--port 8792]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Table from "cli-table3";
import type { TournamentOutput } from "../src/wire/tournament-schemas.ts";
import { call, startBots, startWorker } from "../scripts/local-worker.ts";
import { type Bridge, startBridge } from "../arena/connect.ts";

const { values } = parseArgs({
  options: { concurrency: { type: "string", default: "1,4" }, delay: { type: "string", default: "200" }, port: { type: "string", default: "8792" } },
});
const concurrencies = values.concurrency.split(",").map(Number);
const delayMs = Number(values.delay);
const BOTS = 8;

const loadAtStart = loadavg();
const folder = mkdtempSync(join(tmpdir(), "arena-bench-"));
const run = Date.now().toString(36);
const names = Array.from({ length: BOTS }, (_, index) => `bench${run}-${index + 1}`);
const bots = await startBots(names, { level: "easy", delayMs });
const worker = await startWorker({ port: Number(values.port), persistTo: folder });
const rows: { bots: string; concurrency: number; games: number; plies: number; seconds: number; maxPlaying: number; scheduleIdeal: number }[] = [];

/**
 * The schedule's own bound: the games (in play order, each lasting its plies x delay) started as the step
 * starts them, from the window of `concurrency` games past the first not started, whenever both bots are
 * free and fewer than `concurrency` are in play, with no time of the service's own. A round robin's games
 * wait for their bots' other games, so this is above plies x delay / concurrency.
 */
function scheduleIdeal(games: readonly { first: string; second: string; plies: number }[], concurrency: number): number {
  const end = new Array<number>(games.length).fill(Number.POSITIVE_INFINITY);
  const started = new Array<boolean>(games.length).fill(false);
  let now = 0;
  for (;;) {
    const playing = games.flatMap((_, index) => (started[index] && end[index] > now ? [index] : []));
    const busy = new Set(playing.flatMap((index) => [games[index].first, games[index].second]));
    const next = started.indexOf(false);
    if (next < 0) return Math.max(...end);
    let room = concurrency - playing.length;
    for (let index = next; index < Math.min(games.length, next + concurrency) && room > 0; index++) {
      const game = games[index];
      if (started[index] || busy.has(game.first) || busy.has(game.second)) continue;
      started[index] = true;
      end[index] = now + (game.plies * delayMs) / 1000;
      busy.add(game.first).add(game.second);
      room--;
    }
    now = Math.min(...end.filter((time) => time > now));
  }
}
/** The bridges of the connected twins: each keeps a stream open and forwards to the same loopback bot. */
const bridges: Bridge[] = [];

/** POST /v1/bots, waiting out the registration limit (10 a minute per client). */
async function registerRetrying(origin: string, body: Record<string, unknown>): Promise<{ id: string; token: string }> {
  for (;;) {
    try {
      return await call<{ id: string; token: string }>(origin, "/v1/bots", { method: "POST", body: JSON.stringify(body), expect: 201 });
    } catch (error) {
      if (!String(error).includes(": 429 ")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
}
try {
  const ids: string[] = [];
  for (const name of names) {
    const registered = await call<{ id: string }>(worker.origin, "/v1/bots", {
      method: "POST",
      body: JSON.stringify({ name, url: bots.urls.get(name), entry: "open" }),
      expect: 201,
    });
    ids.push(registered.id);
  }
  // The same bots again as connected bots (connection: stream), each behind the local bridge
  // (`npm run arena -- connect`): the service asks them over their event streams, the bridge calls the
  // bot on loopback and posts its answer.
  const connectedIds: string[] = [];
  for (const name of names) {
    const registered = await registerRetrying(worker.origin, { name: `${name}-c`, connection: "stream", entry: "open" });
    connectedIds.push(registered.id);
    bridges.push(startBridge({ service: worker.origin, botId: registered.id, token: registered.token, bot: { url: bots.urls.get(name) as string } }));
  }
  for (const [label, entrants] of [
    ["webhook", ids],
    ["connected", connectedIds],
  ] as const)
  for (const concurrency of concurrencies) {
    const started = performance.now();
    const created = await call<{ id: string }>(worker.origin, "/v1/tournaments", {
      method: "POST",
      body: JSON.stringify({
        name: `bench, ${label} bots, concurrency ${concurrency}`,
        bots: entrants,
        gamesPerPair: 2,
        concurrency,
        clock: { kind: "move", moveMs: 10_000 },
        seed: 1,
      }),
      expect: 201,
    });
    let view: TournamentOutput;
    let maxPlaying = 0;
    for (;;) {
      view = await call<TournamentOutput>(worker.origin, `/v1/tournaments/${created.id}`);
      maxPlaying = Math.max(maxPlaying, view.progress.playing);
      process.stderr.write(`\r${label} bots, concurrency ${concurrency}: ${view.progress.finished}/${view.progress.total} games, ${view.progress.playing} in play   `);
      if (view.status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write("\n");
    if (view.status !== "finished") throw new Error(`the tournament ended ${view.status}`);
    const plies = view.games.reduce((sum, game) => sum + (game.plies ?? 0), 0);
    const played = view.games.map((game) => ({ first: game.first, second: game.second, plies: game.plies ?? 0 }));
    rows.push({ bots: label, concurrency, games: view.progress.finished, plies, seconds, maxPlaying, scheduleIdeal: scheduleIdeal(played, concurrency) });
  }
} finally {
  for (const bridge of bridges) await bridge.stop();
  await worker.stop();
  await bots.close();
  rmSync(folder, { recursive: true, force: true });
}

const base = rows[0]?.seconds ?? 1;
/** The bots' own waiting, shared out over the games at once. */
const ideal = (row: { concurrency: number; plies: number }) => (row.plies * delayMs) / 1000 / row.concurrency;
const table = new Table({
  head: ["concurrency", "games", "plies", "most in play", "wall time", "ideal", "wall / ideal", "schedule's ideal", "wall / schedule's", "games/min", "speed-up"],
});
for (const row of rows) {
  table.push([
    `${row.concurrency} (${row.bots})`,
    row.games,
    row.plies,
    row.maxPlaying,
    `${row.seconds.toFixed(1)} s`,
    `${ideal(row).toFixed(1)} s`,
    `${(row.seconds / ideal(row)).toFixed(2)}x`,
    `${row.scheduleIdeal.toFixed(1)} s`,
    `${(row.seconds / row.scheduleIdeal).toFixed(2)}x`,
    ((row.games / row.seconds) * 60).toFixed(1),
    `${(base / row.seconds).toFixed(2)}x`,
  ]);
}
console.log(`${BOTS}-bot round robin, 2 games per pair, bots answering after ${delayMs} ms, wrangler dev on this machine:`);
console.log(`(${cpus().length} cores; load average ${loadAtStart.map((load) => load.toFixed(2)).join(" ")} at the start, ${loadavg().map((load) => load.toFixed(2)).join(" ")} at the end)`);
console.log(table.toString());
