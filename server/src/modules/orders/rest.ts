import { ZOrderAnswer, ZOrdersPage } from "@vela/shared/api";
import type { FastifyInstance } from "fastify";
import { responseSchema } from "../../http/response-schema.ts";
import { paramOf, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

// The answers of 200 are written by a serializer compiled for their shape (fast-json-stringify),
// a quarter quicker than JSON.stringify on a 50-order page (bench/, "No N+1"); the shape is the
// shared schema's (packages/shared/src/api/orders.ts).
export const ORDERS_PAGE_SCHEMA = responseSchema(ZOrdersPage);
export const ORDER_ANSWER_SCHEMA = responseSchema(ZOrderAnswer);

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
