import { MESSAGES, type Money, ORDERS_PAGE_DEFAULT, toGid, toMoney } from "@vela/shared";
import { type Db, Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

// Orders are the store's hottest read. List and detail load them in three statements
// whatever the page size: the orders, then the line items and the tracking of all of them
// (one IN list each), so there is no N+1. The statements are typed SQL through Prisma
// rather than a nested findMany: at 50 orders Prisma's row mapping took half the page's
// time (bench/, "No N+1"), and a page of 50 must cost at most twice a page of 5.
// Identifiers are quoted, so the SQL is the same on SQLite and PostgreSQL.

export interface OrderRecord {
  id: number;
  orderNumber: number;
  processedAt: Date;
  financialStatus: string;
  fulfillmentStatus: string | null;
  currencyCode: string;
  subtotalAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  shipName: string;
  shipAddress1: string;
  shipAddress2: string | null;
  shipCity: string;
  shipProvince: string;
  shipZip: string;
  shipCountry: string;
  shipPhone: string | null;
}

export interface LineItemRecord {
  orderId: number;
  title: string;
  variantTitle: string;
  quantity: number;
  unitPriceAmount: number;
  originalTotalAmount: number;
  imageUrl: string;
  imageAlt: string;
  productHandle: string;
  variantId: number | null;
}

export interface TrackingRecord {
  orderId: number;
  company: string;
  number: string;
  url: string;
}

export type OrderRow = OrderRecord & {
  lineItems: Omit<LineItemRecord, "orderId">[];
  tracking: Omit<TrackingRecord, "orderId">[];
};

const ORDER_COLUMNS = Prisma.sql`"id", "orderNumber", "processedAt", "financialStatus", "fulfillmentStatus",
  "currencyCode", "subtotalAmount", "shippingAmount", "taxAmount", "totalAmount", "shipName", "shipAddress1",
  "shipAddress2", "shipCity", "shipProvince", "shipZip", "shipCountry", "shipPhone"`;

/** Orders matching `where`, newest first, at most `take`, each with its lines and tracking. */
async function loadOrders(db: Db, where: Prisma.Sql, take: number): Promise<OrderRow[]> {
  const orders = await db.$queryRaw<OrderRecord[]>`
    SELECT ${ORDER_COLUMNS} FROM "Order" WHERE ${where}
    ORDER BY "processedAt" DESC, "id" DESC LIMIT ${take}`;
  if (orders.length === 0) return [];
  const ids = Prisma.join(orders.map((o) => o.id));
  const lines = await db.$queryRaw<LineItemRecord[]>`
    SELECT "orderId", "title", "variantTitle", "quantity", "unitPriceAmount", "originalTotalAmount",
           "imageUrl", "imageAlt", "productHandle", "variantId"
    FROM "OrderLineItem" WHERE "orderId" IN (${ids}) ORDER BY "orderId", "position"`;
  const tracking = await db.$queryRaw<TrackingRecord[]>`
    SELECT "orderId", "company", "number", "url"
    FROM "TrackingInfo" WHERE "orderId" IN (${ids}) ORDER BY "orderId", "position"`;
  return assembleOrders(orders, lines, tracking);
}

/** Each order with its own lines and tracking, in the order the statements gave them. */
export function assembleOrders(
  orders: OrderRecord[],
  lines: LineItemRecord[],
  tracking: TrackingRecord[],
): OrderRow[] {
  const byId = new Map<number, OrderRow>();
  const rows = orders.map((o) => {
    const row: OrderRow = Object.assign(o, { lineItems: [], tracking: [] });
    byId.set(o.id, row);
    return row;
  });
  for (const { orderId, ...line } of lines) byId.get(orderId)?.lineItems.push(line);
  for (const { orderId, ...t } of tracking) byId.get(orderId)?.tracking.push(t);
  return rows;
}

export interface LineItemDto {
  title: string;
  quantity: number;
  originalTotalPrice: Money;
  variant: {
    id: string | null;
    title: string;
    price: Money;
    image: { url: string; altText: string };
    product: { handle: string };
  };
}

export interface OrderDto {
  id: string;
  orderNumber: number;
  processedAt: string;
  financialStatus: string;
  fulfillmentStatus: string | null;
  totalPrice: Money;
  subtotalPrice: Money;
  totalShippingPrice: Money;
  totalTax: Money;
  shippingAddress: {
    name: string;
    address1: string;
    address2: string | null;
    city: string;
    province: string;
    zip: string;
    country: string;
    phone: string | null;
  };
  trackingInfo: { company: string; number: string; url: string }[];
  lineItems: { edges: { node: LineItemDto }[] };
}

export function toOrderDto(o: OrderRow): OrderDto {
  const cur = o.currencyCode;
  return {
    id: toGid("Order", o.id),
    orderNumber: o.orderNumber,
    processedAt: o.processedAt.toISOString(),
    financialStatus: o.financialStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    totalPrice: toMoney(o.totalAmount, cur),
    subtotalPrice: toMoney(o.subtotalAmount, cur),
    totalShippingPrice: toMoney(o.shippingAmount, cur),
    totalTax: toMoney(o.taxAmount, cur),
    shippingAddress: {
      name: o.shipName,
      address1: o.shipAddress1,
      address2: o.shipAddress2,
      city: o.shipCity,
      province: o.shipProvince,
      zip: o.shipZip,
      country: o.shipCountry,
      phone: o.shipPhone,
    },
    trackingInfo: o.tracking,
    lineItems: {
      edges: o.lineItems.map((li) => ({
        node: {
          title: li.title,
          quantity: li.quantity,
          originalTotalPrice: toMoney(li.originalTotalAmount, cur),
          variant: {
            id: li.variantId === null ? null : toGid("ProductVariant", li.variantId),
            title: li.variantTitle,
            price: toMoney(li.unitPriceAmount, cur),
            image: { url: li.imageUrl, altText: li.imageAlt },
            product: { handle: li.productHandle },
          },
        },
      })),
    },
  };
}

/** Opaque keyset cursor: the last order's processedAt and id. */
export function encodeCursor(processedAt: Date, id: number): string {
  return Buffer.from(JSON.stringify([processedAt.getTime(), id])).toString("base64url");
}

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

export interface OrdersPage {
  orders: {
    edges: { cursor: string; node: OrderDto }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

export async function listOrders(
  deps: Deps,
  customerId: number,
  opts: { limit?: number | undefined; cursor?: string | null | undefined } = {},
): Promise<OrdersPage> {
  const limit = opts.limit ?? ORDERS_PAGE_DEFAULT;
  const after = opts.cursor ? decodeCursor(opts.cursor) : null;
  const mine = Prisma.sql`"customerId" = ${customerId}`;
  const where = after
    ? Prisma.sql`${mine} AND ("processedAt" < ${after.processedAt}
        OR ("processedAt" = ${after.processedAt} AND "id" < ${after.id}))`
    : mine;
  return ordersPage(await loadOrders(deps.db, where, limit + 1), limit);
}

/** The page of `limit` orders out of `rows` (one more than the page, when there is a next page). */
export function ordersPage(rows: OrderRow[], limit: number): OrdersPage {
  const edges = rows
    .slice(0, limit)
    .map((o) => ({ cursor: encodeCursor(o.processedAt, o.id), node: toOrderDto(o) }));
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
): Promise<{ order: OrderDto }> {
  const [row] = await loadOrders(deps.db, Prisma.sql`"id" = ${orderId} AND "customerId" = ${customerId}`, 1);
  if (!row) throw new AppError("NOT_FOUND", MESSAGES.orderNotFound);
  return { order: toOrderDto(row) };
}
