import { MESSAGES, type Money, ORDERS_PAGE_DEFAULT, toGid, toMoney } from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

// One select for list and detail: line items and tracking come in one query each, by
// order id, whatever the page size (Prisma batches relation loads), so there is no N+1.
export const orderSelect = {
  id: true,
  orderNumber: true,
  processedAt: true,
  financialStatus: true,
  fulfillmentStatus: true,
  currencyCode: true,
  subtotalAmount: true,
  shippingAmount: true,
  taxAmount: true,
  totalAmount: true,
  shipName: true,
  shipAddress1: true,
  shipAddress2: true,
  shipCity: true,
  shipProvince: true,
  shipZip: true,
  shipCountry: true,
  shipPhone: true,
  lineItems: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      title: true,
      variantTitle: true,
      quantity: true,
      unitPriceAmount: true,
      originalTotalAmount: true,
      imageUrl: true,
      imageAlt: true,
      productHandle: true,
      variantId: true,
    },
  },
  tracking: { orderBy: { position: "asc" }, select: { company: true, number: true, url: true } },
} satisfies Prisma.OrderSelect;

type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

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
  const rows = await deps.db.order.findMany({
    where: {
      customerId,
      ...(after
        ? {
            OR: [
              { processedAt: { lt: after.processedAt } },
              { processedAt: after.processedAt, id: { lt: after.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ processedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: orderSelect,
  });
  const page = rows.slice(0, limit);
  const edges = page.map((o) => ({ cursor: encodeCursor(o.processedAt, o.id), node: toOrderDto(o) }));
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
  const row = await deps.db.order.findFirst({ where: { id: orderId, customerId }, select: orderSelect });
  if (!row) throw new AppError("NOT_FOUND", MESSAGES.orderNotFound);
  return { order: toOrderDto(row) };
}
