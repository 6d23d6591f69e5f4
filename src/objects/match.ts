/**
 * One Durable Object per hosted match: the single source of truth for that match. Every method reads the
 * match from storage (SQLite-backed, synchronous KV), applies one reducer action (src/match/machine.ts)
 * and writes it back, with no `await` between the read and the write, so requests are serialised and
 * two conflicting moves cannot both apply; nothing lives in memory, so eviction at any point loses
 * nothing. Alarms drive clocks (flag fall) and engine seats (set to now: the engine moves at once).
 * WebSockets use the hibernation API: the seat a socket speaks for is kept in its attachment.
 *
 * Bot seats (tournament games): a tournament's Durable Object creates the match (`createBotMatch`,
 * idempotent so a retried creation after an eviction is harmless), reads its state (`botState`), asks
 * the bot itself, and hands the resulting reducer action to `botAct`, which refuses it unless the match
 * is still at the ply the action was computed for. The match stays the single source of truth: the
 * tournament keeps no copy of the game, and a bot answer applied twice is impossible. These methods are
 * RPC only (no route reaches them; bot seats have no token), so the bot's URL and secret never enter
 * the match, and spectators, `/ws`, records and replay work unchanged. The match's own alarm still
 * flags a timed bot seat whose deadline passes, exactly as for a person.
 */
import { DurableObject } from "cloudflare:workers";
import { type ProblemCode, problemDocument, type Refusal, type Reply } from "../wire/problems.ts";
import { suggestMove } from "../engine/index.ts";
import { err, legalMoves, type Move, makeRules, ok, type RulesInput } from "../rules/index.ts";
import {
  applyAction,
  type ClockConfig,
  currentPly,
  deadline,
  flagFallen,
  type MatchAction,
  type MatchConfig,
  type MatchState,
  newMatch,
  positionOf,
  type SeatIndex,
  seatToMove,
  startClocks,
} from "../match/machine.ts";
import {
  type ClaimRequest,
  type ClientMessage,
  ClientMessageSchema,
  type CreateMatchRequest,
  type JoinRequest,
  type MatchMoveRequest,
  type MatchRecordOutput,
  type MatchView,
} from "../wire/match-schemas.ts";
import { hashToken, newSeatToken, seedOf } from "../match/secrets.ts";
import { announcementFromInput, matchRecord, matchStatus, matchView, moveFromRequest, type StoredMatch, type StoredSeat } from "../wire/match.ts";

export interface SeatToken {
  seat: SeatIndex;
  token: string;
}

/** What the Worker passes to `create`: the new id and the already-validated request. */
export interface CreateMatchInput {
  id: string;
  request: CreateMatchRequest;
}

/** A state-changing command from a seat, over HTTP or a WebSocket. */
export type Command = { type: "move"; request: MatchMoveRequest } | { type: "claim"; request: ClaimRequest } | { type: "resign" } | { type: "abort" };

export type MatchEventKind = "joined" | "started" | "move" | "claim" | "resignation" | "abort" | "timeout" | "forfeit";

/** What a tournament passes to `createBotMatch`: both seats are bots it moves itself; seat 0 gives first. */
export interface BotMatchInput {
  id: string;
  rules: RulesInput;
  clock: ClockConfig;
  /** Seats 0 and 1; `untimed` for bots the server computes itself (the built-in reference bots). */
  seats: [{ name: string; untimed: boolean }, { name: string; untimed: boolean }];
}

/** Sent to every socket after every change, with the full new state. */
export interface MatchEvent {
  kind: MatchEventKind;
  seat: SeatIndex | null;
  ply: number;
}

interface SocketAttachment {
  seat: SeatIndex | null;
}

const STORAGE_KEY = "match";

const refuse = (code: ProblemCode, detail: string): { ok: false; error: Refusal } => err({ code, detail });

export class MatchObject extends DurableObject<Env> {
  // ---- storage: the only state there is ----

  private load(): StoredMatch | undefined {
    return this.ctx.storage.kv.get<StoredMatch>(STORAGE_KEY);
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
    const next = nextAlarm(match);
    return next === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(next);
  }

  /** Stores a changed match, tells every socket, and re-arms the alarm. */
  private commit(match: StoredMatch, event: MatchEvent): Promise<void> {
    this.save(match);
    this.broadcast(match, event);
    return this.schedule(match);
  }

  /** Applies a flag fall that is due (the alarm may not have run yet); true if it did. */
  private flagIfDue(match: StoredMatch, now: number): boolean {
    if (matchStatus(match) !== "active" || !flagFallen(match.state, now)) return false;
    const flagged = applyAction(match.state, { type: "flag", at: now });
    if (!flagged.ok) return false;
    match.state = flagged.state;
    return true;
  }

  // ---- RPC methods, called by the Worker ----

  async create(input: CreateMatchInput): Promise<Reply<{ tokens: SeatToken[]; state: MatchView }>> {
    const { request } = input;
    const tokens: SeatToken[] = [];
    const seats: StoredSeat[] = [];
    for (const [index, seat] of request.seats.entries()) {
      if (seat.kind === "engine") {
        seats.push({ kind: "engine", level: seat.level, maxNodes: this.nodeBudget(seat.maxNodes) });
      } else if (seat.take) {
        const token = newSeatToken();
        tokens.push({ seat: index as SeatIndex, token });
        seats.push({ kind: "human", name: seat.name ?? null, tokenHash: await hashToken(token) });
      } else {
        seats.push({ kind: "human", name: seat.name ?? null, tokenHash: null });
      }
    }
    if (this.load() !== undefined) throw new Error(`match ${input.id} already exists`);
    const config: MatchConfig = {
      rules: makeRules(request.rules ?? {}),
      clock: request.clock,
      firstSeat: request.firstSeat === "random" ? drawLots() : request.firstSeat,
      untimedSeats: ([0, 1] as const).filter((index) => seats[index].kind === "engine"),
    };
    const now = Date.now();
    const match: StoredMatch = { id: input.id, seats: [seats[0], seats[1]], started: allTaken(seats), state: newMatch(config, now) };
    this.save(match);
    await this.schedule(match);
    return ok({ tokens, state: matchView(match, now) });
  }

  async view(): Promise<Reply<MatchView>> {
    const match = this.load();
    return match ? ok(matchView(match, Date.now())) : notFound();
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
    if (match.state.status === "finished") return refuse("match/finished", `the match is over (${match.state.result?.reason})`);
    const open = ([0, 1] as const).filter((index) => isOpen(match.seats[index]));
    const seat = request.seat ?? open[0];
    if (seat === undefined) return refuse("match/no_open_seat", "every seat of this match is taken");
    if (!open.includes(seat)) return refuse("match/no_open_seat", `seat ${seat} is not open`);
    const now = Date.now();
    match.seats[seat] = { kind: "human", name: request.name ?? (match.seats[seat] as { name: string | null }).name, tokenHash };
    const startsNow = allTaken(match.seats);
    if (startsNow) {
      match.started = true;
      match.state = startClocks(match.state, now);
    }
    await this.commit(match, { kind: startsNow ? "started" : "joined", seat, ply: currentPly(match.state) });
    return ok({ seat, token, state: matchView(match, now) });
  }

  /** A command from the holder of `token` (null when the request carried none). */
  async act(token: string | null, command: Command): Promise<Reply<{ duplicate: boolean; state: MatchView }>> {
    if (token === null) return refuse("match/token_required", "send the seat's token as Authorization: Bearer <token>");
    const tokenHash = await hashToken(token);
    const match = this.load();
    if (!match) return notFound();
    const seat = seatOfHash(match, tokenHash);
    if (seat === null) return refuse("match/not_a_player", "the token is not the token of a seat of this match");
    return this.perform(match, seat, command);
  }

  /**
   * Applies a seat's command to the match just read, synchronously up to the write. A flag fall that
   * is due is applied first (and kept: the command is then refused, the match being over).
   */
  private async perform(match: StoredMatch, seat: SeatIndex, command: Command): Promise<Reply<{ duplicate: boolean; state: MatchView }>> {
    const now = Date.now();
    let event: MatchEvent | null = null;
    if (this.flagIfDue(match, now)) event = { kind: "timeout", seat: seatToMove(match.state), ply: currentPly(match.state) };
    let reply: Reply<{ duplicate: boolean; state: MatchView }>;
    if (matchStatus(match) === "waiting" && command.type !== "abort") {
      const open = ([0, 1] as const).filter((index) => isOpen(match.seats[index]));
      reply = refuse("match/waiting_for_players", `seat ${open.join(" and ")} still open: the match starts when every seat is taken`);
    } else {
      const ply = currentPly(match.state);
      const result = applyAction(match.state, actionOf(command, seat, ply, now));
      if (result.ok && result.changed) {
        match.state = result.state;
        event = { kind: eventKindOf(command), seat, ply };
      }
      reply = result.ok ? ok({ duplicate: result.duplicate === true, state: matchView(match, now) }) : err(result.error);
    }
    if (event) await this.commit(match, event);
    return reply;
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
    };
    const seats: [StoredSeat, StoredSeat] = [
      { kind: "bot", name: input.seats[0].name },
      { kind: "bot", name: input.seats[1].name },
    ];
    const match: StoredMatch = { id: input.id, seats, started: true, state: newMatch(config, Date.now()) };
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
   * at `ply`: refused with `match/stale_ply` if the match has moved on since (a step repeated after an
   * eviction, or two steps at once), and with `match/finished` once it is over.
   */
  async botAct(ply: number, action: MatchAction): Promise<Reply<MatchState>> {
    const match = this.load();
    if (!match) return notFound();
    const seat = action.type === "flag" ? null : action.seat;
    if (seat !== null && match.seats[seat].kind !== "bot") return refuse("match/not_a_player", `seat ${seat} is not a bot seat`);
    if (match.state.status !== "active") return refuse("match/finished", `the match is over (${match.state.result?.reason})`);
    if (currentPly(match.state) !== ply) return refuse("match/stale_ply", `the match is at ply ${currentPly(match.state)}, not ${ply}`);
    const result = applyAction(match.state, action);
    if (!result.ok) return err(result.error);
    if (result.changed) {
      match.state = result.state;
      await this.commit(match, { kind: botEventKind(action, result.state), seat, ply });
    }
    return ok(match.state);
  }

  /**
   * Ends a bot match without a result, at any ply (its tournament was cancelled). Not the reducer's
   * `abort`, which players may only use before the first placement: the record says why it ended.
   */
  async cancelBotMatch(detail: string): Promise<Reply<MatchState>> {
    const match = this.load();
    if (!match) return notFound();
    if (match.seats.some((seat) => seat.kind !== "bot")) return refuse("match/not_a_player", "only a match between bot seats can be cancelled");
    if (match.state.status !== "active") return ok(match.state);
    const ply = currentPly(match.state);
    match.state = { ...match.state, status: "finished", pendingClaim: null, result: { winner: null, reason: "aborted", detail, at: Date.now() } };
    await this.commit(match, { kind: "abort", seat: null, ply });
    return ok(match.state);
  }

  // ---- alarms: clocks and engine seats ----

  override async alarm(): Promise<void> {
    let match = this.load();
    if (!match || matchStatus(match) !== "active") return;
    const mover = seatToMove(match.state);
    const seat = match.seats[mover];
    if (seat.kind === "engine") {
      const ply = currentPly(match.state);
      const action = engineAction(match, mover, seat);
      // Time only advances past I/O: yield, so the move is stamped after the search and the opponent's
      // clock (which starts with this move) is not charged for the server's thinking.
      await scheduler.wait(1);
      match = this.load();
      if (!match) return;
      if (matchStatus(match) !== "active" || currentPly(match.state) !== ply) return this.schedule(match);
      const at = Date.now();
      let kind: MatchEventKind = action.type;
      let result = applyAction(match.state, { ...action, at });
      if (!result.ok) {
        kind = "move";
        // An engine bug must not stall the match (nor re-arm this alarm forever): play a legal move.
        console.error("engine action refused; playing the first legal move", match.id, action, result.error);
        const move = legalMoves(positionOf(match.state), match.state.config.rules)[0];
        result = applyAction(match.state, { type: "move", seat: mover, ply, move, at });
      }
      if (!result.ok || !result.changed) throw new Error(`engine seat ${mover} of match ${match.id} could not move at ply ${ply}`);
      match.state = result.state;
      return this.commit(match, { kind, seat: mover, ply });
    }
    // A flag that falls is applied once: a second run finds the match finished and does nothing.
    if (this.flagIfDue(match, Date.now())) return this.commit(match, { kind: "timeout", seat: mover, ply: currentPly(match.state) });
    return this.schedule(match);
  }

  private nodeBudget(requested: number | undefined): number {
    const max = Number(this.env.ENGINE_MAX_NODES);
    const fallback = Number(this.env.ENGINE_DEFAULT_NODES);
    return Math.max(1, Math.min(requested ?? fallback, max));
  }

  // ---- WebSockets (hibernation API) ----

  /** The WebSocket upgrade; the Worker has checked the path and the Upgrade header. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const token = url.searchParams.get("token");
    const tokenHash = token === null ? null : await hashToken(token);
    const match = this.load();
    if (!match) return problemResponse("match/not_found", `there is no match at ${url.pathname}`, url.pathname);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return problemResponse("match/websocket_required", "this endpoint speaks WebSocket: send Upgrade: websocket", url.pathname);
    }
    const seat = tokenHash === null ? null : seatOfHash(match, tokenHash);
    if (tokenHash !== null && seat === null) {
      return problemResponse("match/not_a_player", "the token is not the token of a seat of this match", url.pathname);
    }
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ seat } satisfies SocketAttachment);
    server.send(JSON.stringify({ type: "state", seat, state: matchView(match, Date.now()) }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const reply = (body: Record<string, unknown>) => socket.send(JSON.stringify(body));
    const refusal = (id: unknown, code: ProblemCode, detail: string) => reply({ type: "error", id, problem: problemDocument(code, detail) });
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
      const seat = seatOfHash(match, tokenHash);
      if (seat === null) return refusal(id, "match/not_a_player", "the token is not the token of a seat of this match");
      socket.serializeAttachment({ seat } satisfies SocketAttachment);
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

  private broadcast(match: StoredMatch, event: MatchEvent): void {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const message = JSON.stringify({ type: "event", event, state: matchView(match, Date.now()) });
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

const isOpen = (seat: StoredSeat): boolean => seat.kind === "human" && seat.tokenHash === null;
const allTaken = (seats: readonly StoredSeat[]): boolean => !seats.some(isOpen);

function seatOfHash(match: StoredMatch, tokenHash: string): SeatIndex | null {
  if (match.seats[0].kind === "human" && match.seats[0].tokenHash === tokenHash) return 0;
  if (match.seats[1].kind === "human" && match.seats[1].tokenHash === tokenHash) return 1;
  return null;
}

function drawLots(): SeatIndex {
  return (crypto.getRandomValues(new Uint8Array(1))[0] & 1) as SeatIndex;
}

/** When the alarm should next run: an engine seat to move (now), the mover's deadline, or never. */
function nextAlarm(match: StoredMatch): number | null {
  if (matchStatus(match) !== "active") return null;
  if (match.seats[seatToMove(match.state)].kind === "engine") return Date.now();
  return deadline(match.state);
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

/** The event a bot action caused (a late action is applied by the reducer as a flag: a timeout). */
function botEventKind(action: MatchAction, next: MatchState): MatchEventKind {
  if (next.result?.reason === "timeout") return "timeout";
  switch (action.type) {
    case "move":
    case "claim":
    case "forfeit":
    case "abort":
      return action.type;
    case "resign":
      return "resignation";
    case "flag":
      return "timeout";
  }
}

function eventKindOf(command: Command): MatchEventKind {
  return command.type === "resign" ? "resignation" : command.type;
}

/**
 * The engine seat's action: claim a missed Quarto it may claim (an engine always notices), else the
 * engine's move within the seat's node budget, seeded by match and ply so a match replays alike. Should
 * the engine ever fail, the seat plays a legal move rather than stall the match.
 */
type EngineAction = { type: "move"; seat: SeatIndex; ply: number; move: Move } | { type: "claim"; seat: SeatIndex; ply: number };

function engineAction(match: StoredMatch, seat: SeatIndex, engine: Extract<StoredSeat, { kind: "engine" }>): EngineAction {
  const { state } = match;
  const ply = currentPly(state);
  if (state.pendingClaim?.claimant === seat) return { type: "claim", seat, ply };
  const position = positionOf(state);
  try {
    const suggestion = suggestMove(position, state.config.rules, { level: engine.level, maxNodes: engine.maxNodes, seed: seedOf(`${match.id}/${ply}`) });
    return { type: "move", seat, ply, move: suggestion.move };
  } catch (error) {
    console.error("engine failed; playing the first legal move", match.id, ply, error);
    return { type: "move", seat, ply, move: legalMoves(position, state.config.rules)[0] };
  }
}

function problemResponse(code: ProblemCode, detail: string, instance: string): Response {
  const document = problemDocument(code, detail, {}, instance);
  return new Response(JSON.stringify(document), { status: document.status, headers: { "Content-Type": "application/problem+json" } });
}
