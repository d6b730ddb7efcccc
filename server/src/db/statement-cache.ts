// Prepared statements kept for reuse. Prisma's better-sqlite3 adapter prepares every statement
// again on every call (`client.prepare(sql).bind(args)`); that was 9% of a profile request's CPU
// (docs/performance.md). Here `prepare` answers from a bounded cache keyed by the SQL text, and
// hands out a view that takes the call's arguments, so one compiled statement serves every call.
import type { Database, Statement } from "better-sqlite3";

/** Distinct statements kept; the least recently used one is finalised beyond this. */
export const STATEMENT_CACHE_SIZE = 500;

type Args = unknown[];

/**
 * What the adapter does with a prepared statement (bind once, then reader, columns, raw().all()
 * or run()), over a cached statement: the arguments are held by the view and passed on each
 * call, since a better-sqlite3 statement can be bound only once.
 */
function view(stmt: Statement<Args>, columns: () => ReturnType<Statement<Args>["columns"]>) {
  let args: Args = [];
  let raw = false;
  const self = {
    get reader() {
      return stmt.reader;
    },
    bind(values: Args) {
      args = values;
      return self;
    },
    columns,
    raw(toggle = true) {
      raw = toggle;
      return self;
    },
    all: () => stmt.raw(raw).all(args),
    get: () => stmt.raw(raw).get(args),
    run: () => stmt.run(args),
  };
  return self;
}

interface Cached {
  stmt: Statement<Args>;
  /** A statement's result columns are fixed once compiled; asked on every call by the adapter. */
  columns: () => ReturnType<Statement<Args>["columns"]>;
}

function cached(stmt: Statement<Args>): Cached {
  let columns: ReturnType<Statement<Args>["columns"]> | undefined;
  return {
    stmt,
    columns: () => {
      columns ??= stmt.columns();
      return columns;
    },
  };
}

const caches = new WeakMap<Database, Map<string, Cached>>();

/** Makes `db.prepare` answer from a cache of compiled statements; a second call changes nothing. */
export function cacheStatements(db: Database, size = STATEMENT_CACHE_SIZE): void {
  if (caches.has(db)) return;
  const cache = new Map<string, Cached>();
  caches.set(db, cache);
  const prepare = db.prepare.bind(db) as (sql: string) => Statement<Args>;
  db.prepare = ((sql: string) => {
    let entry = cache.get(sql);
    if (entry) {
      // Most recently used last, so the first key is the one to drop.
      cache.delete(sql);
    } else {
      entry = cached(prepare(sql));
      if (cache.size >= size) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    cache.set(sql, entry);
    return view(entry.stmt, entry.columns);
  }) as unknown as Database["prepare"];
}

/** How many statements `db` keeps compiled (tests). */
export function cachedStatementCount(db: Database): number {
  return caches.get(db)?.size ?? 0;
}

/** The better-sqlite3 connection inside Prisma's adapter, when the adapter is the one we know. */
export function connectionOf(adapter: object): Database | undefined {
  const client = (adapter as { client?: unknown }).client;
  return client && typeof (client as Database).prepare === "function" && "inTransaction" in (client as object)
    ? (client as Database)
    : undefined;
}
