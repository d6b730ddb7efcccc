/**
 * Texts of stock and delivery before paying: a product's availability and arrival date, the cart's
 * word when a quantity was set to the stock, and the checkout summary's own controls.
 */
export const stockDeliveryEnUS = {
  "stock.inStock": "In stock",
  "stock.onlyLeft": "Only {n} left",
  "stock.soldOut": "Sold out",
  "stock.soldOutReason": "This option is sold out, so it cannot be added to the cart.",
  "delivery.arrivesBy.US": "Order today, get it by {date} (standard shipping within the US)",
  "delivery.arrivesBy.JP": "Order today, get it by {date} (standard shipping within Japan)",
  "cart.cappedToStock": "Only {n} available; your quantity was set to {n}",
  "checkout.methodDays": "{method} ({min}–{max} business days)",
  "checkout.freeShippingGap": "Add {amount} more for free shipping",
  "checkout.lineQuantity": "Quantity of {title}",
  "checkout.removeLine": "Remove {title}",
  "checkout.showSummary": "Show order summary",
  "checkout.hideSummary": "Hide order summary",
} as const;
