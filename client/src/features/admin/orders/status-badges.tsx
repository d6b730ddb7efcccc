// An order's payment and fulfilment status as a coloured badge with its name in the reader's language.
import { Badge, type BadgeTone } from "../../../ui/badge.tsx";
import { useOrderText } from "./order-text.ts";

const FINANCIAL_TONES: Record<string, BadgeTone> = {
  PAID: "success",
  AUTHORIZED: "info",
  PARTIALLY_REFUNDED: "warning",
  REFUNDED: "neutral",
  VOIDED: "danger",
};
const FULFILMENT_TONES: Record<string, BadgeTone> = {
  FULFILLED: "success",
  PARTIALLY_FULFILLED: "warning",
  UNFULFILLED: "info",
};

export function FinancialBadge({ status }: { status: string }) {
  const { financial } = useOrderText();
  return <Badge tone={FINANCIAL_TONES[status] ?? "neutral"}>{financial(status)}</Badge>;
}

export function FulfilmentBadge({ status }: { status: string }) {
  const { fulfilment } = useOrderText();
  return <Badge tone={FULFILMENT_TONES[status] ?? "neutral"}>{fulfilment(status)}</Badge>;
}
