// Compiled statements are reused (src/db/statement-cache.ts): the adapter's per-call prepare is
// answered from a bounded cache, and each call still runs with its own arguments.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SqlQuery } from "@prisma/driver-adapter-utils";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteAdapterFactory } from "../src/db/client.ts";
import { cachedStatementCount, cacheStatements, connectionOf } from "../src/db/statement-cache.ts";

function countingDb(): { db: Database.Database; compiled: () => number } {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  let compiled = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    compiled++;
    return prepare(sql);
  }) as typeof db.prepare;
  return { db, compiled: () => compiled };
}

describe("the statement cache", () => {
  it("compiles a statement once and runs it with each call's own arguments", () => {
    const { db, compiled } = countingDb();
    cacheStatements(db);
    for (const [id, name] of [
      [1, "one"],
      [2, "two"],
      [3, "three"],
    ] as const) {
      db.prepare("INSERT INTO t (id, name) VALUES (?, ?)").bind([id, name]).run();
    }
    const select = "SELECT id, name FROM t WHERE id >= ? ORDER BY id";
    const first = db.prepare(select).bind([2]);
    expect(first.reader).toBe(true);
    expect(first.columns().map((c) => c.name)).toEqual(["id", "name"]);
    expect(first.raw().all()).toEqual([
      [2, "two"],
      [3, "three"],
    ]);
    expect(db.prepare(select).bind([3]).raw().all()).toEqual([[3, "three"]]);
    // Without raw(), rows are objects, as from an uncached statement.
    expect(db.prepare(select).bind([1]).all()).toEqual([
      { id: 1, name: "one" },
      { id: 2, name: "two" },
      { id: 3, name: "three" },
    ]);
    expect(compiled()).toBe(2);
    expect(cachedStatementCount(db)).toBe(2);
  });

  it("keeps at most its size, dropping the least recently used statement", () => {
    const { db, compiled } = countingDb();
    cacheStatements(db, 2);
    const a = "SELECT 1 AS n WHERE ? IS NOT NULL";
    const b = "SELECT 2 AS n WHERE ? IS NOT NULL";
    const c = "SELECT 3 AS n WHERE ? IS NOT NULL";
    for (const sql of [a, b, a, c, a]) expect(db.prepare(sql).bind([0]).raw().all()).toHaveLength(1);
    expect(cachedStatementCount(db)).toBe(2);
    // a stayed (used last), b was dropped for c: four compilations, not five.
    expect(compiled()).toBe(3);
    db.prepare(b).bind([0]).run();
    expect(compiled()).toBe(4);
  });

  it("is what Prisma's SQLite adapter uses: the same statement twice is compiled once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vela-statements-"));
    const adapter = await sqliteAdapterFactory(`file:${path.join(dir, "s.db")}`).connect();
    try {
      const connection = connectionOf(adapter);
      expect(connection).toBeDefined();
      await adapter.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
      const insert = (id: number, name: string): SqlQuery => ({
        sql: "INSERT INTO t (id, name) VALUES (?, ?)",
        args: [id, name],
        argTypes: [
          { scalarType: "int", arity: "scalar" },
          { scalarType: "string", arity: "scalar" },
        ],
      });
      await adapter.executeRaw(insert(1, "one"));
      await adapter.executeRaw(insert(2, "two"));
      const byId = (id: number): SqlQuery => ({
        sql: "SELECT name FROM t WHERE id = ?",
        args: [id],
        argTypes: [{ scalarType: "int", arity: "scalar" }],
      });
      expect((await adapter.queryRaw(byId(1))).rows).toEqual([["one"]]);
      expect((await adapter.queryRaw(byId(2))).rows).toEqual([["two"]]);
      expect(cachedStatementCount(connection as Database.Database)).toBe(2);
    } finally {
      await adapter.dispose();
    }
  });
});
