import { isMessageKey } from "@vela/i18n";
import { useAdminText } from "../../../lib/admin/text.ts";
import { Badge, type BadgeTone } from "../../../ui/badge.tsx";

/** A return's page in the admin. */
export const returnHref = (id: number): string => `/admin/returns/${id}`;

const TONES: Record<string, BadgeTone> = {
  REQUESTED: "warning",
  APPROVED: "info",
  DECLINED: "neutral",
  RECEIVED: "warning",
  REFUNDING: "info",
  REFUNDED: "success",
};

/** A state in the reader's words; one the catalogue does not know, as the server wrote it. */
export function useReturnText() {
  const { tKey } = useAdminText();
  const known = (key: string, raw: string) => (isMessageKey(key) ? tKey(key) : raw);
  return {
    status: (s: string) => known(`admin.returns.status.${s}`, s),
    reason: (r: string) => known(`admin.returns.reason.${r}`, r),
  };
}

export function StatusBadge({ status }: { status: string }) {
  const text = useReturnText();
  return <Badge tone={TONES[status] ?? "neutral"}>{text.status(status)}</Badge>;
}
