// Checkout's entry points, gathered from the files that hold them: quote.ts (the cart priced
// now), placement.ts (a cart turned into a paid order once per attempt) and confirmation.ts
// (the order as its buyer sees it after placing it).

export { type CheckoutOrderDto, checkoutOrder } from "./confirmation.ts";
export {
  accessTokenFor,
  orderPageUrl,
  type PlacedOrder,
  type Placer,
  placeOrder,
  takeStock,
} from "./placement.ts";
export { type Quote, type QuoteDto, type QuoteLine, quoteCheckout } from "./quote.ts";
