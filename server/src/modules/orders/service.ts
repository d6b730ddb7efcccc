import { MESSAGES, ORDERS_PAGE_DEFAULT, toGid, toMoney } from "@vela/shared";
import type { Order, OrderPayment, OrdersPage } from "@vela/shared/api";
import { type Db, Prisma, twinFor } from "../../db/client.ts";
import { readSqlText } from "../../db/direct.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

// Orders are the store's hottest read. List and detail load a page in one statement whatever
// its size: the database nests each order's line items and tracking (correlated subqueries, both
// on an index) and hands back the whole page as one JSON text, which one native JSON.parse turns
// into rows. Before, the page took three statements whose every row and column went through
// Prisma's raw-result mapping: at 50 orders that mapping was most of the page's time
// (bench/, "No N+1"), and a page of 50 must cost at most twice a page of 5.
// The statement has a twin per engine (SQLite's json_group_array/json_array, PostgreSQL's
// json_agg/json_build_array), chosen by twinFor; both answer the same text, dates included.

/**
 * The statement of a page: orders matching `where`, newest first, at most `take`, each with its
 * lines and tracking, as one row whose `page` column is a JSON array of `ordersFromJson`'s tuples.
 * Each aggregate reads an ordered subquery (a co-routine over the index, so already in order):
 * an ORDER BY inside json_group_array sorted again and cost a 50-order page 40 % more.
 */
export function sqliteOrdersQuery(where: Prisma.Sql, take: number): Prisma.Sql {
  return Prisma.sql`
    SELECT json_group_array(json_array(
      o."id", o."orderNumber", strftime('%Y-%m-%dT%H:%M:%fZ', o."processedAt"),
      CAST(round(unixepoch(o."processedAt", 'subsec') * 1000) AS INTEGER), o."financialStatus", o."fulfillmentStatus",
      o."currencyCode", o."subtotalAmount", o."shippingAmount", o."taxAmount", o."totalAmount",
      o."shipName", o."shipAddress1", o."shipAddress2", o."shipCity", o."shipProvince", o."shipZip",
      o."shipCountry", o."shipPhone", o."discountAmount", o."shippingMethod",
      (SELECT json_group_array(json_array(l."title", l."variantTitle", l."quantity", l."unitPriceAmount",
                l."originalTotalAmount", l."imageUrl", l."imageAlt", l."productHandle", l."variantId"))
         FROM (SELECT * FROM "OrderLineItem" WHERE "orderId" = o."id" ORDER BY "position") l),
      (SELECT json_group_array(json_array(t."company", t."number", t."url"))
         FROM (SELECT * FROM "TrackingInfo" WHERE "orderId" = o."id" ORDER BY "position") t)
    )) AS "page"
    FROM (SELECT * FROM "Order" WHERE ${where} ORDER BY "processedAt" DESC, "id" DESC LIMIT ${take}) o`;
}

/**
 * PostgreSQL's twin: the same tuples. json_agg's ORDER BY is how PostgreSQL promises the order;
 * an empty set aggregates to NULL there, hence the coalesce to []. processedAt is a timestamp(3)
 * in UTC, printed with its milliseconds as SQLite prints it; epoch of a timestamp without time
 * zone reads it as UTC.
 */
export function postgresOrdersQuery(where: Prisma.Sql, take: number): Prisma.Sql {
  return Prisma.sql`
    SELECT coalesce(json_agg(json_build_array(
      o."id", o."orderNumber", to_char(o."processedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      round(extract(epoch FROM o."processedAt") * 1000)::bigint, o."financialStatus", o."fulfillmentStatus",
      o."currencyCode", o."subtotalAmount", o."shippingAmount", o."taxAmount", o."totalAmount",
      o."shipName", o."shipAddress1", o."shipAddress2", o."shipCity", o."shipProvince", o."shipZip",
      o."shipCountry", o."shipPhone", o."discountAmount", o."shippingMethod",
      (SELECT coalesce(json_agg(json_build_array(l."title", l."variantTitle", l."quantity", l."unitPriceAmount",
                l."originalTotalAmount", l."imageUrl", l."imageAlt", l."productHandle", l."variantId")
                ORDER BY l."position"), '[]'::json)
         FROM "OrderLineItem" l WHERE l."orderId" = o."id"),
      (SELECT coalesce(json_agg(json_build_array(t."company", t."number", t."url") ORDER BY t."position"), '[]'::json)
         FROM "TrackingInfo" t WHERE t."orderId" = o."id")
    ) ORDER BY o."processedAt" DESC, o."id" DESC), '[]'::json)::text AS "page"
    FROM (SELECT * FROM "Order" WHERE ${where} ORDER BY "processedAt" DESC, "id" DESC LIMIT ${take}) o`;
}

/** The statement of a page for the engine behind `db`. */
export function ordersQuery(db: Db, where: Prisma.Sql, take: number): Prisma.Sql {
  return twinFor(db, { sqlite: sqliteOrdersQuery, postgresql: postgresOrdersQuery })(where, take);
}

/** The statement's tuples, column by column. */
type LineTuple = [
  title: string,
  variantTitle: string,
  quantity: number,
  unitPriceAmount: number,
  originalTotalAmount: number,
  imageUrl: string,
  imageAlt: string,
  productHandle: string,
  variantId: number | null,
];
type TrackingTuple = [company: string, number: string, url: string];
type OrderTuple = [
  id: number,
  orderNumber: number,
  /** ISO 8601 in UTC, as the API shows it. */
  processedAt: string,
  /** The same instant in milliseconds, for the cursor. */
  processedAtMs: number,
  financialStatus: string,
  fulfillmentStatus: string | null,
  currencyCode: string,
  subtotalAmount: number,
  shippingAmount: number,
  taxAmount: number,
  totalAmount: number,
  shipName: string,
  shipAddress1: string,
  shipAddress2: string | null,
  shipCity: string,
  shipProvince: string,
  shipZip: string,
  shipCountry: string,
  shipPhone: string | null,
  discountAmount: number,
  shippingMethod: string | null,
  lineItems: LineTuple[],
  tracking: TrackingTuple[],
];

/** An order of a page: its DTO, and its cursor. */
export interface OrderEntry {
  cursor: string;
  order: Order;
}

/**
 * The orders of a page from the JSON text `ordersQuery` answers, in its order, each tuple made
 * into its DTO in one pass (no row objects or Dates in between: at 50 orders every copy showed).
 */
export function ordersFromJson(page: string): OrderEntry[] {
  return (JSON.parse(page) as OrderTuple[]).map(toEntry);
}

/** Where each column sits in the statement's tuples (`ordersQuery`), read by name. */
const O = {
  id: 0,
  orderNumber: 1,
  processedAt: 2,
  processedAtMs: 3,
  financialStatus: 4,
  fulfillmentStatus: 5,
  currencyCode: 6,
  subtotalAmount: 7,
  shippingAmount: 8,
  taxAmount: 9,
  totalAmount: 10,
  shipName: 11,
  shipAddress1: 12,
  shipAddress2: 13,
  shipCity: 14,
  shipProvince: 15,
  shipZip: 16,
  shipCountry: 17,
  shipPhone: 18,
  discountAmount: 19,
  shippingMethod: 20,
  lineItems: 21,
  tracking: 22,
} as const;
const L = {
  title: 0,
  variantTitle: 1,
  quantity: 2,
  unitPriceAmount: 3,
  originalTotalAmount: 4,
  imageUrl: 5,
  imageAlt: 6,
  productHandle: 7,
  variantId: 8,
} as const;
const T = { company: 0, number: 1, url: 2 } as const;

function toEntry(o: OrderTuple): OrderEntry {
  const cur = o[O.currencyCode];
  return {
    cursor: cursorOf(o[O.processedAtMs], o[O.id]),
    order: {
      id: toGid("Order", o[O.id]),
      orderNumber: o[O.orderNumber],
      processedAt: o[O.processedAt],
      financialStatus: o[O.financialStatus],
      fulfillmentStatus: o[O.fulfillmentStatus],
      totalPrice: toMoney(o[O.totalAmount], cur),
      subtotalPrice: toMoney(o[O.subtotalAmount], cur),
      totalShippingPrice: toMoney(o[O.shippingAmount], cur),
      totalTax: toMoney(o[O.taxAmount], cur),
      totalDiscount: toMoney(o[O.discountAmount], cur),
      shippingMethod: o[O.shippingMethod],
      shippingAddress: {
        name: o[O.shipName],
        address1: o[O.shipAddress1],
        address2: o[O.shipAddress2],
        city: o[O.shipCity],
        province: o[O.shipProvince],
        zip: o[O.shipZip],
        country: o[O.shipCountry],
        phone: o[O.shipPhone],
      },
      trackingInfo: o[O.tracking].map((t) => ({ company: t[T.company], number: t[T.number], url: t[T.url] })),
      lineItems: {
        edges: o[O.lineItems].map((l) => {
          const variant = l[L.variantId];
          return {
            node: {
              title: l[L.title],
              quantity: l[L.quantity],
              originalTotalPrice: toMoney(l[L.originalTotalAmount], cur),
              variant: {
                id: variant === null ? null : toGid("ProductVariant", variant),
                title: l[L.variantTitle],
                price: toMoney(l[L.unitPriceAmount], cur),
                image: { url: l[L.imageUrl], altText: l[L.imageAlt] },
                product: { handle: l[L.productHandle] },
              },
            },
          };
        }),
      },
    },
  };
}

async function loadOrders(
  db: Db,
  where: Prisma.Sql,
  take: number,
  language = "en-US",
): Promise<OrderEntry[]> {
  // Straight to the driver (db/direct.ts): Prisma's raw-query pipeline was a fixed cost per page.
  const page = await readSqlText(db, ordersQuery(db, where, take));
  const entries = page ? ordersFromJson(page) : [];
  return language === "en-US" ? entries : withVariantTitlesIn(db, entries, language);
}

/**
 * A line keeps the English variant name it was bought under ("Standard", "Bundle"); a reader of
 * another language sees the catalogue's name for that variant in their language, when it has one.
 * One more statement, for pages read in another language than English only.
 */
async function withVariantTitlesIn(db: Db, entries: OrderEntry[], language: string): Promise<OrderEntry[]> {
  const ids = new Set<number>();
  for (const e of entries)
    for (const { node } of e.order.lineItems.edges) {
      const id = node.variant.id === null ? Number.NaN : Number(node.variant.id.split("/").at(-1));
      if (Number.isSafeInteger(id)) ids.add(id);
    }
  if (ids.size === 0) return entries;
  const rows = await db.productVariantTranslation.findMany({
    where: { variantId: { in: [...ids] }, language },
    select: { variantId: true, title: true },
  });
  const titles = new Map(rows.map((r) => [toGid("ProductVariant", r.variantId), r.title]));
  for (const e of entries)
    for (const { node } of e.order.lineItems.edges) {
      const title = node.variant.id === null ? undefined : titles.get(node.variant.id);
      if (title) node.variant.title = title;
    }
  return entries;
}

/** Opaque keyset cursor: the last order's processedAt and id. */
export function encodeCursor(processedAt: Date, id: number): string {
  return cursorOf(processedAt.getTime(), id);
}

/** `[ms,id]` in base64url: JSON.stringify's text for two integers, without its cost. */
const cursorOf = (ms: number, id: number): string => Buffer.from(`[${ms},${id}]`).toString("base64url");

export function decodeCursor(cursor: string): { processedAt: Date; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) > 0
    ) {
      const d = new Date(value[0] as number);
      if (!Number.isNaN(d.getTime())) return { processedAt: d, id: value[1] as number };
    }
  } catch {
    // fall through
  }
  throw new AppError("BAD_REQUEST", "Invalid cursor");
}

const MIN_CURSOR_MS = Date.parse("0001-01-01T00:00:00.000Z");
const MAX_CURSOR_MS = Date.parse("9999-12-31T23:59:59.999Z");

export async function listOrders(
  deps: Deps,
  customerId: number,
  opts: { limit?: number | undefined; cursor?: string | null | undefined } = {},
  language = "en-US",
): Promise<OrdersPage> {
  const limit = opts.limit ?? ORDERS_PAGE_DEFAULT;
  const decoded = opts.cursor ? decodeCursor(opts.cursor) : null;
  // A cursor may hold any instant and id JavaScript can; PostgreSQL's timestamp and integer
  // columns refuse a parameter beyond their range where SQLite compares anything. Bounded to
  // years 1-9999 and 32-bit ids, the page is the same: no order lies beyond either bound.
  const after = decoded && {
    processedAt: new Date(Math.min(Math.max(decoded.processedAt.getTime(), MIN_CURSOR_MS), MAX_CURSOR_MS)),
    id: Math.min(decoded.id, 2 ** 31 - 1),
  };
  const mine = Prisma.sql`"customerId" = ${customerId}`;
  const where = after
    ? Prisma.sql`${mine} AND ("processedAt" < ${after.processedAt}
        OR ("processedAt" = ${after.processedAt} AND "id" < ${after.id}))`
    : mine;
  return ordersPage(await loadOrders(deps.db, where, limit + 1, language), limit);
}

/** The page of `limit` orders out of `rows` (one more than the page, when there is a next page). */
export function ordersPage(rows: OrderEntry[], limit: number): OrdersPage {
  const edges = rows.slice(0, limit).map((o) => ({ cursor: o.cursor, node: o.order }));
  return {
    orders: {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, endCursor: edges.at(-1)?.cursor ?? null },
    },
  };
}

/** Another customer's order and an unknown id answer the same. */
export async function getOrder(
  deps: Deps,
  customerId: number,
  orderId: number,
  language = "en-US",
): Promise<{ order: Order & { payment: OrderPayment } }> {
  const [row] = await loadOrders(
    deps.db,
    Prisma.sql`"id" = ${orderId} AND "customerId" = ${customerId}`,
    1,
    language,
  );
  if (!row) throw new AppError("NOT_FOUND", MESSAGES.orderNotFound);
  return { order: { ...row.order, payment: await paymentOf(deps.db, orderId) } };
}

/** The order's payment as Stripe reports it (one order's page only; the list leaves it out). */
async function paymentOf(db: Db, orderId: number): Promise<OrderPayment> {
  const o = await db.order.findUnique({
    where: { id: orderId },
    select: {
      paymentStatus: true,
      disputed: true,
      placement: {
        select: { provider: true, voucherNumber: true, voucherExpiresAt: true, voucherUrl: true },
      },
    },
  });
  const p = o?.placement;
  if (!o || p?.provider !== "stripe") return null;
  return {
    status: o.paymentStatus,
    disputed: o.disputed,
    konbini:
      p.voucherNumber && p.voucherExpiresAt
        ? {
            number: p.voucherNumber,
            expiresAt: p.voucherExpiresAt.toISOString(),
            voucherUrl: p.voucherUrl ?? "",
          }
        : null,
  };
}
