/**
 * The ladder: one Durable Object (`idFromName("ladder")`) where registered bots that opted in are paired
 * all the time and keep one rating. The Worker's Cron Trigger calls `tick` (collect the pairings that
 * ended, then pair the idle bots); between ticks an alarm collects. A pairing is an ordinary two-game
 * tournament (a TournamentObject: one opening, each bot making the first move once), so ladder games
 * get the arena's whole lifecycle (signed calls, forfeits, the replay of an aborted start, end notices,
 * match pages). Truth is in SQLite only: a pairing's tournament id is stored before the tournament is
 * created and creation is retried until it exists, and a finished pairing is recorded (its games, the
 * refit of every rating, the history points, pauses) in one synchronous transaction, once.
 *
 * Ratings are a Bradley-Terry fit over every ladder game (src/tournament/rating.ts, the model the
 * tournament standings use), refit after each pairing: unlike Elo or Glicko-2 updates it does not depend
 * on the order games were recorded in, and its deviation (from the fit's Hessian) shrinks with the games
 * a bot has played against rated opponents.
 */
import { DurableObject } from "cloudflare:workers";
import { hashToken, type MatchOpening, newMatchId, newSeatToken, RESULT_REASONS, type ResultReason } from "../match/index.ts";
import { err, ok } from "../rules/index.ts";
import { seededRandom, shuffleInPlace } from "../engine/random.ts";
import { fitRatings, OPENING_SUITES, PRIOR_SD_ELO, RATING_ORIGIN } from "../tournament/index.ts";
import {
  decodeCursor,
  entryOutput,
  ladderGameOutput,
  type GameRow,
  type HistoryRow,
  LADDER_SETTINGS,
  type LadderBotOutput,
  type LadderEntryOutput,
  type LadderPageOutput,
  ladderSettings,
  type MemberRow,
  type PairingRow,
  pointOutput,
  readSettings,
  REGISTRY_NAME,
  type Reply,
  type TournamentOutput,
} from "../wire/index.ts";

const HOUR_MS = 3_600_000;

/** A page as the object answers it: the route turns `after` into the `next` link. */
export type LadderPage = Omit<LadderPageOutput, "next"> & { history: Record<string, LadderBotOutput["history"]>; after: string[] | null };
const HISTORY_SHOWN = 500;
const GAMES_SHOWN = 50;

/** What one tick did (for logs and tests). */
export interface TickReport {
  /** Pairings recorded (their tournaments had ended). */
  recorded: string[];
  /** Pairings started, as tournament ids. */
  started: string[];
  /** Pairings still in play after the tick. */
  inPlay: number;
}

/** The suite ladder pairings are played from: the built-in suite of classic play (the ladder's rules). */
const LADDER_SUITE = OPENING_SUITES.classic;

/** The opening of the pairing numbered `seq` (from 1): the suite's openings in turn. */
function openingFor(seq: number): MatchOpening {
  return LADDER_SUITE.openings[(seq - 1) % LADDER_SUITE.openings.length];
}

export class LadderObject extends DurableObject<Env> {
  /** The tick or collection running in this instance: one at a time (the next waits for it). */
  private running: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS members (
      bot_id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      status TEXT NOT NULL,
      paused_reason TEXT,
      paused_at INTEGER,
      joined_at INTEGER NOT NULL,
      rating REAL NOT NULL,
      deviation REAL NOT NULL,
      games INTEGER NOT NULL DEFAULT 0,
      wins INTEGER NOT NULL DEFAULT 0,
      draws INTEGER NOT NULL DEFAULT 0,
      losses INTEGER NOT NULL DEFAULT 0,
      forfeits INTEGER NOT NULL DEFAULT 0,
      forfeit_streak INTEGER NOT NULL DEFAULT 0,
      last_game_at INTEGER
    )`);
    sql.exec("CREATE INDEX IF NOT EXISTS members_by_rating ON members (rating DESC, bot_id)");
    sql.exec(`CREATE TABLE IF NOT EXISTS pairings (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL UNIQUE,
      a_id TEXT NOT NULL,
      a_name TEXT NOT NULL,
      b_id TEXT NOT NULL,
      b_name TEXT NOT NULL,
      opening TEXT,
      status TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    )`);
    sql.exec("CREATE INDEX IF NOT EXISTS pairings_by_status ON pairings (status)");
    sql.exec(`CREATE TABLE IF NOT EXISTS games (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      pairing TEXT NOT NULL,
      game_id TEXT NOT NULL,
      match_id TEXT,
      first_id TEXT NOT NULL,
      second_id TEXT NOT NULL,
      score_first REAL,
      reason TEXT NOT NULL,
      forfeit_code TEXT,
      forfeited_by TEXT,
      detail TEXT,
      opening TEXT,
      finished_at INTEGER NOT NULL,
      UNIQUE (pairing, game_id)
    )`);
    sql.exec(`CREATE TABLE IF NOT EXISTS history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      bot_id TEXT NOT NULL,
      at INTEGER NOT NULL,
      games INTEGER NOT NULL,
      rating REAL NOT NULL,
      deviation REAL NOT NULL
    )`);
    sql.exec("CREATE INDEX IF NOT EXISTS history_by_bot ON history (bot_id, id)");
  }

  // ---- storage ----

  private rows<T>(query: string, ...bindings: SqlStorageValue[]): T[] {
    return this.ctx.storage.sql.exec(query, ...bindings).toArray() as unknown as T[];
  }

  private member(botId: string): MemberRow | undefined {
    return this.rows<MemberRow>("SELECT * FROM members WHERE bot_id = ?", botId)[0];
  }

  private openPairings(): PairingRow[] {
    return this.rows<PairingRow>("SELECT * FROM pairings WHERE status IN ('creating', 'playing') ORDER BY seq");
  }

  private pairingOf(botId: string): PairingRow | null {
    return this.openPairings().find((pairing) => pairing.a_id === botId || pairing.b_id === botId) ?? null;
  }

  /** Games each bot started since `since` (a pairing's games count from its creation). */
  private gamesSince(since: number): Map<string, number> {
    const counts = new Map<string, number>();
    for (const pairing of this.rows<PairingRow>("SELECT * FROM pairings WHERE created_at > ? AND status != 'failed'", since)) {
      for (const id of [pairing.a_id, pairing.b_id]) counts.set(id, (counts.get(id) ?? 0) + LADDER_SETTINGS.gamesPerPairing);
    }
    return counts;
  }

  private rankOf(member: MemberRow): number | null {
    if (member.status === "left") return null;
    const [row] = this.rows<{ above: number }>("SELECT COUNT(*) AS above FROM members WHERE status != 'left' AND rating > ?", member.rating);
    return row.above + 1;
  }

  private entry(member: MemberRow, now: number): LadderEntryOutput {
    const recent = this.gamesSince(now - HOUR_MS).get(member.bot_id) ?? 0;
    return entryOutput(member, this.rankOf(member), recent, this.pairingOf(member.bot_id));
  }

  private registry() {
    return this.env.BOT_REGISTRY.get(this.env.BOT_REGISTRY.idFromName(REGISTRY_NAME));
  }

  private tournament(id: string) {
    return this.env.TOURNAMENTS.get(this.env.TOURNAMENTS.idFromName(id));
  }

  // ---- RPC: membership and views ----

  /** Puts the bot on the ladder, or back on it (a paused bot resumes with its forfeit streak cleared). */
  async join(bot: { id: string; name: string }, now = Date.now()): Promise<Reply<LadderEntryOutput>> {
    const existing = this.member(bot.id);
    if (existing === undefined || existing.status === "left") {
      const [{ count }] = this.rows<{ count: number }>("SELECT COUNT(*) AS count FROM members WHERE status != 'left'");
      if (count >= LADDER_SETTINGS.maxBots) return err({ code: "ladder/full", detail: `the ladder has ${LADDER_SETTINGS.maxBots} bots, its most` });
    }
    if (existing === undefined) {
      this.ctx.storage.sql.exec(
        "INSERT INTO members (bot_id, name, status, joined_at, rating, deviation) VALUES (?, ?, 'active', ?, ?, ?)",
        bot.id,
        bot.name,
        now,
        RATING_ORIGIN,
        PRIOR_SD_ELO,
      );
    } else {
      this.ctx.storage.sql.exec(
        "UPDATE members SET name = ?, status = 'active', paused_reason = NULL, paused_at = NULL, forfeit_streak = 0 WHERE bot_id = ?",
        bot.name,
        bot.id,
      );
    }
    return ok(this.entry(this.member(bot.id) as MemberRow, now));
  }

  /** Takes the bot off the ladder: no new pairing (one in play is played out); its games and rating stay. */
  async leave(botId: string, now = Date.now()): Promise<Reply<LadderEntryOutput>> {
    const member = this.member(botId);
    if (member === undefined) return notOnLadder(botId);
    this.ctx.storage.sql.exec("UPDATE members SET status = 'left', paused_reason = NULL, paused_at = NULL WHERE bot_id = ?", botId);
    return ok(this.entry(this.member(botId) as MemberRow, now));
  }

  /** The bot's entry, or null if it never joined. */
  async status(botId: string): Promise<LadderEntryOutput | null> {
    const member = this.member(botId);
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
    const members =
      after === null
        ? this.rows<MemberRow>("SELECT * FROM members WHERE status != 'left' ORDER BY rating DESC, bot_id LIMIT ?", limit + 1)
        : this.rows<MemberRow>(
            "SELECT * FROM members WHERE status != 'left' AND (rating < ? OR (rating = ? AND bot_id > ?)) ORDER BY rating DESC, bot_id LIMIT ?",
            after.rating,
            after.rating,
            after.botId,
            limit + 1,
          );
    const shown = members.slice(0, limit);
    const last = shown.at(-1);
    const [{ total }] = this.rows<{ total: number }>("SELECT COUNT(*) AS total FROM members WHERE status != 'left'");
    const history: Record<string, LadderBotOutput["history"]> = {};
    for (const member of shown) history[member.bot_id] = this.history(member.bot_id);
    return ok({
      bots: shown.map((member) => this.entry(member, now)),
      after: members.length > limit && last ? [String(last.rating), last.bot_id] : null,
      total,
      pairingsInPlay: this.openPairings().length,
      settings: ladderSettings(LADDER_SUITE.name),
      history,
    });
  }

  private history(botId: string): LadderBotOutput["history"] {
    return this.rows<HistoryRow>("SELECT * FROM (SELECT * FROM history WHERE bot_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id", botId, HISTORY_SHOWN).map(
      pointOutput,
    );
  }

  /** A bot's entry with its rating history and latest games. */
  async bot(botId: string): Promise<Reply<LadderBotOutput>> {
    const member = this.member(botId);
    if (member === undefined) return notOnLadder(botId);
    const games = this.rows<GameRow>("SELECT * FROM games WHERE first_id = ? OR second_id = ? ORDER BY id DESC LIMIT ?", botId, botId, GAMES_SHOWN);
    const names = new Map(this.rows<MemberRow>("SELECT * FROM members").map((row) => [row.bot_id, row.name]));
    return ok({
      ...this.entry(member, Date.now()),
      history: this.history(botId),
      recentGames: games.map((game) => ladderGameOutput(game, botId, names)),
    });
  }

  // ---- the scheduler ----

  /** The Cron Trigger's work: record the pairings that ended, then pair the idle bots. One at a time. */
  async tick(now = Date.now()): Promise<TickReport> {
    const run = this.running.then(async () => {
      const recorded = await this.collect(now);
      const started = await this.pair(now);
      return { recorded, started, inPlay: this.openPairings().length };
    });
    this.running = run.catch(() => {});
    return run;
  }

  /** Between ticks: record the pairings that ended, and look again later while any is in play. */
  override async alarm(): Promise<void> {
    const run = this.running.then(() => this.collect(Date.now()));
    this.running = run.catch(() => {});
    await run;
    await this.armAlarm();
  }

  private async armAlarm(): Promise<void> {
    if (this.openPairings().length > 0) await this.ctx.storage.setAlarm(Date.now() + LADDER_SETTINGS.pollMs);
    else await this.ctx.storage.deleteAlarm();
  }

  /** Creates the tournament of every pairing still `creating`, and records those whose tournament ended. */
  private async collect(now: number): Promise<string[]> {
    const recorded: string[] = [];
    for (const pairing of this.openPairings()) {
      const read = await this.tournament(pairing.id).get();
      if (!read.ok) {
        // Stored, not created yet (the creating call died): create it now.
        if (pairing.status === "creating") await this.startTournament(pairing);
        continue;
      }
      if (pairing.status === "creating") this.ctx.storage.sql.exec("UPDATE pairings SET status = 'playing' WHERE id = ? AND status = 'creating'", pairing.id);
      if (read.value.status !== "running" && this.record(pairing.id, read.value as TournamentOutput, now)) recorded.push(pairing.id);
    }
    return recorded;
  }

  /**
   * Pairs the idle active bots with games left this hour: fewest recent games first, each with the
   * bot nearest in rating that it did not just play (when there is another), ties broken at random.
   */
  private async pair(now: number): Promise<string[]> {
    const recent = this.gamesSince(now - HOUR_MS);
    const busy = new Set(this.openPairings().flatMap((pairing) => [pairing.a_id, pairing.b_id]));
    const budget = LADDER_SETTINGS.gamesPerHour - LADDER_SETTINGS.gamesPerPairing;
    const random = seededRandom(now >>> 0);
    const idle = shuffleInPlace(
      this.rows<MemberRow>("SELECT * FROM members WHERE status = 'active'").filter(
        (member) => !busy.has(member.bot_id) && (recent.get(member.bot_id) ?? 0) <= budget,
      ),
      random,
    ).sort((a, b) => (recent.get(a.bot_id) ?? 0) - (recent.get(b.bot_id) ?? 0));
    const started: string[] = [];
    while (idle.length >= 2) {
      const bot = idle.shift() as MemberRow;
      const last = this.lastOpponent(bot.bot_id);
      let best = 0;
      const cost = (other: MemberRow) => Math.abs(other.rating - bot.rating) + (other.bot_id === last && idle.length > 1 ? 1e6 : 0);
      idle.forEach((other, index) => {
        if (cost(other) < cost(idle[best])) best = index;
      });
      const [opponent] = idle.splice(best, 1);
      started.push(this.storePairing(bot, opponent, now));
    }
    for (const id of started) {
      const pairing = this.rows<PairingRow>("SELECT * FROM pairings WHERE id = ?", id)[0];
      await this.startTournament(pairing);
    }
    if (started.length > 0) await this.armAlarm();
    return started;
  }

  private lastOpponent(botId: string): string | null {
    const [last] = this.rows<PairingRow>("SELECT * FROM pairings WHERE (a_id = ? OR b_id = ?) AND status != 'failed' ORDER BY seq DESC LIMIT 1", botId, botId);
    return last === undefined ? null : last.a_id === botId ? last.b_id : last.a_id;
  }

  /** Stores a new pairing (its tournament id first: the tournament is created from this row). */
  private storePairing(a: MemberRow, b: MemberRow, now: number): string {
    const id = newMatchId();
    const [{ seq }] = this.rows<{ seq: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM pairings");
    const opening = openingFor(seq);
    this.ctx.storage.sql.exec(
      "INSERT INTO pairings (id, seq, a_id, a_name, b_id, b_name, opening, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'creating', ?)",
      id,
      seq,
      a.bot_id,
      a.name,
      b.bot_id,
      b.name,
      JSON.stringify(opening),
      now,
    );
    return id;
  }

  /**
   * Creates the pairing's tournament (the bots' URLs and secrets read afresh from the registry). A bot
   * deleted from the registry leaves the ladder and the pairing fails; a creation that throws is retried
   * by the next collection.
   */
  private async startTournament(pairing: PairingRow): Promise<void> {
    const found = await this.registry().entrants([pairing.a_id, pairing.b_id]);
    const gone = [pairing.a_id, pairing.b_id].filter((_, index) => found[index] === null);
    if (gone.length > 0) {
      for (const botId of gone) {
        this.ctx.storage.sql.exec("UPDATE members SET status = 'left', paused_reason = NULL, paused_at = NULL WHERE bot_id = ?", botId);
      }
      this.ctx.storage.sql.exec("UPDATE pairings SET status = 'failed', finished_at = ? WHERE id = ? AND status = 'creating'", Date.now(), pairing.id);
      return;
    }
    const entries = found.map((bot) => {
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
        tokenHash: await hashToken(newSeatToken()),
        entries,
        gamesPerPair: LADDER_SETTINGS.gamesPerPairing,
        rules: {},
        clock: { kind: "move", moveMs: LADDER_SETTINGS.moveMs },
        seed,
        maxNodes: readSettings(this.env).defaultNodes,
        ...(opening === null ? {} : { openings: [opening] }),
      });
    }
    this.ctx.storage.sql.exec("UPDATE pairings SET status = 'playing' WHERE id = ? AND status = 'creating'", pairing.id);
  }

  /**
   * Records an ended pairing, once: its games, each bot's counters and forfeit streak (pausing a bot
   * that reached the limit), the refit of every rating, and a history point for both bots. Synchronous:
   * it is stored whole or not at all. False when it was already recorded.
   */
  private record(pairingId: string, view: TournamentOutput, now: number): boolean {
    return this.ctx.storage.transactionSync(() => {
      const [pairing] = this.rows<PairingRow>("SELECT * FROM pairings WHERE id = ?", pairingId);
      if (pairing === undefined || pairing.status === "done" || pairing.status === "failed") return false;
      const idOf = new Map([
        [pairing.a_name, pairing.a_id],
        [pairing.b_name, pairing.b_id],
      ]);
      const finishedAt = view.finishedAt === null ? now : Date.parse(view.finishedAt);
      const opening = pairing.opening === null ? null : (JSON.parse(pairing.opening) as MatchOpening).name;
      const sql = this.ctx.storage.sql;
      for (const game of view.games) {
        const result = game.result;
        const firstId = idOf.get(game.first);
        const secondId = idOf.get(game.second);
        if (result === null || firstId === undefined || secondId === undefined || game.status !== "finished") continue;
        const counts = result.reason !== "cancelled" && result.reason !== "aborted";
        const scoreFirst = !counts ? null : result.winner === null ? 0.5 : result.winner === game.first ? 1 : 0;
        const forfeitedBy = result.forfeitedBy === null ? null : (idOf.get(result.forfeitedBy) ?? null);
        const reason: ResultReason = (RESULT_REASONS as readonly string[]).includes(result.reason) ? result.reason : "cancelled";
        sql.exec(
          `INSERT OR IGNORE INTO games (pairing, game_id, match_id, first_id, second_id, score_first, reason, forfeit_code, forfeited_by, detail, opening, finished_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          pairing.id,
          game.gameId,
          game.matchId,
          firstId,
          secondId,
          scoreFirst,
          reason,
          result.forfeitCode,
          forfeitedBy,
          result.detail,
          opening,
          finishedAt,
        );
        if (scoreFirst === null) continue;
        for (const [botId, score] of [
          [firstId, scoreFirst],
          [secondId, 1 - scoreFirst],
        ] as const) {
          const forfeited = forfeitedBy === botId;
          sql.exec(
            `UPDATE members SET games = games + 1, wins = wins + ?, draws = draws + ?, losses = losses + ?, forfeits = forfeits + ?,
               forfeit_streak = CASE WHEN ? THEN forfeit_streak + 1 ELSE 0 END, last_game_at = ? WHERE bot_id = ?`,
            score === 1 ? 1 : 0,
            score === 0.5 ? 1 : 0,
            score === 0 ? 1 : 0,
            forfeited ? 1 : 0,
            forfeited ? 1 : 0,
            finishedAt,
            botId,
          );
          if (forfeited) this.pauseIfRepeated(botId, result.forfeitCode, result.detail, finishedAt);
        }
      }
      sql.exec("UPDATE pairings SET status = 'done', finished_at = ? WHERE id = ?", finishedAt, pairing.id);
      this.refit();
      for (const botId of [pairing.a_id, pairing.b_id]) {
        const member = this.member(botId);
        if (member)
          sql.exec(
            "INSERT INTO history (bot_id, at, games, rating, deviation) VALUES (?, ?, ?, ?, ?)",
            botId,
            finishedAt,
            member.games,
            member.rating,
            member.deviation,
          );
      }
      return true;
    });
  }

  private pauseIfRepeated(botId: string, code: string | null, detail: string | null, at: number): void {
    const member = this.member(botId);
    if (member?.status !== "active" || member.forfeit_streak < LADDER_SETTINGS.pauseAfterForfeits) return;
    const last = [code, detail].filter((part) => part !== null).join(": ");
    const reason = `paused after ${member.forfeit_streak} forfeits in a row (the last: ${last || "a forfeit"}); fix the bot, then resume it with PUT /v1/ladder/${botId} and its management token`;
    this.ctx.storage.sql.exec("UPDATE members SET status = 'paused', paused_reason = ?, paused_at = ? WHERE bot_id = ?", reason, at, botId);
  }

  /** Every member's rating from a Bradley-Terry fit over every ladder game that counts. */
  private refit(): void {
    const members = this.rows<MemberRow>("SELECT * FROM members ORDER BY bot_id");
    const games = this.rows<GameRow>("SELECT * FROM games WHERE score_first IS NOT NULL").map((game) => ({
      a: game.first_id,
      b: game.second_id,
      scoreA: game.score_first as number,
    }));
    const ids = members.map((member) => member.bot_id);
    const known = new Set(ids);
    const ratings = fitRatings(
      ids,
      games.filter((game) => known.has(game.a) && known.has(game.b)),
    );
    for (const [botId, { rating, deviation }] of ratings)
      this.ctx.storage.sql.exec("UPDATE members SET rating = ?, deviation = ? WHERE bot_id = ?", rating, deviation, botId);
  }
}

const notOnLadder = (botId: string) => err({ code: "ladder/not_found" as const, detail: `bot ${botId} has never been on the ladder` });
