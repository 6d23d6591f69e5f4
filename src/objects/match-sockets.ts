/**
 * A hosted match's live connections: WebSockets (the hibernation API: a socket outlives the instance
 * that accepted it, its seat kept in its attachment), the newline-delimited JSON stream and the long
 * polls. They read the match from its store and change it only through the store's `perform`; after
 * every committed change the store tells them (`broadcast`). What they keep in memory (who is waiting,
 * each socket's message allowance) belongs to requests in progress: an instance that goes loses nothing
 * stored.
 */
import {
  ANSWER_BOUND_REASON,
  type Allowance,
  type ClientMessage,
  ClientMessageSchema,
  clientKey,
  closeQuietly,
  DROP_BOUND_REASON,
  MAX_SOCKET_MESSAGE_BYTES,
  matchView,
  messageBytes,
  overDropBound,
  POLICY_VIOLATION,
  type ProblemCode,
  problemDocument,
  spendAllowance,
  spendAnswer,
  type StoredMatch,
  tooLarge,
} from "../wire/index.ts";
import { currentPly, hashToken, type MatchState, type SeatIndex, seatOfTokenHash } from "../match/index.ts";
import type { Command, MatchEvent, MatchStore } from "./match-store.ts";

/** A socket that sends this many wrong tokens (`auth` messages) is closed (1008). */
export const SOCKET_MAX_GUESSES = 5;

interface SocketAttachment {
  seat: SeatIndex | null;
  /** The client that opened the socket (clientKey of its upgrade request), whose wrong tokens count against `auth-failures`. */
  client?: string;
}

/** Told of every committed change: the match, and the socket's event message for it (JSON). */
type Watcher = (match: StoredMatch, message: string) => void;

/** A long poll is answered once the match is past `afterPly`, or over. */
const passed = (state: MatchState, afterPly: number) => currentPly(state) > afterPly || state.status === "finished";

export class MatchSockets {
  /** The streams and long polls waiting on this instance (memory only: they are requests in progress). */
  private readonly watchers = new Set<Watcher>();
  /** Each socket's message allowance (memory only: a socket that hibernated starts afresh). */
  private readonly allowances = new WeakMap<WebSocket, Allowance>();
  /** Sockets closed for abuse: what they still send is not read (memory only, like the allowances). */
  private readonly cutOff = new WeakSet<WebSocket>();

  private readonly ctx: DurableObjectState;
  /** The object's environment, read at each use (a test may give a running object another). */
  private readonly env: () => Env;
  private readonly store: MatchStore;

  constructor(ctx: DurableObjectState, env: () => Env, store: MatchStore) {
    this.ctx = ctx;
    this.env = env;
    this.store = store;
  }

  /** The match once it is past `afterPly` or over, or after `waitMs` as it is then (a long poll). */
  async waitPast(match: StoredMatch, afterPly: number, waitMs: number): Promise<StoredMatch> {
    if (waitMs <= 0 || passed(match.state, afterPly)) return match;
    return new Promise<StoredMatch>((resolve) => {
      const done = (answer: StoredMatch) => {
        clearTimeout(timer);
        this.watchers.delete(watcher);
        resolve(answer);
      };
      const watcher: Watcher = (changed) => {
        if (passed(changed.state, afterPly)) done(changed);
      };
      const timer = setTimeout(() => done(this.store.load() ?? match), waitMs);
      this.watchers.add(watcher);
    });
  }

  /** The WebSocket upgrade (the Worker has checked the path and the Upgrade header), or `/stream`. */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.endsWith("/stream")) return this.stream(url.pathname);
    const token = url.searchParams.get("token");
    const tokenHash = token === null ? null : await hashToken(token);
    const match = this.store.load();
    if (!match) return problemResponse("match/not_found", `there is no match at ${url.pathname}`, url.pathname);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return problemResponse("match/websocket_required", "this endpoint speaks WebSocket: send Upgrade: websocket", url.pathname);
    }
    const seat = tokenHash === null ? null : seatOfTokenHash(match.state, tokenHash);
    if (tokenHash !== null && seat === null) {
      return problemResponse("match/not_a_player", "the token is not the token of a seat of this match", url.pathname);
    }
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ seat, client: clientKey(request.headers) } satisfies SocketAttachment);
    server.send(JSON.stringify({ type: "state", seat, state: matchView(match, Date.now()) }));
    return new Response(null, { status: 101, webSocket: client });
  }

  async message(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (this.cutOff.has(socket)) return;
    const now = Date.now();
    const allowance = spendAllowance(this.allowances.get(socket), now, messageBytes(message));
    this.allowances.set(socket, allowance);
    const cut = (reason: string) => {
      this.cutOff.add(socket);
      closeQuietly(socket, POLICY_VIOLATION, reason);
    };
    const reply = (body: Record<string, unknown>) => {
      const text = JSON.stringify(body);
      if (!spendAnswer(allowance, now, text.length)) return cut(ANSWER_BOUND_REASON);
      try {
        socket.send(text);
      } catch {
        // closed meanwhile (the client or the Worker's relay went): there is nobody to answer
      }
    };
    const refusal = (id: unknown, code: ProblemCode, detail: string) => reply({ type: "error", id, problem: problemDocument(code, detail) });
    // Past the allowance a message is dropped unanswered (an answer each would echo the flood); past the bound, the socket goes.
    if (overDropBound(allowance)) return cut(DROP_BOUND_REASON);
    if (!allowance.allowed) return;
    if (tooLarge(message)) {
      allowance.droppedBytes += messageBytes(message);
      return refusal(null, "request/too_large", `a message is at most ${MAX_SOCKET_MESSAGE_BYTES} bytes; this one was not read`);
    }
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message));
    } catch {
      return refusal(null, "request/malformed_json", "a message is one JSON object");
    }
    const parsed = ClientMessageSchema.safeParse(parsedJson);
    const id = (parsedJson as { id?: unknown } | null)?.id ?? null;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refusal(id, "request/invalid", `${issue.path.join(".") || "message"}: ${issue.message}`);
    }
    const body: ClientMessage = parsed.data;
    const attachment = socket.deserializeAttachment() as SocketAttachment;
    if (body.type === "auth") {
      const tokenHash = await hashToken(body.token);
      const match = this.store.load();
      if (!match) return refusal(id, "match/not_found", "this match no longer exists");
      const seat = seatOfTokenHash(match.state, tokenHash);
      if (seat === null) {
        // A wrong token is a guess: it counts against the client's auth-failures (as over HTTP), and a
        // socket that guesses SOCKET_MAX_GUESSES times is closed.
        allowance.guesses++;
        const counted = attachment.client === undefined ? undefined : await this.env().AUTH_FAILURES_RATE_LIMIT?.limit({ key: attachment.client });
        if (counted?.success === false || allowance.guesses >= SOCKET_MAX_GUESSES) {
          refusal(id, "request/rate_limited", `too many wrong tokens (policy auth-failures, or ${SOCKET_MAX_GUESSES} on one socket)`);
          return cut("too many wrong tokens");
        }
        return refusal(id, "match/not_a_player", "the token is not the token of a seat of this match");
      }
      socket.serializeAttachment({ ...attachment, seat } satisfies SocketAttachment);
      return reply({ type: "ok", id, seat });
    }
    const match = this.store.load();
    if (!match) return refusal(id, "match/not_found", "this match no longer exists");
    if (body.type === "state") return reply({ type: "state", id, seat: attachment.seat, state: matchView(match, Date.now()) });
    if (attachment.seat === null) return refusal(id, "match/token_required", 'send {"type":"auth","token":"..."} first, or connect with ?token=');
    const command: Command =
      body.type === "move" ? { type: "move", request: body } : body.type === "claim" ? { type: "claim", request: body } : { type: body.type };
    const result = await this.store.perform(match, attachment.seat, command);
    if (!result.ok) return refusal(id, result.error.code, result.error.detail);
    return reply({ type: "ok", id, duplicate: result.value.duplicate, ply: result.value.state.ply });
  }

  /** The client closed its socket: this end closes too, with the client's code and reason. */
  closed(socket: WebSocket, code: number, reason: string): void {
    closeQuietly(socket, code, reason);
  }

  errored(socket: WebSocket): void {
    closeQuietly(socket, 1011, "error");
  }

  /** Closes every socket of the match (it is being deleted). */
  closeAll(code: number, reason: string): void {
    for (const socket of this.ctx.getWebSockets()) closeQuietly(socket, code, reason);
  }

  /**
   * Newline-delimited JSON: the socket's `state` message, then its `event` message after every change,
   * until the match is over (then the stream ends) or the client goes away.
   */
  private stream(path: string): Response {
    const match = this.store.load();
    if (!match) return problemResponse("match/not_found", `there is no match at ${path}`, path);
    const encoder = new TextEncoder();
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const end = () => {
      this.watchers.delete(watcher);
      writer.close().catch(() => {});
    };
    const send = (line: string) => writer.write(encoder.encode(`${line}\n`)).catch(end);
    const watcher: Watcher = (changed, message) => {
      send(message);
      if (changed.state.status === "finished") end();
    };
    send(JSON.stringify({ type: "state", seat: null, state: matchView(match, Date.now()) }));
    if (match.state.status === "finished") end();
    else {
      this.watchers.add(watcher);
      writer.closed.catch(() => this.watchers.delete(watcher));
    }
    return new Response(readable, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" } });
  }

  /** Tells every socket, stream and long poll of a committed change. */
  broadcast(match: StoredMatch, event: MatchEvent): void {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0 && this.watchers.size === 0) return;
    const message = JSON.stringify({ type: "event", event, state: matchView(match, Date.now()) });
    for (const watcher of [...this.watchers]) watcher(match, message);
    for (const socket of sockets) {
      try {
        socket.send(message);
      } catch {
        // a socket closing right now; it gets the state again if it reconnects
      }
    }
  }
}

function problemResponse(code: ProblemCode, detail: string, instance: string): Response {
  const document = problemDocument(code, detail, {}, instance);
  return new Response(JSON.stringify(document), { status: document.status, headers: { "Content-Type": "application/problem+json" } });
}
