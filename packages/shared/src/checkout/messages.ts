// Checkout's texts, which the language catalogues (and so the first screen) carry: no zod here.

/** The server's answers about checkout; the client shows them through its catalogue (checkout.server.*). */
export const CHECKOUT_MESSAGES = {
  cartEmpty: "Your cart is empty",
  soldOut: "Sorry, this item is sold out",
  notEnoughStock: "Not enough stock for this item",
  codeUnknown: "This discount code does not exist",
  codeUsed: "This discount code has already been used",
  codeExpired: "This discount code has expired",
  codeNotForEmail: "This discount code belongs to another email address",
  codeMinimum: "Your order does not reach this code's minimum amount",
  codeCurrency: "This discount code cannot be used in this currency",
  codeNotCombinable: "This discount code cannot be combined with other codes",
  codeNotStarted: "This discount code is not valid yet",
  codeDisabled: "This discount code is no longer valid",
  codeUsedByCustomer: "You have already used this discount code as often as it allows",
  cardNumber: "Enter a valid card number",
  cardExpiry: "Enter a valid expiry date",
  cardExpired: "This card has expired",
  cardCvc: "Enter the 3 or 4 digit security code",
  cardDeclined: "Your card was declined",
  cardInsufficientFunds: "Your card has insufficient funds",
  cardNotTestCard: "This card is not accepted in test mode: use one of the test cards",
  paymentError: "The payment could not be processed. Please try again.",
  paymentsUnavailable:
    "Orders cannot be placed right now: this store is not taking payments yet. Please try again later.",
  totalChanged: "The total has changed. Please review your order before paying.",
  keyReused: "This checkout attempt was already used for a different order. Please reload the page.",
  placementInProgress: "Your order is being placed. Please wait a moment.",
  orderNotFound: "This order does not exist or you don't have permission to view it",
  addressRequired: "A shipping address is required",
} as const;

/**
 * A guest's order offers an account. The answer is the same whether or not the order's email
 * already has one, so the offer never tells anyone which emails are registered.
 */
export const ACCOUNT_OFFER_MESSAGES = {
  sent: "Thank you. We have emailed a link to the order's address: follow it within 48 hours to set up your account.",
  invalidOffer: "This offer link is invalid. Please use the link in your order confirmation.",
  claimInvalid: "This link is invalid. Please check your email for the correct link.",
  claimUsed: "This link has already been used.",
  claimExpired: "This link has expired. Please ask for a new one from your order confirmation.",
  claimEmailChanged: "This account's email has changed since the link was sent, so no orders were added.",
  /** The account's address was never proven: whoever follows the link sets its password. */
  claimNeedsPassword:
    "This account's email address has not been confirmed yet. Choose a new password for the account: this confirms the address, signs everyone else out of the account and adds your orders to it.",
} as const;
