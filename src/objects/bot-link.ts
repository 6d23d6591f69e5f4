/**
 * One Durable Object per registered bot (`idFromName(botId)`): the bot's link with the service. For
 * every bot, webhook or connected, its call log (bot-calls.ts: the calls the service made to it, for its
 * author to read). For a connected bot (`connection: stream`), besides, its open move requests and its
 * one event stream. The truth is in storage: every move request is a row (open,
 * answered or closed) written before it is sent, so a request survives an eviction or a `kill -9` of the
 * host, is sent again on every (re)connect while it is open, and an answer that came while nobody
 * waited is found by the ask that comes again (the tournament re-asks the same turn after it restarts:
 * the request id is the match and ply).
 *
 * Why nothing here keeps the object awake when no request is open: the bot's stream is not served by
 * this object but by the Worker, which relays a WebSocket that this object accepted with the
 * hibernation API (`ctx.acceptWebSocket`), and writes the stream's keep-alives itself. A streaming
 * response from an object would pin it in memory for as long as the stream is open; a hibernatable
 * WebSocket does not. The object runs only when a request opens (the tournament's `ask`, which waits
 * for the answer while the request is open), an answer comes, a stream (re)connects, or a game ends.
 */
import { DurableObject } from "cloudflare:workers";
import type { EndDelivery, EndNotice, ForfeitCode, MoveRequest, Player, PlayerReply } from "../bots/index.ts";
import type { Ask } from "../tournament/index.ts";
import { err, ok } from "../rules/index.ts";
import { closeQuietly, type LinkStatus, linkRequestId, objectNamed, type Reply, type StoredBotCall, type StoredEntry } from "../wire/index.ts";
import { BotCallStore, type CallCursor, createCallTable, endCall, moveCall } from "./bot-calls.ts";
import { openTables, type Sql, sqlOf, type TableSchema } from "./storage.ts";

/**
 * A bot without an open stream still counts as connected this long after it was last seen: a long-poll
 * client between two polls, or a stream reconnecting after a drop.
 */
const GRACE_MS = 5_000;
/**
 * Before its first move of a game, a bot not connected is waited for this long (at most half its time)
 * before it counts as unreachable: a bridge reconnecting after the service restarted gets there.
 */
const CONNECT_WAIT_MS = 3_000;
/** Answered and closed requests are kept this long, so a late answer is told "closed", not "unknown". */
const KEEP_MS = 10 * 60_000;
const LAST_SEEN_KEY = "lastSeen";
/** The hash of the token the registry last accepted for the stream: answers carrying it skip the registry. */
const TOKEN_HASH_KEY = "tokenHash";

interface RequestRow extends Record<string, SqlStorageValue> {
  id: string;
  match_id: string;
  body: string;
  state: "open" | "answered" | "closed";
  answer: string | null;
  deadline: number;
  detail: string | null;
  updated_at: number;
}

type Waiter = (reply: PlayerReply) => void;

const createRequestTable = (sql: Sql): void => {
  sql.exec(`CREATE TABLE requests (
    id TEXT PRIMARY KEY,
    match_id TEXT NOT NULL,
    body TEXT NOT NULL,
    state TEXT NOT NULL,
    answer TEXT,
    deadline INTEGER NOT NULL,
    detail TEXT,
    updated_at INTEGER NOT NULL
  )`);
};

/**
 * The link's storage (storage.ts): a connected bot's move requests and every bot's call log as rows;
 * beside them, in key-value, when the bot was last seen and its stream's token hash. Version 2 added
 * the call log.
 */
export const LINK_SCHEMA: TableSchema = {
  object: "bot link",
  version: 2,
  migrations: { 1: createCallTable },
  create(sql) {
    createRequestTable(sql);
    createCallTable(sql);
  },
};

/** Has the asked seat moved in this game (the opening's moves, played by neither bot, do not count)? */
const hasMoved = (request: MoveRequest): boolean => request.moves.slice(request.opening?.plies ?? 0).some((move) => move.seat === request.seat);

/** The status a connected bot's answer shows in its call log: that of its POST (which took it). */
const ANSWERED_STATUS = 200;

/** What an answered request was answered: the bot's answer, or the misbehaviour it was. */
const storedReply = (row: RequestRow): PlayerReply =>
  row.answer !== null
    ? { ok: true, answer: JSON.parse(row.answer), status: ANSWERED_STATUS }
    : { ok: false, ...(JSON.parse(row.detail ?? "{}") as { code: ForfeitCode; detail: string }), status: ANSWERED_STATUS };

const moveLine = (row: RequestRow): string => `{"type":"move","requestId":${JSON.stringify(row.id)},"request":${row.body}}`;

export class BotLinkObject extends DurableObject<Env> {
  /** The asks waiting for an answer in this instance (memory only: after an eviction the ask comes again). */
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly callLog: BotCallStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = sqlOf(ctx.storage);
    openTables(sql, LINK_SCHEMA);
    this.callLog = new BotCallStore(sql);
  }

  private row(id: string): RequestRow | undefined {
    return this.ctx.storage.sql.exec<RequestRow>("SELECT * FROM requests WHERE id = ?", id).toArray()[0];
  }

  private openRows(): RequestRow[] {
    return this.ctx.storage.sql.exec<RequestRow>("SELECT * FROM requests WHERE state = 'open' ORDER BY updated_at").toArray();
  }

  private close(id: string, detail: string, at: number): void {
    this.ctx.storage.sql.exec("UPDATE requests SET state = 'closed', detail = ?, updated_at = ? WHERE id = ? AND state = 'open'", detail, at, id);
  }

  private sweep(at: number): void {
    this.ctx.storage.sql.exec("DELETE FROM requests WHERE (state != 'open' AND updated_at < ?) OR deadline < ?", at - KEEP_MS, at - KEEP_MS);
  }

  private seen(at: number): void {
    this.ctx.storage.kv.put(LAST_SEEN_KEY, at);
  }

  private sockets(): WebSocket[] {
    return this.ctx.getWebSockets();
  }

  private send(line: string): void {
    for (const socket of this.sockets()) {
      try {
        socket.send(line);
      } catch {
        // a socket closing: the stream's next connect sends what is open
      }
    }
  }

  private status(at: number): LinkStatus {
    if (this.sockets().length > 0) return { connected: true, lastSeen: at };
    const last = this.ctx.storage.kv.get<number>(LAST_SEEN_KEY) ?? null;
    return { connected: last !== null && at - last < GRACE_MS, lastSeen: last };
  }

  private settle(id: string, reply: PlayerReply): void {
    const waiting = this.waiters.get(id) ?? [];
    this.waiters.delete(id);
    for (const resolve of waiting) resolve(reply);
  }

  // ---- the stream: a WebSocket the Worker relays as lines ----

  /**
   * A (re)connect of the bot's stream (the Worker has checked the token): it replaces any other (one
   * stream per bot), gets every open request first, then a keep-alive.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("expected Upgrade: websocket", { status: 426 });
    for (const old of this.sockets()) closeQuietly(old, 4000, "replaced by a new connection of the bot");
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    const verified = request.headers.get("x-verified-token-hash");
    if (verified) this.ctx.storage.kv.put(TOKEN_HASH_KEY, verified);
    const at = Date.now();
    this.seen(at);
    this.sweep(at);
    for (const row of this.openRows()) server.send(moveLine(row));
    server.send('{"type":"keepAlive"}');
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(): Promise<void> {
    // The relay sends nothing; answers come by POST.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    this.seen(Date.now());
    closeQuietly(socket, code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    this.seen(Date.now());
    closeQuietly(socket, 1011, "error");
  }

  /** Whether the bot is connected, or connects within `ms`. */
  private async waitForConnection(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      if (this.status(Date.now()).connected) return true;
      if (Date.now() >= until) return false;
      await scheduler.wait(100);
    }
  }

  // ---- RPC ----

  /** Whether the bot is connected now, and when it was last seen. */
  async linkStatus(): Promise<LinkStatus> {
    return this.status(Date.now());
  }

  /**
   * Asks the bot for its move and waits for the answer, at most `timeoutMs` (the turn's time, measured
   * from now: the request opens now). A bot not connected before its first move of the game is
   * unreachable (`bot/connection_error`: the game is aborted and replayed once); after that it has its
   * clock to come back, and the request waits for it. The same turn asked again (after an eviction of
   * either side) finds the stored request, or the answer given meanwhile.
   */
  async ask(name: string, request: MoveRequest, timeoutMs: number): Promise<PlayerReply> {
    const id = linkRequestId(request.matchId, request.ply);
    const at = Date.now();
    const row = this.row(id);
    if (row?.state === "answered") return storedReply(row);
    if (!row && !hasMoved(request) && !(await this.waitForConnection(Math.min(CONNECT_WAIT_MS, Math.floor(timeoutMs / 2))))) {
      return {
        ok: false,
        code: "bot/connection_error",
        detail: `${name} is not connected (a connected bot: its event stream GET /v1/bots/{id}/events is not open)`,
        status: null,
      };
    }
    const deadline = at + Math.max(0, timeoutMs);
    if (!row) {
      this.sweep(at);
      const body = JSON.stringify(request);
      this.ctx.storage.sql.exec(
        "INSERT INTO requests (id, match_id, body, state, answer, deadline, detail, updated_at) VALUES (?, ?, ?, 'open', NULL, ?, NULL, ?)",
        id,
        request.matchId,
        body,
        deadline,
        at,
      );
      this.send(moveLine(this.row(id) as RequestRow));
    } else {
      // Asked again (its clock restarted): open with the new time, and sent again if it had closed.
      const body = JSON.stringify(request);
      const reopened = row.state !== "open";
      this.ctx.storage.sql.exec(
        "UPDATE requests SET state = 'open', body = ?, deadline = ?, detail = NULL, updated_at = ? WHERE id = ?",
        body,
        deadline,
        at,
        id,
      );
      if (reopened) this.send(moveLine(this.row(id) as RequestRow));
    }
    return new Promise<PlayerReply>((resolve) => {
      const timer = setTimeout(() => {
        this.close(id, "expired: no answer in time", Date.now());
        this.settle(id, { ok: false, code: "bot/timeout", detail: `no answer to move request ${id} within ${timeoutMs} ms`, status: null });
      }, deadline - at);
      const waiting = this.waiters.get(id) ?? [];
      waiting.push((reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.waiters.set(id, waiting);
    });
  }

  /** Whether `tokenHash` is the one the registry last accepted for this bot's stream (then an answer needs no registry check). */
  async knowsToken(tokenHash: string): Promise<boolean> {
    return this.ctx.storage.kv.get<string>(TOKEN_HASH_KEY) === tokenHash;
  }

  /** Forgets the accepted token (the bot's token was rotated): answers go by the registry again. */
  async forgetToken(): Promise<void> {
    this.ctx.storage.kv.delete(TOKEN_HASH_KEY);
  }

  /**
   * The bot was deleted from the registry: the tournaments and matches it was already in keep playing
   * it, so the link keeps its last token (`tokenHash`), with which it may still connect and answer
   * here, though nothing new can enter it.
   */
  async retire(tokenHash: string): Promise<void> {
    this.ctx.storage.kv.put(TOKEN_HASH_KEY, tokenHash);
  }

  /**
   * The bot's answer to request `id`: taken if the request is open (the ask waiting gets it), else why
   * not. `reply` is what the bot sent, or the misbehaviour it was (a body over MAX_ANSWER_BYTES, or not
   * JSON): judged by the game as a webhook bot's answer is.
   */
  async answer(id: string, reply: PlayerReply): Promise<Reply<{ requestId: string }>> {
    const at = Date.now();
    const row = this.row(id);
    if (!row) return err({ code: "connection/request_not_found", detail: `there is no move request ${id.slice(0, 80)} for this bot` });
    if (row.state === "answered") return err({ code: "connection/request_closed", detail: `move request ${id} is closed (answered already)` });
    if (row.state === "closed") return err({ code: "connection/request_closed", detail: `move request ${id} is closed (${row.detail ?? "closed"})` });
    if (at > row.deadline) {
      this.close(id, "expired: no answer in time", at);
      return err({ code: "connection/request_closed", detail: `move request ${id} is closed (expired: no answer in time)` });
    }
    // A misbehaviour is kept in `detail` (answer null), so an ask that comes again after an eviction finds it too.
    const [answer, detail] = reply.ok ? [JSON.stringify(reply.answer ?? null), null] : [null, JSON.stringify({ code: reply.code, detail: reply.detail })];
    this.ctx.storage.sql.exec("UPDATE requests SET state = 'answered', answer = ?, detail = ?, updated_at = ? WHERE id = ?", answer, detail, at, id);
    this.seen(at);
    this.settle(id, { ...(reply.ok ? { ok: true, answer: reply.answer } : reply), status: ANSWERED_STATUS });
    return ok({ requestId: id });
  }

  /**
   * A game of the bot ended: its requests in that match close, and the stream gets the notice (best
   * effort); how it went, for the call log (no HTTP answer: the status is null).
   */
  async notify(notice: EndNotice): Promise<EndDelivery> {
    const at = Date.now();
    for (const row of this.openRows()) if (row.match_id === notice.matchId) this.close(row.id, "the game is over", at);
    const streams = this.sockets().length;
    this.send(JSON.stringify({ type: "end", notice }));
    return { status: null, detail: streams > 0 ? null : "not connected: no event stream was open to send it on" };
  }

  // ---- the call log (every bot's) ----

  /** Records a call to the bot (bot-calls.ts: a host sends it in its background). */
  async record(call: StoredBotCall): Promise<void> {
    this.callLog.record(call, Date.now());
  }

  /** A page of the bot's call log, newest first (only the calls about `matchId`, when given). */
  async calls(limit: number, after: CallCursor | null, matchId: string | null): Promise<{ calls: { seq: number; call: StoredBotCall }[]; more: boolean }> {
    return this.callLog.page({ limit, after, matchId, now: Date.now() });
  }
}

/** The link object of bot `botId`. */
const linkStub = (env: Env, botId: string) => objectNamed(env.BOT_LINKS, botId);

/** A connected bot as a tournament player: the same Player as a webhook bot, asked through its link object. */
export function connectedBot(env: Env, entry: { name: string; botId: string }): Player {
  return {
    name: entry.name,
    inProcess: false,
    move: (request, limits) => linkStub(env, entry.botId).ask(entry.name, request, limits.timeoutMs) as Promise<PlayerReply>,
    end: (notice) => linkStub(env, entry.botId).notify(notice),
  };
}

// ---- recording, off the path of play ----

/** Records the calls a host makes to registered bots (built-in bots have no log). */
export interface CallRecorder {
  /** A move request answered (or given up on) at `at`, sent at `sentAt`. */
  move(entry: StoredEntry, ask: Ask, reply: PlayerReply, sentAt: number, at: number): void;
  /** An end notice. */
  end(entry: StoredEntry, notice: EndNotice, delivery: EndDelivery | undefined, sentAt: number, at: number): void;
}

/**
 * The recorder of a host: each record goes to the bot's link object as `background` work (the host's
 * `ctx.waitUntil`), never awaited by the game; a record that fails is dropped.
 */
export function callRecorder(env: Env, background: (work: Promise<unknown>) => void): CallRecorder {
  const send = (entry: StoredEntry, build: () => StoredBotCall) => {
    if (entry.kind === "builtIn") return;
    try {
      const call = build();
      background(
        linkStub(env, entry.botId)
          .record(call)
          .catch(() => {}),
      );
    } catch {
      // A record that cannot be made changes nothing in the game.
    }
  };
  return {
    move: (entry, ask, reply, sentAt, at) => send(entry, () => moveCall(ask, reply, sentAt, at)),
    end: (entry, notice, delivery, sentAt, at) => send(entry, () => endCall(notice, delivery, sentAt, at)),
  };
}
