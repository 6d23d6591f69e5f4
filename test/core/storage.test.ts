/**
 * The one migration mechanism of the Durable Objects (src/objects/storage.ts), on node:sqlite: a new
 * database gets the current tables and version, an older one its migrations in order, all in one
 * transaction (a failing step leaves the database as it was), and a database the code did not write
 * (a newer version, or tables without a version) is refused rather than guessed at.
 */
import { describe, expect, it } from "vitest";
import { DatabaseSync } from "node:sqlite";
import { nodeSql } from "../../bench/sqlite.ts";
import { migrate, openTables, type Sql, StorageVersionError, storedTableVersion, type TableSchema } from "../../src/objects/storage.ts";

/** Version 1 kept a name; version 2 splits it into first and last; version 3 adds a count. */
const schemaAt = (version: number, steps: string[] = []): TableSchema => ({
  object: "test object",
  version,
  migrations: {
    1: (sql) => {
      steps.push("1->2");
      sql.exec("ALTER TABLE people ADD COLUMN last TEXT");
      sql.exec("UPDATE people SET last = substr(name, instr(name, ' ') + 1), name = substr(name, 1, instr(name, ' ') - 1)");
    },
    2: (sql) => {
      steps.push("2->3");
      sql.exec("ALTER TABLE people ADD COLUMN visits INTEGER NOT NULL DEFAULT 0");
    },
  },
  create(sql) {
    steps.push("create");
    if (version === 1) sql.exec("CREATE TABLE people (name TEXT PRIMARY KEY)");
    else if (version === 2) sql.exec("CREATE TABLE people (name TEXT PRIMARY KEY, last TEXT)");
    else sql.exec("CREATE TABLE people (name TEXT PRIMARY KEY, last TEXT, visits INTEGER NOT NULL DEFAULT 0)");
  },
});

const people = (sql: Sql) => sql.exec("SELECT * FROM people ORDER BY name");
const tables = (sql: Sql) => sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((row) => row.name);

describe("openTables", () => {
  it("gives a new database the current tables and records their version; opening it again changes nothing", () => {
    const sql = nodeSql();
    const steps: string[] = [];
    openTables(sql, schemaAt(3, steps));
    expect(steps).toEqual(["create"]);
    expect(storedTableVersion(sql)).toBe(3);
    expect(tables(sql)).toEqual(["meta", "people"]);
    sql.exec("INSERT INTO people (name, last) VALUES ('Ada', 'Lovelace')");
    openTables(sql, schemaAt(3, steps));
    expect(steps).toEqual(["create"]);
    expect(people(sql)).toEqual([{ name: "Ada", last: "Lovelace", visits: 0 }]);
  });

  it("brings a database of an older version up through each migration in order, keeping its rows", () => {
    const sql = nodeSql();
    openTables(sql, schemaAt(1));
    sql.exec("INSERT INTO people (name) VALUES ('Ada Lovelace'), ('Alan Turing')");
    const steps: string[] = [];
    openTables(sql, schemaAt(3, steps));
    expect(steps).toEqual(["1->2", "2->3"]);
    expect(storedTableVersion(sql)).toBe(3);
    expect(people(sql)).toEqual([
      { name: "Ada", last: "Lovelace", visits: 0 },
      { name: "Alan", last: "Turing", visits: 0 },
    ]);
  });

  it("runs the migrations in one transaction: a step that fails leaves the database and its version as they were", () => {
    const sql = nodeSql();
    openTables(sql, schemaAt(1));
    sql.exec("INSERT INTO people (name) VALUES ('Ada Lovelace')");
    const failing: TableSchema = {
      ...schemaAt(3),
      migrations: {
        ...schemaAt(3).migrations,
        2: () => {
          throw new Error("the disk is full");
        },
      },
    };
    expect(() => openTables(sql, failing)).toThrow("the disk is full");
    expect(storedTableVersion(sql)).toBe(1);
    expect(people(sql)).toEqual([{ name: "Ada Lovelace" }]);
  });

  it("refuses a database of a newer version than the code (a rollback), and one with tables but no version", () => {
    const newer = nodeSql();
    openTables(newer, schemaAt(3));
    expect(() => openTables(newer, schemaAt(2))).toThrow(StorageVersionError);
    expect(storedTableVersion(newer)).toBe(3);

    const db = new DatabaseSync(":memory:");
    db.exec("CREATE TABLE people (name TEXT PRIMARY KEY)");
    expect(() => openTables(nodeSql(db), schemaAt(1))).toThrow(/stored schema version none/);
  });
});

describe("migrate", () => {
  it("refuses a version it has no way from: below 1, not a number, or a missing step", () => {
    const store = nodeSql();
    const gap: TableSchema = { ...schemaAt(3), migrations: { 2: schemaAt(3).migrations[2] } };
    for (const from of [0, -1, 1.5, "1", undefined, 4]) expect(() => migrate(schemaAt(3), store, from)).toThrow(StorageVersionError);
    expect(() => migrate(gap, store, 1)).toThrow(StorageVersionError);
  });
});
