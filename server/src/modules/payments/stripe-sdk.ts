// The official Stripe client library, required when Stripe is first used (a store taking payments
// with Stripe makes its client at start-up; one that does not never loads it). Imported at the top
// it cost every process about 200 ms of start-up and 16 MiB, Stripe or not.
import type Stripe from "stripe";
import { requiredOnFirstUse } from "../../lazy-require.ts";

/** The library's constructor (its namespace too: errors, webhooks). */
export const stripeSdk = requiredOnFirstUse<typeof Stripe>("stripe");

/** The library if something has loaded it: no error can be Stripe's before that. */
export const loadedStripeSdk = (): typeof Stripe | undefined => stripeSdk.loaded();
