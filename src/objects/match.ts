/**
 * One Durable Object per hosted match: the single source of truth for that match, a shell over the
 * match reducer (src/match/machine.ts). Every change is one reducer action, loaded from storage, reduced
 * and stored with no `await` between read and write, so nothing lives only in memory and eviction at any
 * point loses nothing. Here is what the reducer must not do: tokens, the clock, engine budgets, sockets.
 * Bot seats (tournament games) are driven over RPC by their tournament's object; see docs/matches.md.
 */
import { DurableObject } from "cloudflare:workers";
import {
  announcementFromInput,
  type ClaimRequest,
  type ClientMessage,
  ClientMessageSchema,
  configureEngineTurns,
  type CreateMatchRequest,
  type JoinRequest,
  type MatchMoveRequest,
  matchRecord,
  type MatchRecordOutput,
  type MatchView,
  matchView,
  moveFromRequest,
  type ProblemCode,
  problemDocument,
  clientKey,
  readSettings,
  REGISTRY_NAME,
  type Refusal,
  type Reply,
  type StoredMatch,
  storedMatchFrom,
  ANSWER_BOUND_REASON,
  type Allowance,
  DROP_BOUND_REASON,
  MAX_SOCKET_MESSAGE_BYTES,
  messageBytes,
  overDropBound,
  POLICY_VIOLATION,
  spendAllowance,
  spendAnswer,
  tooLarge,
} from "../wire/index.ts";
import { err, makeRules, ok, type Rules, type RulesInput } from "../rules/index.ts";
import {
  type ActionResult,
  type AnyMatchAction,
  applyAction,
  type ClockConfig,
  type GameReview,
  reviewGame,
  currentPly,
  deadline,
  engineAction,
  flagFallen,
  hashToken,
  type MatchAction,
  type MatchConfig,
  type MatchOpening,
  type MatchSeat,
  type MatchState,
  newMatch,
  newSeatToken,
  openSeats,
  type SeatIndex,
  seatKind,
  seatOfTokenHash,
  seatToMove,
} from "../match/index.ts";
import { hashSeed } from "../engine/index.ts";
import { askForReview, computeReview, mineReview, reportDue, reportReview, reviewDue, saveReview, storedReview } from "./match-review.ts";
import { retentionMs } from "./retention.ts";
import { connectedBot } from "./bot-link.ts";
import { callCheck, endNoticeFor, httpBot, type Player } from "../bots/index.ts";
import { askBot, decideAction, turnAsk } from "../tournament/index.ts";

/** A seat's name in a bot's move request (`opponent.name`). */
const seatName = (seat: MatchSeat | undefined): string =>
  seat === undefined ? "anonymous" : seat.kind === "engine" ? `engine (${seat.level})` : seat.kind === "bot" ? seat.name : (seat.name ?? "anonymous");

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

/** A state-changing command from a seat, over HTTP or a WebSocket. */
export type Command = { type: "move"; request: MatchMoveRequest } | { type: "claim"; request: ClaimRequest } | { type: "resign" } | { type: "abort" };

type MatchEventKind = "joined" | "started" | "move" | "claim" | "resignation" | "abort" | "timeout" | "forfeit" | "cancel" | "clock";

/** What a tournament passes to `createBotMatch`: both seats are bots it moves itself; seat 0 gives first. */
export interface BotMatchInput {
  id: string;
  rules: RulesInput;
  clock: ClockConfig;
  /** Seats 0 and 1; `untimed` for bots the server computes itself (the built-in reference bots). */
  seats: [{ name: string; untimed: boolean }, { name: string; untimed: boolean }];
  /** The tournament the game belongs to (its page links back there). */
  tournamentId?: string;
  /** Moves played at creation (an opening of a suite), before either bot moves. */
  opening?: MatchOpening;
}

/** Sent to every socket after every change, with the full new state. */
export interface MatchEvent {
  kind: MatchEventKind;
  seat: SeatIndex | null;
  ply: number;
}

interface SocketAttachment {
  seat: SeatIndex | null;
  /** The client that opened the socket (clientKey of its upgrade request), whose wrong tokens count against `auth-failures`. */
  client?: string;
}

const STORAGE_KEY = "match";

/** A socket that sends this many wrong tokens (`auth` messages) is closed (1008). */
export const SOCKET_MAX_GUESSES = 5;

/** Told of every committed change: the match, and the socket's event message for it (JSON). */
type Watcher = (match: StoredMatch, message: string) => void;

/** A long poll is answered once the match is past `afterPly`, or over. */
const passed = (state: MatchState, afterPly: number) => currentPly(state) > afterPly || state.status === "finished";

const refuse = (code: ProblemCode, detail: string): { ok: false; error: Refusal } => err({ code, detail });

export class MatchObject extends DurableObject<Env> {
  /** The streams and long polls waiting on this instance (memory only: they are requests in progress). */
  private readonly watchers = new Set<Watcher>();
  /** Each socket's message allowance (memory only: a socket that hibernated starts afresh). */
  private readonly allowances = new WeakMap<WebSocket, Allowance>();
  /** Sockets closed for abuse: what they still send is not read (memory only, like the allowances). */
  private readonly cutOff = new WeakSet<WebSocket>();

  // ---- storage: the only state there is ----

  /** The stored match (one stored by an older version is converted; anything unreadable is missing). */
  private load(): StoredMatch | undefined {
    const stored = this.ctx.storage.kv.get<unknown>(STORAGE_KEY);
    if (stored === undefined) return undefined;
    const match = storedMatchFrom(stored);
    if (match === null) console.error("unreadable stored match; answered as missing", this.ctx.id.toString());
    return match ?? undefined;
  }

  private save(match: StoredMatch): void {
    this.ctx.storage.kv.put(STORAGE_KEY, match);
  }

  /**
   * Arms the alarm for what the match waits on next: an engine seat to move (now), or the deadline of
   * the seat to move; disarms it when there is none (a finished match never keeps an alarm). The
   * storage call is issued before this function first yields, so calls take effect in request order.
   */
  private schedule(match: StoredMatch): Promise<void> {
    const owed = reviewDue(this.ctx.storage, match, this.env) || reportDue(this.ctx.storage, match);
    const next = owed ? Date.now() : nextAlarm(match.state, retentionMs(this.env));
    return next === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(next);
  }

  /** Stores a changed match, tells every socket, and re-arms the alarm. */
  private commit(match: StoredMatch, event: MatchEvent): Promise<void> {
    this.save(match);
    this.broadcast(match, event);
    return this.schedule(match);
  }

  /**
   * Reduces the match just read by `actions` in turn (each applied only if the one before it was not
   * refused) and commits it if any of them changed it: the only way a match changes. The answer is the
   * last action's result.
   */
  private async reduce(match: StoredMatch, ...actions: AnyMatchAction[]): Promise<ActionResult> {
    let last: MatchEvent | null = null;
    let result: ActionResult = { ok: true, state: match.state, changed: false };
    for (const action of actions) {
      result = applyAction(match.state, action);
      if (!result.ok) break;
      if (result.changed) {
        last = eventOf(match.state, action, result.state);
        match.state = result.state;
      }
    }
    if (last) await this.commit(match, last);
    return result;
  }

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
        const token = newSeatToken();
        tokens.push({ seat: index as SeatIndex, token });
        seats.push({ kind: "human", name: seat.name ?? null, tokenHash: await hashToken(token) });
      } else {
        seats.push({ kind: "human", name: seat.name ?? null, tokenHash: null });
      }
    }
    if (this.ctx.storage.kv.get(STORAGE_KEY) !== undefined) throw new Error(`match ${input.id} already exists`);
    const config: MatchConfig = {
      rules: makeRules(request.rules ?? {}),
      clock: request.clock,
      firstSeat: request.firstSeat === "random" ? drawLots() : request.firstSeat,
      ...(input.opening ? { opening: input.opening } : {}),
    };
    const now = Date.now();
    const match: StoredMatch = { id: input.id, state: newMatch(config, now, [seats[0], seats[1]]) };
    this.save(match);
    await this.schedule(match);
    return ok({ tokens, state: matchView(match, now) });
  }

  /**
   * The public state; with `afterPly`, a long poll: answered once the match is past that ply or over,
   * or after `waitMs` with the state as it is then.
   */
  async view(afterPly?: number, waitMs = 0): Promise<Reply<MatchView>> {
    const match = this.load();
    if (!match) return notFound();
    if (afterPly === undefined || waitMs <= 0 || passed(match.state, afterPly)) return ok(matchView(match, Date.now()));
    const latest = await new Promise<StoredMatch>((resolve) => {
      const done = (answer: StoredMatch) => {
        clearTimeout(timer);
        this.watchers.delete(watcher);
        resolve(answer);
      };
      const watcher: Watcher = (changed) => {
        if (passed(changed.state, afterPly)) done(changed);
      };
      const timer = setTimeout(() => done(this.load() ?? match), waitMs);
      this.watchers.add(watcher);
    });
    return ok(matchView(latest, Date.now()));
  }

  async record(): Promise<Reply<MatchRecordOutput>> {
    const match = this.load();
    return match ? ok(matchRecord(match)) : notFound();
  }

  async join(request: JoinRequest): Promise<Reply<{ seat: SeatIndex; token: string; state: MatchView }>> {
    const token = newSeatToken();
    const tokenHash = await hashToken(token);
    // From here to the write, nothing yields: two joins cannot take the same seat.
    const match = this.load();
    if (!match) return notFound();
    const now = Date.now();
    const joined = await this.reduce(match, { type: "join", seat: request.seat, name: request.name, tokenHash, at: now });
    if (!joined.ok) return err(joined.error);
    return ok({ seat: seatOfTokenHash(match.state, tokenHash) as SeatIndex, token, state: matchView(match, now) });
  }

  /** A command from the holder of `token` (null when the request carried none). */
  async act(token: string | null, command: Command): Promise<Reply<{ duplicate: boolean; state: MatchView }>> {
    if (token === null) return refuse("match/token_required", "send the seat's token as Authorization: Bearer <token>");
    const tokenHash = await hashToken(token);
    const match = this.load();
    if (!match) return notFound();
    const seat = seatOfTokenHash(match.state, tokenHash);
    if (seat === null) return refuse("match/not_a_player", "the token is not the token of a seat of this match");
    return this.perform(match, seat, command);
  }

  /**
   * Applies a seat's command to the match just read. A flag fall that is due is applied first (and
   * kept: the command is then refused, the match being over).
   */
  private async perform(match: StoredMatch, seat: SeatIndex, command: Command): Promise<Reply<{ duplicate: boolean; state: MatchView }>> {
    const now = Date.now();
    const action = actionOf(command, seat, currentPly(match.state), now);
    const result = await this.reduce(match, ...(flagFallen(match.state, now) ? [{ type: "flag", at: now } as const, action] : [action]));
    return result.ok ? ok({ duplicate: result.duplicate === true, state: matchView(match, now) }) : err(result.error);
  }

  // ---- bot seats: RPC for the tournament that moves them (never reachable over HTTP) ----

  /** Creates a match between two bot seats, or answers the existing one (a retried creation). */
  async createBotMatch(input: BotMatchInput): Promise<Reply<MatchState>> {
    const existing = this.load();
    if (existing !== undefined) return ok(existing.state);
    const config: MatchConfig = {
      rules: makeRules(input.rules),
      clock: input.clock,
      firstSeat: 0,
      untimedSeats: ([0, 1] as const).filter((index) => input.seats[index].untimed),
      ...(input.opening ? { opening: input.opening } : {}),
    };
    const seats: [MatchSeat, MatchSeat] = [
      { kind: "bot", name: input.seats[0].name },
      { kind: "bot", name: input.seats[1].name },
    ];
    const match: StoredMatch = {
      id: input.id,
      state: newMatch(config, Date.now(), seats),
      ...(input.tournamentId === undefined ? {} : { tournamentId: input.tournamentId }),
    };
    this.save(match);
    await this.schedule(match);
    return ok(match.state);
  }

  /** The reducer state itself (the tournament builds the bot's move request from it). */
  async botState(): Promise<Reply<MatchState>> {
    const match = this.load();
    return match ? ok(match.state) : notFound();
  }

  /**
   * Applies a bot seat's action (a move, a claim, a forfeit, an abort or a flag), computed for the match
   * at `ply`: the reducer refuses it with `match/stale_ply` if the match has moved on since (a step
   * repeated after an eviction, or two steps at once), and with `match/finished` once it is over.
   */
  async botAct(ply: number, action: MatchAction): Promise<Reply<MatchState>> {
    const match = this.load();
    if (!match) return notFound();
    const seat = action.type === "flag" ? null : action.seat;
    if (seat !== null && seatKind(match.state, seat) !== "bot") return refuse("match/not_a_player", `seat ${seat} is not a bot seat`);
    const result = await this.reduce(match, { ...action, ply });
    return result.ok ? ok(match.state) : err(result.error);
  }

  /**
   * Restarts the clock of a bot seat's turn the server lost time in (the tournament calls it when its
   * step starts, before asking anyone, so every moment of the turn so far was the server's): nothing
   * changes unless a timed bot seat is to move and its turn began at least `minLostMs` ago.
   */
  async botRestartClock(minLostMs: number): Promise<Reply<MatchState>> {
    const match = this.load();
    if (!match) return notFound();
    const { state } = match;
    const now = Date.now();
    if (state.status !== "active" || seatKind(state, seatToMove(state)) !== "bot" || deadline(state) === null || now - state.turnStartedAt < minLostMs) {
      return ok(state);
    }
    const result = await this.reduce(match, { type: "restartClock", ply: currentPly(state), at: now });
    return result.ok ? ok(match.state) : err(result.error);
  }

  /**
   * Ends a bot match without a result, at any ply (its tournament was cancelled): the reducer's
   * `cancel`, reason `cancelled` (not a player's `abort`, which comes only before the first placement).
   * A match already over stays as it is.
   */
  async cancelBotMatch(detail: string): Promise<Reply<MatchState>> {
    const match = this.load();
    if (!match) return notFound();
    if ([0, 1].some((seat) => seatKind(match.state, seat as SeatIndex) !== "bot")) {
      return refuse("match/not_a_player", "only a match between bot seats can be cancelled");
    }
    const result = await this.reduce(match, { type: "cancel", at: Date.now(), detail });
    return result.ok ? ok(match.state) : err(result.error);
  }

  // ---- alarms: clocks and engine seats ----

  override async alarm(): Promise<void> {
    const match = this.load();
    if (!match) return;
    if (match.state.status === "finished" && reviewDue(this.ctx.storage, match, this.env)) return this.review(match);
    if (match.state.status === "finished" && reportDue(this.ctx.storage, match)) {
      await reportReview(this.ctx.storage, match, this.seatNames(match), this.env);
      return this.schedule(match);
    }
    if (match.state.status !== "active") return this.expire(match);
    const mover = seatToMove(match.state);
    if (seatKind(match.state, mover) === "engine") {
      configureEngineTurns(readSettings(this.env));
      // The search waits its turn in the isolate's engine queue and yields between slices, so the
      // match keeps answering meanwhile (the state is read again below). Time only advances past I/O:
      // yield, so the move is stamped after the search and the opponent's clock (which starts with
      // this move) is not charged for the server's thinking.
      const action = await engineAction(match.state, mover, hashSeed(`${match.id}/${currentPly(match.state)}`));
      await scheduler.wait(1);
      const current = this.load();
      if (!current) return;
      if (action === null) return this.schedule(current);
      const result = await this.reduce(current, { ...action, at: Date.now() });
      // Refused only when the match moved on meanwhile (engineAction checks its action with the reducer).
      if (!result.ok && result.error.code !== "match/stale_ply" && result.error.code !== "match/finished") {
        throw new Error(`engine seat ${mover} of match ${match.id}: ${result.error.code} ${result.error.detail}`);
      }
      if (!result.ok) return this.schedule(current);
      return;
    }
    const moverSeat = match.state.seats?.[mover];
    if (moverSeat?.kind === "bot" && moverSeat.botId !== undefined) return this.askSeatedBot(match, mover, moverSeat.botId);
    // A bot seat's clock is its tournament's to judge (see the header): no flag here.
    if (seatKind(match.state, mover) === "bot") return this.schedule(match);
    // A flag that falls is applied once: a second run finds the match finished and does nothing.
    const flagged = await this.reduce(match, { type: "flag", at: Date.now() });
    if (!flagged.ok) return this.schedule(match);
  }

  /**
   * The turn of a registered bot seated in this match (#21): asked as a tournament asks it (the same
   * request, time limit and judging, src/tournament/turn.ts), webhook or connected, under the match's
   * clock; its action is applied unless the match moved on meanwhile. A bot gone from the registry
   * forfeits. When the match ends, the bot gets its end notice (best effort).
   */
  private async askSeatedBot(match: StoredMatch, seat: SeatIndex, botId: string): Promise<void> {
    const names = ([0, 1] as const).map((index) => seatName(match.state.seats?.[index])) as [string, string];
    const turn = turnAsk(match.state, { tournamentId: null, gameId: match.id, matchId: match.id, names, mayAbort: false }, Date.now());
    let action: MatchAction;
    const player = await this.seatedPlayer(botId, names[seat]);
    if (turn.type === "act") action = turn.action;
    else if (player === null) action = { type: "forfeit", seat, code: "bot/connection_error", detail: `${names[seat]} is no longer registered`, at: Date.now() };
    else {
      const { reply, at } = await askBot(player, turn.ask, Date.now);
      action = decideAction(turn.ask, reply, at);
    }
    const current = this.load();
    if (!current) return;
    const result = await this.reduce(current, action.type === "flag" ? action : ({ ...action, ply: turn.type === "ask" ? turn.ask.match.moves.length : current.state.moves.length } as AnyMatchAction));
    if (!result.ok) return this.schedule(current);
    if (current.state.status === "finished" && player?.end) {
      const notice = endNoticeFor(current.state, seat, { tournamentId: null, gameId: match.id, matchId: match.id, opponent: names[seat === 0 ? 1 : 0] });
      await player.end(notice).catch(() => {});
    }
  }

  /** The registered bot `botId` as a player (webhook or connected), read afresh from the registry; null once deleted. */
  private async seatedPlayer(botId: string, name: string): Promise<Player | null> {
    const [bot] = await this.env.BOT_REGISTRY.get(this.env.BOT_REGISTRY.idFromName(REGISTRY_NAME)).entrants([botId]);
    if (!bot) return null;
    if (bot.connection === "stream") return connectedBot(this.env, { name, botId });
    // Each call first checks where the bot's host resolves (src/bots/resolve.ts).
    return httpBot({ name, url: bot.url, secret: bot.secret, checkUrl: callCheck({ allowPrivate: readSettings(this.env).allowPrivateBotUrls }) });
  }

  /** Reviews the finished match (background work: the engine serves people first), stores the review, and re-arms the alarm. */
  private async review(match: StoredMatch): Promise<void> {
    const review = await computeReview(match, this.env);
    const current = this.load();
    if (!current) return;
    saveReview(this.ctx.storage, review);
    // A tournament game's review also goes to its tournament (the bots' accuracy); a failure leaves it owed to the next alarm.
    if (reportDue(this.ctx.storage, current)) await reportReview(this.ctx.storage, current, this.seatNames(current), this.env);
    await this.schedule(current);
    // Wins thrown away become puzzles (best effort, after the review is safe in storage).
    await mineReview(this.env, current, review);
  }

  /** The seats' names: a tournament game's are its bots' entrant names. */
  private seatNames(match: StoredMatch): [string, string] {
    return [seatName(match.state.seats?.[0]), seatName(match.state.seats?.[1])];
  }

  /**
   * The match's review: ready (stored), or pending (the alarm computes it; asking arms it). Null for a
   * match that is not over. A match with no move has nothing to review: an empty review at once.
   */
  async gameReview(): Promise<Reply<{ status: "ready"; review: GameReview; rules: Rules; firstSeat: SeatIndex } | { status: "pending" } | null>> {
    const match = this.load();
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
    await this.schedule(match);
    return ok({ status: "pending" });
  }

  /** Deletes a match that is over once its retention has passed; otherwise re-arms the alarm for then. */
  private async expire(match: StoredMatch): Promise<void> {
    const due = nextAlarm(match.state, retentionMs(this.env));
    if (due === null || Date.now() < due) return this.schedule(match);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.close(1001, "the match has expired");
      } catch {
        // already closed
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** The deep health check's ping: a storage read, nothing written. */
  async ping(): Promise<true> {
    this.ctx.storage.kv.get(STORAGE_KEY);
    return true;
  }

  private nodeBudget(requested: number | undefined): number {
    const { defaultNodes, maxNodes } = readSettings(this.env);
    return Math.max(1, Math.min(requested ?? defaultNodes, maxNodes));
  }

  // ---- WebSockets (hibernation API) ----

  /** The WebSocket upgrade (the Worker has checked the path and the Upgrade header), or `/stream`. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.endsWith("/stream")) return this.stream(url.pathname);
    const token = url.searchParams.get("token");
    const tokenHash = token === null ? null : await hashToken(token);
    const match = this.load();
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

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (this.cutOff.has(socket)) return;
    const now = Date.now();
    const allowance = spendAllowance(this.allowances.get(socket), now, messageBytes(message));
    this.allowances.set(socket, allowance);
    const cut = (reason: string) => {
      this.cutOff.add(socket);
      try {
        socket.close(POLICY_VIOLATION, reason);
      } catch {
        // already closed
      }
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
      const match = this.load();
      if (!match) return refusal(id, "match/not_found", "this match no longer exists");
      const seat = seatOfTokenHash(match.state, tokenHash);
      if (seat === null) {
        // A wrong token is a guess: it counts against the client's auth-failures (as over HTTP), and a
        // socket that guesses SOCKET_MAX_GUESSES times is closed.
        allowance.guesses++;
        const counted = attachment.client === undefined ? undefined : await this.env.AUTH_FAILURES_RATE_LIMIT?.limit({ key: attachment.client });
        if (counted?.success === false || allowance.guesses >= SOCKET_MAX_GUESSES) {
          refusal(id, "request/rate_limited", `too many wrong tokens (policy auth-failures, or ${SOCKET_MAX_GUESSES} on one socket)`);
          return cut("too many wrong tokens");
        }
        return refusal(id, "match/not_a_player", "the token is not the token of a seat of this match");
      }
      socket.serializeAttachment({ ...attachment, seat } satisfies SocketAttachment);
      return reply({ type: "ok", id, seat });
    }
    const match = this.load();
    if (!match) return refusal(id, "match/not_found", "this match no longer exists");
    if (body.type === "state") return reply({ type: "state", id, seat: attachment.seat, state: matchView(match, Date.now()) });
    if (attachment.seat === null) return refusal(id, "match/token_required", 'send {"type":"auth","token":"..."} first, or connect with ?token=');
    const command: Command =
      body.type === "move" ? { type: "move", request: body } : body.type === "claim" ? { type: "claim", request: body } : { type: body.type };
    const result = await this.perform(match, attachment.seat, command);
    if (!result.ok) return refusal(id, result.error.code, result.error.detail);
    return reply({ type: "ok", id, duplicate: result.value.duplicate, ply: result.value.state.ply });
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, "error");
    } catch {
      // already closed
    }
  }

  /**
   * Newline-delimited JSON: the socket's `state` message, then its `event` message after every change,
   * until the match is over (then the stream ends) or the client goes away.
   */
  private stream(path: string): Response {
    const match = this.load();
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

  private broadcast(match: StoredMatch, event: MatchEvent): void {
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

// ---- pure helpers ----

const notFound = () => refuse("match/not_found", "there is no such match");

function drawLots(): SeatIndex {
  return (crypto.getRandomValues(new Uint8Array(1))[0] & 1) as SeatIndex;
}

/**
 * When the alarm should next run: an engine seat to move (now), the mover's deadline, or never; for a
 * match that is over, when its retention ends (it is then deleted).
 */
function nextAlarm(state: MatchState, retention: number): number | null {
  if (state.status === "finished") return (state.result?.at ?? state.createdAt) + retention;
  if (state.status !== "active") return null;
  if (seatKind(state, seatToMove(state)) === "engine") return Date.now();
  // A registered bot seated in a hosted match is asked by the match (now); a tournament's bot by its tournament.
  const mover = state.seats?.[seatToMove(state)];
  if (mover?.kind === "bot") return mover.botId === undefined ? null : Date.now();
  return deadline(state);
}

function actionOf(command: Command, seat: SeatIndex, ply: number, at: number): MatchAction {
  switch (command.type) {
    case "move": {
      const { move, announcement } = moveFromRequest(command.request);
      return { type: "move", seat, ply: command.request.ply, move, ...(announcement ? { announcement } : {}), at };
    }
    case "claim":
      return {
        type: "claim",
        seat,
        ply: command.request.ply ?? ply,
        ...(command.request.quarto ? { announcement: announcementFromInput(command.request.quarto) } : {}),
        at,
      };
    case "resign":
      return { type: "resign", seat, at };
    case "abort":
      return { type: "abort", seat, at };
  }
}

/** The event an applied action caused, for the sockets (an action that came too late is a timeout). */
function eventOf(before: MatchState, action: AnyMatchAction, after: MatchState): MatchEvent {
  const ply = currentPly(before);
  switch (action.type) {
    case "join": {
      const seat = openSeats(before).find((index) => !openSeats(after).includes(index)) ?? null;
      return { kind: after.status === "active" ? "started" : "joined", seat, ply };
    }
    case "cancel":
      return { kind: "cancel", seat: null, ply };
    case "restartClock":
      return { kind: "clock", seat: seatToMove(before), ply };
    case "flag":
      return { kind: "timeout", seat: seatToMove(before), ply };
    default: {
      if (after.result?.reason === "timeout") return { kind: "timeout", seat: seatToMove(before), ply };
      return { kind: action.type === "resign" ? "resignation" : action.type, seat: action.seat, ply };
    }
  }
}

function problemResponse(code: ProblemCode, detail: string, instance: string): Response {
  const document = problemDocument(code, detail, {}, instance);
  return new Response(JSON.stringify(document), { status: document.status, headers: { "Content-Type": "application/problem+json" } });
}
