/**
 * The bot registry: one Durable Object (`idFromName("registry")`) holding every registered bot in a
 * SQLite table, so names are unique (case-insensitively, by a UNIQUE constraint) and a listing is one
 * query. The Worker checks the URL and the bot's `GET /` before it calls `register`: no network call
 * happens in here. Management tokens are stored as SHA-256 hashes; signing secrets are stored as is,
 * because the arena needs them to sign its calls, and leave the registry only towards a tournament.
 * Beside the bots it keeps the index of tournaments and of the registered bots each entered
 * (tournament-index.ts), which the /tournaments page and a bot's page read.
 */
import { DurableObject } from "cloudflare:workers";
import { err, ok } from "../rules/index.ts";
import { type BotEntry, type BotOutput, botOutput, type Reply, type StoredBot } from "../wire/index.ts";
import { openTables, sqlOf, type TableSchema } from "./storage.ts";
import { createTournamentIndex, type IndexedTournament, TournamentIndex, TOURNAMENT_INDEX_V2 } from "./tournament-index.ts";

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

/**
 * The registry's tables (storage.ts): the bots, and the index of tournaments (tournament-index.ts).
 * Version 2 added the index's entrants, empty for a store of version 1 (the tournaments indexed before
 * know no entrants, so a bot's page lists its tournaments from then on), and its order by time.
 */
const REGISTRY_SCHEMA: TableSchema = {
  object: "registry",
  version: 2,
  migrations: {
    1: (sql) => {
      for (const statement of TOURNAMENT_INDEX_V2) sql.exec(statement);
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
    createTournamentIndex(sql);
  },
};

export class BotRegistry extends DurableObject<Env> {
  private readonly index: TournamentIndex;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    openTables(sqlOf(ctx.storage), REGISTRY_SCHEMA);
    this.index = new TournamentIndex(sqlOf(ctx.storage));
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
    this.index.note(id, createdAt, botIds);
  }

  /** The newest `limit` tournaments the registered bot `botId` entered (an index lookup: the service's other tournaments cost nothing). */
  async tournamentsOf(botId: string, limit: number): Promise<IndexedTournament[]> {
    return this.index.of(botId, limit);
  }

  /**
   * A page of the tournament index, newest first: at most `limit` ids after the one with sort key
   * `after` (creation time, id), and whether more follow.
   */
  async tournaments(limit: number, after: IndexedTournament | null = null): Promise<{ tournaments: IndexedTournament[]; more: boolean }> {
    return this.index.page(limit, after);
  }

  /** Drops tournaments from the index (their objects were deleted: retention). */
  async forgetTournaments(ids: string[]): Promise<void> {
    this.index.forget(ids);
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
