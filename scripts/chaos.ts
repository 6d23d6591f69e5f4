/**
 * `npm run chaos`: the service under faults and load, end to end. Starts `wrangler dev` on persisted
 * state (a temporary folder, its own port), runs a tournament between real HTTP bots (Node servers here,
 * one slow: 3 s a move against a 5 s move clock) and a built-in bot, plays matches against engine seats,
 * fires maximal engine searches, and meanwhile kills the whole server (SIGKILL to its process group) at
 * random moments and restarts it on the same state. Then it checks what must hold whatever the faults:
 * every game played exactly once, every record replays (POST /v1/replay), no forfeit or loss on time
 * the server caused (every bot here answers in time and legally), standings equal to those recomputed
 * from the records; and it reports the latency of match moves and of /healthz, idle and while searches
 * run (waves of searches with quiet spells between them). Each search comes from its own client
 * address (CF-Connecting-IP, which the rate limiter keys on), so the per-client `engine-large` limit
 * does not refuse the waves. Exits 1 when a check fails. Options: --kills N (5), --seed S, --port P
 * (8793), --searches N (10), --search-nodes N (the service's maximum), --engine-level L (hard),
 * --slice-nodes N (the server's ENGINE_SLICE_NODES; wrangler.toml's by default), --short (for CI: two
 * HTTP bots, the slow one 1.5 s a move, one player against an engine seat at level easy, one search
 * of 100,000 nodes at a time: it checks the crash safety, not the engine's load).
 *
 * `--soak 60m` runs the long mixed scenario of scripts/chaos-soak.ts instead (every kind of load, `--kills`
 * kills spread over the given time, and the service's invariants checked at the end).
 *
 * `--flood` runs another scenario instead (no kills): WebSocket floods on one match while moves are
 * timed in another. A client that sends `--flood-frames` small frames (20,000) and never reads (a raw
 * socket, paused), then a client that reads and sends 6,000 messages a second for 5 s; for each, whether
 * and when the server closed it (1008) and how much it was answered, the latency of moves in the other
 * match before, during and after, and workerd's memory (RSS) before, after as long a control with
 * moves only (the timed matches take memory of their own), at its peak during the floods and 10 s after.
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Table from "cli-table3";
import { apiClient, log, quantile, Server, sleep } from "./chaos-kit.ts";
import { soak } from "./chaos-soak.ts";
import { serveFetch, type RunningServer } from "../arena/node-server.ts";
import { type Bridge, startBridge } from "../arena/connect.ts";
import { builtInAnswer } from "../src/bots/index.ts";
import { seededRandom } from "../src/engine/random.ts";
import { legalMoves, makeRules, playMove, readPosition, START_POSITION_STRING, makePositionString, type Position } from "../src/rules/index.ts";
import { computeStandings, type ScoredGame } from "../src/tournament/index.ts";
import { botFetchHandler } from "../src/wire/bot-server.ts";

const { values: options } = parseArgs({
  options: {
    kills: { type: "string", default: "5" },
    seed: { type: "string", default: "1" },
    port: { type: "string", default: "8793" },
    searches: { type: "string" },
    "search-nodes": { type: "string" },
    "engine-level": { type: "string" },
    "slice-nodes": { type: "string" },
    short: { type: "boolean", default: false },
    flood: { type: "boolean", default: false },
    "flood-frames": { type: "string", default: "20000" },
    soak: { type: "string" },
  },
});
const SHORT = options.short;
const KILLS = Number(options.kills);
const SEED = Number(options.seed);
const PORT = Number(options.port);
const SEARCHES = Number(options.searches ?? (SHORT ? 1 : 10));
const SEARCH_NODES = Number(options["search-nodes"] ?? (SHORT ? 100_000 : 20_000_000));
const ENGINE_LEVEL = options["engine-level"] ?? (SHORT ? "easy" : "hard");
const BASE = `http://127.0.0.1:${PORT}`;
const random = seededRandom(SEED);

const { api, ok } = apiClient(BASE);

// ---- the bots: Node servers speaking the bot protocol ----

interface Bot {
  name: string;
  delayMs: number;
  /** A connected bot: registered with connection: stream, its server reached through the bridge (arena/connect.ts). */
  connected?: boolean;
  bridge?: Bridge;
  secret?: string;
  server?: RunningServer;
  id?: string;
  moves: number;
}

async function startBot(bot: Bot): Promise<void> {
  bot.server = await serveFetch(
    async (request) => {
      const handler = botFetchHandler({
        info: { name: bot.name, author: "chaos" },
        secret: bot.secret,
        move: async (checked) => {
          bot.moves++;
          await sleep(bot.delayMs);
          return builtInAnswer("easy", checked, { maxNodes: 20_000 });
        },
      });
      return handler(request);
    },
    { port: 0 },
  );
}

// ---- match moves against engine seats, timed ----

interface Timed {
  ms: number;
  underSearch: boolean;
}
const moveTimes: Timed[] = [];
const healthTimes: Timed[] = [];
let searchesInFlight = 0;

/** GET /healthz twice a second while the run lasts (first tries only: not the outages). */
async function probeHealth(stop: () => boolean): Promise<void> {
  while (!stop()) {
    const underSearch = searchesInFlight > 0;
    const answer = await api("GET", "/healthz");
    if (answer.firstTry && answer.status === 200) healthTimes.push({ ms: answer.ms, underSearch });
    await sleep(500);
  }
}
const engineMatches: string[] = [];

/** Plays seat 0 of match `id` (its token `token`) to the end: a random legal move each turn. */
async function playOut(id: string, token: string, stop: () => boolean): Promise<void> {
  const rules = makeRules();
  let afterPly = -1;
  for (;;) {
    const query = afterPly < 0 ? "" : `?afterPly=${afterPly}&wait=5`;
    const view = await ok<{ status: string; ply: number; turn: { seat: number } | null; position: { string: string } }>("GET", `/v1/matches/${id}${query}`);
    if (view.status === "finished") return;
    afterPly = view.ply;
    if (view.turn?.seat !== 0) continue;
    const position = readPosition(view.position.string, rules);
    if (!position.ok) throw new Error(position.error.detail);
    const moves = legalMoves(position.value, rules);
    await sleep(100); // a person takes a moment
    const underSearch = searchesInFlight > 0;
    const answer = await api("POST", `/v1/matches/${id}/moves`, { ply: view.ply, ...moves[Math.floor(random() * moves.length)] }, { Authorization: `Bearer ${token}` });
    if (answer.firstTry && answer.status < 300) moveTimes.push({ ms: answer.ms, underSearch });
    if (stop() && answer.status >= 300) return;
  }
}

/** Plays one match as the human seat against an engine seat, a random legal move each turn. */
async function playEngineMatch(index: number, stop: () => boolean): Promise<void> {
  const created = await ok<{ id: string; tokens: { seat: number; token: string }[] }>(
    "POST",
    "/v1/matches",
    {
      firstSeat: index % 2,
      clock: { kind: "game", initialMs: 600_000, incrementMs: 0 },
      seats: [
        { kind: "human", take: true },
        { kind: "engine", level: ENGINE_LEVEL },
      ],
    },
    { "CF-Connecting-IP": `198.51.100.${10 + (index % 50)}` },
  );
  engineMatches.push(created.id);
  await playOut(created.id, created.tokens[0].token, stop);
}

// ---- maximal searches ----

let searchesDone = 0;
let searchesRefused = 0;
const refusals = new Map<string, number>();

/**
 * A position five random moves in (12 empty cells), searched with every move valued: a large tree to
 * walk with or without an opening book down to its tier (a book answers the value, but the moves lead
 * below it), unlike the positions higher up, which the classic book answers with no search.
 */
function searchPosition(): string {
  const rules = makeRules();
  for (;;) {
    const start = readPosition(START_POSITION_STRING, rules);
    if (!start.ok) throw new Error(start.error.detail);
    let position: Position = start.value;
    let ongoing = true;
    for (let ply = 0; ply < 5 && ongoing; ply++) {
      const moves = legalMoves(position, rules);
      const played = playMove(position, moves[Math.floor(random() * moves.length)], rules);
      if (!played.ok) throw new Error(played.error.detail);
      position = played.value.position;
      ongoing = played.value.outcome.status === "ongoing";
    }
    if (ongoing) return makePositionString(position);
  }
}

async function fireSearches(): Promise<void> {
  await Promise.all(
    Array.from({ length: SEARCHES }, async (_, index) => {
      searchesInFlight++;
      try {
        const answer = await api(
          "POST",
          "/v1/evaluate",
          { position: searchPosition(), moves: true, maxNodes: SEARCH_NODES },
          { "CF-Connecting-IP": `203.0.113.${(searchesDone + index) % 250}` },
          1_800_000,
        );
        if (answer.status === 200) searchesDone++;
        else {
          searchesRefused++;
          const code = `${answer.status} ${(answer.body as { code?: string } | null)?.code ?? ""}`;
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
        }
      } finally {
        searchesInFlight--;
      }
    }),
  );
}

// ---- the run ----

interface GameView {
  gameId: string;
  status: string;
  first: string;
  second: string;
  matchId: string | null;
  abortedAttempts: { matchId: string; detail: string }[];
  result: { winner: string | null; reason: string; forfeitedBy?: string | null; forfeitCode?: string | null } | null;
  text: string | null;
}
interface TournamentView {
  status: string;
  bots: { name: string }[];
  games: GameView[];
  standings: { bot: string; points: number; wins: number; draws: number; losses: number; forfeits?: number }[];
  progress: { total: number; finished: number };
}


// ---- the flood scenario (--flood) ----

/** Both seats taken by the caller; answers the id and both tokens. */
async function humanMatch(): Promise<{ id: string; tokens: string[] }> {
  const created = await ok<{ id: string; tokens: { seat: number; token: string }[] }>("POST", "/v1/matches", {
    firstSeat: 0,
    seats: [
      { kind: "human", take: true },
      { kind: "human", take: true },
    ],
  });
  return { id: created.id, tokens: [0, 1].map((seat) => created.tokens.find((entry) => entry.seat === seat)?.token ?? "") };
}

/** Plays random legal moves in fresh matches (both seats), timing each move, until `stop`. */
async function timeMoves(stop: () => boolean, phase: () => string, times: Map<string, number[]>): Promise<void> {
  const rules = makeRules();
  while (!stop()) {
    const match = await humanMatch();
    const start = readPosition(START_POSITION_STRING, rules);
    if (!start.ok) throw new Error(start.error.detail);
    let position: Position = start.value;
    for (let ply = 0; !stop(); ply++) {
      const moves = legalMoves(position, rules);
      if (moves.length === 0) break;
      const move = moves[Math.floor(random() * moves.length)];
      const seat = ply % 2;
      const label = phase();
      const answer = await api("POST", `/v1/matches/${match.id}/moves`, { ply, ...move }, { Authorization: `Bearer ${match.tokens[seat]}` });
      if (answer.status >= 300) break;
      times.set(label, [...(times.get(label) ?? []), answer.ms]);
      const played = playMove(position, move, rules);
      if (!played.ok || played.value.outcome.status !== "ongoing") break;
      position = played.value.position;
      await sleep(50);
    }
  }
}

/** A masked client text frame (RFC 6455) of `payload`. */
function clientFrame(payload: string): Buffer {
  const data = Buffer.from(payload);
  if (data.length > 125) throw new Error("a flood frame is small");
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + data.length);
  frame[0] = 0x81;
  frame[1] = 0x80 | data.length;
  mask.copy(frame, 2);
  for (let index = 0; index < data.length; index++) frame[6 + index] = data[index] ^ mask[index % 4];
  return frame;
}

/**
 * A client that never reads: a raw TCP socket that sends the upgrade, then `frames` small frames as
 * fast as the socket takes them, and is paused (nothing it is sent is read). Afterwards it reads what
 * the server had queued for it: how many messages, and whether a close frame (with its code) came.
 */
async function nonReadingFlood(
  matchId: string,
  frames: number,
): Promise<{ sentFrames: number; sentMs: number; queuedMessages: number; closeCode: number | null; reset: string | null }> {
  const socket = connect(PORT, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const key = randomBytes(16).toString("base64");
  socket.write(`GET /v1/matches/${matchId}/ws HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  socket.pause();
  const started = Date.now();
  let closedAt: number | null = null;
  socket.on("close", () => {
    closedAt ??= Date.now();
  });
  // The server may end the connection under the flood (it stops reading a socket it has closed): the
  // writes then fail (EPIPE, ECONNRESET), and what it had queued is lost with the connection.
  let reset: string | null = null;
  socket.on("error", (error: NodeJS.ErrnoException) => {
    closedAt ??= Date.now();
    reset ??= error.code ?? error.message;
  });
  let sent = 0;
  const frame = clientFrame(JSON.stringify({ type: "state" }));
  for (; sent < frames && closedAt === null; sent++) {
    if (!socket.write(frame)) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), sleep(200)]);
  }
  const sentMs = Date.now() - started;
  // Now read the backlog: the upgrade's answer, then the server's frames (unmasked).
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.resume();
  await sleep(3_000);
  socket.destroy();
  const data = Buffer.concat(chunks);
  let offset = data.indexOf("\r\n\r\n") + 4;
  let queuedMessages = 0;
  let closeCode: number | null = null;
  while (offset > 3 && offset + 2 <= data.length) {
    const opcode = data[offset] & 0x0f;
    let length = data[offset + 1] & 0x7f;
    let header = 2;
    if (length === 126) {
      length = data.readUInt16BE(offset + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(offset + 2));
      header = 10;
    }
    if (offset + header + length > data.length) break;
    if (opcode === 0x1) queuedMessages++;
    if (opcode === 0x8) closeCode = length >= 2 ? data.readUInt16BE(offset + header) : 1005;
    offset += header + length;
  }
  return { sentFrames: sent, sentMs, queuedMessages, closeCode, reset };
}

/** A client that reads, sending `perSecond` messages a second for `ms`: what it was answered, and whether it was closed. */
async function readingFlood(matchId: string, perSecond: number, ms: number): Promise<{ answers: number; limited: number; sent: number; closeCode: number | null; closedAfterMs: number | null }> {
  const socket = new WebSocket(`ws://127.0.0.1:${PORT}/v1/matches/${matchId}/ws`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("the socket did not open")), { once: true });
  });
  const started = Date.now();
  let answers = 0;
  let limited = 0;
  let closeCode: number | null = null;
  let closedAfterMs: number | null = null;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { type: string; problem?: { code: string } };
    if (message.problem?.code === "request/rate_limited") limited++;
    else answers++;
  });
  socket.addEventListener("close", (event) => {
    closeCode = event.code;
    closedAfterMs = Date.now() - started;
  });
  let sent = 0;
  while (Date.now() - started < ms && closeCode === null) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    for (; sent < due && socket.readyState === WebSocket.OPEN; sent++) socket.send(JSON.stringify({ type: "state", id: sent }));
    await sleep(5);
  }
  await sleep(1_000);
  if (socket.readyState === WebSocket.OPEN) socket.close();
  return { answers, limited, sent, closeCode, closedAfterMs };
}

async function floodMain(): Promise<void> {
  const persistTo = await mkdtemp(join(tmpdir(), "quarto-chaos-"));
  const server = new Server(PORT, persistTo, options["slice-nodes"] ? ["--var", `ENGINE_SLICE_NODES:${options["slice-nodes"]}`] : []);
  const failures: string[] = [];
  const times = new Map<string, number[]>();
  let phase = "before";
  let stop = false;
  const memory: [string, number][] = [];
  let peak = 0;
  try {
    log(`flood: wrangler dev on ${BASE}; ${options["flood-frames"]} frames from a client that does not read, then 6,000 messages a second from one that does`);
    await server.start();
    const mover = timeMoves(() => stop, () => phase, times);
    const sampler = (async () => {
      while (!stop) {
        peak = Math.max(peak, server.workerdRssMiB());
        await sleep(250);
      }
    })();
    await sleep(10_000);
    memory.push(["before", server.workerdRssMiB()]);
    // The control: as long as the floods and what follows them, with only the timed moves (a new match
    // every few moves), so that the memory those matches take is told apart from the floods'.
    phase = "control";
    await sleep(20_000);
    memory.push(["after the control (moves only)", server.workerdRssMiB()]);
    const peakBeforeFloods = peak;
    peak = 0;
    const target = await humanMatch();
    phase = "non-reading flood";
    const silent = await nonReadingFlood(target.id, Number(options["flood-frames"]));
    log(`non-reading client: ${silent.sentFrames} frames sent in ${silent.sentMs} ms; the server had queued ${silent.queuedMessages} messages for it, then ${silent.closeCode === null ? "no close" : `a close ${silent.closeCode}`}${silent.reset === null ? "" : `; the connection was ended (${silent.reset})`}`);
    memory.push(["after the non-reading flood", server.workerdRssMiB()]);
    phase = "between";
    await sleep(5_000);
    phase = "reading flood";
    const loud = await readingFlood(target.id, 6_000, 5_000);
    log(`reading client: ${loud.sent} sent, ${loud.answers} answers, ${loud.limited} rate_limited, close ${loud.closeCode ?? "none"}${loud.closedAfterMs === null ? "" : ` after ${loud.closedAfterMs} ms`}`);
    phase = "after";
    await sleep(10_000);
    memory.push(["10 s after", server.workerdRssMiB()]);
    stop = true;
    await Promise.all([mover, sampler]);
    memory.splice(2, 0, ["peak during the floods", peak]);
    const [before, control, , , after] = memory.map(([, mib]) => mib);

    check(
      silent.closeCode === 1008 || silent.reset !== null,
      `the client that does not read was neither sent a close 1008 nor cut off (close ${silent.closeCode}, ${silent.sentFrames} of its frames sent)`,
    );
    check(loud.closeCode === 1008, `the reading flood was not closed with 1008 (close ${loud.closeCode})`);
    check(loud.limited === 0, `the reading flood was answered ${loud.limited} request/rate_limited`);
    // The floods may not grow the runtime more than as long a time of moves alone did (with 64 MiB of slack).
    check(after - control <= control - before + 64, `workerd grew ${(after - control).toFixed(0)} MiB over the floods, ${(control - before).toFixed(0)} MiB over as long without them`);
    check(peak <= Math.max(peakBeforeFloods, control) + 64, `workerd peaked at ${peak.toFixed(0)} MiB during the floods (${control.toFixed(0)} MiB before them)`);
    const during = [...(times.get("non-reading flood") ?? []), ...(times.get("reading flood") ?? [])];
    check(during.length > 0 && quantile(during, 0.99) < 100, `moves in another match during the floods: p99 ${quantile(during, 0.99).toFixed(0)} ms (the target is under 100 ms)`);
    const summary = new Table({ head: ["flood", "value"] });
    summary.push(
      ["client that does not read", `${silent.sentFrames} frames sent in ${silent.sentMs} ms; ${silent.queuedMessages} messages queued for it, then close ${silent.closeCode ?? "none"}${silent.reset === null ? "" : `, connection ended (${silent.reset})`}`],
      ["client that reads (6,000 a second)", `${loud.sent} sent, ${loud.answers} answered, ${loud.limited} rate_limited; close ${loud.closeCode ?? "none"}${loud.closedAfterMs === null ? "" : ` after ${loud.closedAfterMs} ms`}`],
      ...memory.map(([label, mib]): [string, string] => [`workerd RSS, ${label}`, `${mib.toFixed(0)} MiB`]),
    );
    console.log(summary.toString());
    const latency = new Table({ head: ["moves in another match", "count", "p50 ms", "p99 ms", "max ms"] });
    for (const label of ["before", "control", "non-reading flood", "between", "reading flood", "after"]) {
      const ms = times.get(label) ?? [];
      latency.push([label, ms.length, quantile(ms, 0.5).toFixed(0), quantile(ms, 0.99).toFixed(0), ms.length ? Math.max(...ms).toFixed(0) : "-"]);
    }
    console.log(latency.toString());
  } finally {
    stop = true;
    await server.kill();
    await rm(persistTo, { recursive: true, force: true });
  }
  function check(condition: boolean, what: string): void {
    if (!condition) failures.push(what);
  }
  for (const failure of failures) console.log(`FAILED: ${failure}`);
  console.log(failures.length === 0 ? "chaos --flood: every check passed" : `chaos --flood: ${failures.length} checks failed`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

async function main(): Promise<void> {
  const persistTo = await mkdtemp(join(tmpdir(), "quarto-chaos-"));
  const server = new Server(PORT, persistTo, options["slice-nodes"] ? ["--var", `ENGINE_SLICE_NODES:${options["slice-nodes"]}`] : []);
  const failures: string[] = [];
  const check = (condition: boolean, what: string) => {
    if (!condition) failures.push(what);
  };
  const bots: Bot[] = [
    { name: `chaos-fast-${SEED}`, delayMs: 0, moves: 0 },
    { name: `chaos-slow-${SEED}`, delayMs: SHORT ? 1_500 : 3_000, moves: 0 },
    ...(SHORT ? [] : [{ name: `chaos-steady-${SEED}`, delayMs: 400, moves: 0 }]),
    // A connected bot: its stream drops with every kill, and the bridge reconnects; its open requests must survive.
    { name: `chaos-linked-${SEED}`, delayMs: 200, moves: 0, connected: true },
  ];
  const started = Date.now();
  let kills = 0;
  try {
    log(`wrangler dev on ${BASE}, state in a temporary folder; ${KILLS} kills, seed ${SEED}${SHORT ? ", short" : ""}`);
    await server.start();
    for (const bot of bots) {
      await startBot(bot);
      const registration = bot.connected ? { name: bot.name, connection: "stream", entry: "open" } : { name: bot.name, url: bot.server?.url, entry: "open" };
      const registered = await ok<{ id: string; secret: string; token: string }>("POST", "/v1/bots", registration);
      bot.id = registered.id;
      bot.secret = registered.secret;
      if (bot.connected && bot.server) {
        bot.bridge = startBridge({ service: BASE, botId: registered.id, token: registered.token, bot: { url: bot.server.url, secret: registered.secret }, backoffMs: 250, maxBackoffMs: 1_000 });
      }
    }
    const created = await ok<{ id: string }>("POST", "/v1/tournaments", {
      name: `chaos ${SEED}`,
      bots: [...bots.map((bot) => bot.id), "easy"],
      gamesPerPair: 2,
      clock: { kind: "move", moveMs: 5_000 },
      seed: SEED,
    });
    const tournamentId = created.id;
    log(`tournament ${tournamentId}: ${bots.length + 1} bots, 2 games a pair, 5 s a move`);

    let over = false;
    const players = Array.from({ length: SHORT ? 1 : 4 }, async (_, index) => {
      for (let round = 0; !over; round++) await playEngineMatch(index + round * 4, () => over);
    });
    // Waves of searches with quiet spells between them, so that latency is seen both ways.
    const quietMs = SHORT ? 2_000 : 15_000;
    const searcher = (async () => {
      await sleep(quietMs);
      while (!over) {
        await fireSearches();
        await sleep(quietMs);
      }
    })();
    const prober = probeHealth(() => over);

    // Kills at random moments while the tournament runs, whether or not the server answers then.
    let progress = "0";
    let ended = false;
    const watch = (async (): Promise<TournamentView> => {
      for (;;) {
        const view = await ok<TournamentView>("GET", `/v1/tournaments/${tournamentId}`);
        progress = `${view.progress.finished}/${view.progress.total}`;
        if (view.status !== "running") {
          ended = true;
          return view;
        }
        await sleep(1_000);
      }
    })();
    // The first kill is aimed: a person's match against the slow bot, killed while the bot thinks, and
    // restarted after the bot's move time has run out. The bot's turn must start again, not be lost on time.
    let drill: Promise<string | null> = Promise.resolve(null);
    if (KILLS > 0) {
      const slow = bots.find((bot) => bot.name.startsWith("chaos-slow")) as Bot;
      const created = await ok<{ id: string; tokens: { seat: number; token: string }[] }>("POST", "/v1/matches", {
        firstSeat: 0,
        clock: { kind: "move", moveMs: 4_000 },
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: slow.id },
        ],
      });
      const token = created.tokens[0].token;
      await ok("POST", `/v1/matches/${created.id}/moves`, { ply: 0, give: 0 }, { Authorization: `Bearer ${token}` });
      await sleep(300);
      log(`kill ${kills + 1}: SIGKILL while ${slow.name} thinks in match ${created.id} (4 s a move)`);
      await server.kill();
      kills++;
      await sleep(5_000);
      await server.start();
      log(`restarted on the same state, 5 s later`);
      drill = playOut(created.id, token, () => false).then(() => created.id);
    }
    for (; kills < KILLS; kills++) {
      await sleep(4_000 + random() * 14_000);
      if (ended) break;
      log(`kill ${kills + 1}: SIGKILL to the server (${progress} games over when last read)`);
      await server.kill();
      await sleep(500 + random() * 2_500);
      await server.start();
      log(`restarted on the same state`);
    }
    const view = await watch;
    const drilled = await drill;
    over = true;
    await Promise.all([...players, searcher, prober]);
    log(`tournament ${view.status} after ${Math.round((Date.now() - started) / 1000)} s, ${kills} kills`);

    // ---- checks ----
    check(view.status === "finished", `the tournament is ${view.status}, not finished`);
    const matchIds = new Set<string>();
    const scored: ScoredGame[] = [];
    let aborted = 0;
    for (const game of view.games) {
      check(game.status === "finished", `${game.gameId} is ${game.status}`);
      for (const matchId of [game.matchId, ...game.abortedAttempts.map((attempt) => attempt.matchId)]) {
        if (matchId === null) continue;
        check(!matchIds.has(matchId), `match ${matchId} counted twice`);
        matchIds.add(matchId);
      }
      aborted += game.abortedAttempts.length;
      const reason = game.result?.reason;
      check(
        reason !== "timeout" && reason !== "forfeit",
        `${game.gameId} (${game.first}-${game.second}) ended by ${reason} ${game.result?.forfeitCode ?? ""}: every bot here answers in time and legally, so the server caused it`,
      );
      if (!game.matchId) continue;
      const record = await ok<{ seats: { name: string }[]; result: { winner: number | null; reason: string } | null; text: string }>(
        "GET",
        `/v1/matches/${game.matchId}/record`,
      );
      check(record.text === game.text, `${game.gameId}: the record's text is not the game's`);
      const replay = await api("POST", "/v1/replay", record);
      check(replay.status === 200 && (replay.body as { valid?: boolean }).valid === true, `${game.gameId}: the record does not replay (${replay.status})`);
      const winner = record.result?.winner ?? null;
      scored.push({ first: record.seats[0].name, second: record.seats[1].name, winner: winner === null ? null : record.seats[winner].name, forfeitedBy: null });
    }
    check(view.games.length === view.progress.total, "the tournament lists every game");
    const standings = computeStandings(
      view.bots.map((bot) => bot.name),
      scored,
    );
    const pointsOf = (rows: { bot: string; points: number }[]) => JSON.stringify(rows.map((row) => [row.bot, row.points]).sort());
    check(pointsOf(view.standings) === pointsOf(standings), `standings ${pointsOf(view.standings)} are not those of the records ${pointsOf(standings)}`);
    for (const matchId of engineMatches) {
      const record = await ok<{ result: { reason: string } | null }>("GET", `/v1/matches/${matchId}/record`);
      const replay = await api("POST", "/v1/replay", record);
      check(replay.status === 200 && (replay.body as { valid?: boolean }).valid === true, `engine match ${matchId}: the record does not replay`);
      check(record.result?.reason !== "timeout", `engine match ${matchId} ended on time`);
    }

    if (drilled !== null) {
      const record = await ok<{ result: { reason: string; detail?: string } | null; moves: unknown[] }>("GET", `/v1/matches/${drilled}/record`);
      check(
        record.result !== null && record.result.reason !== "timeout" && record.result.reason !== "forfeit",
        `the match killed while its bot thought ended by ${record.result?.reason} (${record.result?.detail ?? ""}): the server's lost time was charged`,
      );
    }

    // ---- the report ----
    const summary = new Table({ head: ["run", "value"] });
    summary.push(
      ["kills (SIGKILL of the process group)", kills],
      ["tournament games", `${view.games.length} (${aborted} aborted attempts replayed)`],
      ["bot moves answered", bots.map((bot) => `${bot.name.replace(`-${SEED}`, "")} ${bot.moves}`).join(", ")],
      ["engine-seat matches", engineMatches.length],
      [
        "maximal searches",
        `${searchesDone} answered, ${searchesRefused} refused${refusals.size ? ` [${[...refusals].map(([code, count]) => `${code}: ${count}`).join(", ")}]` : ""} (${SEARCH_NODES.toLocaleString("en")} nodes each, ${SEARCHES} at once)`,
      ],
      ["checks failed", failures.length],
    );
    console.log(summary.toString());
    const latency = new Table({ head: ["latency", "count", "p50 ms", "p99 ms", "max ms"] });
    for (const [label, rows] of [
      ["match moves, idle", moveTimes.filter((time) => !time.underSearch)],
      ["match moves, while searches run", moveTimes.filter((time) => time.underSearch)],
      ["match moves, all", moveTimes],
      ["/healthz, idle", healthTimes.filter((time) => !time.underSearch)],
      ["/healthz, while searches run", healthTimes.filter((time) => time.underSearch)],
    ] as const) {
      const ms = rows.map((row) => row.ms);
      latency.push([label, ms.length, quantile(ms, 0.5).toFixed(0), quantile(ms, 0.99).toFixed(0), ms.length ? Math.max(...ms).toFixed(0) : "-"]);
    }
    console.log(latency.toString());
  } finally {
    await server.kill();
    for (const bot of bots) await bot.bridge?.stop();
    for (const bot of bots) await bot.server?.close();
    await rm(persistTo, { recursive: true, force: true });
  }
  for (const failure of failures) console.log(`FAILED: ${failure}`);
  console.log(failures.length === 0 ? "chaos: every check passed" : `chaos: ${failures.length} checks failed`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

/** A duration such as `60m`, `90s` or `1h`, in ms. */
function durationMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)$/.exec(text);
  if (!match) throw new Error(`--soak takes a duration such as 60m, 90s or 1h, not ${text}`);
  return Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as "s" | "m" | "h"];
}

if (options.soak !== undefined) {
  const passed = await soak({ durationMs: durationMs(options.soak), kills: Number(options.kills), seed: SEED, port: PORT });
  process.exitCode = passed ? 0 : 1;
} else await (options.flood ? floodMain() : main());
