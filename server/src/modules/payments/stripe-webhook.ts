// POST /api/payments/stripe/webhook: Stripe's events. The body is read raw (Stripe signs the
// bytes it sent), verified against STRIPE_WEBHOOK_SECRET with the official client (unsigned, badly
// signed or older than five minutes: 400), recorded once by event id (a repeat is acknowledged
// and ignored) and answered 200 at once; stripe-events.ts processes it. The same-origin JSON rule
// (http/security.ts) leaves this one path alone: the signature is its proof.
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Deps } from "../../deps.ts";
import { STRIPE_WEBHOOK_PATH } from "../../http/security.ts";
import { recordEvent } from "./stripe-events.ts";
import { stripeSdk } from "./stripe-sdk.ts";

/** Stripe's events are small; anything larger is not one of them. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** How old a signature may be (Stripe's own default). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

export function registerStripeWebhook(
  app: FastifyInstance,
  deps: Deps,
  opts: { webhookSecret: string; kick: () => void },
): void {
  app.register(async (scope) => {
    // This route's bodies stay bytes, whatever their type says.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers["stripe-signature"];
      const refuse = (why: string) => {
        req.log.warn({ why }, "stripe webhook refused");
        return reply.code(400).send({ message: why, error: why });
      };
      if (typeof header !== "string" || header === "") return refuse("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripeSdk().webhooks.constructEvent(
          raw,
          header,
          opts.webhookSecret,
          STRIPE_SIGNATURE_TOLERANCE_S,
          undefined,
          // When it arrived, in milliseconds (the client divides): the store's clock.
          deps.clock.now().getTime(),
        );
      } catch {
        return refuse("Invalid Stripe signature");
      }
      const fresh = await recordEvent(deps, event, raw.toString("utf8"));
      if (fresh) opts.kick();
      return reply.code(200).send({ received: true, duplicate: !fresh });
    });
  });
}
