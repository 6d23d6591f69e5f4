/**
 * A Swiss under `wrangler dev` survives kill -9 of the server in the middle of each round with nothing
 * lost or doubled. Starts wrangler dev (on a free port, storage in a temporary folder) and 23 HTTP
 * bots on loopback, registers them, creates a Swiss of 5 rounds (4 games at a time, the classic suite),
 * and in the middle of each round (some of its games over, some not) kills the whole server (SIGKILL),
 * restarts it on the same storage and checks that every game over before the kill is still over with the
 * same match and result, and that no round was lost. At the end: 5 rounds of 11 pairings, one bye a
 * round never twice to a bot, no pairing repeated, every bot first in half its games, every game in its
 * own match whose record agrees with it, and the standings those recomputed from the records and byes.
 * Prints what it checked; exits non-zero on any failure.
 *
 *   npx node --experimental-strip-types scripts/swiss-restart.ts [--port N]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { computeStandings } from "../src/tournament/index.ts";
import type { MatchRecordOutput, TournamentGameOutput, TournamentOutput } from "../src/wire/index.ts";
import { type BotFleet, call, type LocalWorker, startBots, startWorker } from "./local-worker.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: "0" } } });

/** A port nothing listens on (0: one the system picks), checked first so the server is ours and no one else's. */
async function freePort(wanted: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`port ${wanted} is in use: pass --port with a free one`)));
    probe.listen(wanted, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
const port = await freePort(Number(values.port));
const ROUNDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(line);

const folder = mkdtempSync(join(tmpdir(), "swiss-restart-"));
const run = Date.now().toString(36).slice(-4);
const names = Array.from({ length: 23 }, (_, index) => `sw${index + 1}-${run}`);
const bots: BotFleet = await startBots(names, { level: (name) => (Number(name.slice(2).split("-")[0]) % 3 === 0 ? "easy" : "random"), delayMs: 30 });
let worker: LocalWorker = await startWorker({ port, persistTo: folder });
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  say(`${ok ? "ok  " : "FAIL"} ${what}`);
};

async function allGames(id: string): Promise<TournamentGameOutput[]> {
  const games: TournamentGameOutput[] = [];
  let next: string | null = `/v1/tournaments/${id}/games?limit=100`;
  while (next !== null) {
    const page: { games: TournamentGameOutput[]; next: string | null } = await call(worker.origin, next);
    games.push(...page.games);
    next = page.next;
  }
  return games;
}

/** Waits until round `round` (from 0) is in the middle: some of its games over, some not. */
async function middleOf(id: string, round: number): Promise<void> {
  for (let waited = 0; waited < 600_000; waited += 300) {
    const view = await call<TournamentOutput>(worker.origin, `/v1/tournaments/${id}`);
    const current = view.swiss?.byRound[round];
    const over = current?.boards.reduce((sum, board) => sum + board.over, 0) ?? 0;
    if (current && over >= 4 && over < 22) return;
    if (view.status !== "running") throw new Error(`the Swiss ended before round ${round + 1}'s middle`);
    await sleep(300);
  }
  throw new Error(`round ${round + 1} did not reach its middle within 10 minutes`);
}

try {
  const ids: string[] = [];
  // Registrations are rate limited (wrangler.toml: 10 a minute from one client): wait as the 429 says.
  for (const name of names) {
    for (;;) {
      const response = await fetch(`${worker.origin}/v1/bots`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, url: bots.urls.get(name), entry: "open" }),
      });
      if (response.status === 429) {
        await sleep(1000 * Number(response.headers.get("retry-after") ?? "5"));
        continue;
      }
      if (response.status !== 201) throw new Error(`POST /v1/bots: ${response.status} ${await response.text()}`);
      ids.push(((await response.json()) as { id: string }).id);
      break;
    }
  }
  say("23 bots registered (waiting out the registration limit of 10 a minute)");
  const created = await call<{ id: string; state: TournamentOutput }>(worker.origin, "/v1/tournaments", {
    method: "POST",
    body: JSON.stringify({ kind: "swiss", bots: ids, rounds: ROUNDS, concurrency: 4, openings: "classic", clock: { kind: "move", moveMs: 10_000 }, seed: 22 }),
    expect: 201,
  });
  const id = created.id;
  say(`a Swiss of 23 bots, ${ROUNDS} rounds: /v1/tournaments/${id}; storage in ${folder}`);
  for (let round = 0; round < ROUNDS; round++) {
    await middleOf(id, round);
    const before = await allGames(id);
    await worker.stop("SIGKILL");
    worker = await startWorker({ port, persistTo: folder });
    const after = await allGames(id);
    const over = before.filter((game) => game.status === "finished");
    const kept = over.every((game) => {
      const now = after.find((candidate) => candidate.gameId === game.gameId);
      return now?.status === "finished" && now.matchId === game.matchId && JSON.stringify(now.result) === JSON.stringify(game.result);
    });
    check(
      kept && after.length >= before.length,
      `kill -9 in the middle of round ${round + 1} (${over.length} of ${before.length} games over): every game over before is over after, same match, same result`,
    );
  }
  let view = await call<TournamentOutput>(worker.origin, `/v1/tournaments/${id}`);
  for (let waited = 0; view.status === "running" && waited < 600_000; waited += 500) {
    await sleep(500);
    view = await call<TournamentOutput>(worker.origin, `/v1/tournaments/${id}`);
  }
  check(view.status === "finished", `the Swiss finished (${view.status})`);
  const swiss = view.swiss as NonNullable<TournamentOutput["swiss"]>;
  const games = await allGames(id);
  check(swiss.paired === ROUNDS && swiss.stopped === null, `${swiss.paired} rounds paired, each when the one before had ended`);
  check(games.length === ROUNDS * 22 && games.every((game) => game.status === "finished"), `${games.length} games, every one finished`);
  const byes = swiss.byRound.map((round) => round.byes);
  check(byes.every((round) => round.length === 1) && new Set(byes.flat()).size === ROUNDS, `one bye a round, never twice to a bot (${byes.flat().join(", ")})`);
  const pairs = new Map<string, number>();
  for (const game of games) {
    const key = [game.first, game.second].sort().join("-");
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  check(pairs.size === ROUNDS * 11 && [...pairs.values()].every((count) => count === 2), `${pairs.size} pairings, none repeated, two games each`);
  const names_ = view.bots.map((entry) => entry.name);
  check(
    names_.every((name) => games.filter((game) => game.first === name).length === games.filter((game) => game.second === name).length),
    "every bot moved first in half its games",
  );
  const matches = new Set(games.map((game) => game.matchId));
  const scored = [];
  let agreeing = 0;
  for (const game of games) {
    const record = await call<MatchRecordOutput>(worker.origin, `/v1/matches/${game.matchId}/record`);
    const seats = record.seats.map((seat) => seat.name as string);
    const winner = record.result === null || record.result.winner === null ? null : seats[record.result.winner];
    if (seats[0] === game.first && seats[1] === game.second && winner === (game.result?.winner ?? null) && record.text === game.text) agreeing++;
    const lost = record.result?.reason === "forfeit" || record.result?.reason === "timeout";
    scored.push({
      first: seats[0],
      second: seats[1],
      winner,
      forfeitedBy: lost && record.result?.winner !== null && record.result ? seats[1 - (record.result.winner as number)] : null,
    });
  }
  check(matches.size === games.length && agreeing === games.length, `every game in its own match, whose record agrees with it (${agreeing}/${games.length})`);
  const standings = computeStandings(names_, scored, { byePoints: new Map(byes.flat().map((bot) => [bot, swiss.byePoints])), order: "swiss" });
  const strip = (rows: readonly { rating: number; ratingDeviation: number }[]) => rows.map(({ rating: _r, ratingDeviation: _d, ...row }) => row);
  check(isDeepStrictEqual(strip(view.standings), strip(standings)), "the standings are those recomputed from the records and the byes");
  say(
    `top of the standings: ${view.standings
      .slice(0, 3)
      .map((row) => `${row.bot} ${row.points} (Buchholz ${row.buchholz}, SB ${row.sonnebornBerger})`)
      .join("; ")}`,
  );
} finally {
  await worker.stop();
  await bots.close();
  rmSync(folder, { recursive: true, force: true });
}
say(failures === 0 ? "the Swiss survived every kill -9 with nothing lost or doubled" : `${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
