// How the database says it is busy or full. The patterns are the SQLite driver's texts
// (and the driver adapter's SocketTimeout for SQLITE_BUSY); they live here, with the rest
// of what is SQLite-specific, so that a PostgreSQL build adds its own codes in one place.

export function isDatabaseBusy(message: string): boolean {
  return /SQLITE_BUSY|database is locked|SocketTimeout|timed out|Timed out fetching|Unable to start a transaction in the given time/i.test(
    message,
  );
}

export function isDatabaseFull(message: string): boolean {
  return /SQLITE_FULL|database or disk is full|ENOSPC/i.test(message);
}

/** The driver adapter's own error for SQLITE_BUSY (any extended code), before Prisma wraps it. */
export function isBusyDriverError(err: unknown): boolean {
  const e = err as { name?: unknown; cause?: { kind?: unknown } } | null;
  return e?.name === "DriverAdapterError" && e.cause?.kind === "SocketTimeout";
}

// PostgreSQL's side. Prisma reports a driver failure as its own code (P-codes) with the
// driver adapter's error, and PostgreSQL's SQLSTATE, under meta.driverAdapterError.

interface DriverCause {
  kind?: unknown;
  originalCode?: unknown;
  code?: unknown;
}

function driverCause(err: unknown): DriverCause | undefined {
  const e = err as {
    name?: unknown;
    meta?: { driverAdapterError?: { cause?: DriverCause } };
    cause?: DriverCause;
  } | null;
  if (e?.meta?.driverAdapterError?.cause) return e.meta.driverAdapterError.cause;
  return e?.name === "DriverAdapterError" ? e.cause : undefined;
}

/** A transaction PostgreSQL aborted for a serialization failure (40001) or a deadlock (40P01). */
export function isRetryableTransactionError(err: unknown): boolean {
  if ((err as { code?: unknown } | null)?.code === "P2034") return true;
  const cause = driverCause(err);
  return (
    cause?.kind === "TransactionWriteConflict" ||
    cause?.originalCode === "40001" ||
    cause?.originalCode === "40P01"
  );
}

/**
 * SQLSTATEs after which the same request may well succeed a moment later: the connection was
 * lost or refused (08, 57P01-57P03 the server shutting down or starting), too many connections
 * (53300), a lock or statement wait ran out (55P03, 57014), a serialization failure that
 * outlived its retries (40001, 40P01).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|55P03|57014|40001|40P01)$/;
/** Prisma's codes for the same: server not reachable, socket timeout, connection closed, write conflict, too many connections. */
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1008", "P1017", "P2034", "P2037"]);
/** node-postgres's own texts for a lost or refused connection, which carry no SQLSTATE. */
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|ECONNREFUSED|ECONNRESET|Can't reach database server|terminating connection/i;

/** Whether a failure means "the database cannot be reached or is overloaded right now". */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && UNAVAILABLE_PRISMA_CODES.has(code)) return true;
  const cause = driverCause(err);
  const sqlState = cause?.originalCode ?? cause?.code;
  if (typeof sqlState === "string" && UNAVAILABLE_SQLSTATE.test(sqlState)) return true;
  if (cause?.kind === "DatabaseNotReachable" || cause?.kind === "ConnectionClosed") return true;
  const message = err instanceof Error ? err.message : String(err);
  return UNAVAILABLE_TEXT.test(message);
}

/**
 * A value the engine cannot hold: PostgreSQL refuses NUL in text and a number or date beyond
 * its column's range, where SQLite stores anything. It is the request's fault: 400, not 500.
 */
export function isValueRefused(err: unknown): boolean {
  const cause = driverCause(err);
  const sqlState = cause?.originalCode ?? cause?.code;
  return typeof sqlState === "string" && /^(22021|22P05|22003|22008|22007)$/.test(sqlState);
}
