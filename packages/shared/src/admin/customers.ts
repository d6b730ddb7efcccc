// The admin's customers area: its procedures' inputs, shared with the admin client's forms, and
// the server's answers (English; the admin's catalogue holds every language, keyed
// `admin.server.customers.*`).
import { z } from "zod";

export const CUSTOMER_ADMIN_MESSAGES = {
  customerNotFound: "No customer has this id",
  customerDisabled: "Sign-in is disabled for this customer: enable it first",
  resetTooSoon: "A reset link was sent to this customer less than 5 minutes ago",
  resetOverLimit: "This address had 3 reset mails in the last hour: wait before sending another",
  searchTooLong: "Search for at most 200 characters",
} as const;

export const CUSTOMER_SEARCH_MAX = 200;
export const CUSTOMER_PAGE_MAX = 100;
export const CUSTOMER_PAGE_DEFAULT = 25;

export const ZCustomerId = z.number().int().positive().max(2_147_483_647);

export const ZCustomerSearchInput = z
  .strictObject({
    /** Words matched in the email, first and last name, in any case; every word must match. */
    q: z.string().trim().max(CUSTOMER_SEARCH_MAX, CUSTOMER_ADMIN_MESSAGES.searchTooLong).optional(),
    /** The `nextCursor` of the page before. */
    cursor: ZCustomerId.optional(),
    limit: z.number().int().min(1).max(CUSTOMER_PAGE_MAX).default(CUSTOMER_PAGE_DEFAULT),
  })
  .default({ limit: CUSTOMER_PAGE_DEFAULT });
export type CustomerSearchInput = z.input<typeof ZCustomerSearchInput>;

export const ZCustomerRefInput = z.strictObject({ customerId: ZCustomerId });
export type CustomerRefInput = z.infer<typeof ZCustomerRefInput>;

/** How many of a customer's orders, and of their returns, their page lists (newest first); the orders and returns areas have the rest. */
export const CUSTOMER_ORDERS_SHOWN = 20;
