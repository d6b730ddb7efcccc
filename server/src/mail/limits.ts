// How many mails of one kind one address may receive in a window, whatever triggers them
// (a form anyone can submit, a script, a race). A mail over its limit is still written to
// the outbox, with heldAt set, and never sent. See docs/sessions-and-tokens.md ("Mail limits").
import type { LimitRule } from "../auth/rate-limit.ts";

const HOUR = 3600;

export interface MailLimits {
  /** Per recipient and kind. */
  byKind: Record<string, LimitRule>;
  /** For a kind not listed (a mail added later is limited from its first day). */
  other: LimitRule;
}

export const MAIL_LIMITS: MailLimits = {
  byKind: {
    // recover also sends at most one every 300 s (RESET_EMAIL_INTERVAL_SECONDS) and checks this
    // limit before it issues a token, so a held mail never voids the link already sent.
    "password-reset": { limit: 3, windowSeconds: HOUR },
    "account-activation": { limit: 3, windowSeconds: HOUR },
    welcome: { limit: 3, windowSeconds: HOUR },
    // The owner needs to hear once in a while that someone tried to register their address.
    "already-registered": { limit: 3, windowSeconds: 24 * HOUR },
    "password-changed": { limit: 5, windowSeconds: HOUR },
    "email-changed": { limit: 5, windowSeconds: HOUR },
    // Above the newsletter's own per-email limit (3 an hour), so a person never meets this one.
    "newsletter-confirm": { limit: 5, windowSeconds: HOUR },
    "newsletter-welcome-code": { limit: 5, windowSeconds: HOUR },
    // To the store's own department mailboxes: many customers write to one address, and each is
    // already limited per IP (CONTACT_RATE_LIMIT); this only caps a flood from many addresses.
    "contact-message": { limit: 200, windowSeconds: HOUR },
    // Returns: a customer's own requests, and the staff's answers to them (one each per request
    // at most, sent whenever the staff get to them): a held answer would never reach the customer.
    "return-requested": { limit: 10, windowSeconds: HOUR },
    "return-approved": { limit: 30, windowSeconds: HOUR },
    "return-declined": { limit: 30, windowSeconds: HOUR },
    "return-received": { limit: 30, windowSeconds: HOUR },
  },
  other: { limit: 5, windowSeconds: HOUR },
};

export function mailLimitFor(limits: MailLimits, kind: string): LimitRule {
  return limits.byKind[kind] ?? limits.other;
}

/** RATE_LIMIT_MULTIPLIER scales these too (the end-to-end suite mails one address often). */
export function scaleMailLimits(limits: MailLimits, multiplier: number): MailLimits {
  if (multiplier === 1) return limits;
  const scale = (r: LimitRule): LimitRule => ({ ...r, limit: r.limit * multiplier });
  return {
    byKind: Object.fromEntries(Object.entries(limits.byKind).map(([k, r]) => [k, scale(r)])),
    other: scale(limits.other),
  };
}
