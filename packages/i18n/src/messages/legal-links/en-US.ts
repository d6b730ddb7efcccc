/**
 * The legal pages' names and descriptions, loaded with the language (the footer on every page and
 * the checkout link to them); the pages' own texts are the `legal` area (messages/legal/).
 */
export const legalLinksEnUS = {
  "legal.nav.shipping": "Shipping",
  "legal.nav.returns": "Returns and Refunds",
  "legal.nav.warranty": "Warranty",
  "legal.nav.terms": "Terms of Sale",
  "legal.nav.notice": "Legal Notice",
  // The checkout's line beside the Pay button; {terms}, {shipping} and {returns} are links.
  "legal.checkout.agree": "By placing your order you agree to our {terms}. See {shipping} and {returns}.",
  "legal.checkout.shipping": "shipping",
  "legal.checkout.returns": "returns",
  "seo.legal.shipping": "Where {brand} ships, what shipping costs and how long delivery takes.",
  "seo.legal.returns": "How to return an item bought from {brand}, and how refunds are made.",
  "seo.legal.warranty": "The warranty on {brand} glasses and accessories: what it covers and how to claim.",
  "seo.legal.terms": "The terms of sale of the {brand} store: orders, prices, payment, delivery and returns.",
  "seo.legal.notice":
    "The seller's details, prices, payment, delivery and returns, as Japan's Specified Commercial Transactions Act asks.",
} as const;
