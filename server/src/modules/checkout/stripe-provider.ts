// Stripe as the payment provider: the official client, pointed at Stripe or (tests) at the
// stand-in named by STRIPE_API_URL, and the PaymentProvider the order lifecycle calls to capture,
// refund and cancel (void) a PaymentIntent, each with the claim's idempotency key as Stripe's
// Idempotency-Key, so that a call repeated after a crash or a timeout moves no money twice.
// Authorizing is not done here: the page confirms the PaymentIntent with Stripe.js
// (stripe-payment.ts starts it and settles it).
import type Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";
import { loadedStripeSdk, stripeSdk } from "../payments/stripe-sdk.ts";
import {
  type Authorization,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
} from "./payment.ts";

/** The official client for the configured account (and address). */
export function stripeClient(config: StripeConfig): Stripe {
  const StripeClient = stripeSdk();
  return new StripeClient(config.secretKey, {
    ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
    // The client retries a connection failure or a 5xx itself, with the same Idempotency-Key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "vela-store" },
  });
}

/** Whether Stripe could not answer (an outage, a timeout), as opposed to refusing the request. */
export function isStripeUnavailable(err: unknown): boolean {
  const errors = loadedStripeSdk()?.errors;
  if (!errors || !(err instanceof errors.StripeError)) return false;
  if (err instanceof errors.StripeConnectionError) return true;
  if (err instanceof errors.StripeAPIError) return true;
  if (err instanceof errors.StripeRateLimitError) return true;
  return (err.statusCode ?? 0) >= 500;
}

/** Stripe's currency code: lower case; amounts are the store's minor units already (JPY has none). */
export const stripeCurrency = (currencyCode: string) => currencyCode.toLowerCase();

export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe";
  constructor(readonly stripe: Stripe) {}

  authorize(): Promise<Authorization> {
    // Card numbers never reach the store with Stripe: the page confirms the PaymentIntent.
    return Promise.reject(new PaymentProviderError("Stripe payments are confirmed by the checkout page"));
  }

  async capture(req: PaymentRequest): Promise<void> {
    await this.#call(async () => {
      const intent = await this.stripe.paymentIntents.retrieve(req.reference);
      // Already captured (a claim finished after its answer was lost): nothing more to do.
      if (intent.status === "succeeded") return;
      await this.stripe.paymentIntents.capture(
        req.reference,
        { amount_to_capture: req.amount },
        { idempotencyKey: req.idempotencyKey },
      );
    });
  }

  async refund(req: PaymentRequest): Promise<void> {
    await this.#call(() =>
      this.stripe.refunds.create(
        { payment_intent: req.reference, amount: req.amount },
        { idempotencyKey: req.idempotencyKey },
      ),
    );
  }

  async void(req: { reference: string; idempotencyKey: string }): Promise<void> {
    await this.#call(async () => {
      const intent = await this.stripe.paymentIntents.retrieve(req.reference);
      if (intent.status === "canceled") return;
      await this.stripe.paymentIntents.cancel(req.reference, {}, { idempotencyKey: req.idempotencyKey });
    });
  }

  /** Any failure moved no money (Stripe answers a repeated key with the first result). */
  async #call(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (err) {
      throw new PaymentProviderError(err instanceof Error ? err.message : "Stripe failed");
    }
  }
}
