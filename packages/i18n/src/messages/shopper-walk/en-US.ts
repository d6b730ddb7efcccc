/**
 * Texts of the places a shopper's walk through the store used to stop short: the sign-in page
 * after registering, and the kit finder's, contact form's and name/address forms' newer words.
 */
export const shopperWalkEnUS = {
  "login.noticeRegistered":
    "Thank you for registering. We have sent you an email. Enter your email and password below to continue.",

  // The singular forms of counted texts (translatePlural picks them through Intl.PluralRules;
  // the key without "#one" is the other form).
  "store.reviewCount#one": "{count} review",
  "mobile.finder.reviews#one": "{count} review",
  "reviews.basedOn#one": "Based on {count} review",
  "games.results#one": "{count} game",
  "games.showResults#one": "Show {count} game",
  "layout.cartCount#one": "Cart, {count} item",
  "claimOrders.done#one": "Done: {n} order added to your account.",

  // Payment statuses outside spec 000 §4's table are shown raw; in English that is the value
  // itself, other languages say what the store knows it means.
  "status.raw.EXPIRED": "EXPIRED",
} as const;
