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
