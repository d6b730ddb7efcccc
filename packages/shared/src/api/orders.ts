// The order as the account pages and the REST API show it (spec 000 §3, §7).
import { z } from "zod";
import { ZImage, ZMoney } from "./common.ts";

/** The address an order ships to, as orders and checkout answer it. */
export const ZShippingAddress = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
});

export const ZLineItem = z.object({
  title: z.string(),
  quantity: z.number().int(),
  originalTotalPrice: ZMoney,
  variant: z.object({
    /** Null when the variant no longer exists. */
    id: z.string().nullable(),
    title: z.string(),
    price: ZMoney,
    image: ZImage,
    product: z.object({ handle: z.string() }),
  }),
});
export type LineItem = z.infer<typeof ZLineItem>;

export const ZOrder = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  processedAt: z.string(),
  financialStatus: z.string(),
  fulfillmentStatus: z.string().nullable(),
  totalPrice: ZMoney,
  subtotalPrice: ZMoney,
  totalShippingPrice: ZMoney,
  totalTax: ZMoney,
  /** What discount codes took off: subtotal + shipping + tax − discount = total. */
  totalDiscount: ZMoney,
  /** STANDARD | EXPRESS; null for orders from before checkout existed. */
  shippingMethod: z.string().nullable(),
  shippingAddress: ZShippingAddress,
  trackingInfo: z.array(z.object({ company: z.string(), number: z.string(), url: z.string() })),
  lineItems: z.object({ edges: z.array(z.object({ node: ZLineItem })) }),
});
export type Order = z.infer<typeof ZOrder>;

export const ZOrdersPage = z.object({
  orders: z.object({
    edges: z.array(z.object({ cursor: z.string(), node: ZOrder })),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
  }),
});
export type OrdersPage = z.infer<typeof ZOrdersPage>;

/**
 * One order's payment as Stripe last reported it (the PaymentIntent's status: requires_capture,
 * succeeded, processing, canceled, requires_action for a konbini slip awaiting payment ...),
 * whether the charge is disputed, and a konbini order's slip; null when not paid with Stripe.
 */
export const ZOrderPayment = z
  .object({
    status: z.string().nullable(),
    disputed: z.boolean(),
    konbini: z.object({ number: z.string(), expiresAt: z.string(), voucherUrl: z.string() }).nullable(),
  })
  .nullable();
export type OrderPayment = z.infer<typeof ZOrderPayment>;

/** One order (`GET /api/account/orders/{id}`): the list's order and its payment. */
export const ZOrderAnswer = z.object({ order: ZOrder.extend({ payment: ZOrderPayment }) });
