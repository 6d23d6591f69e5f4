/**
 * One Durable Object per hosted match: the single source of truth for that match, a shell over the
 * match reducer (src/match/machine.ts). Here are the RPC methods the Worker calls for people (create,
 * view, join, commands, the record and the review); what the reducer must not do lives beside it: the
 * storage and the one way a match changes (match-store.ts), the sockets, streams and long polls
 * (match-sockets.ts), the bot seats a tournament moves over RPC (match-bot-seats.ts), and the alarm:
 * clocks, engine and bot seats, the review and retention (match-alarm.ts). See docs/matches.md.
 */
import { DurableObject } from "cloudflare:workers";
import { type CreateMatchRequest, type JoinRequest, type MatchRecordOutput, matchRecord, type MatchView, matchView, readSettings, type Reply, type StoredMatch } from "../wire/index.ts";
import { err, makeRules, ok, type Rules } from "../rules/index.ts";
import {
  type GameReview,
  hashToken,
  type MatchAction,
  type MatchConfig,
  type MatchOpening,
  type MatchSeat,
  type MatchState,
  newMatch,
  newToken,
  reviewGame,
  type SeatIndex,
  seatOfTokenHash,
} from "../match/index.ts";
import { askForReview, storedReview } from "./match-review.ts";
import { type Command, MatchStore } from "./match-store.ts";
import { MatchSockets } from "./match-sockets.ts";
import { type BotMatchInput, botAct, botRestartClock, cancelBotMatch, createBotMatch, notFound, refuse } from "./match-bot-seats.ts";
import { matchAlarm } from "./match-alarm.ts";

export interface SeatToken {
  seat: SeatIndex;
  token: string;
}

/** What the Worker passes to `create`: the new id and the already-validated request. */
export interface CreateMatchInput {
  id: string;
  request: CreateMatchRequest;
  /** The registered bots of the request's bot seats, by seat index, resolved (and their entry checked) by the route. */
  bots?: Partial<Record<SeatIndex, { name: string; botId: string }>>;
  /** The request's opening, read and checked by the route (request.opening is its text). */
  opening?: MatchOpening;
}

export class MatchObject extends DurableObject<Env> {
  private readonly store = new MatchStore(this.ctx, () => this.env, (match, event) => this.sockets.broadcast(match, event));
  private readonly sockets = new MatchSockets(this.ctx, () => this.env, this.store);

  // ---- RPC methods, called by the Worker ----

  async create(input: CreateMatchInput): Promise<Reply<{ tokens: SeatToken[]; state: MatchView }>> {
    const { request } = input;
    const tokens: SeatToken[] = [];
    const seats: MatchSeat[] = [];
    for (const [index, seat] of request.seats.entries()) {
      if (seat.kind === "engine") {
        seats.push({ kind: "engine", level: seat.level, maxNodes: this.nodeBudget(seat.maxNodes) });
      } else if (seat.kind === "bot") {
        const bot = input.bots?.[index as SeatIndex];
        if (!bot) throw new Error(`match ${input.id}: bot seat ${index} was not resolved`);
        seats.push({ kind: "bot", name: bot.name, botId: bot.botId });
      } else if (seat.take) {
        const token = newToken();
        tokens.push({ seat: index as SeatIndex, token });
        seats.push({ kind: "human", name: seat.name ?? null, tokenHash: await hashToken(token) });
      } else {
        seats.push({ kind: "human", name: seat.name ?? null, tokenHash: null });
      }
    }
    if (this.store.load() !== undefined) throw new Error(`match ${input.id} already exists`);
    const config: MatchConfig = {
      rules: makeRules(request.rules ?? {}),
      clock: request.clock,
      firstSeat: request.firstSeat === "random" ? drawLots() : request.firstSeat,
      ...(input.opening ? { opening: input.opening } : {}),
    };
    const now = Date.now();
    const match: StoredMatch = { id: input.id, state: newMatch(config, now, [seats[0], seats[1]]) };
    this.store.save(match);
    await this.store.schedule(match);
    return ok({ tokens, state: matchView(match, now) });
  }

  /**
   * The public state; with `afterPly`, a long poll: answered once the match is past that ply or over,
   * or after `waitMs` with the state as it is then.
   */
  async view(afterPly?: number, waitMs = 0): Promise<Reply<MatchView>> {
    const match = this.store.load();
    if (!match) return notFound();
    const latest = afterPly === undefined ? match : await this.sockets.waitPast(match, afterPly, waitMs);
    return ok(matchView(latest, Date.now()));
  }

  async record(): Promise<Reply<MatchRecordOutput>> {
    const match = this.store.load();
    return match ? ok(matchRecord(match)) : notFound();
  }

  async join(request: JoinRequest): Promise<Reply<{ seat: SeatIndex; token: string; state: MatchView }>> {
    const token = newToken();
    const tokenHash = await hashToken(token);
    // From here to the write, nothing yields: two joins cannot take the same seat.
    const match = this.store.load();
    if (!match) return notFound();
    const now = Date.now();
    const joined = await this.store.reduce(match, { type: "join", seat: request.seat, name: request.name, tokenHash, at: now });
    if (!joined.ok) return err(joined.error);
    return ok({ seat: seatOfTokenHash(match.state, tokenHash) as SeatIndex, token, state: matchView(match, now) });
  }

  /** A command from the holder of `token` (null when the request carried none). */
  async act(token: string | null, command: Command): Promise<Reply<{ duplicate: boolean; state: MatchView }>> {
    if (token === null) return refuse("match/token_required", "send the seat's token as Authorization: Bearer <token>");
    const tokenHash = await hashToken(token);
    const match = this.store.load();
    if (!match) return notFound();
    const seat = seatOfTokenHash(match.state, tokenHash);
    if (seat === null) return refuse("match/not_a_player", "the token is not the token of a seat of this match");
    return this.store.perform(match, seat, command);
  }

  /**
   * The match's review: ready (stored), or pending (the alarm computes it; asking arms it). Null for a
   * match that is not over. A match with no move has nothing to review: an empty review at once.
   */
  async gameReview(): Promise<Reply<{ status: "ready"; review: GameReview; rules: Rules; firstSeat: SeatIndex } | { status: "pending" } | null>> {
    const match = this.store.load();
    if (!match) return notFound();
    if (match.state.status !== "finished") return ok(null);
    const { firstSeat, rules } = match.state.config;
    if (match.state.moves.length === 0) {
      const empty = reviewGame({ rules, firstSeat, moves: [], maxNodes: 0 });
      if (empty.ok) return ok({ status: "ready", review: empty.value, rules, firstSeat });
    }
    const review = storedReview(this.ctx.storage);
    if (review !== null) return ok({ status: "ready", review, rules, firstSeat });
    askForReview(this.ctx.storage);
    await this.store.schedule(match);
    return ok({ status: "pending" });
  }

  /** The deep health check's ping: a storage read, nothing written. */
  async ping(): Promise<true> {
    this.store.load();
    return true;
  }

  private nodeBudget(requested: number | undefined): number {
    const { defaultNodes, maxNodes } = readSettings(this.env);
    return Math.max(1, Math.min(requested ?? defaultNodes, maxNodes));
  }

  // ---- bot seats: RPC for the tournament that moves them (never reachable over HTTP; match-bot-seats.ts) ----

  /** Creates a match between two bot seats, or answers the existing one (a retried creation). */
  async createBotMatch(input: BotMatchInput): Promise<Reply<MatchState>> {
    return createBotMatch(this.store, input);
  }

  /** The reducer state itself (the tournament builds the bot's move request from it). */
  async botState(): Promise<Reply<MatchState>> {
    const match = this.store.load();
    return match ? ok(match.state) : notFound();
  }

  /** Applies a bot seat's action computed for the match at `ply` (refused as stale once the match moved on). */
  async botAct(ply: number, action: MatchAction): Promise<Reply<MatchState>> {
    return botAct(this.store, ply, action);
  }

  /** Restarts the clock of a bot seat's turn the server lost time in (at least `minLostMs`). */
  async botRestartClock(minLostMs: number): Promise<Reply<MatchState>> {
    return botRestartClock(this.store, minLostMs);
  }

  /** Ends a bot match without a result (its tournament was cancelled). */
  async cancelBotMatch(detail: string): Promise<Reply<MatchState>> {
    return cancelBotMatch(this.store, detail);
  }

  // ---- the alarm: clocks, engine and bot seats, the review, retention (match-alarm.ts) ----

  override async alarm(): Promise<void> {
    return matchAlarm({ env: this.env, store: this.store, closeSockets: (code, reason) => this.sockets.closeAll(code, reason), waitUntil: (work) => this.ctx.waitUntil(work) });
  }

  // ---- WebSockets (hibernation API) and the stream (match-sockets.ts) ----

  /** The WebSocket upgrade (the Worker has checked the path and the Upgrade header), or `/stream`. */
  override async fetch(request: Request): Promise<Response> {
    return this.sockets.fetch(request);
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    return this.sockets.message(socket, message);
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    this.sockets.closed(socket, code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    this.sockets.errored(socket);
  }
}

function drawLots(): SeatIndex {
  return (crypto.getRandomValues(new Uint8Array(1))[0] & 1) as SeatIndex;
}
