// The Prisma client factory. Everything SQLite-specific lives in this folder.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "../generated/prisma/client.ts";

export type Db = PrismaClient;
export { Prisma } from "../generated/prisma/client.ts";

/** How long a writer waits for SQLite's write lock before the request fails with 503. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export interface DbOptions {
  /** Called with each SQL statement the app sends; tests count them to prove there is no N+1. */
  onQuery?: (sql: string) => void;
}

/**
 * A driver-adapter factory that sets our per-connection pragmas (foreign keys on, and
 * synchronous=NORMAL, which in WAL mode keeps every committed write across a process
 * crash) and can report each statement.
 */
export function sqliteAdapterFactory(
  url: string,
  opts: DbOptions = {},
): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaBetterSqlite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });
  const prepare = async (adapter: SqlDriverAdapter): Promise<SqlDriverAdapter> => {
    await adapter.executeScript("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
    const onQuery = opts.onQuery;
    if (!onQuery) return adapter;
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.queryRaw = (q) => {
      onQuery(q.sql);
      return queryRaw(q);
    };
    adapter.executeRaw = (q) => {
      onQuery(q.sql);
      return executeRaw(q);
    };
    adapter.startTransaction = async (isolation) => {
      const tx = await startTransaction(isolation);
      const txQuery = tx.queryRaw.bind(tx);
      const txExec = tx.executeRaw.bind(tx);
      tx.queryRaw = (q) => {
        onQuery(q.sql);
        return txQuery(q);
      };
      tx.executeRaw = (q) => {
        onQuery(q.sql);
        return txExec(q);
      };
      return tx;
    };
    return adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => prepare(await inner.connect()),
    connectToShadowDb: async () => prepare(await inner.connectToShadowDb()),
  };
}

export function isSqliteUrl(url: string): boolean {
  return url.startsWith("file:");
}

export function createDb(databaseUrl: string, opts: DbOptions = {}): Db {
  if (!isSqliteUrl(databaseUrl)) {
    // The schema's provider is sqlite; PostgreSQL needs its own generated client and
    // migrations (docs/decisions/002-database.md). Fail plainly rather than half-work.
    throw new Error(
      "Only SQLite (file:) database URLs are supported by this build; see docs/decisions/002-database.md",
    );
  }
  return new PrismaClient({ adapter: sqliteAdapterFactory(databaseUrl, opts) });
}
