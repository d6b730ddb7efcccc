import { isMessageKey } from "@vela/i18n";
import { formatAddressLines, taxIncludedInOrder } from "@vela/shared";
import { type ReactNode, useId, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useCan } from "../../../lib/admin/staff.tsx";
import { useDialogs } from "../../../lib/dialogs.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { AdminRecord, BackLink, useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Button } from "../../../ui/button.tsx";
import {
  AddressDialog,
  CancelDialog,
  FulfilDialog,
  NoteForm,
  type OrderAction,
  RefundDialog,
} from "./order-dialogs.tsx";
import { useOrderText } from "./order-text.ts";
import "./orders.css";
import { FinancialBadge, FulfilmentBadge } from "./status-badges.tsx";
import { DisputedBadge, DisputedNote, useStripeRows } from "./stripe-state.tsx";
import {
  type OrderDetail,
  orderNumberOf,
  type TimelineEntry,
  useOrder,
  useOrderActions,
} from "./use-orders.ts";

/**
 * /admin/orders/:number (orders.read): the order's items, totals, payment, customer, shipping,
 * staff notes and timeline; the actions the member's role allows and the order's state permits
 * (ship, refund, cancel, change the address, resend the confirmation), each in a dialog.
 */
export default function OrderPage() {
  const { t, failure } = useOrderText();
  const number = orderNumberOf(useParams().number);
  const order = useOrder(number);
  return (
    <AdminRecord
      title={t("admin.orders.title")}
      errorTitle={number === null ? undefined : t("admin.orders.order.title", { number })}
      back={{ to: "/admin/orders", label: t("admin.orders.back") }}
      invalid={number === null ? t("admin.orders.badNumber") : null}
      query={order}
      loadingLabel={t("admin.orders.loading")}
      errorText={failure}
    >
      {(o) => <OrderView order={o} />}
    </AdminRecord>
  );
}

function BackToOrders() {
  const { t } = useOrderText();
  return <BackLink to="/admin/orders" label={t("admin.orders.back")} />;
}

function OrderView({ order: o }: { order: OrderDetail }) {
  const { t, dateTime } = useOrderText();
  const [action, setAction] = useState<OrderAction | null>(null);
  const { show, view: outcome } = useActionOutcome();
  const done = (text: string) => {
    setAction(null);
    show({ ok: true, text });
  };
  const close = () => setAction(null);
  return (
    <AdminPage
      title={t("admin.orders.order.title", { number: o.number })}
      actions={<OrderActions order={o} onOpen={setAction} onOutcome={show} />}
    >
      <BackToOrders />
      <p className="admin-badges">
        {t("admin.orders.order.placed", { date: dateTime(o.placedAt) })}{" "}
        <FinancialBadge status={o.financialStatus} /> <FulfilmentBadge status={o.fulfillmentStatus} />{" "}
        <DisputedBadge stripe={o.payment.stripe} />
      </p>
      {outcome}
      <Lines order={o} />
      <Totals order={o} />
      <Payment order={o} />
      <Customer order={o} />
      <Shipping order={o} />
      <Notes order={o} onOutcome={show} />
      <Timeline order={o} />
      {action === "fulfil" ? <FulfilDialog order={o} onDone={done} onClose={close} /> : null}
      {action === "refund" ? <RefundDialog order={o} onDone={done} onClose={close} /> : null}
      {action === "cancel" ? <CancelDialog order={o} onDone={done} onClose={close} /> : null}
      {action === "address" ? <AddressDialog order={o} onDone={done} onClose={close} /> : null}
    </AdminPage>
  );
}

/** Each action only for a member whose role allows it, and only while the order's state does. */
function OrderActions({
  order: o,
  onOpen,
  onOutcome,
}: {
  order: OrderDetail;
  onOpen(action: OrderAction): void;
  onOutcome(outcome: { ok: boolean; text: string }): void;
}) {
  const { t, failure, language } = useOrderText();
  const fulfil = useCan("orders.fulfil", "all");
  const refund = useCan("payments.refund", "all");
  const resend = useCan("mails.resend", "all");
  const dialogs = useDialogs();
  const actions = useOrderActions(o.number);
  const resendConfirmation = async () => {
    const sure = await dialogs.confirm(
      t("admin.orders.resend.body", { number: o.number, email: o.email, language: language(o.locale) }),
      {
        title: t("admin.orders.resend.title"),
        confirmLabel: t("admin.orders.resend.confirm"),
        cancelLabel: t("admin.orders.action.close"),
      },
    );
    if (!sure) return;
    try {
      const { held } = await actions.resendConfirmation.mutateAsync({ number: o.number });
      onOutcome({
        ok: !held,
        text: held
          ? t("admin.orders.resend.held", { email: o.email })
          : t("admin.orders.resend.done", { email: o.email }),
      });
    } catch (err) {
      onOutcome({ ok: false, text: failure(err) });
    }
  };
  return (
    <>
      {fulfil && o.can.fulfil ? (
        <Button onClick={() => onOpen("fulfil")}>{t("admin.orders.action.fulfil")}</Button>
      ) : null}
      {refund && o.can.refund ? (
        <Button variant="secondary" onClick={() => onOpen("refund")}>
          {t("admin.orders.action.refund")}
        </Button>
      ) : null}
      {fulfil && o.can.changeAddress ? (
        <Button variant="secondary" onClick={() => onOpen("address")}>
          {t("admin.orders.action.address")}
        </Button>
      ) : null}
      {resend && o.email ? (
        <Button variant="secondary" onClick={resendConfirmation} busy={actions.resendConfirmation.isPending}>
          {t("admin.orders.action.resend")}
        </Button>
      ) : null}
      {refund && o.can.cancel ? (
        <Button variant="danger" onClick={() => onOpen("cancel")}>
          {t("admin.orders.action.cancel")}
        </Button>
      ) : null}
    </>
  );
}

/** A section with its heading (`<h2>`), named by it. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Line = OrderDetail["lines"][number];

function Lines({ order: o }: { order: OrderDetail }) {
  const { t, minor } = useOrderText();
  const columns: AdminColumn<Line>[] = [
    {
      key: "item",
      header: t("admin.orders.line.item"),
      rowHeader: true,
      cell: (l) => (
        <>
          {l.title}
          <br />
          <span className="admin-muted">{l.variantTitle}</span>
        </>
      ),
    },
    { key: "quantity", header: t("admin.orders.line.quantity"), className: "num", cell: (l) => l.quantity },
    {
      key: "shipped",
      header: t("admin.orders.line.shipped"),
      className: "num",
      cell: (l) => l.fulfilledQuantity,
    },
    {
      key: "unit",
      header: t("admin.orders.line.unitPrice"),
      className: "num",
      cell: (l) => minor(l.unitPrice, o.currencyCode),
    },
    {
      key: "total",
      header: t("admin.orders.line.total"),
      className: "num",
      cell: (l) => minor(l.total, o.currencyCode),
    },
  ];
  return (
    <Section title={t("admin.orders.section.lines")}>
      <AdminTable
        caption={t("admin.orders.section.lines")}
        captionHidden
        columns={columns}
        rows={o.lines}
        rowKey={(l) => l.id}
        empty="—"
      />
    </Section>
  );
}

function Totals({ order: o }: { order: OrderDetail }) {
  const { t, minor } = useOrderText();
  const m = (n: number) => minor(n, o.currencyCode);
  const discount: [string, ReactNode][] =
    o.totals.discount > 0
      ? [
          [
            o.discountCodes.length
              ? t("admin.orders.totals.discountCode", { code: o.discountCodes.map((d) => d.code).join(", ") })
              : t("admin.orders.totals.discount"),
            `−${m(o.totals.discount)}`,
          ],
        ]
      : [];
  // Yen orders' prices include the tax (Japan's 総額表示): the tax they contain, not added.
  const included = taxIncludedInOrder({ currencyCode: o.currencyCode, ...o.totals });
  return (
    <Section title={t("admin.orders.section.totals")}>
      <Facts
        rows={[
          [t("admin.orders.totals.subtotal"), m(o.totals.subtotal)],
          ...discount,
          [t("admin.orders.totals.shipping"), m(o.totals.shipping)],
          ...(included ? [] : ([[t("admin.orders.totals.tax"), m(o.totals.tax)]] as [string, ReactNode][])),
          [
            included ? t("admin.orders.totals.totalTaxIncluded") : t("admin.orders.totals.total"),
            <strong key="total">{m(o.totals.total)}</strong>,
          ],
          ...(included
            ? ([[t("admin.orders.totals.taxIncluded"), m(o.totals.tax)]] as [string, ReactNode][])
            : []),
        ]}
      />
    </Section>
  );
}

type Operation = OrderDetail["payment"]["operations"][number];

function Payment({ order: o }: { order: OrderDetail }) {
  const { t, tKey, minor, dateTime } = useOrderText();
  const p = o.payment;
  const stripeRows = useStripeRows(p.stripe);
  const m = (n: number) => minor(n, o.currencyCode);
  const named = (prefix: string, value: string) => {
    const key = `${prefix}.${value}`;
    return isMessageKey(key) ? tKey(key) : value;
  };
  const columns: AdminColumn<Operation>[] = [
    {
      key: "when",
      header: t("admin.orders.payment.col.when"),
      rowHeader: true,
      cell: (op) => <time dateTime={op.at}>{dateTime(op.at)}</time>,
    },
    {
      key: "kind",
      header: t("admin.orders.payment.col.kind"),
      cell: (op) => named("admin.orders.operation", op.kind),
    },
    {
      key: "amount",
      header: t("admin.orders.payment.col.amount"),
      className: "num",
      cell: (op) => m(op.amount),
    },
    {
      key: "status",
      header: t("admin.orders.payment.col.status"),
      cell: (op) => named("admin.orders.operationStatus", op.status),
    },
  ];
  return (
    <Section title={t("admin.orders.section.payment")}>
      <Facts
        rows={[
          [
            t("admin.orders.payment.card"),
            p.brand && p.last4
              ? t("admin.orders.payment.cardValue", { brand: p.brand, last4: p.last4 })
              : t("admin.orders.payment.none"),
          ],
          ...(p.provider ? [[t("admin.orders.payment.provider"), p.provider] as [string, ReactNode]] : []),
          ...stripeRows,
          [t("admin.orders.payment.authorized"), m(p.authorized)],
          [t("admin.orders.payment.captured"), m(p.captured)],
          [t("admin.orders.payment.refunded"), m(p.refunded)],
          [t("admin.orders.payment.refundable"), m(p.refundable)],
        ]}
      />
      <DisputedNote stripe={p.stripe} />
      {p.operations.length ? (
        <AdminTable
          caption={t("admin.orders.payment.operations")}
          columns={columns}
          rows={p.operations}
          rowKey={(op) => op.id}
          empty="—"
        />
      ) : null}
    </Section>
  );
}

function Customer({ order: o }: { order: OrderDetail }) {
  const { t, language } = useOrderText();
  const canSee = useCan("customers.read", "all");
  const c = o.customer;
  return (
    <Section title={t("admin.orders.section.customer")}>
      <Facts
        rows={[
          [
            c ? t("admin.orders.customer.account") : t("admin.orders.customer.guest"),
            c ? (
              canSee ? (
                <Link key="customer" to={`/admin/customers/${c.id}`}>
                  {c.name}
                </Link>
              ) : (
                c.name
              )
            ) : (
              o.shippingAddress.name
            ),
          ],
          [t("admin.orders.customer.email"), o.email || "—"],
          [t("admin.orders.customer.language"), language(o.locale)],
        ]}
      />
    </Section>
  );
}

function Shipping({ order: o }: { order: OrderDetail }) {
  const { t, tKey, locale } = useOrderText();
  const a = o.shippingAddress;
  const methodKey = `admin.orders.shipping.${o.shippingMethod ?? ""}`;
  // Laid out by the address's country, the country named in the reader's language (@vela/shared).
  const lines = [a.name, ...formatAddressLines(locale, a)].filter((x): x is string => Boolean(x));
  return (
    <Section title={t("admin.orders.section.shipping")}>
      <Facts
        rows={[
          [
            t("admin.orders.shipping.method"),
            o.shippingMethod ? (isMessageKey(methodKey) ? tKey(methodKey) : o.shippingMethod) : "—",
          ],
          [
            t("admin.orders.shipping.address"),
            <address key="address">
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines have no identity but their place.
                <span key={i}>
                  {line}
                  <br />
                </span>
              ))}
            </address>,
          ],
          [
            t("admin.orders.shipping.shipments"),
            o.shipments.length ? (
              <ul key="shipments" className="admin-plain-list">
                {o.shipments.map((s) => (
                  <li key={`${s.carrier} ${s.number}`}>
                    <a href={s.url} target="_blank" rel="noopener noreferrer">
                      {t("admin.orders.shipping.track", { carrier: s.carrier, number: s.number })}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              t("admin.orders.shipping.none")
            ),
          ],
        ]}
      />
    </Section>
  );
}

function Notes({
  order: o,
  onOutcome,
}: {
  order: OrderDetail;
  onOutcome(outcome: { ok: boolean; text: string }): void;
}) {
  const { t, dateTime } = useOrderText();
  const canWrite = useCan("orders.fulfil", "all");
  return (
    <Section title={t("admin.orders.section.notes")}>
      {o.notes.length ? (
        <ul className="admin-plain-list admin-notes">
          {o.notes.map((n) => (
            <li key={n.id}>
              <p className="admin-note-text">{n.text}</p>
              <p className="admin-muted">
                {t("admin.orders.notes.by", { author: n.author, date: dateTime(n.at) })}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">{t("admin.orders.notes.none")}</p>
      )}
      {canWrite ? <NoteForm order={o} onDone={(text) => onOutcome({ ok: true, text })} /> : null}
    </Section>
  );
}

function Timeline({ order: o }: { order: OrderDetail }) {
  const { t, tKey, dateTime, minor } = useOrderText();
  const amount = (e: TimelineEntry) => (e.amount !== null ? minor(e.amount, o.currencyCode) : "");
  const what = (e: TimelineEntry): string => {
    switch (e.kind) {
      case "placed":
      case "address-changed":
      case "confirmation-resent":
        return t(`admin.orders.timeline.${e.kind}`);
      case "paid":
        return t("admin.orders.timeline.paid", { amount: amount(e) });
      case "shipped":
        return t("admin.orders.timeline.shipped", { detail: e.detail ?? "" });
      case "refunded":
        return e.detail
          ? t("admin.orders.timeline.refundedReason", { amount: amount(e), detail: e.detail })
          : t("admin.orders.timeline.refunded", { amount: amount(e) });
      case "cancelled":
        return e.detail
          ? t("admin.orders.timeline.cancelledReason", { detail: e.detail })
          : t("admin.orders.timeline.cancelled");
      case "note":
        return t("admin.orders.timeline.note", { detail: e.detail ?? "" });
      case "mail": {
        const statusKey = `admin.orders.timeline.mail.${e.status ?? "queued"}`;
        return t("admin.orders.timeline.mail", {
          detail: e.detail ?? "",
          status: isMessageKey(statusKey) ? tKey(statusKey) : (e.status ?? ""),
        });
      }
      case "returned": {
        const eventKey = `admin.orders.timeline.${e.detail ?? ""}`;
        return t("admin.orders.timeline.returned", {
          reference: e.reference ?? "",
          event: isMessageKey(eventKey)
            ? tKey(eventKey)
            : t("admin.orders.timeline.return.other", { kind: e.detail ?? "" }),
        });
      }
      default:
        return t("admin.orders.timeline.other", { detail: e.detail ?? "" });
    }
  };
  const who = (e: TimelineEntry): string => {
    const a = e.actor;
    if (a.type === "staff") return t("admin.orders.actor.staff", { label: a.label });
    if (a.type === "operator") return t("admin.orders.actor.operator");
    if (a.type === "customer") return t("admin.orders.actor.customer", { label: a.label });
    return t("admin.orders.actor.store");
  };
  const columns: AdminColumn<TimelineEntry>[] = [
    {
      key: "when",
      header: t("admin.orders.timeline.col.when"),
      rowHeader: true,
      cell: (e) => <time dateTime={e.at}>{dateTime(e.at)}</time>,
    },
    { key: "what", header: t("admin.orders.timeline.col.what"), cell: what },
    { key: "who", header: t("admin.orders.timeline.col.who"), cell: who },
  ];
  return (
    <Section title={t("admin.orders.section.timeline")}>
      <AdminTable
        caption={t("admin.orders.timeline.caption")}
        captionHidden
        columns={columns}
        rows={o.timeline}
        rowKey={(e) => e.id}
        empty="—"
      />
    </Section>
  );
}
