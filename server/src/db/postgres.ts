// What PostgreSQL needs, beside what SQLite needs in client.ts: a pool of connections through
// @prisma/adapter-pg, serializable transactions (the isolation SQLite's single writer gives
// every transaction, so each "exactly one" rule written against SQLite holds here too), and
// those transactions tried again when PostgreSQL aborts one for a serialization failure or a
// deadlock, a bounded number of times, each retry logged.

import type { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient as PostgresPrismaClient } from "../generated/prisma-postgres/client.ts";
import { type AdapterSlot, fillSlot } from "./direct.ts";
import { isRetryableTransactionError } from "./errors.ts";
import { reportQueries } from "./report-queries.ts";

/** How long a statement waits for a row or table lock before it fails (and the request gets 503). */
export const POSTGRES_LOCK_TIMEOUT_MS = 5_000;
/** No statement of the store runs this long; one that does is stopped, not left to hang a request. */
export const POSTGRES_STATEMENT_TIMEOUT_MS = 30_000;
/** How long a request waits for a connection (a full pool, or a server that does not answer). */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
/** Tries of one transaction, the first included, before its serialization failure is the answer. */
export const TRANSACTION_ATTEMPTS = 10;
/** The longest pause between two tries; the pause doubles from 10 ms up to this. */
const MAX_RETRY_PAUSE_MS = 250;

export interface PostgresOptions {
  /** Connections in this process's pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  onQuery?: (sql: string) => void;
  /** Told how long each statement took (the metrics). */
  onStatementDone?: (sql: string, seconds: number) => void;
  /** Where a transaction's retry is reported. */
  log?: { warn(obj: object, msg: string): void };
  /** Where the connected adapter is kept for direct reads (direct.ts). */
  slot?: AdapterSlot;
}

/**
 * pg and its adapter are loaded with the first PostgreSQL connection: a store on SQLite never loads
 * them (15 MiB of resident memory at import; docs/performance.md, "Memory").
 */
let adapterModule: Promise<typeof import("@prisma/adapter-pg")> | undefined;
const loadAdapter = () => {
  adapterModule ??= import("@prisma/adapter-pg");
  return adapterModule;
};

export function postgresAdapterFactory(
  url: string,
  opts: PostgresOptions = {},
): SqlMigrationAwareDriverAdapterFactory {
  let inner: Promise<PrismaPg> | undefined;
  const factory = () => {
    inner ??= loadAdapter().then(
      ({ PrismaPg }) =>
        new PrismaPg(
          {
            connectionString: url,
            max: opts.poolSize ?? 10,
            connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
            idleTimeoutMillis: 30_000,
            // Prisma keeps DateTime as timestamp(3) without time zone, in UTC; a session in UTC makes
            // now() and any date arithmetic in raw SQL agree with it.
            options: `-c lock_timeout=${POSTGRES_LOCK_TIMEOUT_MS} -c statement_timeout=${POSTGRES_STATEMENT_TIMEOUT_MS} -c TimeZone=UTC`,
          },
          // A connection that dies while idle (the server restarted) is dropped from the pool by pg;
          // without a listener its 'error' event would end the process.
          { onPoolError: () => {}, onConnectionError: () => {} },
        ),
    );
    return inner;
  };
  const prepare = (adapter: SqlDriverAdapter): SqlDriverAdapter =>
    opts.onQuery || opts.onStatementDone ? reportQueries(adapter, opts) : adapter;
  return {
    // PrismaPg's own names, known before it is loaded.
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => {
      const adapter = prepare(await (await factory()).connect());
      return opts.slot ? fillSlot(opts.slot, adapter) : adapter;
    },
    connectToShadowDb: async () => prepare(await (await factory()).connectToShadowDb()),
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A PostgreSQL client whose interactive transactions are serializable and retried. */
export function createPostgresClient(url: string, opts: PostgresOptions = {}): PostgresPrismaClient {
  const client = new PostgresPrismaClient({
    adapter: postgresAdapterFactory(url, opts),
    transactionOptions: {
      isolationLevel: "Serializable",
      maxWait: POSTGRES_CONNECT_TIMEOUT_MS + 2_000,
      timeout: 10_000,
    },
  });
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]): Promise<unknown> => {
    // A batch (an array of queries) is sent as one unit by Prisma and not retried here.
    if (typeof args[0] !== "function") return transaction(...args);
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (err) {
        if (!isRetryableTransactionError(err) || attempt >= TRANSACTION_ATTEMPTS) throw err;
        opts.log?.warn(
          { attempt, code: (err as { code?: string }).code },
          "transaction aborted by a serialization failure or deadlock; trying again",
        );
        // Jittered backoff, so that the transactions that collided do not collide again.
        const base = Math.min(MAX_RETRY_PAUSE_MS, 10 * 2 ** (attempt - 1));
        await pause(base / 2 + Math.random() * base);
      }
    }
  };
  Object.defineProperty(client, "$transaction", { value: retrying, configurable: true, writable: true });
  return client;
}
