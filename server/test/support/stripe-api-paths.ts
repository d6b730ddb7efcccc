// The /api paths that answer a success only when the store pays with Stripe. openapi.test.ts runs
// the test provider: it holds their failures to the document and leaves their successes to
// stripe-api.test.ts, whose app pays with Stripe (the tests' stand-in) and holds those there.
export const STRIPE_ONLY_PATHS: readonly string[] = [
  "POST /api/checkout/payments",
  "POST /api/checkout/payments/complete",
];
