/**
 * How every Durable Object stores its truth: in its own SQLite storage, read and written synchronously,
 * under one schema version per object, brought up to date by one migration mechanism.
 *
 * - Each object's code declares a `Schema`: the version it writes (1 for the first form) and, for every
 *   older version still to be read, the migration to the next one. A change to what an object stores
 *   raises its version by one and adds that migration, with a test that a store of the old version
 *   reads as the new one.
 * - An object that keeps tables (the registry, the ladder, the puzzle store, a bot's link) opens them
 *   with `openTables` in its constructor: a new store gets the current tables, an older one its
 *   migrations, in one transaction; the version is the `schema_version` row of its `meta` table.
 * - An object that keeps documents (a match, a tournament, an idempotency key) has one root document,
 *   whose existence is the object's: the version is the root's `version` field, written by `writeRoot`
 *   and checked by `readRoot`, which migrates an older store before answering. Nothing is written
 *   until the object is created, so asking for an object that does not exist stores nothing.
 *
 * A store of a version newer than the code (a rollback) or of no version at all is not a form this
 * code wrote: reading it throws, rather than guess.
 */

/** What a migration step changes: the tables of an object, or the documents of one. */
export interface Schema<Store> {
  /** The object's kind, for errors. */
  object: string;
  /** The version this code writes: 1 for the first form, one more with each migration. */
  version: number;
  /** `migrations[v]` brings a store of version `v` to version `v + 1`: one for each version from the oldest still read. */
  migrations: Readonly<Record<number, (store: Store) => void>>;
}

/** A stored version this code cannot read. */
export class StorageVersionError extends Error {
  constructor(object: string, found: unknown, version: number) {
    super(`${object}: stored schema version ${String(found)} cannot be read by this code (version ${version})`);
    this.name = "StorageVersionError";
  }
}

/** Runs the migrations from version `from` up to the schema's version, in order; throws for a version it has no way from. */
export function migrate<Store>(schema: Schema<Store>, store: Store, from: unknown): void {
  if (typeof from !== "number" || !Number.isInteger(from) || from < 1 || from > schema.version) throw new StorageVersionError(schema.object, from, schema.version);
  for (let version = from; version < schema.version; version++) {
    const step = schema.migrations[version];
    if (step === undefined) throw new StorageVersionError(schema.object, from, schema.version);
    step(store);
  }
}

// ---- tables ----

export type SqlValue = string | number | null;

/** What the tables' code needs of a SQLite database (the object's, or node:sqlite for benches and tests). */
export interface Sql {
  /** Runs one statement; its rows. */
  exec<T = Record<string, SqlValue>>(query: string, ...bindings: SqlValue[]): T[];
  /** Runs `body` in one transaction (all of it or none). */
  transaction<T>(body: () => T): T;
}

/** The schema of an object that keeps tables: how to make its current tables in an empty database. */
export interface TableSchema extends Schema<Sql> {
  create(sql: Sql): void;
}

/**
 * What this module needs of a Durable Object's storage (`ctx.storage`), written out so that the tables'
 * code also runs on node:sqlite, where the Workers types are not.
 */
interface ObjectStorage {
  sql: { exec(query: string, ...bindings: SqlValue[]): { toArray(): unknown[] } };
  kv: {
    get<T>(key: string): T | undefined;
    put<T>(key: string, value: T): void;
    delete(key: string): boolean;
    list<T>(options?: { prefix?: string }): Iterable<[string, T]>;
  };
  transactionSync<T>(body: () => T): T;
  deleteAlarm(): Promise<void>;
  deleteAll(): Promise<void>;
}

/** A Durable Object's SQLite storage as `Sql`. */
export function sqlOf(storage: ObjectStorage): Sql {
  return {
    exec: <T>(query: string, ...bindings: SqlValue[]) => storage.sql.exec(query, ...bindings).toArray() as unknown as T[],
    transaction: (body) => storage.transactionSync(body),
  };
}

/**
 * Opens an object's tables, in one transaction: an empty database gets the current tables, one of an
 * older version its migrations; the version is then the schema's.
 */
export function openTables(sql: Sql, schema: TableSchema): void {
  sql.transaction(() => {
    const stored = storedTableVersion(sql);
    if (stored === schema.version) return;
    if (stored === undefined) {
      if (tableNames(sql).length > 0) throw new StorageVersionError(schema.object, "none", schema.version);
      sql.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
      schema.create(sql);
    } else {
      migrate(schema, sql, stored);
    }
    sql.exec("INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", schema.version);
  });
}

/** The version of an object's tables (undefined: none recorded). */
export function storedTableVersion(sql: Sql): number | undefined {
  if (!tableNames(sql).includes("meta")) return undefined;
  return sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'schema_version'")[0]?.value;
}

/** The object's own tables (not SQLite's nor the runtime's: `_cf_*` holds the key-value storage). */
const tableNames = (sql: Sql): string[] =>
  sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'")
    .map((row) => row.name);

// ---- documents ----

/** A root document as stored: the object's record and the version of everything the object stores. */
type Versioned<T> = T & { version: number };

/** What a document migration changes: the storage (every key) and the root, which it may rewrite in place. */
interface DocumentStore {
  storage: ObjectStorage;
  root: Record<string, unknown>;
}

/** The schema of an object that keeps documents: the key of its root. */
export interface DocumentSchema extends Schema<DocumentStore> {
  rootKey: string;
}

/** Stores the object's root document, stamped with the schema's version. */
export function writeRoot<T extends object>(storage: ObjectStorage, schema: DocumentSchema, root: T): void {
  storage.kv.put(schema.rootKey, { ...root, version: schema.version } satisfies Versioned<T>);
}

/**
 * The object's root document (undefined: the object was never created, or was deleted), as the current
 * version: an older store is migrated (every document of it, in one transaction) before it is answered.
 */
export function readRoot<T>(storage: ObjectStorage, schema: DocumentSchema): T | undefined {
  const root = storage.kv.get<Record<string, unknown>>(schema.rootKey);
  if (root === undefined) return undefined;
  if (typeof root !== "object" || root === null) throw new StorageVersionError(schema.object, "none", schema.version);
  if (root.version === schema.version) return root as T;
  return storage.transactionSync(() => {
    const store: DocumentStore = { storage, root };
    migrate(schema, store, root.version);
    const migrated = { ...store.root, version: schema.version };
    storage.kv.put(schema.rootKey, migrated);
    return migrated as T;
  });
}

/** Deletes everything the object stores, its alarm included (retention, or a key forgotten). */
export async function deleteStorage(storage: ObjectStorage): Promise<void> {
  await storage.deleteAlarm();
  await storage.deleteAll();
}
