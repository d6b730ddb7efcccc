import { useI18n } from "../../../app/i18n.tsx";
import { Badge } from "../../../ui/badge.tsx";
import { financialStatusText, financialTone, fulfillmentStatusText, fulfillmentTone } from "./status.ts";

/** The payment status of spec 000 §4 as a badge, in the reader's language (unknown values raw). */
export function FinancialBadge({ status }: { status: string | null | undefined }) {
  const i18n = useI18n();
  return <Badge tone={financialTone(status)}>{financialStatusText(i18n, status)}</Badge>;
}

/** The fulfilment status of spec 000 §4 as a badge; a missing one shows Unfulfilled. */
export function FulfillmentBadge({ status }: { status: string | null | undefined }) {
  const i18n = useI18n();
  return <Badge tone={fulfillmentTone(status)}>{fulfillmentStatusText(i18n, status)}</Badge>;
}
