// The official Stripe client library, required when Stripe is first used (a store taking payments
// with Stripe makes its client at start-up; one that does not never loads it). Imported at the top
// it cost every process about 200 ms of start-up and 16 MiB, Stripe or not.
import { createRequire } from "node:module";
import type Stripe from "stripe";

const requireHere = createRequire(import.meta.url);
let sdk: typeof Stripe | undefined;

/** The library's constructor (its namespace too: errors, webhooks). */
export function stripeSdk(): typeof Stripe {
  sdk ??= requireHere("stripe") as typeof Stripe;
  return sdk;
}

/** The library if something has loaded it: no error can be Stripe's before that. */
export const loadedStripeSdk = (): typeof Stripe | undefined => sdk;
