// Order lookup (docs/sessions-and-tokens.md#order-lookup): a guest asks for a link to an order by
// its number and email; the link mailed to the order's address opens it in any browser.
import { z } from "zod";
import { ZEmail } from "./schemas.ts";

/**
 * The lookup form's page, and where the mailed link leads (`?token=`): under /checkout, with the
 * confirmation page, so they are private pages (noindex, out of robots.txt) like it.
 */
export const ORDER_LOOKUP_PATH = "/checkout/lookup";
export const ORDER_ACCESS_PATH = "/checkout/order-link";
/** The mailed link works once, for this long. */
export const ORDER_ACCESS_LINK_TTL_SECONDS = 86_400;

export const ZOrderLookupInput = z.strictObject({
  orderNumber: z.coerce.number().int().positive().max(999_999_999),
  email: ZEmail,
});
export type OrderLookupInput = z.infer<typeof ZOrderLookupInput>;

export const ZOrderAccessInput = z.strictObject({ token: z.string().trim().min(1).max(200) });
