/**
 * A hosted match's storage and the one way it changes. The match is one stored document (the reducer's
 * state, seats included, under its id); every change is one reducer action, loaded from storage, reduced
 * and stored with no `await` between read and write, so nothing lives only in memory and eviction at any
 * point loses nothing. Each committed change is told to the match's sockets and streams and re-arms the
 * alarm for what the match waits on next.
 */
import { announcementFromInput, type ClaimRequest, type MatchMoveRequest, matchView, type MatchView, moveFromRequest, type Reply, type StoredMatch } from "../wire/index.ts";
import { err, ok } from "../rules/index.ts";
import {
  type ActionResult,
  type AnyMatchAction,
  applyAction,
  currentPly,
  deadline,
  flagFallen,
  flagOverdue,
  type MatchAction,
  type MatchState,
  openSeats,
  type SeatIndex,
  seatKind,
  seatToMove,
} from "../match/index.ts";
import { endNoticesDue, sendEndNotices } from "./match-notices.ts";
import { reportDue, reviewDue } from "./match-review.ts";
import { retentionMs } from "./retention.ts";
import { type DocumentSchema, readRoot, writeRoot } from "./storage.ts";

/**
 * The match object's storage (storage.ts): its root is the match, the reducer's state under its id;
 * beside it, once the match is over, its review (match-review.ts).
 */
const MATCH_SCHEMA: DocumentSchema = { object: "match", rootKey: "match", version: 1, migrations: {} };

/** A state-changing command from a seat, over HTTP or a WebSocket. */
export type Command = { type: "move"; request: MatchMoveRequest } | { type: "claim"; request: ClaimRequest } | { type: "resign" } | { type: "abort" };

type MatchEventKind = "joined" | "started" | "move" | "claim" | "resignation" | "abort" | "timeout" | "forfeit" | "cancel" | "clock";

/** Sent to every socket after every change, with the full new state. */
export interface MatchEvent {
  kind: MatchEventKind;
  seat: SeatIndex | null;
  ply: number;
}

/** Told of every committed change (the match's sockets and streams). */
export type CommitListener = (match: StoredMatch, event: MatchEvent) => void;

export class MatchStore {
  private readonly ctx: DurableObjectState;
  /** The object's environment, read at each use (a test may give a running object another). */
  private readonly env: () => Env;
  private readonly told: CommitListener;

  constructor(ctx: DurableObjectState, env: () => Env, told: CommitListener) {
    this.ctx = ctx;
    this.env = env;
    this.told = told;
  }

  get storage(): DurableObjectStorage {
    return this.ctx.storage;
  }

  /** The stored match, or undefined when there is none (never created, or deleted at the end of its retention). */
  load(): StoredMatch | undefined {
    return readRoot<StoredMatch>(this.ctx.storage, MATCH_SCHEMA);
  }

  save(match: StoredMatch): void {
    writeRoot(this.ctx.storage, MATCH_SCHEMA, match);
  }

  /**
   * Arms the alarm for what the match waits on next: an engine seat to move (now), or the deadline of
   * the seat to move; disarms it when there is none (a finished match never keeps an alarm). The
   * storage call is issued before this function first yields, so calls take effect in request order.
   */
  schedule(match: StoredMatch): Promise<void> {
    const owed = endNoticesDue(this.ctx.storage, match) || reviewDue(this.ctx.storage, match, this.env()) || reportDue(this.ctx.storage, match);
    const next = owed ? Date.now() : nextAlarm(match.state, retentionMs(this.env()));
    return next === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(next);
  }

  private notices: Promise<void> | null = null;

  /** Sends the finished match's registered bots their end notices, once: a call while they are being sent waits for those. */
  notifyEnd(match: StoredMatch): Promise<void> {
    this.notices ??= sendEndNotices(this.env(), this.ctx.storage, match)
      .catch((error: unknown) => console.error("end notices failed", match.id, error))
      .finally(() => {
        this.notices = null;
      });
    return this.notices;
  }

  /** Stores a changed match, tells every socket, and re-arms the alarm. */
  private commit(match: StoredMatch, event: MatchEvent): Promise<void> {
    this.save(match);
    this.told(match, event);
    // The match just ended: its registered bots hear of it now (the alarm sends what this could not).
    if (endNoticesDue(this.ctx.storage, match)) this.ctx.waitUntil(this.notifyEnd(match));
    return this.schedule(match);
  }

  /**
   * Reduces the match just read by `actions` in turn (each applied only if the one before it was not
   * refused) and commits it if any of them changed it: the only way a match changes. The answer is the
   * last action's result.
   */
  async reduce(match: StoredMatch, ...actions: AnyMatchAction[]): Promise<ActionResult> {
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

  /**
   * Applies a seat's command to the match just read. A flag fall that is due is applied first (and
   * kept: the command is then refused, the match being over).
   */
  async perform(match: StoredMatch, seat: SeatIndex, command: Command): Promise<Reply<{ duplicate: boolean; state: MatchView }>> {
    const now = Date.now();
    const action = actionOf(command, seat, currentPly(match.state), now);
    // A flag overdue fell while the server was down (the alarm did not run): the turn restarts, charged to no one.
    const before: AnyMatchAction[] = flagOverdue(match.state, now)
      ? [{ type: "restartClock", ply: currentPly(match.state), at: now }]
      : flagFallen(match.state, now)
        ? [{ type: "flag", at: now }]
        : [];
    const result = await this.reduce(match, ...before, action);
    return result.ok ? ok({ duplicate: result.duplicate === true, state: matchView(match, now) }) : err(result.error);
  }
}

/**
 * When the alarm should next run: an engine seat to move (now), the mover's deadline, or never; for a
 * match that is over, when its retention ends (it is then deleted).
 */
export function nextAlarm(state: MatchState, retention: number): number | null {
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
