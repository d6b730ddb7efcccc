// The payment provider seam. The store authorizes the order's total when it is placed, captures
// it once the order exists, refunds through the provider and voids an authorization it no longer
// needs. A real provider (Stripe, Adyen ...) implements PaymentProvider and is returned by
// `paymentProvider()`; the built-in one behaves like a card processor's test mode, so the store
// works with no outside service. Card numbers and CVCs pass through `authorize` and are never
// stored or logged: the store keeps the brand and the last four digits only.
import { randomBytes } from "node:crypto";
import { CHECKOUT_MESSAGES, cardBrand, TEST_CARDS } from "@vela/shared";

export interface CardDetails {
  /** digits only */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type Authorization =
  | { ok: true; reference: string; brand: string; last4: string }
  | { ok: false; message: string };

/** The provider could not answer (an outage, a timeout): nothing was charged, try again later. */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export interface PaymentProvider {
  readonly name: string;
  /** Holds `amount` on the card; a refusal is an answer, not an exception. */
  authorize(req: {
    amount: number;
    currencyCode: string;
    card: CardDetails;
    idempotencyKey: string;
  }): Promise<Authorization>;
  capture(reference: string, amount: number, currencyCode: string): Promise<void>;
  refund(reference: string, amount: number, currencyCode: string): Promise<void>;
  /** Releases an authorization that was never captured. */
  void(reference: string): Promise<void>;
}

/** The built-in test-mode processor: the README's test cards decide the outcome. */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test";
  async authorize(req: { amount: number; card: CardDetails }): Promise<Authorization> {
    const n = req.card.number;
    if (n === TEST_CARDS.error) throw new PaymentProviderError("test card: processing error");
    if (n === TEST_CARDS.declined) return { ok: false, message: CHECKOUT_MESSAGES.cardDeclined };
    if (n === TEST_CARDS.insufficientFunds)
      return { ok: false, message: CHECKOUT_MESSAGES.cardInsufficientFunds };
    if (n !== TEST_CARDS.success && n !== TEST_CARDS.successMastercard)
      return { ok: false, message: CHECKOUT_MESSAGES.cardNotTestCard };
    return {
      ok: true,
      reference: `test_${randomBytes(12).toString("base64url")}`,
      brand: cardBrand(n),
      last4: n.slice(-4),
    };
  }
  async capture(): Promise<void> {}
  async refund(_reference: string, amount: number): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new PaymentProviderError("invalid refund amount");
  }
  async void(): Promise<void> {}
}

let provider: PaymentProvider = new TestPaymentProvider();

/** The provider in use: the test-mode one unless a real one was installed at start-up. */
export function paymentProvider(): PaymentProvider {
  return provider;
}

/** Installs another provider (a real one at start-up, or a test double that counts calls). */
export function setPaymentProvider(next: PaymentProvider): void {
  provider = next;
}
