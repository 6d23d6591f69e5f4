/**
 * The ladder's storage: every table and query of the LadderObject over a small SQL interface, so the
 * Durable Object (ctx.storage.sql) and the scale bench (node:sqlite) run the same code. No Workers API
 * here.
 *
 * Bounded per bot, whatever it has played: one member row (status, counters, rating, its last
 * opponent, the starts of its pairings in the last hour and when its hourly budget allows the next),
 * its games against each of its
 * latest OPPONENTS_KEPT opponents as one row each (what its rating reads), its latest GAMES_KEPT games
 * (older ones stay reachable through their tournaments until retention deletes them), and at most
 * HISTORY_KEPT rating points, thinned with age (the oldest half loses every other point whenever the
 * limit is reached, so the chart keeps its shape). A pairing row lives while the pairing is played:
 * a bot is busy while a row names it.
 *
 * Every cost is bounded by one bot's rows or by the idle bots: recording a pairing reads and writes its
 * two bots (ladderRating), a tick reads the idle bots through a partial index, pairs them in one pass
 * (ladderPairs) and writes a row per pairing.
 *
 * Anchors (src/tournament/ladder.ts LADDER_ANCHORS) are member rows too, marked `anchor`, with the
 * built-in bot's level as id and name: their rating is written from the code's table (syncAnchors) and
 * never by a record; they count games, keep their latest games and obey their own hourly budget, but
 * keep no opponents' counts or rating history (nothing reads them) and are never paused.
 */
import type { MatchOpening, ResultReason } from "../match/index.ts";
import { RESULT_REASONS } from "../match/index.ts";
import { type LadderCandidate, ladderPairs, LADDER_START, ladderRating } from "../tournament/index.ts";
import { type GameRow, type HistoryRow, LADDER_SETTINGS, type MemberRow, type PairingRow } from "../wire/index.ts";
import { openTables, type Sql, type SqlValue, type TableSchema } from "./storage.ts";

/** What the store needs of a SQLite database. */
export interface LadderSql extends Sql {
  /** Runs one statement, each row an array of its columns (cheaper for many rows). */
  execRaw(query: string, ...bindings: SqlValue[]): SqlValue[][];
}

const HOUR_MS = 3_600_000;
/** Games kept per bot (what its page shows). */
export const GAMES_KEPT = 50;
/** Opponents kept per bot: its rating reads its games against these. */
export const OPPONENTS_KEPT = 100;
/** Rating points kept per bot: at this many, the oldest half is thinned to every other point. */
export const HISTORY_KEPT = 256;
/** Pairings stored by one statement of a tick: 8 parameters each, at most 100 a statement. */
const PAIRINGS_PER_INSERT = 12;

/** A finished tournament game as the ladder records it (names for seats, as the tournament's view has them). */
export interface EndedGame {
  gameId: string;
  matchId: string | null;
  status: string;
  first: string;
  second: string;
  result: { winner: string | null; reason: string; forfeitCode: string | null; forfeitedBy: string | null; detail: string | null } | null;
}

/** A game of a pairing from one bot's side: its forfeit's code and detail, or null when it did not forfeit. */
type ForfeitNote = { code: string | null; detail: string | null } | null;

/**
 * The ladder's tables (storage.ts): the members, the pairings in play (keyed by their number: a tick
 * appends rows in key order, the tournament id is a column), each bot's latest games, its opponents'
 * counts and its rating points, and counters (`meta`: the pairings' number, the bots ever rated).
 * Version 2 added the members' `anchor` mark.
 */
export const LADDER_SCHEMA: TableSchema = {
  object: "ladder",
  version: 2,
  migrations: { 1: (sql) => sql.exec("ALTER TABLE members ADD COLUMN anchor INTEGER NOT NULL DEFAULT 0") },
  create(sql) {
    sql.exec(`CREATE TABLE members (
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
      last_game_at INTEGER,
      last_opponent TEXT,
      starts TEXT NOT NULL DEFAULT '[]',
      ready_at INTEGER NOT NULL DEFAULT 0,
      anchor INTEGER NOT NULL DEFAULT 0
    )`);
    sql.exec("CREATE INDEX members_by_rating ON members (rating DESC, bot_id)");
    sql.exec("CREATE INDEX members_active ON members (rating DESC, bot_id) WHERE status = 'active'");
    sql.exec(`CREATE TABLE pairings (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL,
      a_id TEXT NOT NULL,
      a_name TEXT NOT NULL,
      b_id TEXT NOT NULL,
      b_name TEXT NOT NULL,
      opening TEXT,
      status TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    )`);
    // A bot is in a pairing while the pairing's row exists (it goes when recorded).
    sql.exec("CREATE INDEX pairings_by_a ON pairings (a_id)");
    sql.exec("CREATE INDEX pairings_by_b ON pairings (b_id)");
    sql.exec(`CREATE TABLE bot_games (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      bot_id TEXT NOT NULL,
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
      UNIQUE (bot_id, pairing, game_id)
    )`);
    sql.exec("CREATE INDEX bot_games_by_bot ON bot_games (bot_id, id)");
    sql.exec(`CREATE TABLE opponents (
      bot_id TEXT NOT NULL,
      opponent_id TEXT NOT NULL,
      games INTEGER NOT NULL,
      points REAL NOT NULL,
      last_at INTEGER NOT NULL,
      PRIMARY KEY (bot_id, opponent_id)
    ) WITHOUT ROWID`);
    sql.exec("CREATE INDEX opponents_by_age ON opponents (bot_id, last_at)");
    sql.exec(`CREATE TABLE history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      bot_id TEXT NOT NULL,
      at INTEGER NOT NULL,
      games INTEGER NOT NULL,
      rating REAL NOT NULL,
      deviation REAL NOT NULL
    )`);
    sql.exec("CREATE INDEX history_by_bot ON history (bot_id, id)");
  },
};

export class LadderStore {
  private readonly sql: LadderSql;

  constructor(sql: LadderSql) {
    this.sql = sql;
    openTables(sql, LADDER_SCHEMA);
  }

  rows<T>(query: string, ...bindings: SqlValue[]): T[] {
    return this.sql.exec<T>(query, ...bindings);
  }

  private run(query: string, ...bindings: SqlValue[]): void {
    this.sql.exec(query, ...bindings);
  }

  // ---- counters ----

  private meta(key: string): number {
    return this.rows<{ value: number }>("SELECT value FROM meta WHERE key = ?", key)[0]?.value ?? 0;
  }

  private setMeta(key: string, value: number): void {
    this.run("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  // ---- members ----

  member(botId: string): MemberRow | undefined {
    return this.rows<MemberRow>("SELECT * FROM members WHERE bot_id = ?", botId)[0];
  }

  onLadder(): number {
    return this.rows<{ count: number }>("SELECT COUNT(*) AS count FROM members WHERE status != 'left'")[0].count;
  }

  /** Puts the bot on the ladder, or back (a paused bot resumes with its streak cleared); false when the ladder is full. */
  join(bot: { id: string; name: string }, now: number): boolean {
    const existing = this.member(bot.id);
    if ((existing === undefined || existing.status === "left") && this.onLadder() >= LADDER_SETTINGS.maxBots) return false;
    if (existing === undefined) {
      this.run(
        "INSERT INTO members (bot_id, name, status, joined_at, rating, deviation) VALUES (?, ?, 'active', ?, ?, ?)",
        bot.id,
        bot.name,
        now,
        LADDER_START.rating,
        LADDER_START.deviation,
      );
      this.setMeta("members", this.meta("members") + 1);
    } else {
      this.run("UPDATE members SET name = ?, status = 'active', paused_reason = NULL, paused_at = NULL, forfeit_streak = 0 WHERE bot_id = ?", bot.name, bot.id);
    }
    return true;
  }

  leave(botId: string): void {
    this.run("UPDATE members SET status = 'left', paused_reason = NULL, paused_at = NULL WHERE bot_id = ?", botId);
  }

  /**
   * Puts the anchors of `anchors` on the ladder at their ratings (a rating changed in the code is the
   * anchor's from now on), and takes every other anchor off (all of them when the list is empty). Writes
   * nothing when the rows already agree, so it is cheap to run whenever the object starts.
   */
  syncAnchors(anchors: readonly { level: string; rating: number }[], now: number): void {
    this.sql.transaction(() => {
      for (const { level, rating } of anchors)
        this.run(
          `INSERT INTO members (bot_id, name, status, joined_at, rating, deviation, anchor) VALUES (?1, ?1, 'active', ?2, ?3, 0, 1)
           ON CONFLICT (bot_id) DO UPDATE SET status = 'active', rating = excluded.rating, deviation = 0, anchor = 1
           WHERE members.status != 'active' OR members.rating != excluded.rating OR members.deviation != 0 OR members.anchor != 1`,
          level,
          now,
          rating,
        );
      const kept = anchors.map(({ level }) => level);
      this.run(
        `UPDATE members SET status = 'left' WHERE anchor = 1 AND status != 'left' AND bot_id NOT IN (SELECT value FROM json_each(?))`,
        JSON.stringify(kept),
      );
    });
  }

  /** The anchors on the ladder, by rating (highest first). */
  anchors(): { level: string; rating: number }[] {
    return this.rows<{ level: string; rating: number }>(
      "SELECT bot_id AS level, rating FROM members WHERE anchor = 1 AND status != 'left' ORDER BY rating DESC, bot_id",
    );
  }

  /**
   * When the ladder next has work, as of `now`: `now` while a pairing is in play (to collect it) or a
   * pairing could be made (two idle bots within their budgets, or one and an anchor); else the soonest a
   * waiting bot or anchor's hourly budget allows it; null when nothing can happen until a bot joins or
   * resumes (no active bot, or one alone with no anchor). One query over the active members.
   */
  nextWork(now: number): number | null {
    if (this.rows<{ playing: number }>("SELECT EXISTS (SELECT 1 FROM pairings) AS playing")[0].playing === 1) return now;
    const [row] = this.rows<{ bots: number | null; readyBots: number | null; readyAnchors: number | null; soonest: number | null }>(
      `SELECT SUM(anchor = 0) AS bots, SUM(anchor = 0 AND ready_at <= ?1) AS readyBots, SUM(anchor = 1 AND ready_at <= ?1) AS readyAnchors,
         MIN(CASE WHEN ready_at > ?1 THEN ready_at END) AS soonest
       FROM members WHERE status = 'active'`,
      now,
    );
    const bots = row.bots ?? 0;
    const readyBots = row.readyBots ?? 0;
    if (bots === 0) return null;
    if (readyBots >= 2 || (readyBots >= 1 && (row.readyAnchors ?? 0) >= 1)) return now;
    return row.soonest;
  }

  rankOf(member: MemberRow): number | null {
    if (member.status === "left") return null;
    return this.rows<{ above: number }>("SELECT COUNT(*) AS above FROM members WHERE status != 'left' AND rating > ?", member.rating)[0].above + 1;
  }

  /** Games the bot started in the hour before `now`: its recorded pairings' starts, and the pairing it is in. */
  gamesLastHour(member: MemberRow, now: number): number {
    const playing = this.pairingOf(member);
    const starts = [...startsOf(member), ...(playing ? [playing.created_at] : [])];
    return starts.filter((at) => at > now - HOUR_MS).length * LADDER_SETTINGS.gamesPerPairing;
  }

  /** The pairing the bot is in, if any. */
  pairingOf(member: MemberRow): PairingRow | null {
    return this.rows<PairingRow>("SELECT * FROM pairings WHERE a_id = ?1 OR b_id = ?1 ORDER BY seq LIMIT 1", member.bot_id)[0] ?? null;
  }

  /** A page of members by rating (highest first) after the sort key `after`, and one more to tell whether more follow. */
  page(limit: number, after: { rating: number; botId: string } | null): MemberRow[] {
    return after === null
      ? this.rows<MemberRow>("SELECT * FROM members WHERE status != 'left' ORDER BY rating DESC, bot_id LIMIT ?", limit + 1)
      : this.rows<MemberRow>(
          "SELECT * FROM members WHERE status != 'left' AND (rating < ? OR (rating = ? AND bot_id > ?)) ORDER BY rating DESC, bot_id LIMIT ?",
          after.rating,
          after.rating,
          after.botId,
          limit + 1,
        );
  }

  /** The bot's rating history, oldest first. */
  history(botId: string): HistoryRow[] {
    return this.rows<HistoryRow>("SELECT * FROM history WHERE bot_id = ? ORDER BY id", botId);
  }

  /** The bot's latest games (newest first) and its opponents' names. */
  recentGames(botId: string): { games: GameRow[]; names: Map<string, string> } {
    const games = this.rows<GameRow>("SELECT * FROM bot_games WHERE bot_id = ? ORDER BY id DESC LIMIT ?", botId, GAMES_KEPT);
    const names = new Map(
      this.rows<{ bot_id: string; name: string }>(
        `SELECT bot_id, name FROM members WHERE bot_id IN
           (SELECT CASE WHEN first_id = ?1 THEN second_id ELSE first_id END FROM bot_games WHERE bot_id = ?1)`,
        botId,
      ).map((row) => [row.bot_id, row.name]),
    );
    return { games, names };
  }

  // ---- pairings ----

  /** The pairings in play (a pairing's row goes when it is recorded). */
  openPairings(): PairingRow[] {
    return this.rows<PairingRow>("SELECT * FROM pairings ORDER BY seq");
  }

  /** The pairing numbered `seq`, if it is still in play. */
  pairing(seq: number): PairingRow | undefined {
    return this.rows<PairingRow>("SELECT * FROM pairings WHERE seq = ?", seq)[0];
  }

  markPlaying(pairing: Pick<PairingRow, "seq">): void {
    this.run("UPDATE pairings SET status = 'playing' WHERE seq = ? AND status = 'creating'", pairing.seq);
  }

  /** A pairing that cannot be played (a bot left the registry): those bots leave the ladder, the others are free again. */
  failPairing(pairing: PairingRow, gone: readonly string[]): void {
    this.sql.transaction(() => {
      for (const botId of gone) this.leave(botId);
      this.run("DELETE FROM pairings WHERE seq = ? AND status = 'creating'", pairing.seq);
    });
  }

  /**
   * The tick's pairings: the active bots in no pairing whose hourly budget allows another (`ready_at`),
   * by rating (ladderPairs), each stored with its tournament id from `newId`, in one transaction. It
   * reads the idle bots through an index and writes one row per pairing: nothing else.
   */
  pairIdle(now: number, random: () => number, newId: () => string, openingFor: (seq: number) => MatchOpening | null): PairingRow[] {
    return this.sql.transaction(() => {
      const idle = this.sql.execRaw(
        `SELECT bot_id, name, rating, deviation, last_opponent, json_array_length(starts), anchor FROM members
         WHERE status = 'active' AND ready_at <= ?1
           AND NOT EXISTS (SELECT 1 FROM pairings WHERE a_id = members.bot_id) AND NOT EXISTS (SELECT 1 FROM pairings WHERE b_id = members.bot_id)
         ORDER BY rating DESC, bot_id`,
        now,
      );
      const names = new Map<string, string>();
      // Recent games: the starts its row holds (of the hour before its last record), enough to pick who sits out.
      const candidates: LadderCandidate[] = idle.map(([id, name, rating, deviation, lastOpponent, starts, anchor]) => {
        names.set(id as string, name as string);
        return {
          id: id as string,
          rating: rating as number,
          deviation: deviation as number,
          lastOpponent: lastOpponent as string | null,
          recentGames: (starts as number) * LADDER_SETTINGS.gamesPerPairing,
          anchor: anchor === 1,
        };
      });
      const stored: PairingRow[] = [];
      let seq = Math.max(this.meta("seq"), this.rows<{ seq: number }>("SELECT COALESCE(MAX(seq), 0) AS seq FROM pairings")[0].seq);
      for (const [a, b] of ladderPairs(candidates, random)) {
        seq++;
        const opening = openingFor(seq);
        const pairing: PairingRow = {
          id: newId(),
          seq,
          a_id: a.id,
          a_name: names.get(a.id) as string,
          b_id: b.id,
          b_name: names.get(b.id) as string,
          opening: opening === null ? null : JSON.stringify(opening),
          status: "creating",
          created_at: now,
          finished_at: null,
        };
        stored.push(pairing);
      }
      // Several rows a statement, within the 100 parameters a Durable Object binds.
      for (let from = 0; from < stored.length; from += PAIRINGS_PER_INSERT) {
        const batch = stored.slice(from, from + PAIRINGS_PER_INSERT);
        this.run(
          `INSERT INTO pairings (id, seq, a_id, a_name, b_id, b_name, opening, status, created_at) VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?, 'creating', ?)").join(", ")}`,
          ...batch.flatMap((pairing) => [pairing.id, pairing.seq, pairing.a_id, pairing.a_name, pairing.b_id, pairing.b_name, pairing.opening, now]),
        );
      }
      this.setMeta("seq", seq);
      return stored;
    });
  }

  /**
   * A pairing the bot started at `at`, as of `now`: its starts of the last hour, and when its hourly
   * budget allows the next (the start that must age out first, plus an hour; 0: now).
   */
  private addStart(botId: string, at: number, now: number): void {
    const member = this.member(botId);
    if (!member) return;
    const starts = [...startsOf(member), at].filter((start) => start > now - HOUR_MS).sort((x, y) => x - y);
    const most = (member.anchor === 1 ? LADDER_SETTINGS.anchorGamesPerHour : LADDER_SETTINGS.gamesPerHour) / LADDER_SETTINGS.gamesPerPairing;
    const readyAt = starts.length >= most ? starts[starts.length - most] + HOUR_MS : 0;
    this.run("UPDATE members SET starts = ?, ready_at = ? WHERE bot_id = ?", JSON.stringify(starts), readyAt, botId);
  }

  // ---- recording ----

  /**
   * Records an ended pairing, once, in one transaction: each bot's rows of its games, its counters and
   * forfeit streak (pausing a bot that reached the limit), its counts against the other, both ratings
   * moved (each against its opponents' current ratings), a history point for both, both bots free
   * again; the pairing row goes. False when it was already recorded.
   */
  record(ended: Pick<PairingRow, "seq" | "id">, games: readonly EndedGame[], finishedAt: number): boolean {
    return this.sql.transaction(() => {
      const pairing = this.pairing(ended.seq);
      if (pairing === undefined || pairing.id !== ended.id || (pairing.status !== "creating" && pairing.status !== "playing")) return false;
      const idOf = new Map([
        [pairing.a_name, pairing.a_id],
        [pairing.b_name, pairing.b_id],
      ]);
      const opening = pairing.opening === null ? null : (JSON.parse(pairing.opening) as MatchOpening).name;
      // Each bot's counters, over the pairing's games, are written once.
      const tally = new Map(
        [pairing.a_id, pairing.b_id].map((botId) => [
          botId,
          { games: 0, wins: 0, draws: 0, losses: 0, forfeits: 0, points: 0, forfeited: [] as ForfeitNote[] },
        ]),
      );
      for (const game of games) {
        const result = game.result;
        const firstId = idOf.get(game.first);
        const secondId = idOf.get(game.second);
        if (result === null || firstId === undefined || secondId === undefined || game.status !== "finished") continue;
        const counts = result.reason !== "cancelled" && result.reason !== "aborted";
        const scoreFirst = !counts ? null : result.winner === null ? 0.5 : result.winner === game.first ? 1 : 0;
        const forfeitedBy = result.forfeitedBy === null ? null : (idOf.get(result.forfeitedBy) ?? null);
        const reason: ResultReason = (RESULT_REASONS as readonly string[]).includes(result.reason) ? (result.reason as ResultReason) : "cancelled";
        for (const botId of [firstId, secondId]) {
          this.run(
            `INSERT OR IGNORE INTO bot_games (bot_id, pairing, game_id, match_id, first_id, second_id, score_first, reason, forfeit_code, forfeited_by, detail, opening, finished_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            botId,
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
        }
        if (scoreFirst === null) continue;
        for (const [botId, score] of [
          [firstId, scoreFirst],
          [secondId, 1 - scoreFirst],
        ] as const) {
          const count = tally.get(botId);
          if (!count) continue;
          count.games++;
          count.points += score;
          if (score === 1) count.wins++;
          else if (score === 0.5) count.draws++;
          else count.losses++;
          const forfeited = forfeitedBy === botId;
          if (forfeited) count.forfeits++;
          count.forfeited.push(forfeited ? { code: result.forfeitCode, detail: result.detail } : null);
        }
      }
      for (const [botId, count] of tally) {
        const member = this.member(botId);
        if (!member || count.games === 0) continue;
        // The forfeit streak game by game: a forfeit adds one, any other game clears it; a bot that
        // reaches the limit is paused, with the forfeit that did it.
        let streak = member.forfeit_streak;
        let pause: { streak: number; note: NonNullable<ForfeitNote> } | null = null;
        for (const note of count.forfeited) {
          streak = note === null ? 0 : streak + 1;
          if (note !== null && streak >= LADDER_SETTINGS.pauseAfterForfeits && pause === null) pause = { streak, note };
        }
        this.run(
          `UPDATE members SET games = games + ?, wins = wins + ?, draws = draws + ?, losses = losses + ?, forfeits = forfeits + ?,
             forfeit_streak = ?, last_game_at = ? WHERE bot_id = ?`,
          count.games,
          count.wins,
          count.draws,
          count.losses,
          count.forfeits,
          streak,
          finishedAt,
          botId,
        );
        if (pause !== null && member.status === "active" && member.anchor === 0) this.pause(botId, pause.streak, pause.note, finishedAt);
      }
      const [first, second] = [pairing.a_id, pairing.b_id];
      const counted = tally.get(first);
      if (counted && counted.games > 0) this.countGames(first, second, counted.games, counted.points, finishedAt);
      const members = Math.max(1, this.meta("members"));
      for (const [botId, other] of [
        [pairing.a_id, pairing.b_id],
        [pairing.b_id, pairing.a_id],
      ]) {
        const member = this.member(botId);
        if (!member) continue;
        if (member.anchor === 1) {
          // An anchor's rating is held: only its budget, its last opponent and its games' bound move.
          this.run("UPDATE members SET last_opponent = ? WHERE bot_id = ?", other, botId);
          this.addStart(botId, pairing.created_at, finishedAt);
          if (member.games > GAMES_KEPT) this.trimGames(botId);
          continue;
        }
        const opponents = this.rows<{ games: number; points: number; rating: number }>(
          "SELECT o.games AS games, o.points AS points, m.rating AS rating FROM opponents o JOIN members m ON m.bot_id = o.opponent_id WHERE o.bot_id = ?",
          botId,
        );
        const { rating, deviation } = ladderRating(member.rating, opponents, members);
        this.run("UPDATE members SET rating = ?, deviation = ?, last_opponent = ? WHERE bot_id = ?", rating, deviation, other, botId);
        this.addStart(botId, pairing.created_at, finishedAt);
        this.run("INSERT INTO history (bot_id, at, games, rating, deviation) VALUES (?, ?, ?, ?, ?)", botId, finishedAt, member.games, rating, deviation);
        // Trimmed a pairing's worth at a time once over the bound (the views read the latest GAMES_KEPT).
        if (member.games > GAMES_KEPT) this.trimGames(botId);
        if (opponents.length > OPPONENTS_KEPT) this.trimOpponents(botId);
        this.thinHistory(botId);
      }
      this.run("DELETE FROM pairings WHERE seq = ?", pairing.seq);
      return true;
    });
  }

  /** Counted games between two bots (`points`: the first's) in both bots' counts against each other (an anchor keeps none: its rating is held). */
  private countGames(firstId: string, secondId: string, games: number, points: number, at: number): void {
    for (const [botId, opponentId, got] of [
      [firstId, secondId, points],
      [secondId, firstId, games - points],
    ] as const) {
      if (this.member(botId)?.anchor === 1) continue;
      this.run(
        `INSERT INTO opponents (bot_id, opponent_id, games, points, last_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (bot_id, opponent_id) DO UPDATE SET games = games + excluded.games, points = points + excluded.points, last_at = excluded.last_at`,
        botId,
        opponentId,
        games,
        got,
        at,
      );
    }
  }

  private pause(botId: string, streak: number, note: NonNullable<ForfeitNote>, at: number): void {
    const last = [note.code, note.detail].filter((part) => part !== null).join(": ");
    const reason = `paused after ${streak} forfeits in a row (the last: ${last || "a forfeit"}); fix the bot, then resume it with PUT /v1/ladder/${botId} and its management token`;
    this.run("UPDATE members SET status = 'paused', paused_reason = ?, paused_at = ? WHERE bot_id = ?", reason, at, botId);
  }

  // ---- bounds ----

  private trimGames(botId: string): void {
    this.run(
      "DELETE FROM bot_games WHERE bot_id = ?1 AND id <= (SELECT id FROM bot_games WHERE bot_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)",
      botId,
      GAMES_KEPT,
    );
  }

  private trimOpponents(botId: string): void {
    // Keep the latest OPPONENTS_KEPT (ties at the boundary by opponent id).
    const doomed = this.rows<{ opponent_id: string }>(
      "SELECT opponent_id FROM opponents WHERE bot_id = ? ORDER BY last_at DESC, opponent_id LIMIT -1 OFFSET ?",
      botId,
      OPPONENTS_KEPT,
    );
    for (const { opponent_id } of doomed) this.run("DELETE FROM opponents WHERE bot_id = ? AND opponent_id = ?", botId, opponent_id);
  }

  /** At HISTORY_KEPT points, every other point of the oldest half goes (the first point stays). */
  private thinHistory(botId: string): void {
    const [{ count }] = this.rows<{ count: number }>("SELECT COUNT(*) AS count FROM history WHERE bot_id = ?", botId);
    if (count < HISTORY_KEPT) return;
    const oldest = this.rows<{ id: number }>("SELECT id FROM history WHERE bot_id = ? ORDER BY id LIMIT ?", botId, Math.floor(count / 2));
    for (let index = 1; index < oldest.length; index += 2) this.run("DELETE FROM history WHERE id = ?", oldest[index].id);
  }
}

/** The starts of a member's recorded pairings within the last hour (as of its latest record). */
function startsOf(member: Pick<MemberRow, "starts">): number[] {
  try {
    const parsed = JSON.parse(member.starts ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter((value): value is number => typeof value === "number") : [];
  } catch {
    return [];
  }
}
