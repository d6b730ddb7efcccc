// Order lookup's pages and its link's lifetime (docs/sessions-and-tokens.md#order-lookup), apart
// from its input schemas (order-lookup.ts): the client's route table, in every page's first
// screen, reads these, and a module with zod schemas would bring zod into that screen (bench/
// "Pages", zod in entry).

/**
 * The lookup form's page, and where the mailed link leads (`?token=`): under /checkout, with the
 * confirmation page, so they are private pages (noindex, out of robots.txt) like it.
 */
export const ORDER_LOOKUP_PATH = "/checkout/lookup";
export const ORDER_ACCESS_PATH = "/checkout/order-link";
/** The mailed link works once, for this long. */
export const ORDER_ACCESS_LINK_TTL_SECONDS = 86_400;
