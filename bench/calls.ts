/**
 * `npm run bench:calls`: what a bot's call log costs, in-process, no network.
 *
 * - Per move: games between two random movers played through the tournament's own turn code (turnAsk,
 *   then decideAction and the reducer, the host's work on every move), then the same moves with the
 *   log: the host builds the call's record (moveCall, src/objects/bot-calls.ts) and hands it to the
 *   bot's link object in its background (`ctx.waitUntil`: the move does not wait for it); the link
 *   stores it and drops what its bound no longer keeps (BotCallStore.record over node:sqlite, with the
 *   log already full, so every record also prunes). Each is the mean over every move of the games.
 * - Storage per bot: the database of a log after 1x, 10x and 100x its bound (1,000 calls) recorded.
 *
 * The RPC itself (the host's stub call, in workerd) is not in these numbers: it is one message sent,
 * not awaited by the game.
 *
 *   npm run bench:calls [-- --games 2000] [-- --json]
 */
import { parseArgs } from "node:util";
import Table from "cli-table3";
import { seededRandom } from "../src/engine/index.ts";
import { applyAction, type MatchState, newMatch, positionOf } from "../src/match/index.ts";
import { legalMoves, makeRules } from "../src/rules/index.ts";
import { type Ask, decideAction, turnAsk } from "../src/tournament/index.ts";
import type { PlayerReply } from "../src/bots/index.ts";
import { BotCallStore, CALL_LOG_MAX_CALLS, createCallTable, moveCall } from "../src/objects/bot-calls.ts";
import { nodeSql } from "./sqlite.ts";

const { values } = parseArgs({ options: { games: { type: "string", default: "2000" }, json: { type: "boolean", default: false } } });
const GAMES = Number(values.games);
const random = seededRandom(1);

/** Nanoseconds of `body` run once per item, in total. */
function timed<T>(items: readonly T[], body: (item: T) => void): number {
  const started = process.hrtime.bigint();
  for (const item of items) body(item);
  return Number(process.hrtime.bigint() - started);
}

/** Every turn of `GAMES` games between two random movers: the ask and the reply, as a tournament's host holds them. */
function playGames(): { ask: Ask; reply: PlayerReply; at: number }[] {
  const turns: { ask: Ask; reply: PlayerReply; at: number }[] = [];
  const rules = makeRules({});
  for (let game = 0; game < GAMES; game++) {
    let at = Date.UTC(2026, 9, 1) + game * 60_000;
    let match: MatchState = newMatch({ rules, clock: { kind: "move", moveMs: 10_000 }, firstSeat: 0, untimedSeats: [] }, at, [
      { kind: "bot", name: "alice" },
      { kind: "bot", name: "bob" },
    ]);
    const matchId = `m${String(game).padStart(25, "0")}`;
    while (match.status === "active") {
      const turn = turnAsk(match, { tournamentId: "bench", gameId: `g${game + 1}`, matchId, names: ["alice", "bob"], mayAbort: true }, at);
      if (turn.type !== "ask") break;
      const moves = legalMoves(positionOf(match), rules);
      const move = moves[Math.floor(random() * moves.length)];
      at += 20;
      const reply: PlayerReply = { ok: true, answer: { ...(move.place === undefined ? {} : { place: move.place }), ...(move.give === undefined ? {} : { give: move.give }) }, status: 200 };
      turns.push({ ask: turn.ask, reply, at });
      const applied = applyAction(match, { ...decideAction(turn.ask, reply, at), ply: match.moves.length } as never);
      if (!applied.ok) throw new Error(`${applied.error.code}: ${applied.error.detail}`);
      match = applied.state;
    }
  }
  return turns;
}

const turns = playGames();
const perMoveUs = (ns: number) => ns / turns.length / 1000;

// Warm up every path once, then measure.
for (const turn of turns.slice(0, 2000)) moveCall(turn.ask, turn.reply, turn.at - 20, turn.at);
const judged = timed(turns, (turn) => {
  applyAction(turn.ask.match, decideAction(turn.ask, turn.reply, turn.at) as never);
});
const records = turns.map((turn) => moveCall(turn.ask, turn.reply, turn.at - 20, turn.at));
const built = timed(turns, (turn) => {
  moveCall(turn.ask, turn.reply, turn.at - 20, turn.at);
});
const full = nodeSql();
full.transaction(() => createCallTable(full));
const fullStore = new BotCallStore(full);
for (const call of records.slice(0, CALL_LOG_MAX_CALLS)) fullStore.record(call, call.sentAt);
const stored = timed(records, (call) => {
  fullStore.record(call, call.sentAt);
});

const perMove = [
  { what: "without the log (the host judges and applies the move)", us: perMoveUs(judged) },
  { what: "with the log, on the host: + building the call's record", us: perMoveUs(judged + built) },
  { what: "in the bot's link, in the background: storing it (and pruning)", us: perMoveUs(stored) },
];

const storage = [1, 10, 100].map((times) => {
  const sql = nodeSql();
  sql.transaction(() => createCallTable(sql));
  const store = new BotCallStore(sql);
  const calls = CALL_LOG_MAX_CALLS * times;
  for (let index = 0; index < calls; index++) {
    const call = records[index % records.length];
    store.record({ ...call, sentAt: Date.UTC(2026, 9, 1) + index }, Date.UTC(2026, 9, 1) + index);
  }
  return { calls, kept: store.size(), bytes: sql.bytes() };
});

if (values.json) {
  console.log(JSON.stringify({ moves: turns.length, perMove, storage }));
} else {
  console.log(`A bot's call log: ${turns.length} moves of ${GAMES} games (the mean per move), and the storage of one bot's log`);
  const moveTable = new Table({ head: ["per move", "µs"] });
  for (const row of perMove) moveTable.push([row.what, row.us.toFixed(2)]);
  console.log(moveTable.toString());
  const storageTable = new Table({ head: ["calls recorded", "x the bound", "calls kept", "KiB"] });
  for (const row of storage) storageTable.push([row.calls.toLocaleString("en-US"), String(row.calls / CALL_LOG_MAX_CALLS), row.kept.toLocaleString("en-US"), (row.bytes / 1024).toFixed(0)]);
  console.log(storageTable.toString());
}
