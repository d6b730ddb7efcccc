// Keeps this instance's cached public pages in step with writes made elsewhere: another instance,
// a background job (a webhook that placed an order), the CLI. They move the database's
// public-data version (db/public-data-version.ts); before answering a page, this instance looks
// at it, at most once per `intervalMs`, and drops its cached pages when it moved. One small read a
// second at most, whatever the traffic; the page cache's own freshness bound (60 s) stays the
// limit if the database cannot be read.

export interface PageSyncOptions {
  read(): Promise<number>;
  /** Drops this instance's cached pages (the page renderer's bump()). */
  dropPages(): void;
  intervalMs: number;
  now?: () => number;
}

export interface PageSync {
  /** Before a page is answered: reads the version when the last read is older than the interval. */
  check(): Promise<void>;
  /** After this instance moved the version itself (it dropped its own pages already). */
  saw(version: number): void;
}

export function createPageSync(opts: PageSyncOptions): PageSync {
  const now = opts.now ?? Date.now;
  let seen: number | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const read = async (): Promise<void> => {
    readAt = now();
    const version = await opts.read();
    if (seen !== undefined && version !== seen) opts.dropPages();
    seen = version;
  };
  return {
    check() {
      if (reading) return reading;
      if (now() - readAt < opts.intervalMs) return Promise.resolve();
      reading = read()
        // A failed read leaves the pages as they are; the next request tries again after the interval.
        .catch(() => undefined)
        .finally(() => {
          reading = undefined;
        });
      return reading;
    },
    saw(version) {
      seen = Math.max(seen ?? version, version);
    },
  };
}
