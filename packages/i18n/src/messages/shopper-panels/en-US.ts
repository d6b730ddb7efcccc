/**
 * Texts of the panels around a shopper's walk: the cart drawer after Add to Cart, the docked
 * subscribe offer, the home slider's captions' region and the named delete-address question.
 */
export const shopperPanelsEnUS = {
  "cartDrawer.title": "Added to your cart",
  "cartDrawer.close": "Close the cart summary",
  "cartDrawer.quantity": "Quantity in cart: {quantity}",
  "cartDrawer.total": "Cart total",
  "cartDrawer.items": "{count} items",
  "cartDrawer.items#one": "{count} item",
  "cartDrawer.checkout": "Check out",
  "cartDrawer.viewCart": "View cart",
  "newsletter.closeOffer": "Close the offer",
  "addresses.deleteTitle": "Delete the address {place}?",
} as const;
