/**
 * The registry's index of tournaments (src/objects/registry.ts), over `Sql`: the registry's SQLite, or
 * node:sqlite in the scale bench. Each tournament started with POST /v1/tournaments (id and creation
 * time: its object holds the rest), which the /tournaments page lists newest first, and the registered
 * bots each entered, which a bot's page reads. A bot's lookup is an index range (its cost does not grow
 * with the service's other tournaments); storage is a row per tournament and one per registered entrant.
 */
import type { Sql } from "./storage.ts";

/**
 * What version 2 of the registry added: each registered bot's tournaments, newest first (looked up by
 * bot, dropped by tournament), and the tournaments in creation order, so that a page of the newest reads
 * 20 rows rather than sorting them all (the scale bench: 11.7 ms at 100,000 tournaments without it).
 */
export const TOURNAMENT_INDEX_V2 = [
  "CREATE TABLE tournament_bots (bot_id TEXT NOT NULL, tournament_id TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (bot_id, created_at, tournament_id))",
  "CREATE INDEX tournament_bots_by_tournament ON tournament_bots (tournament_id)",
  "CREATE INDEX tournaments_by_time ON tournaments (created_at, id)",
];

/** The index's tables in a new database. */
export function createTournamentIndex(sql: Sql): void {
  sql.exec("CREATE TABLE tournaments (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL)");
  for (const statement of TOURNAMENT_INDEX_V2) sql.exec(statement);
}

export interface IndexedTournament {
  id: string;
  createdAt: number;
}

export class TournamentIndex {
  private readonly sql: Sql;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  /** Adds a tournament with the registered bots it entered (again: no change). */
  note(id: string, createdAt: number, botIds: readonly string[]): void {
    this.sql.transaction(() => {
      this.sql.exec("INSERT OR IGNORE INTO tournaments (id, created_at) VALUES (?, ?)", id, createdAt);
      for (const botId of botIds) this.sql.exec("INSERT OR IGNORE INTO tournament_bots (bot_id, tournament_id, created_at) VALUES (?, ?, ?)", botId, id, createdAt);
    });
  }

  /** The newest `limit` tournaments the registered bot `botId` entered. */
  of(botId: string, limit: number): IndexedTournament[] {
    return this.sql
      .exec<{ tournament_id: string; created_at: number }>(
        "SELECT tournament_id, created_at FROM tournament_bots WHERE bot_id = ? ORDER BY created_at DESC, tournament_id DESC LIMIT ?",
        botId,
        limit,
      )
      .map((row) => ({ id: row.tournament_id, createdAt: row.created_at }));
  }

  /** A page, newest first: at most `limit` after the one with sort key `after` (creation time, id), and whether more follow. */
  page(limit: number, after: IndexedTournament | null): { tournaments: IndexedTournament[]; more: boolean } {
    const rows =
      after === null
        ? this.sql.exec<{ id: string; created_at: number }>("SELECT id, created_at FROM tournaments ORDER BY created_at DESC, id DESC LIMIT ?", limit + 1)
        : this.sql.exec<{ id: string; created_at: number }>(
            "SELECT id, created_at FROM tournaments WHERE created_at < ? OR (created_at = ? AND id < ?) ORDER BY created_at DESC, id DESC LIMIT ?",
            after.createdAt,
            after.createdAt,
            after.id,
            limit + 1,
          );
    return { tournaments: rows.slice(0, limit).map((row) => ({ id: row.id, createdAt: row.created_at })), more: rows.length > limit };
  }

  /** Drops tournaments (their objects were deleted: retention), with their entrants' rows. */
  forget(ids: readonly string[]): void {
    for (const id of ids) {
      this.sql.exec("DELETE FROM tournaments WHERE id = ?", id);
      this.sql.exec("DELETE FROM tournament_bots WHERE tournament_id = ?", id);
    }
  }
}
