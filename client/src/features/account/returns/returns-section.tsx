import { useEffect, useRef, useState } from "react";
import { isNotFound, serverAnswered, serverMessage } from "../../../lib/errors.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { ReturnList } from "../../../ui/return-list.tsx";
import { ReturnRequestForm } from "./return-request-form.tsx";
import { type RequestedReturn, type Returnable, type ReturnRequest, useOrderReturns } from "./use-returns.ts";

/**
 * An order's returns and the way to ask for one: the window (or why nothing can be asked for
 * now), the returns with their states, and "Request a return", which opens the form in place.
 * The account's order page and the guest's return page show it alike.
 */
export function ReturnsSection({
  returnable,
  send,
}: {
  returnable: Returnable;
  send(request: ReturnRequest): Promise<RequestedReturn>;
}) {
  const { t, date } = useI18n();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const startWrap = useRef<HTMLSpanElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const canAsk = returnable.closed === null && returnable.lines.some((l) => l.returnable > 0);

  useEffect(() => {
    if (open) formHeading.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    // Back to where the reader was.
    requestAnimationFrame(() => startWrap.current?.querySelector("button")?.focus());
  };

  const closedText =
    returnable.closed === "windowClosed"
      ? t("returns.closed.windowClosed", { date: date(returnable.window.closesAt ?? "") })
      : returnable.closed === "notShipped"
        ? t("returns.closed.notShipped")
        : returnable.closed === "orderClosed"
          ? t("returns.closed.orderClosed")
          : null;

  return (
    <section className="order-returns" aria-labelledby="returns-heading">
      <h2 id="returns-heading" ref={heading} tabIndex={-1}>
        {t("returns.title")}
      </h2>
      <p className="muted">{t("returns.policy", { days: returnable.window.days })}</p>
      {closedText ? <p>{closedText}</p> : null}
      {!closedText && returnable.window.closesAt ? (
        <p>{t("returns.windowOpen", { date: date(returnable.window.closesAt) })}</p>
      ) : null}
      {sent ? <Notice>{t("returns.sent", { number: sent })}</Notice> : null}
      {returnable.returns.length ? <ReturnList returns={returnable.returns} /> : null}
      {!closedText && !canAsk ? <p className="muted">{t("returns.nothingLeft")}</p> : null}
      {canAsk && !open ? (
        <span ref={startWrap}>
          <Button
            variant="secondary"
            onClick={() => {
              setSent(null);
              setOpen(true);
            }}
          >
            {t("returns.start")}
          </Button>
        </span>
      ) : null}
      {canAsk && open ? (
        <div className="card return-form-card">
          <h3 ref={formHeading} tabIndex={-1}>
            {t("returns.form.title")}
          </h3>
          <ReturnRequestForm
            returnable={returnable}
            onCancel={close}
            send={async (request) => {
              const done = await send(request);
              setSent(done.number);
              setOpen(false);
              // The form is gone: the section's heading takes the focus, the notice is read out.
              requestAnimationFrame(() => heading.current?.focus());
            }}
          />
        </div>
      ) : null}
    </section>
  );
}

/** The account's order page: the signed-in customer's own order. */
export function OrderReturns({ orderId }: { orderId: string }) {
  const { t, serverText } = useI18n();
  const { query, send } = useOrderReturns(orderId);
  // An order the customer cannot see is the page's own "not found"; it says so already.
  if (query.isPending || (query.error && isNotFound(query.error))) return null;
  if (query.error) {
    const message = serverMessage(query.error);
    return (
      <ErrorBox
        message={
          message
            ? serverText(message)
            : serverAnswered(query.error)
              ? t("returns.loadError")
              : t("returns.loadError.network")
        }
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  return <ReturnsSection returnable={query.data} send={send} />;
}
