// The admin's first page: today's orders and sales per currency (the store's day: UTC,
// store-day.ts), the orders waiting to ship, the returns waiting for the staff, and the mails
// the outbox held back or cannot deliver.
import type { Deps } from "../../deps.ts";
import { countReturnsWaiting } from "../returns/service.ts";
import { storeDayEnd, storeDayOf, storeDayStart } from "./store-day.ts";

/** Paid for (or authorized) and not all shipped. */
export const WAITING_TO_SHIP = {
  financialStatus: { in: ["AUTHORIZED", "PAID", "PARTIALLY_PAID", "PARTIALLY_REFUNDED"] },
  OR: [
    { fulfillmentStatus: null },
    {
      fulfillmentStatus: { in: ["UNFULFILLED", "PARTIALLY_FULFILLED", "IN_PROGRESS", "PENDING_FULFILLMENT"] },
    },
  ],
};

/** Mails held back by the limits in the last this many days count as "held". */
export const HELD_MAIL_DAYS = 7;
const MAIL_MAX_ATTEMPTS = 8;

export interface DashboardSummary {
  /** The store's day: `YYYY-MM-DD` of UTC, and its bounds. */
  day: { date: string; timeZone: "UTC"; from: string; to: string };
  today: {
    orders: number;
    /** Per currency: the orders placed today and their totals (cancelled ones left out of `sales`). */
    sales: { currencyCode: string; orders: number; amount: number }[];
  };
  waitingToShip: number;
  /** Returns asked for and waiting for the staff to approve or decline them. */
  returnsWaiting: number;
  mails: {
    /** Kept and never sent because the address had its share of that kind (the last 7 days). */
    held: number;
    /** Not delivered yet after at least one failed attempt; the outbox still tries. */
    failing: number;
    /** Given up after every attempt failed. */
    gaveUp: number;
  };
}

export async function dashboardSummary(deps: Pick<Deps, "db" | "clock">): Promise<DashboardSummary> {
  const now = deps.clock.now();
  const date = storeDayOf(now);
  const from = storeDayStart(date);
  const to = storeDayEnd(date);
  const today = { createdAt: { gte: from, lt: to } };
  const [byCurrency, salesByCurrency, waitingToShip, returnsWaiting, held, failing, gaveUp] =
    await Promise.all([
      deps.db.order.groupBy({
        by: ["currencyCode"],
        where: today,
        _count: { _all: true },
        orderBy: { currencyCode: "asc" },
      }),
      deps.db.order.groupBy({
        by: ["currencyCode"],
        where: { ...today, financialStatus: { not: "VOIDED" } },
        _sum: { totalAmount: true },
        orderBy: { currencyCode: "asc" },
      }),
      deps.db.order.count({ where: WAITING_TO_SHIP }),
      countReturnsWaiting(deps.db),
      deps.db.emailOutbox.count({
        where: { sentAt: null, heldAt: { gte: new Date(now.getTime() - HELD_MAIL_DAYS * 86_400_000) } },
      }),
      deps.db.emailOutbox.count({
        where: { sentAt: null, heldAt: null, lastError: { not: null }, attempts: { lt: MAIL_MAX_ATTEMPTS } },
      }),
      deps.db.emailOutbox.count({
        where: { sentAt: null, heldAt: null, attempts: { gte: MAIL_MAX_ATTEMPTS } },
      }),
    ]);
  const sums = new Map(salesByCurrency.map((v) => [v.currencyCode, v._sum.totalAmount ?? 0]));
  return {
    day: { date, timeZone: "UTC", from: from.toISOString(), to: to.toISOString() },
    today: {
      orders: byCurrency.reduce((n, c) => n + c._count._all, 0),
      sales: byCurrency.map((c) => ({
        currencyCode: c.currencyCode,
        orders: c._count._all,
        amount: sums.get(c.currencyCode) ?? 0,
      })),
    },
    waitingToShip,
    returnsWaiting,
    mails: { held, failing, gaveUp },
  };
}
