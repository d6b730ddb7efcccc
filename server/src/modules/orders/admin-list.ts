// The admin's order list: newest first, in keyset pages on (createdAt, id) both ways, searched
// and filtered, fast on a large store. Each way of matching is a query of its own that an index
// answers in order (the search term's kinds, an order number, an email, a name; "unfulfilled"
// with or without a status), each reading at most one page past the cursor; the pages are
// merged here. A name is looked up among the customers first (a few thousand rows, not every
// order); guests' orders are matched on the name they shipped to.
import { personName } from "@vela/shared";
import { ORDER_ADMIN_MESSAGES, type OrderListInput, ZOrderListInput } from "@vela/shared/admin";
import { engineOfClient, type Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { storeDayEnd, storeDayStart } from "./store-day.ts";

/** More customers than this matching a name are matched through a join instead of a list of ids. */
const CUSTOMER_IDS_MAX = 500;

const rowSelect = {
  id: true,
  orderNumber: true,
  createdAt: true,
  email: true,
  shipName: true,
  totalAmount: true,
  currencyCode: true,
  financialStatus: true,
  fulfillmentStatus: true,
  customer: { select: { firstName: true, lastName: true, email: true, locale: true } },
} as const satisfies Prisma.OrderSelect;

type Row = Prisma.OrderGetPayload<{ select: typeof rowSelect }>;

export interface OrderListRow {
  number: number;
  placedAt: string;
  customer: { name: string; email: string; account: boolean };
  total: number;
  currencyCode: string;
  financialStatus: string;
  fulfillmentStatus: string;
}

export interface OrderListPage {
  orders: OrderListRow[];
  /** Pass with `direction: "next"` for older orders; null on the last page. */
  nextCursor: string | null;
  /** Pass with `direction: "prev"` for newer orders; null on the first page. */
  prevCursor: string | null;
}

interface Key {
  at: Date;
  id: number;
}

const cursorOf = (r: { createdAt: Date; id: number }) => `${r.createdAt.getTime()}_${r.id}`;

function keyOf(cursor: string): Key {
  const m = /^(\d{1,15})_(\d{1,10})$/.exec(cursor);
  const at = new Date(Number(m?.[1]));
  if (!m || Number.isNaN(at.getTime()))
    throw new AppError("BAD_REQUEST", ORDER_ADMIN_MESSAGES.badCursor, {
      issues: [{ path: "cursor", message: ORDER_ADMIN_MESSAGES.badCursor }],
    });
  return { at, id: Number(m[2]) };
}

/** Older than the key (`next`) or newer (`prev`), as a range on the index's leading column. */
function keysetWhere(key: Key, direction: "next" | "prev"): Prisma.OrderWhereInput {
  return direction === "next"
    ? { createdAt: { lte: key.at }, OR: [{ createdAt: { lt: key.at } }, { id: { lt: key.id } }] }
    : { createdAt: { gte: key.at }, OR: [{ createdAt: { gt: key.at } }, { id: { gt: key.id } }] };
}

/** Case-insensitive `contains` on both engines (SQLite's LIKE already is, for ASCII). */
function containsText(deps: Pick<Deps, "db">, text: string): Prisma.StringFilter {
  return engineOfClient(deps.db) === "postgresql"
    ? ({ contains: text, mode: "insensitive" } as Prisma.StringFilter)
    : { contains: text };
}

/**
 * `[text, text with its last character one higher)`: every string that starts with `text`, as
 * a range an index answers (emails are kept in lower case).
 */
function prefixRange(text: string): { gte: string; lt: string } {
  const chars = Array.from(text);
  const last = chars.pop() ?? "";
  const next = String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
  return { gte: text, lt: `${chars.join("")}${next}` };
}

/** The ways the search term can match, each its own query. */
async function searchBranches(deps: Pick<Deps, "db">, q: string): Promise<Prisma.OrderWhereInput[]> {
  const number = /^#?(\d{1,9})$/.exec(q);
  if (number) return [{ orderNumber: Number(number[1]) }];
  const lower = q.toLowerCase();
  const branches: Prisma.OrderWhereInput[] = [];
  const customerMatches: Prisma.CustomerWhereInput[] = [];
  if (!/\s/.test(lower)) {
    // An email, or the start of one.
    const range = prefixRange(lower);
    branches.push({ email: range });
    customerMatches.push({ email: range });
  }
  // `%` and `_` are LIKE's wildcards (Prisma passes them through on SQLite): not part of a name.
  const words = lower
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ""))
    .filter(Boolean);
  if (!lower.includes("@") && words.length) {
    customerMatches.push({
      AND: words.map((w) => ({
        OR: [{ firstName: containsText(deps, w) }, { lastName: containsText(deps, w) }],
      })),
    });
    branches.push({ customerId: null, AND: words.map((w) => ({ shipName: containsText(deps, w) })) });
  }
  if (customerMatches.length) {
    const where: Prisma.CustomerWhereInput = { OR: customerMatches };
    const ids = await deps.db.customer.findMany({ where, select: { id: true }, take: CUSTOMER_IDS_MAX + 1 });
    if (ids.length > CUSTOMER_IDS_MAX) branches.push({ customer: { is: where } });
    else if (ids.length) branches.push({ customerId: { in: ids.map((c) => c.id) } });
  }
  return branches;
}

function filterWhere(input: ReturnType<typeof ZOrderListInput.parse>): {
  base: Prisma.OrderWhereInput;
  fulfilment: Prisma.OrderWhereInput[];
} {
  const base: Prisma.OrderWhereInput = {
    ...(input.financialStatus ? { financialStatus: input.financialStatus } : {}),
    ...(input.currencyCode ? { currencyCode: input.currencyCode } : {}),
    ...(input.from || input.to
      ? {
          createdAt: {
            ...(input.from ? { gte: storeDayStart(input.from) } : {}),
            ...(input.to ? { lt: storeDayEnd(input.to) } : {}),
          },
        }
      : {}),
  };
  const status = input.fulfillmentStatus;
  // An order placed before fulfilment statuses were written has none: it is unfulfilled.
  const fulfilment: Prisma.OrderWhereInput[] = !status
    ? [{}]
    : status === "UNFULFILLED"
      ? [{ fulfillmentStatus: "UNFULFILLED" }, { fulfillmentStatus: null }]
      : [{ fulfillmentStatus: status }];
  return { base, fulfilment };
}

function toRow(r: Row): OrderListRow {
  const c = r.customer;
  return {
    number: r.orderNumber,
    placedAt: r.createdAt.toISOString(),
    customer: {
      name: c ? personName(c.locale, c.firstName, c.lastName) : r.shipName,
      email: r.email || c?.email || "",
      account: c !== null,
    },
    total: r.totalAmount,
    currencyCode: r.currencyCode,
    financialStatus: r.financialStatus,
    fulfillmentStatus: r.fulfillmentStatus ?? "UNFULFILLED",
  };
}

export async function listOrdersForStaff(
  deps: Pick<Deps, "db">,
  raw: OrderListInput,
): Promise<OrderListPage> {
  const input = ZOrderListInput.parse(raw);
  const key = input.cursor ? keyOf(input.cursor) : null;
  const direction = key ? input.direction : "next";
  const q = input.q?.trim() ?? "";
  const search = q ? await searchBranches(deps, q) : [{}];
  if (!search.length) return { orders: [], nextCursor: null, prevCursor: null };
  const { base, fulfilment } = filterWhere(input);
  const keyset = key ? keysetWhere(key, direction) : {};
  const order = direction === "next" ? "desc" : "asc";
  const take = input.limit + 1;

  const branches = search.flatMap((s) => fulfilment.map((f) => ({ AND: [base, keyset, s, f] })));
  const pages = await Promise.all(
    branches.map((where) =>
      deps.db.order.findMany({
        where,
        orderBy: [{ createdAt: order }, { id: order }],
        take,
        select: rowSelect,
      }),
    ),
  );
  // Merge the branches' pages in the page's order; an order two branches found counts once.
  const seen = new Set<number>();
  const sign = direction === "next" ? -1 : 1;
  const merged = pages
    .flat()
    .sort((a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id))
    .filter((r) => !seen.has(r.id) && seen.add(r.id));
  const more = merged.length > input.limit;
  const page = merged.slice(0, input.limit);
  if (direction === "prev") page.reverse();
  const first = page[0];
  const last = page.at(-1);
  return {
    orders: page.map(toRow),
    // Going forward, there is a page after when one more was found; going back, there is the
    // page the member came from.
    nextCursor: last && (direction === "prev" || more) ? cursorOf(last) : null,
    prevCursor: first && (direction === "prev" ? more : key !== null) ? cursorOf(first) : null,
  };
}
