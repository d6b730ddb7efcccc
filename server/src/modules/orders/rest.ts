import type { FastifyInstance } from "fastify";
import { paramOf, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

// The spec's order shape (OrderDto in service.ts) as a JSON schema for the answers of 200: Fastify
// then writes them with a serializer compiled for the shape (fast-json-stringify), a quarter
// quicker than JSON.stringify on a 50-order page (bench/, "No N+1"), and a field the schema does
// not name can never leak into the answer. A test holds the REST answers equal to tRPC's.
const text = { type: "string" } as const;
const textOrNull = { type: ["string", "null"] } as const;
const integer = { type: "integer" } as const;
const money = {
  type: "object",
  properties: { amount: text, currencyCode: text },
  required: ["amount", "currencyCode"],
} as const;
const object = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: "object", properties, required: Object.keys(properties) }) as const;

const ORDER = object({
  id: text,
  orderNumber: integer,
  processedAt: text,
  financialStatus: text,
  fulfillmentStatus: textOrNull,
  totalPrice: money,
  subtotalPrice: money,
  totalShippingPrice: money,
  totalTax: money,
  shippingAddress: object({
    name: text,
    address1: text,
    address2: textOrNull,
    city: text,
    province: text,
    zip: text,
    country: text,
    phone: textOrNull,
  }),
  trackingInfo: { type: "array", items: object({ company: text, number: text, url: text }) },
  lineItems: object({
    edges: {
      type: "array",
      items: object({
        node: object({
          title: text,
          quantity: integer,
          originalTotalPrice: money,
          variant: object({
            id: textOrNull,
            title: text,
            price: money,
            image: object({ url: text, altText: text }),
            product: object({ handle: text }),
          }),
        }),
      }),
    },
  }),
});

export const ORDERS_PAGE_SCHEMA = object({
  orders: object({
    edges: { type: "array", items: object({ cursor: text, node: ORDER }) },
    pageInfo: object({ hasNextPage: { type: "boolean" }, endCursor: textOrNull }),
  }),
});
export const ORDER_ANSWER_SCHEMA = object({ order: ORDER });

export function ordersRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/account/orders",
    { schema: { response: { 200: ORDERS_PAGE_SCHEMA } } },
    restHandler(ctx, (c, req) => c.orders.list(queryOf(req))),
  );
  app.get(
    "/api/account/orders/:id",
    { schema: { response: { 200: ORDER_ANSWER_SCHEMA } } },
    restHandler(ctx, (c, req) => c.orders.byId({ id: paramOf(req, "id") })),
  );
}
