/**
 * `npm run bench:scale`: what the ladder and a Swiss cost as fields grow, in-process, no network.
 *
 * - Ladders of 100, 1,000 and 10,000 bots on the ladder's own storage code (src/objects/ladder-store.ts)
 *   over node:sqlite (bench/sqlite.ts), built the way the Durable Object builds them: ticks that pair
 *   every idle bot (pairIdle) and the record of every pairing (record, two games from the bots' true
 *   strengths), until 100 games per bot are behind them, with the three anchors on it. Then: the CPU of
 *   one tick that pairs every idle bot (the median of 5 runs of it), the CPU of recording one pairing
 *   (the mean over the pairings of that tick, up to 500), the database's bytes per bot, and one run of
 *   the ladder's alarm at its steady state: every bot in a pairing, a sixth of the pairings ended since
 *   the last run (a pairing lasts about a minute, the alarm runs every 10 s); the run reads the
 *   pairings in play, records the ended ones, pairs the freed bots and asks when to run next (the
 *   store's CPU, the median of 5), and the calls it makes to other objects (one read of each pairing's
 *   tournament, and a registry read and a creation for each pairing it starts).
 * - Swiss pairings of 64, 256 and 1,024 bots (src/tournament/swiss.ts): a Swiss simulated to its last
 *   round (ceil(log2 N) + 1 rounds, each pairing a game pair from strengths), and the CPU of pairing
 *   round 1 and the last round (the mean of 5 runs of each).
 *
 * - The registry's index of tournaments (src/objects/tournament-index.ts) with 1,000, 10,000 and 100,000
 *   tournaments, each with 8 registered entrants drawn from 1,000 bots (so a bot has entered 8, 80 or
 *   800): the CPU of noting one tournament, of a bot's page lookup (its newest 20), of the /tournaments
 *   page (the newest 20), of forgetting one (retention), and the database's bytes per tournament.
 *
 * Goals: at 10,000 ladder bots a record under 10 ms and a tick under 50 ms of CPU; a 1,024-bot
 * Swiss round under 1 s. Prints a table; with `--json` the last line is
 * {"ladder": [{"bots", "games", "recordMs", "tickMs", "bytesPerBot", "alarmMs", "alarmCalls"}...], "swiss": [{"bots", "round", "pairMs"}...],
 * "index": [{"tournaments", "noteMs", "botLookupMs", "pageMs", "forgetMs", "bytesPerTournament"}...]}.
 *
 *   npm run bench:scale [-- --json] [-- --ladders 100,1000,10000] [-- --swiss 64,256,1024] [-- --indexes 1000,10000,100000]
 */
import { parseArgs } from "node:util";
import Table from "cli-table3";
import { seededRandom } from "../src/engine/index.ts";
import { type EndedGame, LadderStore } from "../src/objects/ladder-store.ts";
import type { PairingRow } from "../src/wire/index.ts";
import { defaultSwissRounds, LADDER_ANCHORS, pairSwissRound, type SwissGame, swissRecords } from "../src/tournament/index.ts";
import { createTournamentIndex, TournamentIndex } from "../src/objects/tournament-index.ts";
import { nodeSql } from "./sqlite.ts";

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    ladders: { type: "string", default: "100,1000,10000" },
    swiss: { type: "string", default: "64,256,1024" },
    indexes: { type: "string", default: "1000,10000,100000" },
  },
});
const LADDERS = values.ladders.split(",").map(Number);
const SWISS = values.swiss.split(",").map(Number);
const INDEXES = values.indexes.split(",").map(Number);
const INDEX_BOTS = 1000;
const ENTRANTS = 8;
const GAMES_PER_BOT = 100;
/** Ticks 13 minutes apart: at most five pairings a bot in any hour, inside the hourly budget of six. */
const TICK_MS = 13 * 60_000;
const TICK_RUNS = 5;

/** CPU milliseconds (user + system) that `body` takes. */
function cpuMs<T>(body: () => T): { value: T; ms: number } {
  const before = process.cpuUsage();
  const value = body();
  const spent = process.cpuUsage(before);
  return { value, ms: (spent.user + spent.system) / 1000 };
}

/** One pairing's games as a tournament's view lists them, from the bots' true strengths. */
function playPairing(a: string, b: string, strengthA: number, strengthB: number, random: () => number): EndedGame[] {
  return [0, 1].map((index) => {
    const p = 1 / (1 + 10 ** ((strengthB - strengthA) / 400));
    const draw = 0.4 * (1 - Math.abs(2 * p - 1));
    const x = random();
    const winner = x < p - draw / 2 ? a : x < p + draw / 2 ? null : b;
    const [first, second] = index === 0 ? [a, b] : [b, a];
    return {
      gameId: `g${index + 1}`,
      matchId: null,
      status: "finished",
      first,
      second,
      result: { winner, reason: winner === null ? "draw" : "quarto", forfeitCode: null, forfeitedBy: null, detail: null },
    };
  });
}

interface LadderRow {
  bots: number;
  games: number;
  recordMs: number;
  tickMs: number;
  bytesPerBot: number;
  /** The store's CPU in one alarm run at the steady state. */
  alarmMs: number;
  /** The calls to other objects that run makes. */
  alarmCalls: number;
}

function ladder(bots: number): LadderRow {
  const sql = nodeSql();
  const store = new LadderStore(sql);
  const random = seededRandom(bots);
  const strength = new Map<string, number>(LADDER_ANCHORS.map((anchor) => [anchor.level, anchor.rating - 1500]));
  store.syncAnchors(LADDER_ANCHORS, 0);
  for (let index = 0; index < bots; index++) {
    const id = `bot${String(index).padStart(5, "0")}`;
    strength.set(id, (random() - 0.5) * 1200);
    store.join({ id, name: id }, 0);
  }
  let now = 0;
  let ids = 0;
  let games = 0;
  const newId = () => `p${ids++}`;
  const playTick = () => {
    now += TICK_MS;
    const pairings = store.pairIdle(now, random, newId, () => null);
    for (const pairing of pairings) {
      const played = playPairing(pairing.a_name, pairing.b_name, strength.get(pairing.a_id) as number, strength.get(pairing.b_id) as number, random);
      store.record(pairing, played, now + 60_000);
      games += played.length;
    }
  };
  while (games < GAMES_PER_BOT * bots) playTick();
  // The measured tick: every bot idle, each with games left this hour; the median of 5 runs (each
  // rolled back but the last), as the machine's other load moves single runs by tens of percent.
  now += 2 * 3_600_000;
  const runs: number[] = [];
  let paired: PairingRow[] = [];
  for (let run = 0; run < TICK_RUNS; run++) {
    sql.db.exec("SAVEPOINT measured");
    const tick = cpuMs(() => store.pairIdle(now, random, newId, () => null));
    runs.push(tick.ms);
    paired = tick.value;
    if (run < TICK_RUNS - 1) sql.db.exec("ROLLBACK TO measured");
    sql.db.exec("RELEASE measured");
  }
  const tickMs = [...runs].sort((x, y) => x - y)[Math.floor(runs.length / 2)];
  // One alarm run at the steady state (every bot in a pairing): a sixth of the pairings ended, recorded,
  // their bots paired again; the median of 5 (each rolled back).
  const open = store.openPairings();
  const ended = open.slice(0, Math.ceil(open.length / 6));
  const endedGames = ended.map((pairing) => playPairing(pairing.a_name, pairing.b_name, strength.get(pairing.a_id) as number, strength.get(pairing.b_id) as number, random));
  const alarmRuns: number[] = [];
  let alarmCalls = 0;
  for (let run = 0; run < TICK_RUNS; run++) {
    sql.db.exec("SAVEPOINT alarm");
    const alarm = cpuMs(() => {
      const reading = store.openPairings();
      for (const [index, pairing] of ended.entries()) store.record(pairing, endedGames[index], now + 10_000);
      const started = store.pairIdle(now + 10_000, random, newId, () => null);
      store.nextWork(now + 10_000);
      return reading.length + 2 * started.length;
    });
    alarmRuns.push(alarm.ms);
    alarmCalls = alarm.value;
    sql.db.exec("ROLLBACK TO alarm");
    sql.db.exec("RELEASE alarm");
  }
  const alarmMs = [...alarmRuns].sort((x, y) => x - y)[Math.floor(alarmRuns.length / 2)];
  const measured = paired.slice(0, 500);
  let recordMs = 0;
  for (const pairing of measured) {
    const played = playPairing(pairing.a_name, pairing.b_name, strength.get(pairing.a_id) as number, strength.get(pairing.b_id) as number, random);
    recordMs += cpuMs(() => store.record(pairing, played, now + 60_000)).ms;
  }
  return { bots, games, recordMs: recordMs / measured.length, tickMs, bytesPerBot: Math.round(sql.bytes() / bots), alarmMs, alarmCalls };
}

interface SwissRow {
  bots: number;
  round: number;
  pairMs: number;
}

function swiss(bots: number): SwissRow[] {
  const random = seededRandom(bots + 1);
  const order = Array.from({ length: bots }, (_, index) => `bot${index}`);
  const strength = new Map(order.map((bot) => [bot, (random() - 0.5) * 1200]));
  const rounds = defaultSwissRounds(bots);
  const games: SwissGame[] = [];
  const byes: string[][] = [];
  const rows: SwissRow[] = [];
  for (let round = 0; round < rounds; round++) {
    const records = swissRecords(order, games, byes, 1);
    const runs = Array.from({ length: 5 }, () => cpuMs(() => pairSwissRound(records)));
    const paired = runs[0].value;
    if (paired === null) throw new Error(`swiss: no pairing for round ${round + 1} of ${bots}`);
    if (round === 0 || round === rounds - 1) rows.push({ bots, round: round + 1, pairMs: runs.reduce((sum, run) => sum + run.ms, 0) / runs.length });
    for (const { first, second } of paired.pairings) {
      for (const [a, b] of [
        [first, second],
        [second, first],
      ]) {
        const p = 1 / (1 + 10 ** (((strength.get(b) as number) - (strength.get(a) as number)) / 400));
        const x = random();
        games.push({ index: games.length, round, first: a, second: b, winner: x < 0.2 ? null : x < 0.2 + 0.8 * p ? a : b, counts: true });
      }
    }
    byes.push(paired.byes);
  }
  return rows;
}

interface IndexRow {
  tournaments: number;
  noteMs: number;
  botLookupMs: number;
  pageMs: number;
  forgetMs: number;
  bytesPerTournament: number;
}

/** The registry's tournament index with `tournaments` of them, 8 registered entrants each from 1,000 bots. */
function tournamentIndex(tournaments: number): IndexRow {
  const sql = nodeSql();
  createTournamentIndex(sql);
  const index = new TournamentIndex(sql);
  const random = seededRandom(tournaments);
  const bot = (n: number) => `bot${String(n).padStart(22, "0")}`;
  const id = (n: number) => `t${String(n).padStart(25, "0")}`;
  const entrants = () => Array.from({ length: ENTRANTS }, () => bot(Math.floor(random() * INDEX_BOTS)));
  const samples = 500;
  for (let n = 0; n < tournaments - samples; n++) index.note(id(n), n * 1000, entrants());
  const note = cpuMs(() => {
    for (let n = tournaments - samples; n < tournaments; n++) index.note(id(n), n * 1000, entrants());
  });
  const lookups = cpuMs(() => {
    for (let n = 0; n < samples; n++) index.of(bot(Math.floor(random() * INDEX_BOTS)), 20);
  });
  const pages = cpuMs(() => {
    for (let n = 0; n < samples; n++) index.page(20, null);
  });
  const bytes = sql.bytes();
  const forgotten = 100;
  const forget = cpuMs(() => index.forget(Array.from({ length: forgotten }, (_, n) => id(n))));
  return {
    tournaments,
    noteMs: note.ms / samples,
    botLookupMs: lookups.ms / samples,
    pageMs: pages.ms / samples,
    forgetMs: forget.ms / forgotten,
    bytesPerTournament: Math.round(bytes / tournaments),
  };
}

const ladderRows = LADDERS.map(ladder);
const swissRows = SWISS.flatMap(swiss);
const indexRows = INDEXES.map(tournamentIndex);

const fixed = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const ladderTable = new Table({
  head: ["ladder bots", "games behind", "record a pairing (CPU ms)", "tick pairing every idle bot (CPU ms)", "bytes per bot", "alarm run (CPU ms)", "alarm run (calls)"],
});
for (const row of ladderRows)
  ladderTable.push([
    row.bots.toLocaleString("en"),
    row.games.toLocaleString("en"),
    fixed(row.recordMs),
    fixed(row.tickMs),
    row.bytesPerBot.toLocaleString("en"),
    fixed(row.alarmMs),
    row.alarmCalls.toLocaleString("en"),
  ]);
const swissTable = new Table({ head: ["Swiss bots", "round", "pair the round (CPU ms)"] });
for (const row of swissRows) swissTable.push([row.bots.toLocaleString("en"), row.round, fixed(row.pairMs)]);
console.log(`The ladder (${GAMES_PER_BOT} games per bot behind it; node:sqlite, the ladder's storage code)`);
console.log(ladderTable.toString());
console.log("Swiss pairing (round 1 and the last round, ceil(log2 N) + 1)");
console.log(swissTable.toString());
const indexTable = new Table({
  head: ["tournaments", "note one (CPU ms)", "a bot's newest 20 (CPU ms)", "the newest 20 (CPU ms)", "forget one (CPU ms)", "bytes per tournament"],
});
for (const row of indexRows)
  indexTable.push([row.tournaments.toLocaleString("en"), fixed(row.noteMs), fixed(row.botLookupMs), fixed(row.pageMs), fixed(row.forgetMs), row.bytesPerTournament.toLocaleString("en")]);
console.log(`The registry's tournament index (${ENTRANTS} registered entrants each, from ${INDEX_BOTS.toLocaleString("en")} bots; node:sqlite, the registry's index code)`);
console.log(indexTable.toString());
const biggestLadder = ladderRows.find((row) => row.bots === 10_000);
const biggestSwiss = swissRows.filter((row) => row.bots === 1024);
if (biggestLadder || biggestSwiss.length > 0) {
  const goals = [
    ...(biggestLadder ? [`10,000-bot record ${fixed(biggestLadder.recordMs)} ms (goal < 10)`, `tick ${fixed(biggestLadder.tickMs)} ms (goal < 50)`] : []),
    ...biggestSwiss.map((row) => `1,024-bot Swiss round ${row.round} ${fixed(row.pairMs)} ms (goal < 1000)`),
  ];
  console.log(`Goals: ${goals.join("; ")}`);
}
if (values.json) console.log(JSON.stringify({ ladder: ladderRows, swiss: swissRows, index: indexRows }));
