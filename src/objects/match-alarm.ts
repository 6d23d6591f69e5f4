/**
 * A hosted match's alarm: what the match waits on, done when it is due (the store arms it after every
 * change, `nextAlarm`). An engine seat's move, a registered bot seat's turn (asked by the match), a flag
 * that falls; once the match is over, its review and the report of it to its tournament, then its
 * deletion when its retention has passed. Each run reads the match afresh and changes it only through
 * the store, so a run repeated after an eviction finds the work done and does nothing.
 */
import { configureEngineTurns, objectNamed, readSettings, REGISTRY_NAME, type StoredEntry, type StoredMatch } from "../wire/index.ts";
import { currentPly, deadline, engineAction, flagOverdue, type MatchAction, type SeatIndex, seatKind, seatToMove } from "../match/index.ts";
import { hashSeed } from "../engine/index.ts";
import { askBot, decideAction, turnAsk } from "../tournament/index.ts";
import { endNoticesDue, seatNames } from "./match-notices.ts";
import { computeReview, mineReview, reportDue, reportReview, reviewDue, reviewWork, saveReview } from "./match-review.ts";
import { nextAlarm, type MatchStore } from "./match-store.ts";
import { botPlayer, registeredEntry } from "./bot-players.ts";
import { callRecorder } from "./bot-link.ts";
import { retentionMs } from "./retention.ts";
import { deleteStorage } from "./storage.ts";

/**
 * A registered bot seat's turn that began at least this long before the alarm that asks it: the time
 * was the server's (the alarm that asked died in a crash or an eviction, or came late), so the turn
 * starts again, charged to no one, as a tournament restarts its games' clocks.
 */
const SERVER_LOST_MIN_MS = 250;


/** What the alarm needs of the match object. */
export interface AlarmHost {
  env: Env;
  store: MatchStore;
  /** Closes the match's sockets (it is being deleted). */
  closeSockets(code: number, reason: string): void;
  /** Work the object finishes after the alarm (a bot's call log record). */
  waitUntil(work: Promise<unknown>): void;
}

export async function matchAlarm(host: AlarmHost): Promise<void> {
  const { store, env } = host;
  const match = store.load();
  if (!match) return;
  if (endNoticesDue(store.storage, match)) {
    await store.notifyEnd(match);
    return store.schedule(match);
  }
  if (match.state.status === "finished" && reviewDue(store.storage, match, env)) return review(host, match);
  if (match.state.status === "finished" && reportDue(store.storage, match)) {
    await reportReview(store.storage, match, seatNames(match), env);
    return store.schedule(match);
  }
  if (match.state.status !== "active") return expire(host, match);
  const mover = seatToMove(match.state);
  if (seatKind(match.state, mover) === "engine") {
    configureEngineTurns(readSettings(env));
    // The search waits its turn in the isolate's engine queue and yields between slices, so the
    // match keeps answering meanwhile (the state is read again below). Time only advances past I/O:
    // yield, so the move is stamped after the search and the opponent's clock (which starts with
    // this move) is not charged for the server's thinking.
    const action = await engineAction(match.state, mover, hashSeed(`${match.id}/${currentPly(match.state)}`));
    await scheduler.wait(1);
    const current = store.load();
    if (!current) return;
    if (action === null) return store.schedule(current);
    const result = await store.reduce(current, { ...action, at: Date.now() });
    // Refused only when the match moved on meanwhile (engineAction checks its action with the reducer).
    if (!result.ok && result.error.code !== "match/stale_ply" && result.error.code !== "match/finished") {
      throw new Error(`engine seat ${mover} of match ${match.id}: ${result.error.code} ${result.error.detail}`);
    }
    if (!result.ok) return store.schedule(current);
    return;
  }
  const moverSeat = match.state.seats?.[mover];
  if (moverSeat?.kind === "bot" && moverSeat.botId !== undefined) return askSeatedBot(host, match, mover, moverSeat.botId);
  // A tournament's bot seat's clock is its tournament's to judge (match-bot-seats.ts): no flag here.
  if (seatKind(match.state, mover) === "bot") return store.schedule(match);
  const now = Date.now();
  // A flag found overdue fell while the server was down: the person could not move, so the turn restarts.
  if (flagOverdue(match.state, now)) {
    const restarted = await store.reduce(match, { type: "restartClock", ply: currentPly(match.state), at: now });
    if (!restarted.ok) return store.schedule(match);
    return;
  }
  // A flag that falls is applied once: a second run finds the match finished and does nothing.
  const flagged = await store.reduce(match, { type: "flag", at: now });
  if (!flagged.ok) return store.schedule(match);
}

/**
 * The turn of a registered bot seated in this match: asked as a tournament asks it (the same request,
 * time limit and judging, src/tournament/turn.ts), webhook or connected, under the match's clock; its
 * action is applied unless the match moved on meanwhile. A bot gone from the registry forfeits. Its end
 * notice, however the match ends, is sent when it ends (match-notices.ts).
 */
async function askSeatedBot({ env, store, waitUntil }: AlarmHost, stored: StoredMatch, seat: SeatIndex, botId: string): Promise<void> {
  // No ask is in flight when an alarm starts (an alarm that asked either applied the answer or died):
  // the turn's time so far was the server's.
  let match = stored;
  if (deadline(match.state) !== null && Date.now() - match.state.turnStartedAt >= SERVER_LOST_MIN_MS) {
    const restarted = await store.reduce(match, { type: "restartClock", ply: currentPly(match.state), at: Date.now() });
    if (!restarted.ok) return store.schedule(match);
    match = store.load() ?? match;
  }
  const names = seatNames(match);
  const turn = turnAsk(match.state, { tournamentId: null, gameId: match.id, matchId: match.id, names, mayAbort: false }, Date.now());
  let action: MatchAction;
  const entry = await seatedEntry(env, botId, names[seat]);
  if (turn.type === "act") action = turn.action;
  else if (entry === null) action = { type: "forfeit", seat, code: "bot/connection_error", detail: `${names[seat]} is no longer registered`, at: Date.now() };
  else {
    const sentAt = Date.now();
    const { reply, at } = await askBot(botPlayer(env, entry), turn.ask, Date.now);
    // The bot's call log is written after the alarm: the move does not wait for it.
    callRecorder(env, waitUntil).move(entry, turn.ask, reply, sentAt, at);
    action = decideAction(turn.ask, reply, at);
  }
  const current = store.load();
  if (!current) return;
  const result = await store.reduce(
    current,
    action.type === "flag" ? action : { ...action, ply: turn.type === "ask" ? turn.ask.match.moves.length : current.state.moves.length },
  );
  if (!result.ok) return store.schedule(current);
}

/** The registered bot `botId` as an entrant (webhook or connected), read afresh from the registry; null once deleted. */
async function seatedEntry(env: Env, botId: string, name: string): Promise<StoredEntry | null> {
  const [bot] = await objectNamed(env.BOT_REGISTRY, REGISTRY_NAME).entrants([botId]);
  return bot ? registeredEntry(bot, name) : null;
}

/** Reviews the finished match (background work: the engine serves people first), stores the review, and re-arms the alarm. */
async function review({ env, store }: AlarmHost, match: StoredMatch): Promise<void> {
  const computed = await computeReview(match, env, reviewWork(store.storage, match));
  const current = store.load();
  if (!current) return;
  saveReview(store.storage, computed);
  // A tournament game's review also goes to its tournament (the bots' accuracy); a failure leaves it owed to the next alarm.
  if (reportDue(store.storage, current)) await reportReview(store.storage, current, seatNames(current), env);
  await store.schedule(current);
  // Wins thrown away become puzzles (best effort, after the review is safe in storage).
  await mineReview(env, current, computed);
}

/** Deletes a match that is over once its retention has passed; otherwise re-arms the alarm for then. */
async function expire({ env, store, closeSockets }: AlarmHost, match: StoredMatch): Promise<void> {
  const due = nextAlarm(match.state, retentionMs(env));
  if (due === null || Date.now() < due) return store.schedule(match);
  closeSockets(1001, "the match has expired");
  await deleteStorage(store.storage);
}
