import { isMessageKey } from "@vela/i18n";
import {
  FINANCIAL_STATUS_LABELS,
  FULFILLMENT_STATUS_LABELS,
  financialStatusLabel,
  fulfillmentStatusLabel,
  TRACKABLE_FULFILLMENT_STATUSES,
} from "@vela/shared";
import type { I18n } from "../../../lib/i18n.tsx";
import type { BadgeTone } from "../../../ui/badge.tsx";

type Lookup = Pick<I18n, "tKey">;

/**
 * Where a status is shown. Spec 000 §4 gives AUTHORIZED its label "(list only)" and the
 * Unfulfilled default for "a missing value in the list": on the order detail page AUTHORIZED is a
 * value without a label (shown raw, like any unknown one) and a missing fulfilment status shows
 * nothing.
 */
export type StatusPlace = "list" | "detail";

const LIST_ONLY_FINANCIAL_STATUSES: readonly string[] = ["AUTHORIZED"];

const hasFinancialLabel = (status: string, place: StatusPlace): boolean =>
  Object.hasOwn(FINANCIAL_STATUS_LABELS, status) &&
  (place === "list" || !LIST_ONLY_FINANCIAL_STATUSES.includes(status));

/**
 * Spec 000 §4 labels, in the reader's language; an unknown value is shown raw, which in another
 * language than English means in that language's words when the catalogue knows the value
 * (`status.raw.*`: EXPIRED, which the demo orders carry), else as sent.
 */
export function financialStatusText(
  { tKey }: Lookup,
  status: string | null | undefined,
  place: StatusPlace = "list",
): string {
  if (!status) return "";
  if (hasFinancialLabel(status, place)) {
    const key = `status.financial.${status}`;
    if (isMessageKey(key)) return tKey(key);
    return financialStatusLabel(status);
  }
  const raw = `status.raw.${status}`;
  return isMessageKey(raw) ? tKey(raw) : status;
}

/** In a list a missing fulfilment status shows Unfulfilled; on the detail page, nothing (spec 000 §4). */
export function fulfillmentStatusText(
  { tKey }: Lookup,
  status: string | null | undefined,
  place: StatusPlace = "list",
): string {
  const value = status || (place === "list" ? "UNFULFILLED" : "");
  if (!value) return "";
  if (Object.hasOwn(FULFILLMENT_STATUS_LABELS, value)) {
    const key = `status.fulfillment.${value}`;
    if (isMessageKey(key)) return tKey(key);
  }
  return fulfillmentStatusLabel(value);
}

const FINANCIAL_TONES: Record<string, BadgeTone> = {
  PAID: "success",
  PENDING: "warning",
  AUTHORIZED: "info",
  PARTIALLY_PAID: "warning",
  REFUNDED: "neutral",
  PARTIALLY_REFUNDED: "neutral",
  VOIDED: "danger",
};

const FULFILLMENT_TONES: Record<string, BadgeTone> = {
  FULFILLED: "success",
  IN_PROGRESS: "info",
  PARTIALLY_FULFILLED: "info",
  PENDING_FULFILLMENT: "warning",
  RESTOCKED: "neutral",
  UNFULFILLED: "warning",
};

export const financialTone = (status: string | null | undefined, place: StatusPlace = "list"): BadgeTone =>
  (status && hasFinancialLabel(status, place) && FINANCIAL_TONES[status]) || "neutral";
export const fulfillmentTone = (status: string | null | undefined): BadgeTone =>
  FULFILLMENT_TONES[status || "UNFULFILLED"] ?? "neutral";

/** Tracking and Track Package show only for these statuses, and only when tracking exists. */
export function showsTracking(fulfillmentStatus: string | null | undefined, trackingCount: number): boolean {
  return (
    trackingCount > 0 && !!fulfillmentStatus && TRACKABLE_FULFILLMENT_STATUSES.includes(fulfillmentStatus)
  );
}

/** Only web links leave the store from a tracking entry (no javascript: or data: URLs). */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
