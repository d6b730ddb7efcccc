import { useI18n } from "../../../lib/i18n.tsx";
import { Badge } from "../../../ui/badge.tsx";
import {
  financialStatusText,
  financialTone,
  fulfillmentStatusText,
  fulfillmentTone,
  type StatusPlace,
} from "./status.ts";

interface StatusBadgeProps {
  status: string | null | undefined;
  /** "list" (orders, overview) or "detail" (the order page): spec 000 §4 labels differ. */
  place?: StatusPlace;
}

/** The payment status of spec 000 §4 as a badge, in the reader's language (unknown values raw). */
export function FinancialBadge({ status, place = "list" }: StatusBadgeProps) {
  const i18n = useI18n();
  const text = financialStatusText(i18n, status, place);
  return text ? <Badge tone={financialTone(status, place)}>{text}</Badge> : null;
}

/** The fulfilment status of spec 000 §4 as a badge; a missing one shows Unfulfilled in lists. */
export function FulfillmentBadge({ status, place = "list" }: StatusBadgeProps) {
  const i18n = useI18n();
  const text = fulfillmentStatusText(i18n, status, place);
  return text ? <Badge tone={fulfillmentTone(status)}>{text}</Badge> : null;
}
