// What the checkout and the admin share about discount codes: who counts as one customer for a
// per-customer limit, and the key of the newsletter's welcome-code template.

/** The newsletter's welcome code's rules (DiscountTemplate.key), read when a code is issued. */
export const WELCOME_TEMPLATE_KEY = "newsletter-welcome";

/**
 * Who a use of a code belongs to, for per-customer limits: the account when signed in, else the
 * order's email in lower case (a guest is their email). Null while no email is known yet (a quote).
 */
export function customerKeyOf(customerId: number | null, email: string | null): string | null {
  if (customerId !== null) return `customer:${customerId}`;
  return email ? `email:${email.trim().toLowerCase()}` : null;
}
