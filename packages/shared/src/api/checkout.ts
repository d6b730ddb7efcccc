// Checkout's answers: the quote, a placed order, and the buyer's confirmation.
import { z } from "zod";
import { SHIPPING_METHODS } from "../checkout/index.ts";
import { ZImage, ZMoney } from "./common.ts";
import { ZShippingAddress } from "./orders.ts";

const ZMethod = z.enum(SHIPPING_METHODS);

/** `POST /api/checkout/quote`: the cart priced by the server for what the form holds. */
export const ZCheckoutQuoteAnswer = z.object({
  quote: z.object({
    cartId: z.string(),
    currencyCode: z.string(),
    lines: z.array(
      z.object({
        merchandiseId: z.string(),
        title: z.string(),
        variantTitle: z.string(),
        productHandle: z.string(),
        image: ZImage,
        quantity: z.number().int(),
        price: ZMoney,
        /** The price when the line was added, when it has changed since. */
        previousPrice: ZMoney.nullable(),
        totalPrice: ZMoney,
        soldOut: z.boolean(),
        available: z.number().int(),
      }),
    ),
    discountCodes: z.array(z.string()),
    shippingMethod: ZMethod,
    shippingOptions: z.array(z.object({ method: ZMethod, price: ZMoney })),
    subtotalPrice: ZMoney,
    discountPrice: ZMoney,
    shippingPrice: ZMoney,
    taxPrice: ZMoney,
    totalPrice: ZMoney,
    /** The total in minor units, sent back as `expectedTotal` when paying. */
    totalMinor: z.number().int(),
  }),
});

/** `POST /api/checkout/orders`: the order, and the new cart the browser keeps. */
export const ZCheckoutPlacedAnswer = z.object({
  order: z.object({ id: z.string(), orderNumber: z.number().int() }),
  cartId: z.string(),
});

/** `POST /api/checkout/payments` (Stripe): the attempt's PaymentIntent, for Stripe.js to confirm. */
export const ZStartPaymentAnswer = z.object({
  /** Opaque: sent back as it is to `POST /api/checkout/payments/complete`. */
  placementId: z.string(),
  clientSecret: z.string(),
  /** In the currency's minor units (JPY has none). */
  amount: z.number().int(),
  currencyCode: z.string(),
});

const ZPlacedOrder = z.object({ id: z.string(), orderNumber: z.number().int() });
const ZKonbiniSlip = z.object({ number: z.string(), expiresAt: z.string(), voucherUrl: z.string() });

/**
 * `POST /api/checkout/payments/complete` (Stripe): the placement settled from the intent's state.
 * `placed` and `pending` (a konbini slip awaiting payment) set a guest's order-access cookie.
 */
export const ZCompletePaymentAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("placed"), order: ZPlacedOrder, cartId: z.string() }),
  z.object({ status: z.literal("pending"), order: ZPlacedOrder, cartId: z.string(), konbini: ZKonbiniSlip }),
  z.object({ status: z.literal("requires_action") }),
  z.object({ status: z.literal("failed"), message: z.string() }),
  z.object({ status: z.literal("processing") }),
]);

/** `GET /api/checkout/orders/{orderId}`: the confirmation, for the buyer only. */
export const ZCheckoutOrderAnswer = z.object({
  order: z.object({
    id: z.string(),
    orderNumber: z.number().int(),
    email: z.string(),
    financialStatus: z.string(),
    fulfillmentStatus: z.string().nullable(),
    shippingMethod: z.string().nullable(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /**
     * The payment as Stripe last reported it (the PaymentIntent's status), whether it is disputed,
     * and a konbini order's payment slip (its number, deadline and Stripe's page); null with the
     * test provider.
     */
    payment: z
      .object({
        status: z.string().nullable(),
        disputed: z.boolean(),
        konbini: z.object({ number: z.string(), expiresAt: z.string(), voucherUrl: z.string() }).nullable(),
      })
      .nullable(),
    /** A guest's order: the key that asks for an account (null once the order belongs to one). */
    accountOfferKey: z.string().nullable(),
    lines: z.array(
      z.object({
        title: z.string(),
        variantTitle: z.string(),
        quantity: z.number().int(),
        totalPrice: ZMoney,
      }),
    ),
    subtotalPrice: ZMoney,
    discountPrice: ZMoney,
    shippingPrice: ZMoney,
    taxPrice: ZMoney,
    totalPrice: ZMoney,
    shippingAddress: ZShippingAddress,
  }),
});

/** `POST /api/checkout/account-offer`: the same text whatever the order's email. */
export const ZAccountOfferAnswer = z.object({ message: z.string() });

/** `POST /api/checkout/claim-orders`: how many guest orders joined the account. */
export const ZClaimOrdersAnswer = z.object({ ok: z.literal(true), orders: z.number().int() });
