// The payment provider seam. The store authorizes the order's total when it is placed, captures
// it once the order exists, refunds through the provider and voids an authorization it no longer
// needs. A real provider (Stripe, Adyen ...) implements PaymentProvider and is returned by
// `paymentProvider()`; the built-in one behaves like a card processor's test mode, so the store
// works with no outside service. Card numbers and CVCs pass through `authorize` and are never
// stored or logged: the store keeps the brand and the last four digits only.
//
// Every call carries an idempotency key (Stripe's Idempotency-Key header): the same key sent
// again gets the first call's result and moves no money a second time. The order lifecycle
// (modules/orders/lifecycle.ts) claims a capture, refund or void in the database before it calls,
// and sends the claim's key, so a call repeated after a crash or a timeout is harmless.
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
  /**
   * Takes `amount` of the authorization. Throws (PaymentProviderError) only when nothing was
   * taken; a provider that timed out retries with the same key before it gives up.
   */
  capture(req: PaymentRequest): Promise<void>;
  /** Gives `amount` of what was captured back. Throws only when nothing was refunded. */
  refund(req: PaymentRequest): Promise<void>;
  /** Releases an authorization that was never captured. Throws only when it was not released. */
  void(req: { reference: string; idempotencyKey: string }): Promise<void>;
}

/** A capture or a refund: of `amount` minor units, once per idempotency key. */
export interface PaymentRequest {
  reference: string;
  amount: number;
  currencyCode: string;
  idempotencyKey: string;
}

/** What the test processor answered to a key: replayed when the key comes again. */
type Outcome = { ok: true } | { ok: false; message: string };

/** What the test processor knows of one authorization it made. */
interface TestCharge {
  authorized: number;
  captured: number;
  refunded: number;
  voided: boolean;
}

/**
 * The built-in test-mode processor: the test cards of docs/checkout.md decide the outcome. Like a real one it
 * remembers each idempotency key and answers a repeated key with the first answer, keeps what it
 * authorized, captured and refunded per reference, and refuses to capture more than it
 * authorized or refund more than it captured. It keeps the newest KEEP keys and charges.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test";
  static readonly KEEP = 10_000;
  readonly #outcomes = new Map<string, Outcome>();
  readonly #charges = new Map<string, TestCharge>();

  async authorize(req: Parameters<PaymentProvider["authorize"]>[0]): Promise<Authorization> {
    const n = req.card.number;
    if (n === TEST_CARDS.error) throw new PaymentProviderError("test card: processing error");
    if (n === TEST_CARDS.declined) return { ok: false, message: CHECKOUT_MESSAGES.cardDeclined };
    if (n === TEST_CARDS.insufficientFunds)
      return { ok: false, message: CHECKOUT_MESSAGES.cardInsufficientFunds };
    if (n !== TEST_CARDS.success && n !== TEST_CARDS.successMastercard)
      return { ok: false, message: CHECKOUT_MESSAGES.cardNotTestCard };
    const reference = `test_${randomBytes(12).toString("base64url")}`;
    keep(this.#charges, reference, { authorized: req.amount, captured: 0, refunded: 0, voided: false });
    return { ok: true, reference, brand: cardBrand(n), last4: n.slice(-4) };
  }

  capture(req: PaymentRequest): Promise<void> {
    return this.#once(req.idempotencyKey, () => {
      const c = this.#charges.get(req.reference);
      if (!validAmount(req.amount)) return "invalid capture amount";
      if (c?.voided) return "the authorization was voided";
      if (c && c.captured + req.amount > c.authorized) return "capture exceeds the authorized amount";
      if (c) c.captured += req.amount;
      return null;
    });
  }

  refund(req: PaymentRequest): Promise<void> {
    return this.#once(req.idempotencyKey, () => {
      const c = this.#charges.get(req.reference);
      if (!validAmount(req.amount)) return "invalid refund amount";
      if (c && c.refunded + req.amount > c.captured) return "refund exceeds the captured amount";
      if (c) c.refunded += req.amount;
      return null;
    });
  }

  void(req: { reference: string; idempotencyKey: string }): Promise<void> {
    return this.#once(req.idempotencyKey, () => {
      const c = this.#charges.get(req.reference);
      if (c && c.captured > 0) return "the authorization was captured: refund it instead";
      if (c) c.voided = true;
      return null;
    });
  }

  /** What this processor holds for a reference (tests compare it with the store's books). */
  charge(reference: string): Readonly<TestCharge> | undefined {
    const c = this.#charges.get(reference);
    return c && { ...c };
  }

  /** Runs `act` the first time a key is seen (null: done, text: refused); a repeated key replays. */
  async #once(key: string, act: () => string | null): Promise<void> {
    if (!key) throw new PaymentProviderError("an idempotency key is required");
    let outcome = this.#outcomes.get(key);
    if (!outcome) {
      const refused = act();
      outcome = refused === null ? { ok: true } : { ok: false, message: refused };
      keep(this.#outcomes, key, outcome);
    }
    if (!outcome.ok) throw new PaymentProviderError(outcome.message);
  }
}

const validAmount = (amount: number) => Number.isSafeInteger(amount) && amount > 0;

/** Adds to a map that keeps its newest TestPaymentProvider.KEEP entries. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  if (map.size > TestPaymentProvider.KEEP) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
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
