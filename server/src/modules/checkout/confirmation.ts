// The checkout's confirmation page: the order as its buyer sees it right after placing it.

import { CHECKOUT_MESSAGES, type Money, toGid, toMoney } from "@vela/shared";
import { hashToken } from "../../auth/tokens.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { SHIP_ADDRESS_SELECT, shippingAddressOf } from "../orders/ship-address.ts";
import { accountOfferKey } from "./account-offer.ts";

export interface CheckoutOrderDto {
  id: string;
  orderNumber: number;
  email: string;
  financialStatus: string;
  fulfillmentStatus: string | null;
  shippingMethod: string | null;
  card: { brand: string; last4: string } | null;
  payment: {
    status: string | null;
    disputed: boolean;
    konbini: { number: string; expiresAt: string; voucherUrl: string } | null;
  } | null;
  accountOfferKey: string | null;
  lines: { title: string; variantTitle: string; quantity: number; totalPrice: Money }[];
  subtotalPrice: Money;
  discountPrice: Money;
  shippingPrice: Money;
  taxPrice: Money;
  totalPrice: Money;
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
}

/** The buyer only: the signed-in owner, or the browser holding the guest's token. Others get NOT_FOUND. */
export async function checkoutOrder(
  deps: Deps,
  orderId: number,
  customerId: number | null,
  accessToken: string | undefined,
): Promise<{ order: CheckoutOrderDto }> {
  const o = await deps.db.order.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      orderNumber: true,
      customerId: true,
      accessTokenHash: true,
      email: true,
      financialStatus: true,
      fulfillmentStatus: true,
      shippingMethod: true,
      currencyCode: true,
      subtotalAmount: true,
      discountAmount: true,
      shippingAmount: true,
      taxAmount: true,
      totalAmount: true,
      ...SHIP_ADDRESS_SELECT,
      paymentStatus: true,
      disputed: true,
      placement: {
        select: {
          cardBrand: true,
          cardLast4: true,
          provider: true,
          voucherNumber: true,
          voucherExpiresAt: true,
          voucherUrl: true,
        },
      },
      lineItems: {
        orderBy: { position: "asc" },
        select: { title: true, variantTitle: true, quantity: true, originalTotalAmount: true },
      },
    },
  });
  const mine = o && customerId !== null && o.customerId === customerId;
  const guest =
    o?.accessTokenHash &&
    accessToken &&
    hashToken(deps.config.sessionSecret, accessToken) === o.accessTokenHash;
  if (!o || !(mine || guest)) throw new AppError("NOT_FOUND", CHECKOUT_MESSAGES.orderNotFound);
  const m = (n: number) => toMoney(n, o.currencyCode);
  return {
    order: {
      id: toGid("Order", o.id),
      orderNumber: o.orderNumber,
      email: o.email,
      financialStatus: o.financialStatus,
      fulfillmentStatus: o.fulfillmentStatus,
      shippingMethod: o.shippingMethod,
      card:
        o.placement?.cardBrand && o.placement.cardLast4
          ? { brand: o.placement.cardBrand, last4: o.placement.cardLast4 }
          : null,
      payment:
        o.placement?.provider === "stripe"
          ? {
              status: o.paymentStatus,
              disputed: o.disputed,
              konbini:
                o.placement.voucherNumber && o.placement.voucherExpiresAt
                  ? {
                      number: o.placement.voucherNumber,
                      expiresAt: o.placement.voucherExpiresAt.toISOString(),
                      voucherUrl: o.placement.voucherUrl ?? "",
                    }
                  : null,
            }
          : null,
      accountOfferKey: o.customerId === null ? accountOfferKey(deps.config.sessionSecret, o.id) : null,
      lines: o.lineItems.map((l) => ({
        title: l.title,
        variantTitle: l.variantTitle,
        quantity: l.quantity,
        totalPrice: m(l.originalTotalAmount),
      })),
      subtotalPrice: m(o.subtotalAmount),
      discountPrice: m(o.discountAmount),
      shippingPrice: m(o.shippingAmount),
      taxPrice: m(o.taxAmount),
      totalPrice: m(o.totalAmount),
      shippingAddress: shippingAddressOf(o),
    },
  };
}
