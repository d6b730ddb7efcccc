// Returns: their states, the reasons a customer picks from, and the server's answers in English.
// No zod here: the language catalogues carry these texts on every page (checkout/messages.ts
// does the same). The states are described in docs/admin.md ("Return states").

/**
 * A return's life. REQUESTED waits for the staff; APPROVED waits for the parcel; RECEIVED waits
 * for the refund; REFUNDING is the refund's call to the payment provider; DECLINED and REFUNDED
 * are final.
 */
export const RETURN_STATUSES = [
  "REQUESTED",
  "APPROVED",
  "DECLINED",
  "RECEIVED",
  "REFUNDING",
  "REFUNDED",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The reasons the request form offers, in its order. */
export const RETURN_REASONS = [
  "DAMAGED",
  "DEFECTIVE",
  "WRONG_ITEM",
  "NOT_AS_DESCRIBED",
  "NO_LONGER_NEEDED",
  "OTHER",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The longest comment a customer may add, and the longest reason a member of staff may give. */
export const RETURN_COMMENT_MAX = 1000;
export const RETURN_DECLINE_REASON_MAX = 500;

/**
 * The page a guest's link from the shipping mail opens (`?token=...`): that order's return page
 * only. Under /account (private: no index), outside the signed-in area.
 */
export const GUEST_RETURN_PATH = "/account/return";

/** The return number the customer is told: the order's number and the return's place in it. */
export const returnNumber = (orderNumber: number, position: number): string => `R${orderNumber}-${position}`;

/**
 * The server's answers to a customer's return request (the shop's catalogue holds them in every
 * language, keyed `returns.server.*`). Each is a whole sentence without values, so the client
 * recognises it and shows it in the reader's language; a line's refusal travels as that line's
 * field issue.
 */
export const RETURN_MESSAGES = {
  windowClosed: "The return window for this order has closed",
  notShipped: "This item has not shipped yet, so it cannot be returned",
  tooMany:
    "More than can be returned: you can return what was bought, less what is already returned or requested",
  noLines: "Choose at least one item to return",
  lineUnknown: "This item is not part of the order",
  lineRepeated: "Each item can be named once",
  quantity: "Enter a quantity of at least 1",
  reason: "Choose a reason for the return",
  comment: "The comment must not contain control characters",
  commentTooLong: "The comment is too long",
  orderClosed: "This order was cancelled or refunded: it cannot be returned",
  linkInvalid: "This return link is invalid. Please use the link in your shipping email.",
  linkExpired: "This return link has expired: the return window for the order has closed.",
} as const;

/** The server's answers to the staff's return actions (the admin's catalogue: `admin.returns.server.*`). */
export const RETURN_STAFF_MESSAGES = {
  notFound: "This return does not exist",
  notRequested: "This return is no longer waiting for a decision",
  alreadyApproved: "This return was already approved",
  alreadyDeclined: "This return was already declined",
  notApproved: "Only an approved return can be marked received",
  alreadyReceived: "This return was already marked received",
  notReceived: "Only a received return can be refunded",
  alreadyRefunded: "This return was already refunded",
  refundInProgress: "A refund of this return is in progress; try again in a moment",
  changed: "This return changed since you opened it: look at it again",
  declineReason: "Give the customer a reason",
  declineReasonText: "The reason must not contain control characters",
  receiveLines: "Say for each line of the return whether it goes back into stock",
  refundAmount: "Enter an amount in the order's currency, at most what is left to refund",
  refundRefused: "The refund was refused",
} as const;
