// Which payment provider checkout uses, from PAYMENT_PROVIDER (config.ts). Outside production the
// built-in test mode runs unless told otherwise; in production only a provider named explicitly
// runs, and with none checkout refuses to place orders (503) rather than take test cards.
import { CHECKOUT_MESSAGES } from "@vela/shared";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { type PaymentProvider, paymentProvider } from "./payment.ts";

/** What the checkout pages and mails tell the shopper: test mode, real payments, or closed. */
export type PaymentMode = "test" | "live" | "unavailable";

export function paymentModeOf(config: Pick<Config, "paymentProvider">): PaymentMode {
  if (config.paymentProvider === null) return "unavailable";
  return config.paymentProvider === "test" ? "test" : "live";
}

/** The provider to charge with, or 503 with a clear message when none is configured. */
export function checkoutProvider(config: Pick<Config, "paymentProvider">): PaymentProvider {
  if (config.paymentProvider === null) {
    throw new AppError("SERVICE_UNAVAILABLE", CHECKOUT_MESSAGES.paymentsUnavailable);
  }
  // `test`: the built-in test mode, or the double a test installed in its place (setPaymentProvider).
  return paymentProvider();
}
