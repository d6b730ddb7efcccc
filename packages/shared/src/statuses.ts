/** Order status labels of spec 000 §4. Unknown values are shown raw. */
export const FINANCIAL_STATUS_LABELS: Record<string, string> = {
  PAID: "Paid",
  PENDING: "Pending",
  AUTHORIZED: "Authorized",
  PARTIALLY_PAID: "Partially Paid",
  REFUNDED: "Refunded",
  PARTIALLY_REFUNDED: "Partially Refunded",
  VOIDED: "Voided",
};

export const FULFILLMENT_STATUS_LABELS: Record<string, string> = {
  FULFILLED: "Fulfilled",
  IN_PROGRESS: "In Progress",
  PARTIALLY_FULFILLED: "Partially Fulfilled",
  PENDING_FULFILLMENT: "Pending Fulfillment",
  RESTOCKED: "Restocked",
  UNFULFILLED: "Unfulfilled",
};

export const FINANCIAL_STATUSES = Object.keys(FINANCIAL_STATUS_LABELS);
export const FULFILLMENT_STATUSES = Object.keys(FULFILLMENT_STATUS_LABELS);

export function financialStatusLabel(status: string | null | undefined): string {
  if (!status) return "";
  return FINANCIAL_STATUS_LABELS[status] ?? status;
}

/** A missing fulfilment status shows Unfulfilled. */
export function fulfillmentStatusLabel(status: string | null | undefined): string {
  if (!status) return FULFILLMENT_STATUS_LABELS.UNFULFILLED ?? "Unfulfilled";
  return FULFILLMENT_STATUS_LABELS[status] ?? status;
}

/** Tracking and Track Package show only for these fulfilment statuses (and when tracking exists). */
export const TRACKABLE_FULFILLMENT_STATUSES: readonly string[] = ["FULFILLED", "PARTIALLY_FULFILLED"];
