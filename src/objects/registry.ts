/**
 * The bot registry: one Durable Object (`idFromName("registry")`) holding every registered bot in a
 * SQLite table, so names are unique (case-insensitively, by a UNIQUE constraint) and a listing is one
 * query. The Worker checks the URL and the bot's `GET /` before it calls `register`: no network call
 * happens in here. Management tokens are stored as SHA-256 hashes; signing secrets are stored as is,
 * because the arena needs them to sign its calls, and leave the registry only towards a tournament.
 * Beside the bots it keeps an index of the tournaments started with POST /v1/tournaments (id and
 * creation time only: each tournament's object holds the rest), which the /tournaments page lists, and
 * the registered bots each entered, which a bot's page reads (an index lookup per bot: its cost does not
 * grow with the service's other tournaments; a row per registered entrant of each tournament kept).
 */
import { DurableObject } from "cloudflare:workers";
import { err, ok } from "../rules/index.ts";
import { type BotEntry, type BotOutput, botOutput, type Reply, type StoredBot } from "../wire/index.ts";
import { openTables, sqlOf, type TableSchema } from "./storage.ts";

interface BotRow extends Record<string, SqlStorageValue> {
  id: string;
  name: string;
  url: string;
  secret: string;
  token_hash: string;
  info: string;
  entry: string;
  connection: string;
  created_at: number;
}

const fromRow = (row: BotRow): StoredBot => ({
  id: row.id,
  name: row.name,
  connection: row.connection === "stream" ? "stream" : "webhook",
  url: row.url,
  secret: row.secret,
  tokenHash: row.token_hash,
  info: JSON.parse(row.info),
  entry: row.entry === "owner" ? "owner" : "open",
  createdAt: row.created_at,
});

/** Each registered bot's tournaments, newest first: looked up by bot, dropped by tournament. */
const TOURNAMENT_BOTS_TABLE = [
  "CREATE TABLE tournament_bots (bot_id TEXT NOT NULL, tournament_id TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (bot_id, created_at, tournament_id))",
  "CREATE INDEX tournament_bots_by_tournament ON tournament_bots (tournament_id)",
];

/**
 * The registry's tables (storage.ts): the bots, the index of tournaments, and which registered bots
 * each tournament entered. Version 2 added the last; a store of version 1 gets it empty (the
 * tournaments indexed before know no entrants here, so a bot's page lists its tournaments from then on).
 */
export const REGISTRY_SCHEMA: TableSchema = {
  object: "registry",
  version: 2,
  migrations: {
    1: (sql) => {
      for (const statement of TOURNAMENT_BOTS_TABLE) sql.exec(statement);
    },
  },
  create(sql) {
    sql.exec(`CREATE TABLE bots (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      url TEXT NOT NULL,
      secret TEXT NOT NULL,
      token_hash TEXT NOT NULL,
      info TEXT NOT NULL,
      entry TEXT NOT NULL,
      connection TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`);
    sql.exec("CREATE TABLE tournaments (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL)");
    for (const statement of TOURNAMENT_BOTS_TABLE) sql.exec(statement);
  },
};

export class BotRegistry extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    openTables(sqlOf(ctx.storage), REGISTRY_SCHEMA);
  }

  private rows(query: string, ...bindings: SqlStorageValue[]): StoredBot[] {
    return this.ctx.storage.sql
      .exec<BotRow>(query, ...bindings)
      .toArray()
      .map(fromRow);
  }

  private byId(id: string): StoredBot | undefined {
    return this.rows("SELECT * FROM bots WHERE id = ?", id)[0];
  }

  async register(bot: StoredBot): Promise<Reply<BotOutput>> {
    if (this.rows("SELECT * FROM bots WHERE name = ?", bot.name).length > 0) {
      return err({ code: "registry/name_taken", detail: `a bot named ${bot.name} is already registered` });
    }
    this.ctx.storage.sql.exec(
      "INSERT INTO bots (id, name, url, secret, token_hash, info, entry, connection, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      bot.id,
      bot.name,
      bot.url,
      bot.secret,
      bot.tokenHash,
      JSON.stringify(bot.info),
      bot.entry,
      bot.connection,
      bot.createdAt,
    );
    return ok(botOutput(bot));
  }

  /**
   * A page of bots, oldest first: at most `limit` after the bot with sort key `after` (registration time,
   * id), and whether more follow.
   */
  async list(limit: number, after: { createdAt: number; id: string } | null = null): Promise<{ bots: BotOutput[]; more: boolean }> {
    const rows =
      after === null
        ? this.rows("SELECT * FROM bots ORDER BY created_at, id LIMIT ?", limit + 1)
        : this.rows(
            "SELECT * FROM bots WHERE created_at > ? OR (created_at = ? AND id > ?) ORDER BY created_at, id LIMIT ?",
            after.createdAt,
            after.createdAt,
            after.id,
            limit + 1,
          );
    return { bots: rows.slice(0, limit).map((bot) => botOutput(bot)), more: rows.length > limit };
  }

  /** Adds a tournament to the index with the registered bots it entered (again: no change). */
  async noteTournament(id: string, createdAt: number, botIds: readonly string[]): Promise<void> {
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      sql.exec("INSERT OR IGNORE INTO tournaments (id, created_at) VALUES (?, ?)", id, createdAt);
      for (const botId of botIds) sql.exec("INSERT OR IGNORE INTO tournament_bots (bot_id, tournament_id, created_at) VALUES (?, ?, ?)", botId, id, createdAt);
    });
  }

  /** The newest `limit` tournaments the registered bot `botId` entered (an index lookup: the service's other tournaments cost nothing). */
  async tournamentsOf(botId: string, limit: number): Promise<{ id: string; createdAt: number }[]> {
    return this.ctx.storage.sql
      .exec<{ tournament_id: string; created_at: number }>(
        "SELECT tournament_id, created_at FROM tournament_bots WHERE bot_id = ? ORDER BY created_at DESC, tournament_id DESC LIMIT ?",
        botId,
        limit,
      )
      .toArray()
      .map((row) => ({ id: row.tournament_id, createdAt: row.created_at }));
  }

  /**
   * A page of the tournament index, newest first: at most `limit` ids after the one with sort key
   * `after` (creation time, id), and whether more follow.
   */
  async tournaments(
    limit: number,
    after: { createdAt: number; id: string } | null = null,
  ): Promise<{ tournaments: { id: string; createdAt: number }[]; more: boolean }> {
    const sql = this.ctx.storage.sql;
    const rows = (
      after === null
        ? sql.exec<{ id: string; created_at: number }>("SELECT id, created_at FROM tournaments ORDER BY created_at DESC, id DESC LIMIT ?", limit + 1)
        : sql.exec<{ id: string; created_at: number }>(
            "SELECT id, created_at FROM tournaments WHERE created_at < ? OR (created_at = ? AND id < ?) ORDER BY created_at DESC, id DESC LIMIT ?",
            after.createdAt,
            after.createdAt,
            after.id,
            limit + 1,
          )
    ).toArray();
    return { tournaments: rows.slice(0, limit).map((row) => ({ id: row.id, createdAt: row.created_at })), more: rows.length > limit };
  }

  /** Drops tournaments from the index (their objects were deleted: retention). */
  async forgetTournaments(ids: string[]): Promise<void> {
    for (const id of ids) {
      this.ctx.storage.sql.exec("DELETE FROM tournaments WHERE id = ?", id);
      this.ctx.storage.sql.exec("DELETE FROM tournament_bots WHERE tournament_id = ?", id);
    }
  }

  /** The deep health check's ping: a read of the table, nothing written. */
  async ping(): Promise<true> {
    this.ctx.storage.sql.exec("SELECT 1 FROM bots LIMIT 1").toArray();
    return true;
  }

  async get(id: string): Promise<Reply<BotOutput>> {
    const bot = this.byId(id);
    return bot ? ok(botOutput(bot)) : notFound(id);
  }

  /** The bots with these ids, secrets included (for a tournament's entrants), in the order asked; null for an unknown id. */
  async entrants(ids: string[]): Promise<(StoredBot | null)[]> {
    return ids.map((id) => this.byId(id) ?? null);
  }

  /**
   * Replaces the bot's signing secret and management token if `tokenHash` is its current token's: from
   * now on only the new ones work (tournaments already created keep signing with their copy).
   */
  async rotate(id: string, tokenHash: string, secret: string, newTokenHash: string): Promise<Reply<BotOutput>> {
    const bot = this.byId(id);
    if (!bot) return notFound(id);
    if (bot.tokenHash !== tokenHash) return err({ code: "registry/wrong_token", detail: "the token is not this bot's management token" });
    this.ctx.storage.sql.exec("UPDATE bots SET secret = ?, token_hash = ? WHERE id = ?", secret, newTokenHash, id);
    return ok(botOutput({ ...bot, secret, tokenHash: newTokenHash }));
  }

  /**
   * The bot, without its secret, if `tokenHash` is its management token's: what a connected bot's calls
   * (its event stream, its answers) are checked against.
   */
  async authorize(id: string, tokenHash: string): Promise<Reply<Omit<StoredBot, "secret" | "tokenHash">>> {
    const bot = this.byId(id);
    if (!bot) return notFound(id);
    if (bot.tokenHash !== tokenHash) return err({ code: "registry/wrong_token", detail: "the token is not this bot's management token" });
    const { secret: _secret, tokenHash: _hash, ...rest } = bot;
    return ok(rest);
  }

  /** Changes the bot's settings if `tokenHash` is its management token's. */
  async update(id: string, tokenHash: string, changes: { entry?: BotEntry }): Promise<Reply<BotOutput>> {
    const bot = this.byId(id);
    if (!bot) return notFound(id);
    if (bot.tokenHash !== tokenHash) return err({ code: "registry/wrong_token", detail: "the token is not this bot's management token" });
    const entry = changes.entry ?? bot.entry;
    this.ctx.storage.sql.exec("UPDATE bots SET entry = ? WHERE id = ?", entry, id);
    return ok(botOutput({ ...bot, entry }));
  }

  /** Deletes the bot if `tokenHash` is its management token's. Tournaments already created keep their copy. */
  async remove(id: string, tokenHash: string): Promise<Reply<BotOutput>> {
    const bot = this.byId(id);
    if (!bot) return notFound(id);
    if (bot.tokenHash !== tokenHash) return err({ code: "registry/wrong_token", detail: "the token is not this bot's management token" });
    this.ctx.storage.sql.exec("DELETE FROM bots WHERE id = ?", id);
    return ok(botOutput(bot));
  }
}

const notFound = (id: string) => err({ code: "registry/not_found" as const, detail: `there is no registered bot ${id}` });
