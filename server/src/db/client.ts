// The Prisma client factory. Everything engine-specific lives in this folder: SQLite's here,
// PostgreSQL's in postgres.ts, the choice between them by the URL's scheme in createDb.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { type AdapterSlot, fillSlot, newAdapterSlot, registerSlot } from "./direct.ts";
import { type Engine, engineOf } from "./engine.ts";
import { isBusyDriverError } from "./errors.ts";
import { createPostgresClient, postgresAdapterFactory } from "./postgres.ts";
import { reportQueries } from "./report-queries.ts";
import { cacheStatements, connectionOf } from "./statement-cache.ts";

export type Db = PrismaClient;
export { type Engine, engineOf, isSqliteUrl } from "./engine.ts";
export { Prisma };

/** How long a writer waits for SQLite's write lock before the request fails with 503. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** The pause between two tries for a lock that another process holds. */
const BUSY_RETRY_MS = 25;

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A first-come, first-served lock over the one connection. */
class ConnectionGate {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turn = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return turn;
  }
}

/**
 * How the app uses its single better-sqlite3 connection:
 * - A transaction has the connection to itself from BEGIN to COMMIT or ROLLBACK. The driver
 *   only serialises transactions with each other, so another request's statement could run
 *   inside an open transaction and be rolled back with it (or lost with it in a crash) after
 *   its request was answered.
 * - Transactions take the write lock when they start (BEGIN IMMEDIATE). The driver's BEGIN is
 *   deferred: a transaction that reads and then writes while another process holds the lock
 *   gets SQLITE_BUSY at once, as SQLite does not wait for a lock that a reader asks for.
 * - Waiting for a lock held by another process happens here, between tries, for up to
 *   SQLITE_BUSY_TIMEOUT_MS; not in SQLite's busy handler, which would stop the whole event
 *   loop (better-sqlite3 is synchronous), and with it every read, for the whole wait.
 */
function serialiseAndWait(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const gate = new ConnectionGate();
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  const executeScript = adapter.executeScript.bind(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);

  /** Runs one statement outside any transaction; a busy database is tried again until the deadline. */
  async function whenFree<T>(run: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    for (;;) {
      const release = await gate.acquire();
      try {
        return await run();
      } catch (err) {
        // Outside a transaction a statement that met a busy database has not run at all.
        if (!isBusyDriverError(err) || Date.now() >= deadline) throw err;
      } finally {
        release();
      }
      await pause(BUSY_RETRY_MS);
    }
  }

  adapter.queryRaw = (q) => whenFree(() => queryRaw(q));
  adapter.executeRaw = (q) => whenFree(() => executeRaw(q));
  // A script (the migrations, the pragmas) has several statements and cannot be tried again
  // from its start: it keeps SQLite's own wait. Scripts run before the server serves anyone.
  adapter.executeScript = async (script) => {
    const release = await gate.acquire();
    try {
      await executeScript(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS};\n${script}`);
    } finally {
      try {
        await executeScript("PRAGMA busy_timeout = 0");
      } finally {
        release();
      }
    }
  };
  adapter.startTransaction = async (isolationLevel) => {
    const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    for (;;) {
      const release = await gate.acquire();
      let tx: Transaction;
      try {
        tx = await startTransaction(isolationLevel);
      } catch (err) {
        release();
        throw err;
      }
      // The driver has sent a deferred BEGIN, which holds no lock yet: replace it. The
      // driver's rollback() sends no SQL; it only frees the driver's own transaction lock.
      try {
        await tx.executeRaw(statement("ROLLBACK"));
        await tx.executeRaw(statement("BEGIN IMMEDIATE"));
      } catch (err) {
        await tx.rollback();
        release();
        if (isBusyDriverError(err) && Date.now() < deadline) {
          await pause(BUSY_RETRY_MS);
          continue;
        }
        throw err;
      }
      const commit = tx.commit.bind(tx);
      const rollback = tx.rollback.bind(tx);
      tx.commit = () => commit().finally(release);
      tx.rollback = () => rollback().finally(release);
      return tx;
    }
  };
  return adapter;
}

export interface DbOptions {
  /** Called with each SQL statement the app sends; tests count them to prove there is no N+1. */
  onQuery?: (sql: string) => void;
  /** Told how long each statement took, once answered (the metrics time them). */
  onStatementDone?: (sql: string, seconds: number) => void;
  /** PostgreSQL: connections in this process's pool (DATABASE_POOL_SIZE). SQLite has one. */
  poolSize?: number;
  /** PostgreSQL: where a retried transaction is reported. */
  log?: { warn(obj: object, msg: string): void };
}

/**
 * A driver-adapter factory that sets our per-connection pragmas (foreign keys on, and
 * synchronous=NORMAL, which in WAL mode keeps every committed write across a process
 * crash), reuses compiled statements, uses the connection as serialiseAndWait describes, and
 * can report each statement.
 */
export function sqliteAdapterFactory(
  url: string,
  opts: DbOptions = {},
  /** Where the connected adapter is kept for direct reads (direct.ts). */
  slot?: AdapterSlot,
): SqlMigrationAwareDriverAdapterFactory {
  // No wait inside SQLite's busy handler: serialiseAndWait waits without blocking the process.
  const inner = new PrismaBetterSqlite3({ url, timeout: 0 });
  const prepare = async (driver: SqlDriverAdapter): Promise<SqlDriverAdapter> => {
    // Statements compiled once and reused (statement-cache.ts); a driver we do not know keeps its own way.
    const connection = connectionOf(driver);
    if (connection) cacheStatements(connection);
    const adapter = serialiseAndWait(driver);
    await adapter.executeScript("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
    return opts.onQuery || opts.onStatementDone ? reportQueries(adapter, opts) : adapter;
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => {
      const adapter = await prepare(await inner.connect());
      return slot ? fillSlot(slot, adapter) : adapter;
    },
    connectToShadowDb: async () => prepare(await inner.connectToShadowDb()),
  };
}

/** The driver adapter for a URL (file: or postgres://), without the pool options of a server. */
export function adapterFactoryFor(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  return engineOf(databaseUrl) === "sqlite"
    ? sqliteAdapterFactory(databaseUrl)
    : postgresAdapterFactory(databaseUrl, { poolSize: 2 });
}

/**
 * The Prisma client for DATABASE_URL: the driver adapter is chosen here, by the URL's scheme.
 * Both generated clients have the same models and methods (one schema, scripts/postgres-schema.mjs),
 * so the PostgreSQL client is used through the SQLite client's type.
 */
export function createDb(databaseUrl: string, opts: DbOptions = {}): Db {
  const slot = newAdapterSlot();
  const db =
    engineOf(databaseUrl) === "postgresql"
      ? (createPostgresClient(databaseUrl, { ...opts, slot }) as unknown as Db)
      : new PrismaClient({
          adapter: sqliteAdapterFactory(databaseUrl, opts, slot),
          // A transaction may wait SQLITE_BUSY_TIMEOUT_MS for the write lock before it starts;
          // Prisma's own limit on that wait (2 s by default) must not cut it short.
          transactionOptions: { maxWait: SQLITE_BUSY_TIMEOUT_MS + 2_000 },
        });
  registerSlot(db, slot);
  return db;
}

/** The engine behind a client or a transaction's client. */
export function engineOfClient(db: Db | Prisma.TransactionClient): Engine {
  // Prisma's own record of the schema's provider, which transaction clients share.
  const provider = (db as unknown as { _activeProvider?: unknown })._activeProvider;
  if (provider === "sqlite") return "sqlite";
  if (provider === "postgresql") return "postgresql";
  throw new Error(`unknown database provider: ${String(provider)}`);
}

/**
 * A raw statement's text for the engine behind `db`. Every raw statement of the store has a
 * twin per engine, written side by side where it is used, and chosen here.
 */
export function twinFor<T>(db: Db | Prisma.TransactionClient, twins: Record<Engine, T>): T {
  return twins[engineOfClient(db)];
}
