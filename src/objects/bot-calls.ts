/**
 * A registered bot's call log: every move request and end notice the service sent it, with when, the
 * answer's status, how long it took, the move answered and the forfeit it was, if any. It lives in the
 * bot's link object (bot-link.ts, one per bot: `idFromName(botId)`), in its SQLite beside a connected
 * bot's requests, bounded to the last CALL_LOG_MAX_CALLS calls and CALL_LOG_MAX_AGE_MS.
 *
 * The hosts that call bots (a tournament, a hosted match's alarm) record through a `CallRecorder`
 * (bot-link.ts): the record is built here from what the host already holds (the ask, the reply, the
 * game's judgement of it) and sent to the link in the host's background (`ctx.waitUntil`), so the game
 * never waits for it, and a failure to record is dropped without touching the game. Nothing here needs
 * the Workers runtime: the bench measures it on node:sqlite.
 */
import { type EndDelivery, type EndNotice, type ForfeitCode, type PlayerReply, parseMoveAnswer } from "../bots/index.ts";
import { makeMoveText } from "../rules/index.ts";
import { type Ask, decideAction } from "../tournament/index.ts";
import { CALL_LOG_BOUND, type StoredBotCall } from "../wire/index.ts";
import type { Sql } from "./storage.ts";

/** The most calls a bot's log keeps: a record beyond drops the oldest. */
export const CALL_LOG_MAX_CALLS = CALL_LOG_BOUND.calls;
/** The oldest call a bot's log keeps. */
const CALL_LOG_MAX_AGE_MS = CALL_LOG_BOUND.days * 24 * 60 * 60_000;
/** A detail longer than this is cut (a bot's error text can be long). */
const MAX_DETAIL_CHARS = 500;

const clip = (text: string | null): string | null => (text !== null && text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS - 3)}...` : text);

// ---- what a call is ----

/**
 * The log's record of a move request to a bot, sent at `sentAt` and answered (or given up on) at `at`:
 * the move it answered and the forfeit it was, as the game judged them (`decideAction`, the same
 * judgement the game applies). A call cut at the clock's deadline, or answered after it, is the game's
 * loss on time: `bot/timeout`. A connection error before the bot's first move aborts the game, which is
 * replayed: `bot/connection_error`, with the abort's detail.
 */
export function moveCall(ask: Ask, reply: PlayerReply, sentAt: number, at: number): StoredBotCall {
  const action = decideAction(ask, reply, at);
  const parsed = reply.ok ? parseMoveAnswer(reply.answer) : null;
  const move = parsed?.ok ? (parsed.value.kind === "claim" ? "claim" : makeMoveText(parsed.value.move)) : null;
  let forfeit: ForfeitCode | null = null;
  let detail: string | null = null;
  if (action.type === "forfeit") {
    forfeit = action.code as ForfeitCode;
    detail = action.detail;
  } else if (action.type === "flag") {
    forfeit = "bot/timeout";
    detail = reply.ok ? "answered after its time ran out: a loss on time" : `${reply.detail}: a loss on time`;
  } else if (action.type === "abort") {
    forfeit = "bot/connection_error";
    detail = action.detail ?? (reply.ok ? null : reply.detail);
  }
  const { request } = ask;
  return {
    kind: "move",
    tournamentId: request.tournamentId,
    gameId: request.gameId,
    matchId: request.matchId,
    ply: request.ply,
    sentAt,
    status: reply.status ?? null,
    latencyMs: Math.max(0, at - sentAt),
    move,
    forfeit,
    detail: clip(detail),
  };
}

/** The log's record of an end notice: how the game ended for the bot, and whether the notice was taken. */
export function endCall(notice: EndNotice, delivery: EndDelivery | undefined, sentAt: number, at: number): StoredBotCall {
  const ending = `${notice.outcome} (${notice.reason})`;
  return {
    kind: "end",
    tournamentId: notice.tournamentId,
    gameId: notice.gameId,
    matchId: notice.matchId,
    ply: notice.moves.length,
    sentAt,
    status: delivery?.status ?? null,
    latencyMs: Math.max(0, at - sentAt),
    move: null,
    forfeit: null,
    detail: clip(delivery?.detail ? `${ending}; not taken: ${delivery.detail}` : ending),
  };
}

// ---- the store ----

interface CallRow extends Record<string, string | number | null> {
  seq: number;
  kind: string;
  tournament_id: string | null;
  game_id: string;
  match_id: string;
  ply: number;
  sent_at: number;
  status: number | null;
  latency_ms: number;
  move: string | null;
  forfeit: string | null;
  detail: string | null;
}

const fromRow = (row: CallRow): { seq: number; call: StoredBotCall } => ({
  seq: row.seq,
  call: {
    kind: row.kind === "end" ? "end" : "move",
    tournamentId: row.tournament_id,
    gameId: row.game_id,
    matchId: row.match_id,
    ply: row.ply,
    sentAt: row.sent_at,
    status: row.status,
    latencyMs: row.latency_ms,
    move: row.move,
    forfeit: row.forfeit as ForfeitCode | null,
    detail: row.detail,
  },
});

/** Makes the log's table in a link's database (its creation, and the migration from the link's version 1). */
export function createCallTable(sql: Sql): void {
  // AUTOINCREMENT: a call's id is never reused, so a link to one never shows another.
  sql.exec(`CREATE TABLE calls (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    tournament_id TEXT,
    game_id TEXT NOT NULL,
    match_id TEXT NOT NULL,
    ply INTEGER NOT NULL,
    sent_at INTEGER NOT NULL,
    status INTEGER,
    latency_ms INTEGER NOT NULL,
    move TEXT,
    forfeit TEXT,
    detail TEXT
  )`);
  sql.exec("CREATE INDEX calls_by_time ON calls (sent_at, seq)");
  sql.exec("CREATE INDEX calls_by_match ON calls (match_id, sent_at, seq)");
}

/** Where a page of the log starts: after the call sent at `sentAt` with id `seq` (newest first). */
export interface CallCursor {
  sentAt: number;
  seq: number;
}

/** A bot's call log over its link's database: bounded records, read newest first. */
export class BotCallStore {
  private readonly sql: Sql;
  private readonly maxCalls: number;
  private readonly maxAgeMs: number;

  constructor(sql: Sql, bound: { maxCalls?: number; maxAgeMs?: number } = {}) {
    this.sql = sql;
    this.maxCalls = bound.maxCalls ?? CALL_LOG_MAX_CALLS;
    this.maxAgeMs = bound.maxAgeMs ?? CALL_LOG_MAX_AGE_MS;
  }

  /** Stores a call, and drops what the bound no longer keeps; its id. */
  record(call: StoredBotCall, now: number): number {
    const [row] = this.sql.exec<{ seq: number }>(
      `INSERT INTO calls (kind, tournament_id, game_id, match_id, ply, sent_at, status, latency_ms, move, forfeit, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
      call.kind,
      call.tournamentId,
      call.gameId,
      call.matchId,
      call.ply,
      call.sentAt,
      call.status,
      call.latencyMs,
      call.move,
      call.forfeit,
      clip(call.detail),
    );
    this.sql.exec("DELETE FROM calls WHERE seq <= ?", row.seq - this.maxCalls);
    this.sql.exec("DELETE FROM calls WHERE sent_at < ?", now - this.maxAgeMs);
    return row.seq;
  }

  /**
   * A page of the log, newest first (by when the calls were sent): at most `limit` calls after
   * `after`, only those about `matchId` when given, none older than the bound; and whether more follow.
   */
  page(options: { limit: number; after: CallCursor | null; matchId: string | null; now: number }): { calls: { seq: number; call: StoredBotCall }[]; more: boolean } {
    const where = ["sent_at >= ?"];
    const bindings: (string | number)[] = [options.now - this.maxAgeMs];
    if (options.matchId !== null) {
      where.push("match_id = ?");
      bindings.push(options.matchId);
    }
    if (options.after !== null) {
      where.push("(sent_at < ? OR (sent_at = ? AND seq < ?))");
      bindings.push(options.after.sentAt, options.after.sentAt, options.after.seq);
    }
    const rows = this.sql.exec<CallRow>(`SELECT * FROM calls WHERE ${where.join(" AND ")} ORDER BY sent_at DESC, seq DESC LIMIT ?`, ...bindings, options.limit + 1);
    return { calls: rows.slice(0, options.limit).map(fromRow), more: rows.length > options.limit };
  }

  /** How many calls the log holds. */
  size(): number {
    return this.sql.exec<{ count: number }>("SELECT COUNT(*) AS count FROM calls")[0].count;
  }
}
