// The store's calendar day, for the admin's date filters and the dashboard's "today": a day of
// UTC, [00:00, 24:00) UTC, whatever the reader's or the customer's time zone (docs/admin.md).

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the store's day an instant falls on. */
export function storeDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first instant of a store's day (`YYYY-MM-DD`). */
export function storeDayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The first instant after a store's day. */
export function storeDayEnd(day: string): Date {
  return new Date(storeDayStart(day).getTime() + DAY_MS);
}
