/**
 * The ladder store's SQL interface (src/objects/ladder-store.ts) over node:sqlite, for the scale bench
 * and the core tests: statements prepared once, transactions as savepoints (they nest, as the Durable
 * Object's transactionSync does), and the Durable Object's limit of 100 bound parameters a statement.
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { LadderSql } from "../src/objects/ladder-store.ts";
import type { SqlValue } from "../src/objects/storage.ts";

/** Durable Object SQLite binds at most this many parameters to one statement. */
export const DO_MAX_BOUND_PARAMETERS = 100;

export function nodeSql(db: DatabaseSync = new DatabaseSync(":memory:")): LadderSql & { db: DatabaseSync; bytes(): number } {
  const statements = new Map<string, StatementSync>();
  const rawStatements = new Map<string, StatementSync>();
  let depth = 0;
  return {
    db,
    exec<T>(query: string, ...bindings: SqlValue[]): T[] {
      if (bindings.length > DO_MAX_BOUND_PARAMETERS) throw new Error(`${bindings.length} bound parameters; a Durable Object allows ${DO_MAX_BOUND_PARAMETERS}`);
      let statement = statements.get(query);
      if (!statement) {
        statement = db.prepare(query);
        statements.set(query, statement);
      }
      return statement.all(...bindings) as T[];
    },
    execRaw(query: string, ...bindings: SqlValue[]): SqlValue[][] {
      if (bindings.length > DO_MAX_BOUND_PARAMETERS) throw new Error(`${bindings.length} bound parameters; a Durable Object allows ${DO_MAX_BOUND_PARAMETERS}`);
      let statement = rawStatements.get(query);
      if (!statement) {
        statement = db.prepare(query);
        statement.setReturnArrays(true);
        rawStatements.set(query, statement);
      }
      return statement.all(...bindings) as unknown as SqlValue[][];
    },
    transaction<T>(body: () => T): T {
      const name = `s${depth++}`;
      db.exec(`SAVEPOINT ${name}`);
      try {
        const result = body();
        db.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        db.exec(`ROLLBACK TO ${name}`);
        db.exec(`RELEASE ${name}`);
        throw error;
      } finally {
        depth--;
      }
    },
    /** The database's size: pages in use times the page size. */
    bytes(): number {
      const pages = db.prepare("PRAGMA page_count").get() as { page_count: number };
      const free = db.prepare("PRAGMA freelist_count").get() as { freelist_count: number };
      const size = db.prepare("PRAGMA page_size").get() as { page_size: number };
      return (pages.page_count - free.freelist_count) * size.page_size;
    },
  };
}
