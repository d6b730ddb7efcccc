// Why the order state machine refuses a move: one reason code per refusal and its English text,
// with the values it names. The CLI prints the text; a screen can pick its own text by the code.

export const ORDER_REFUSALS = {
  orderNotFound: "Order {order} does not exist",
  fulfilCancelled: "Order {order} is cancelled: it cannot be fulfilled",
  fulfilRefunded: "Order {order} is refunded: it cannot be fulfilled",
  alreadyFulfilled: "Order {order} is already fulfilled",
  carrierRequired: "A carrier and a tracking number are required",
  carrierText: "The carrier must be one line of at most {max} characters, without control characters",
  trackingText:
    "The tracking number must be one line of at most {max} characters, without control characters",
  lineUnknown: "Line {line} is not a line of order {order}",
  lineRepeated: "Line {line} is named more than once: name each line once, with all its units",
  lineQuantity: "Line {line}: at most {left} left to fulfil",
  notPaidThroughProvider: "Order {order} was not paid through the store's payment provider",
  providerMismatch:
    "Order {order} was paid through the {paidWith} payment provider, but the store now uses {inUse}: settle it there",
  refundCancelled: "Order {order} is cancelled: nothing to refund",
  refundNotCaptured:
    "Order {order} is authorized, not captured: nothing to refund (capture it, or cancel it to release the authorization)",
  alreadyRefunded: "Order {order} is already fully refunded",
  notAnAmount: "Not an amount in {currency}: {text}",
  refundTooLarge: "No refund beyond the amount paid: at most {left} can be refunded",
  alreadyCancelled: "Order {order} is already cancelled",
  cancelShipped: "Order {order} has shipped: it cannot be cancelled (refund it instead)",
  captureNotAuthorized: "Order {order} is {status}: only an authorized order is captured",
  operationInProgress:
    "Order {order}: a {operation} started at {since} is still in progress; try again in a moment",
  providerFailed: "The payment provider did not {operation} order {order} ({detail}); nothing was changed",
  changedMeanwhile: "Order {order} kept changing while this ran; try again",
  staleVersion: "Order {order} changed since you opened it: look at it again before you act",
  addressShipped: "Order {order} has shipped: its address can no longer be changed",
  addressCancelled: "Order {order} is cancelled: its address can no longer be changed",
  lineRefundQuantity: "Line {line}: at most {max} units were ordered",
  noEmail: "Order {order} has no email address to send to",
} as const;

export type OrderRefusal = keyof typeof ORDER_REFUSALS;
export type RefusalParams = Record<string, string | number>;

/** A move the state machine refuses, and why; nothing was changed. The CLI prints it and exits with 1. */
export class LifecycleError extends Error {
  constructor(
    readonly reason: OrderRefusal,
    readonly params: RefusalParams = {},
  ) {
    super(
      ORDER_REFUSALS[reason].replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(params, name) ? String(params[name]) : whole,
      ),
    );
    this.name = "LifecycleError";
  }
}
