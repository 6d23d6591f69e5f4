/**
 * The ladder: one Durable Object (`idFromName("ladder")`) where registered bots that opted in are paired
 * all the time and keep one rating, beside the built-in anchors at fixed ratings (LADDER_ANCHORS, on
 * unless the var says otherwise). It runs itself: while it has work (a pairing in play, or bots that
 * could be paired) its alarm runs a round every LADDER_ALARM_MS (collect the pairings that ended, then
 * pair the idle bots), a join brings the next round to at most that far off, and with nothing to do the
 * alarm is deleted. The alarm is kept in storage, so it outlives an eviction or a crash; the object
 * re-arms it whenever it starts and finds it missing, and the Worker's Cron Trigger runs a round and
 * re-arms it too (`tick`: a backstop on a deployment). A pairing is an ordinary two-game
 * tournament (a TournamentObject: one opening, each bot making the first move once), so ladder games
 * get the arena's whole lifecycle (signed calls, forfeits, the replay of an aborted start, end notices,
 * match pages). Truth is in SQLite only (ladder-store.ts: the tables, their bounds, every query): a
 * pairing's tournament id is stored before the tournament is created and creation is retried until it
 * exists, and a finished pairing is recorded (its games, both bots' ratings, the history points,
 * pauses) in one synchronous transaction, once.
 *
 * Ratings are Bradley-Terry (the model of the tournament standings), fitted incrementally: recording a
 * pairing moves its two bots against their opponents' current ratings (src/tournament/ladder.ts), so it
 * costs the same at any ladder size; pairings go by rating with some exploration.
 */
import { DurableObject } from "cloudflare:workers";
import { isBuiltInBot } from "../bots/index.ts";
import { hashToken, type MatchOpening, newId, newToken } from "../match/index.ts";
import { err, ok } from "../rules/index.ts";
import { seededRandom } from "../engine/index.ts";
import { LADDER_ANCHORS, OPENING_SUITES } from "../tournament/index.ts";
import {
  decodeCursor,
  entryOutput,
  LADDER_SETTINGS,
  type LadderBotOutput,
  type LadderBotRecord,
  type LadderEntryOutput,
  type LadderPageOutput,
  ladderGameOutput,
  ladderSettings,
  type MemberRow,
  objectNamed,
  type PairingRow,
  pointOutput,
  readSettings,
  REGISTRY_NAME,
  type Reply,
  type TournamentOutput,
} from "../wire/index.ts";
import { LadderStore } from "./ladder-store.ts";
import { type SqlValue, sqlOf } from "./storage.ts";

/** A page as the object answers it: the route turns `after` into the `next` link. */
export type LadderPage = Omit<LadderPageOutput, "next"> & { history: Record<string, LadderBotOutput["history"]>; after: string[] | null };

/** What one round did (for logs and tests). */
export interface TickReport {
  /** Pairings recorded (their tournaments had ended). */
  recorded: string[];
  /** Pairings started, as tournament ids. */
  started: string[];
  /** Pairings still in play after the round. */
  inPlay: number;
}

/** The anchors the service runs with: LADDER_ANCHORS, or none when the var turns them off. */
const anchorsOf = (env: Env) => (readSettings(env).ladderAnchors ? LADDER_ANCHORS : []);

/** The suite ladder pairings are played from: a built-in suite of classic play (the ladder's rules), LADDER_OPENINGS. */
const ladderSuite = (env: Env) => OPENING_SUITES[readSettings(env).ladderOpenings];

/** The opening of the pairing numbered `seq` (from 1): the suite's openings in turn. */
const openingFor =
  (suite: (typeof OPENING_SUITES)[string]) =>
  (seq: number): MatchOpening =>
    suite.openings[(seq - 1) % suite.openings.length];

export class LadderObject extends DurableObject<Env> {
  /** The tick or collection running in this instance: one at a time (the next waits for it). */
  private running: Promise<unknown> = Promise.resolve();

  private readonly store: LadderStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new LadderStore({
      ...sqlOf(ctx.storage),
      execRaw: (query, ...bindings) => [...ctx.storage.sql.exec(query, ...bindings).raw()] as SqlValue[][],
    });
    this.store.syncAnchors(anchorsOf(env), Date.now());
    // An alarm lost to anything (its retries spent, a store restored without it) is armed again as soon as the object starts.
    ctx.blockConcurrencyWhile(async () => {
      if ((await ctx.storage.getAlarm()) === null) await this.armAlarm();
    });
  }

  private entry(member: MemberRow, now: number): LadderEntryOutput {
    const store = this.store;
    return entryOutput(member, store.rankOf(member), store.gamesLastHour(member, now), store.pairingOf(member));
  }

  private registry() {
    return objectNamed(this.env.BOT_REGISTRY, REGISTRY_NAME);
  }

  private tournament(id: string) {
    return objectNamed(this.env.TOURNAMENTS, id);
  }

  // ---- RPC: membership and views ----

  /** Puts the bot on the ladder, or back on it (a paused bot resumes with its forfeit streak cleared). */
  async join(bot: { id: string; name: string }, now = Date.now()): Promise<Reply<LadderEntryOutput>> {
    if (!this.store.join(bot, now)) return err({ code: "ladder/full", detail: `the ladder has ${LADDER_SETTINGS.maxBots} bots, its most` });
    // Paired at the next round, at most LADDER_ALARM_MS away.
    await this.armAlarm();
    return ok(this.entry(this.store.member(bot.id) as MemberRow, now));
  }

  /** Takes the bot off the ladder: no new pairing (one in play is played out); its games and rating stay. */
  async leave(botId: string, now = Date.now()): Promise<Reply<LadderEntryOutput>> {
    if (this.store.member(botId) === undefined) return notOnLadder(botId);
    this.store.leave(botId);
    return ok(this.entry(this.store.member(botId) as MemberRow, now));
  }

  /** The bot's entry, or null if it never joined. */
  async status(botId: string): Promise<LadderEntryOutput | null> {
    const member = this.store.member(botId);
    return member === undefined ? null : this.entry(member, Date.now());
  }

  /**
   * One page of the ladder by rating, highest first, after the entry whose sort key the cursor holds
   * (rating, bot id); with each bot's rating history, and the sort key of the page's last entry when
   * more follow.
   */
  async page(limit: number, cursor: string | null): Promise<Reply<LadderPage>> {
    const parts = cursor === null ? null : decodeCursor(cursor);
    const rating = parts?.length === 2 ? Number(parts[0]) : Number.NaN;
    const after = parts === null || !Number.isFinite(rating) ? null : { rating, botId: parts[1] };
    if (cursor !== null && after === null)
      return err({ code: "request/invalid", detail: "cursor: not a cursor of this listing (pass the next link's as it was given)" });
    const now = Date.now();
    const members = this.store.page(limit, after);
    const shown = members.slice(0, limit);
    const last = shown.at(-1);
    const total = this.store.onLadder();
    const history: Record<string, LadderBotOutput["history"]> = {};
    for (const member of shown) history[member.bot_id] = this.history(member.bot_id);
    return ok({
      bots: shown.map((member) => this.entry(member, now)),
      after: members.length > limit && last ? [String(last.rating), last.bot_id] : null,
      total,
      pairingsInPlay: this.store.openPairings().length,
      settings: ladderSettings(ladderSuite(this.env).name, this.store.anchors()),
      history,
    });
  }

  private history(botId: string): LadderBotOutput["history"] {
    return this.store.history(botId).map(pointOutput);
  }

  /** A bot's entry with its rating history and latest games (its accuracy is read from the games' match objects, by the Worker). */
  async bot(botId: string): Promise<Reply<LadderBotRecord>> {
    const member = this.store.member(botId);
    if (member === undefined) return notOnLadder(botId);
    const { games, names } = this.store.recentGames(botId);
    return ok({
      ...this.entry(member, Date.now()),
      history: this.history(botId),
      recentGames: games.map((game) => ladderGameOutput(game, botId, names)),
    });
  }

  // ---- the scheduler ----

  /** The Cron Trigger's round (record the pairings that ended, pair the idle bots, as of `now`), and the alarm re-armed. */
  async tick(now = Date.now()): Promise<TickReport> {
    const report = await this.round(now);
    await this.armAlarm();
    return report;
  }

  /**
   * The ladder's own round, every LADDER_ALARM_MS while it has work. A round that fails is logged and
   * the alarm re-armed all the same (the next round does what it missed), so the ladder never stops for
   * want of an alarm; it is deleted only when there is nothing to do (nextWork).
   */
  override async alarm(): Promise<void> {
    try {
      await this.round(Date.now());
    } catch (error) {
      console.error("ladder: a round failed; the next one retries", error);
    }
    await this.armAlarm();
  }

  /** Records the pairings that ended, then pairs the idle bots. One round at a time (the next waits for it). */
  private round(now: number): Promise<TickReport> {
    const run = this.running.then(async () => {
      const recorded = await this.collect(now);
      const started = await this.pair(now);
      return { recorded, started, inPlay: this.store.openPairings().length };
    });
    this.running = run.catch(() => {});
    return run;
  }

  /**
   * Sets the alarm for the next round: LADDER_ALARM_MS from now while there is work now, at the soonest
   * a waiting bot's budget allows when that is later, none when nothing can happen until a bot joins.
   * An alarm set sooner is kept.
   */
  private async armAlarm(): Promise<void> {
    const now = Date.now();
    const work = this.store.nextWork(now);
    if (work === null) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const at = Math.max(work, now + readSettings(this.env).ladderAlarmMs);
    const armed = await this.ctx.storage.getAlarm();
    if (armed === null || armed > at) await this.ctx.storage.setAlarm(at);
  }

  /**
   * Creates the tournament of every pairing still `creating`, and records those whose tournament ended:
   * one read of each pairing's tournament, COLLECT_READS at a time, each record a transaction of its own.
   */
  private async collect(now: number): Promise<string[]> {
    const recorded: string[] = [];
    const open = this.store.openPairings();
    for (let from = 0; from < open.length; from += COLLECT_READS) {
      const batch = open.slice(from, from + COLLECT_READS);
      const reads = await Promise.all(batch.map((pairing) => this.tournament(pairing.id).get()));
      for (const [index, pairing] of batch.entries()) if (await this.settle(pairing, reads[index], now)) recorded.push(pairing.id);
    }
    return recorded;
  }

  /** One pairing after its tournament was read: created if it never was, recorded if it ended (true then). */
  private async settle(pairing: PairingRow, read: Reply<TournamentOutput>, now: number): Promise<boolean> {
    if (!read.ok) {
      // Stored, not created yet (the creating call died): create it now.
      if (pairing.status === "creating") await this.startTournament(pairing);
      return false;
    }
    if (pairing.status === "creating") this.store.markPlaying(pairing);
    const view = read.value;
    if (view.status === "running") return false;
    const finishedAt = view.finishedAt === null ? now : Date.parse(view.finishedAt);
    return this.store.record(pairing, view.games, finishedAt);
  }

  /** Pairs the idle active bots with games left this hour, by rating with some exploration (ladder-store.ts), and creates their tournaments. */
  private async pair(now: number): Promise<string[]> {
    const pairings = this.store.pairIdle(now, seededRandom(now >>> 0), newId, openingFor(ladderSuite(this.env)));
    for (const pairing of pairings) await this.startTournament(pairing);
    return pairings.map((pairing) => pairing.id);
  }

  /**
   * Creates the pairing's tournament (the bots' URLs and secrets read afresh from the registry; an anchor
   * plays as the built-in bot of its level). A bot deleted from the registry leaves the ladder and the
   * pairing fails; a creation that throws is retried by the next collection.
   */
  private async startTournament(pairing: PairingRow): Promise<void> {
    const ids = [pairing.a_id, pairing.b_id];
    const anchors = ids.map((id) => (isBuiltInBot(id) && this.store.member(id)?.anchor === 1 ? id : null));
    const registeredIds = ids.filter((_, index) => anchors[index] === null);
    const read = registeredIds.length === 0 ? [] : await this.registry().entrants(registeredIds);
    const found = ids.map((id, index) => (anchors[index] !== null ? null : read[registeredIds.indexOf(id)]));
    const gone = ids.filter((_, index) => anchors[index] === null && found[index] === null);
    if (gone.length > 0) {
      this.store.failPairing(pairing, gone);
      return;
    }
    const entries = found.map((bot, index) => {
      const level = anchors[index];
      if (level !== null && isBuiltInBot(level)) return { name: level, kind: "builtIn" as const, level };
      const registered = bot as NonNullable<typeof bot>;
      // A connected bot (connection: stream) plays the ladder through its link object, as in any tournament.
      if (registered.connection === "stream") return { name: registered.name, kind: "connected" as const, botId: registered.id };
      return { name: registered.name, kind: "registered" as const, botId: registered.id, url: registered.url, secret: registered.secret };
    });
    const opening = pairing.opening === null ? null : (JSON.parse(pairing.opening) as MatchOpening);
    const seed = pairing.seq >>> 0;
    const existing = await this.tournament(pairing.id).get();
    if (!existing.ok) {
      await this.tournament(pairing.id).create({
        id: pairing.id,
        name: `Ladder pairing ${pairing.seq}: ${pairing.a_name} vs ${pairing.b_name}`,
        // Nobody holds this token: a ladder pairing is never cancelled from outside.
        tokenHash: await hashToken(newToken()),
        entries,
        gamesPerPair: LADDER_SETTINGS.gamesPerPairing,
        rules: {},
        clock: { kind: "move", moveMs: LADDER_SETTINGS.moveMs },
        seed,
        maxNodes: readSettings(this.env).defaultNodes,
        ...(opening === null ? {} : { openings: [opening] }),
      });
    }
    this.store.markPlaying(pairing);
  }
}

/** Tournaments a round reads at once while collecting (each one RPC to its object). */
const COLLECT_READS = 32;

const notOnLadder = (botId: string) => err({ code: "ladder/not_found" as const, detail: `bot ${botId} has never been on the ladder` });
