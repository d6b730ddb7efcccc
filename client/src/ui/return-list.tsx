import { isMessageKey } from "@vela/i18n";
import type { Money } from "@vela/shared";
import { useI18n } from "../lib/i18n.tsx";
import { Badge, type BadgeTone } from "./badge.tsx";

const TONES: Record<string, BadgeTone> = {
  REQUESTED: "info",
  APPROVED: "warning",
  DECLINED: "danger",
  RECEIVED: "info",
  REFUNDING: "info",
  REFUNDED: "success",
};

/** A return as the order's pages show it (the server's `ReturnView`). */
export interface ReturnSummary {
  id: number;
  number: string;
  status: string;
  reason: string;
  declineReason: string | null;
  requestedAt: string;
  refunded: Money | null;
  lines: { lineId: number; title: string; variantTitle: string; quantity: number }[];
}

/**
 * An order's returns and the state of each, in the reader's language: the account's order page,
 * the guest's return page and the guest's confirmation page draw them alike. A state the
 * catalogue does not know is shown as the server wrote it.
 */
export function ReturnList({
  returns,
  headingId,
}: {
  returns: readonly ReturnSummary[];
  headingId?: string;
}) {
  const { t, tKey, date, money } = useI18n();
  const known = (key: string, fallback: string) => (isMessageKey(key) ? tKey(key) : fallback);
  return (
    <ul className="return-list" {...(headingId ? { "aria-labelledby": headingId } : {})}>
      {returns.map((r) => (
        <li key={r.id} className="return-item card" data-testid="return-item">
          <p className="return-item-head">
            <strong>{t("returns.number", { number: r.number })}</strong>{" "}
            <Badge tone={TONES[r.status] ?? "neutral"}>{known(`returns.status.${r.status}`, r.status)}</Badge>
          </p>
          <p className="muted">
            {t("returns.requestedAt", { date: date(r.requestedAt) })} ·{" "}
            {t("returns.reasonIs", { reason: known(`returns.reason.${r.reason}`, r.reason) })}
          </p>
          <ul className="return-lines">
            {r.lines.map((l) => (
              <li key={l.lineId}>
                {t("returns.line", { title: l.title, variant: l.variantTitle, quantity: l.quantity })}
              </li>
            ))}
          </ul>
          {r.declineReason ? <p>{t("returns.declineReason", { reason: r.declineReason })}</p> : null}
          {r.refunded ? <p>{t("returns.refunded", { amount: money(r.refunded) })}</p> : null}
        </li>
      ))}
    </ul>
  );
}
