// A scheduled post shows by itself once its time passes (the shop's reads compare publishedAt with
// now). A page cached before that time would still be answered as fresh for up to the page cache's
// freshness bound (60 s); this watch empties the cache at the next scheduled time instead, so the
// post is on /blog at its time. It follows this process's own writes (`refresh` after each public
// write); another instance's schedule reaches this one's cache within the freshness bound.
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";

/** The longest one timer waits; then the next time is read again (timers cap near 24.8 days anyway). */
const LONGEST_WAIT_MS = 60 * 60_000;

export interface ScheduledPostWatch {
  /** Reads the next scheduled time again (after a write that may have changed it). */
  refresh(): void;
  stop(): void;
}

/** The earliest publish time of a published post still to come, or null. */
export async function nextScheduledAt(db: Db, now: Date): Promise<Date | null> {
  const next = await db.blogPost.findFirst({
    where: { status: "PUBLISHED", publishedAt: { gt: now } },
    orderBy: { publishedAt: "asc" },
    select: { publishedAt: true },
  });
  return next?.publishedAt ?? null;
}

export function watchScheduledPosts(opts: {
  db: Db;
  clock: Clock;
  onDue(): void;
  onError(err: unknown): void;
}): ScheduledPostWatch {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let reading = 0;
  const arm = async () => {
    const turn = ++reading;
    try {
      const at = await nextScheduledAt(opts.db, opts.clock.now());
      // A later refresh (or stop) took over while this one read.
      if (stopped || turn !== reading) return;
      clearTimeout(timer);
      timer = undefined;
      if (!at) return;
      const wait = Math.max(0, at.getTime() - opts.clock.now().getTime());
      const due = wait <= LONGEST_WAIT_MS;
      timer = setTimeout(
        () => {
          if (due) opts.onDue();
          void arm();
        },
        // A moment after the time, so that the reads it empties the cache for see it passed.
        due ? wait + 50 : LONGEST_WAIT_MS,
      );
      timer.unref();
    } catch (err) {
      opts.onError(err);
    }
  };
  void arm();
  return {
    refresh: () => void arm(),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
