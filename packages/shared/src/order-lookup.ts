// Order lookup (docs/sessions-and-tokens.md#order-lookup): a guest asks for a link to an order by
// its number and email; the link mailed to the order's address opens it in any browser.
import { z } from "zod";
import { ZEmail } from "./schemas.ts";

export { ORDER_ACCESS_LINK_TTL_SECONDS, ORDER_ACCESS_PATH, ORDER_LOOKUP_PATH } from "./order-lookup-paths.ts";

export const ZOrderLookupInput = z.strictObject({
  orderNumber: z.coerce.number().int().positive().max(999_999_999),
  email: ZEmail,
});
export type OrderLookupInput = z.infer<typeof ZOrderLookupInput>;

export const ZOrderAccessInput = z.strictObject({ token: z.string().trim().min(1).max(200) });
