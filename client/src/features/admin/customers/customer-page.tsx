import { isMessageKey, type MessageKey } from "@vela/i18n";
import { personName } from "@vela/shared";
import { type ReactNode, useId } from "react";
import { Link, useParams } from "react-router-dom";
import { useCan } from "../../../lib/admin/staff.tsx";
import { useAdminText } from "../../../lib/admin/text.ts";
import { useDialogs } from "../../../lib/dialogs.ts";
import { addressLines } from "../../../lib/names.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { AdminRecord, BackLink, useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Badge } from "../../../ui/badge.tsx";
import { Button } from "../../../ui/button.tsx";
import { type CustomerDetail, customerIdOf, useCustomer, useCustomerActions } from "./use-customers.ts";
import "./customers.css";

type Order = CustomerDetail["orders"]["latest"][number];
type Return = CustomerDetail["returns"]["latest"][number];

/**
 * /admin/customers/:customerId (customers.read): the customer's profile, sign-in state, addresses,
 * latest orders and returns; with customers.manage, the reset link and disabling or enabling
 * sign-in, each confirmed in a dialog first.
 */
export default function CustomerPage() {
  const { t, errorText } = useAdminText();
  const customerId = customerIdOf(useParams().customerId);
  const customer = useCustomer(customerId);
  return (
    <AdminRecord
      title={t("admin.customers.title")}
      back={{ to: "/admin/customers", label: t("admin.customers.back") }}
      invalid={customerId === null ? t("admin.server.customers.customerNotFound") : null}
      query={customer}
      loadingLabel={t("admin.customers.loading")}
      errorText={errorText}
    >
      {(c) => <CustomerView customer={c} />}
    </AdminRecord>
  );
}

function BackToCustomers() {
  const { t } = useAdminText();
  return <BackLink to="/admin/customers" label={t("admin.customers.back")} />;
}

function CustomerView({ customer: c }: { customer: CustomerDetail }) {
  const { locale } = useAdminText();
  const manage = useCan("customers.manage", "all");
  const { show, view: outcome } = useActionOutcome();
  const name = personName(locale, c.firstName, c.lastName) || c.email;
  return (
    <AdminPage title={name} actions={manage ? <CustomerActions customer={c} onOutcome={show} /> : undefined}>
      <BackToCustomers />
      {outcome}
      <Profile customer={c} />
      <SignIn customer={c} />
      <Addresses customer={c} />
      <Orders customer={c} />
      <Returns customer={c} />
    </AdminPage>
  );
}

/** The three actions, each behind a confirm dialog; only for a member with customers.manage. */
function CustomerActions({
  customer: c,
  onOutcome,
}: {
  customer: CustomerDetail;
  onOutcome(outcome: { ok: boolean; text: string }): void;
}) {
  const { t, tKey, errorText, dateTime } = useAdminText();
  const dialogs = useDialogs();
  const actions = useCustomerActions();
  const disabled = c.signIn.disabledAt !== null;
  const language = languageName(tKey, c.locale);
  const cancelLabel = t("admin.customers.action.cancel");

  const run = async (
    ask: { title: string; body: string; confirmLabel: string; danger?: boolean },
    act: () => Promise<string>,
  ) => {
    const ok = await dialogs.confirm(ask.body, {
      title: ask.title,
      confirmLabel: ask.confirmLabel,
      cancelLabel,
      ...(ask.danger ? { danger: true } : {}),
    });
    if (!ok) return;
    try {
      onOutcome({ ok: true, text: await act() });
    } catch (err) {
      onOutcome({ ok: false, text: errorText(err) });
    }
  };

  const sendReset = () =>
    run(
      {
        title: t("admin.customers.action.reset.title"),
        body: t("admin.customers.action.reset.body", { email: c.email, language }),
        confirmLabel: t("admin.customers.action.reset.confirm"),
      },
      async () => {
        const { sent } = await actions.sendPasswordReset.mutateAsync({ customerId: c.id });
        return t("admin.customers.action.reset.done", { email: sent.to, time: dateTime(sent.expiresAt) });
      },
    );
  const disable = () =>
    run(
      {
        title: t("admin.customers.action.disable.title"),
        body: t("admin.customers.action.disable.body", { email: c.email }),
        confirmLabel: t("admin.customers.action.disable.confirm"),
        danger: true,
      },
      async () => {
        await actions.disable.mutateAsync({ customerId: c.id });
        return t("admin.customers.action.disable.done", { email: c.email });
      },
    );
  const enable = () =>
    run(
      {
        title: t("admin.customers.action.enable.title"),
        body: t("admin.customers.action.enable.body", { email: c.email }),
        confirmLabel: t("admin.customers.action.enable.confirm"),
      },
      async () => {
        await actions.enable.mutateAsync({ customerId: c.id });
        return t("admin.customers.action.enable.done", { email: c.email });
      },
    );

  return (
    <>
      {disabled ? null : (
        <Button variant="secondary" onClick={sendReset} busy={actions.sendPasswordReset.isPending}>
          {t("admin.customers.action.reset")}
        </Button>
      )}
      {disabled ? (
        <Button onClick={enable} busy={actions.enable.isPending}>
          {t("admin.customers.action.enable")}
        </Button>
      ) : (
        <Button variant="danger" onClick={disable} busy={actions.disable.isPending}>
          {t("admin.customers.action.disable")}
        </Button>
      )}
    </>
  );
}

function languageName(tKey: (key: MessageKey) => string, locale: string): string {
  const key = `admin.customers.language.${locale}`;
  return isMessageKey(key) ? tKey(key) : locale;
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

function Profile({ customer: c }: { customer: CustomerDetail }) {
  const { t, tKey, date } = useAdminText();
  return (
    <Section title={t("admin.customers.profile.title")}>
      <Facts
        rows={[
          [t("admin.customers.profile.email"), c.email],
          [t("admin.customers.profile.phone"), c.phone ?? t("admin.customers.profile.none")],
          [t("admin.customers.profile.language"), languageName(tKey, c.locale)],
          [
            t("admin.customers.profile.marketing"),
            c.acceptsMarketing
              ? t("admin.customers.profile.marketing.yes")
              : t("admin.customers.profile.marketing.no"),
          ],
          [
            t("admin.customers.profile.since"),
            <time key="since" dateTime={c.createdAt}>
              {date(c.createdAt)}
            </time>,
          ],
        ]}
      />
    </Section>
  );
}

function SignIn({ customer: c }: { customer: CustomerDetail }) {
  const { t, dateTime } = useAdminText();
  const s = c.signIn;
  const at = (value: string) => <time dateTime={value}>{dateTime(value)}</time>;
  return (
    <Section title={t("admin.customers.signIn.title")}>
      <Facts
        rows={[
          [
            t("admin.customers.signIn.state"),
            s.disabledAt ? (
              <Badge key="state" tone="danger">
                {t("admin.customers.signIn.disabledSince", { time: dateTime(s.disabledAt) })}
              </Badge>
            ) : (
              <Badge key="state" tone="success">
                {t("admin.customers.signIn.allowed")}
              </Badge>
            ),
          ],
          [
            t("admin.customers.signIn.email"),
            s.emailVerifiedAt
              ? t("admin.customers.signIn.emailProven", { time: dateTime(s.emailVerifiedAt) })
              : t("admin.customers.signIn.emailUnproven"),
          ],
          [
            t("admin.customers.signIn.password"),
            s.passwordSet
              ? t("admin.customers.signIn.passwordSet")
              : t("admin.customers.signIn.passwordUnset"),
          ],
          [t("admin.customers.signIn.sessions"), s.activeSessions],
          [
            t("admin.customers.signIn.lastSignIn"),
            s.lastSignInAt ? at(s.lastSignInAt) : t("admin.customers.signIn.notRecorded"),
          ],
          [
            t("admin.customers.signIn.lockout"),
            s.lockedOutUntil
              ? t("admin.customers.signIn.lockedUntil", { time: dateTime(s.lockedOutUntil) })
              : t("admin.customers.signIn.notLocked"),
          ],
          [
            t("admin.customers.signIn.resetLink"),
            s.resetLinkValidUntil
              ? t("admin.customers.signIn.resetLinkUntil", { time: dateTime(s.resetLinkValidUntil) })
              : t("admin.customers.signIn.noResetLink"),
          ],
        ]}
      />
    </Section>
  );
}

function Addresses({ customer: c }: { customer: CustomerDetail }) {
  const { t, locale } = useAdminText();
  return (
    <Section title={t("admin.customers.addresses.title")}>
      {c.addresses.length === 0 ? (
        <p>{t("admin.customers.addresses.none")}</p>
      ) : (
        <ul className="admin-addresses">
          {c.addresses.map((a) => (
            <li key={a.id}>
              {a.isDefault ? <Badge tone="info">{t("admin.customers.addresses.default")}</Badge> : null}
              <address>
                {addressLines(locale, { ...a, name: personName(locale, a.firstName, a.lastName) }).map(
                  (line, i) => (
                    // The lines of one address never change order while shown.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    <span key={i} className="admin-address-line">
                      {line}
                    </span>
                  ),
                )}
              </address>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A status the shop's catalogue has a word for, else as stored. */
function statusText(tKey: (key: MessageKey) => string, prefix: string, status: string | null): string {
  if (!status) return "";
  const key = `${prefix}.${status}`;
  return isMessageKey(key) ? tKey(key) : status;
}

function Orders({ customer: c }: { customer: CustomerDetail }) {
  const { t, tKey, date, money } = useAdminText();
  const columns: AdminColumn<Order>[] = [
    {
      key: "number",
      header: t("admin.customers.orders.col.number"),
      rowHeader: true,
      cell: (o) => (
        <Link to={`/admin/orders/${o.number}`}>
          {t("admin.customers.orders.number", { number: o.number })}
        </Link>
      ),
    },
    {
      key: "date",
      header: t("admin.customers.orders.col.date"),
      cell: (o) => <time dateTime={o.processedAt}>{date(o.processedAt, "medium")}</time>,
    },
    {
      key: "total",
      header: t("admin.customers.orders.col.total"),
      className: "num",
      cell: (o) => money(o.total),
    },
    {
      key: "payment",
      header: t("admin.customers.orders.col.payment"),
      cell: (o) => statusText(tKey, "status.financial", o.financialStatus),
    },
    {
      key: "fulfilment",
      header: t("admin.customers.orders.col.fulfilment"),
      cell: (o) => statusText(tKey, "status.fulfillment", o.fulfillmentStatus ?? "UNFULFILLED"),
    },
  ];
  return (
    <Section title={t("admin.customers.orders.title")}>
      <AdminTable
        caption={t("admin.customers.orders.caption")}
        captionHidden
        columns={columns}
        rows={c.orders.latest}
        rowKey={(o) => o.number}
        empty={t("admin.customers.orders.none")}
      />
      {c.orders.total > c.orders.latest.length ? (
        <p>{t("admin.customers.orders.shown", { shown: c.orders.latest.length, total: c.orders.total })}</p>
      ) : null}
      {c.orders.total > 0 ? (
        <p>
          <Link to={`/admin/orders?q=${encodeURIComponent(c.email)}`}>{t("admin.customers.orders.all")}</Link>
        </p>
      ) : null}
    </Section>
  );
}

function Returns({ customer: c }: { customer: CustomerDetail }) {
  const { t, tKey, date, money } = useAdminText();
  const columns: AdminColumn<Return>[] = [
    {
      key: "number",
      header: t("admin.customers.returns.col.number"),
      rowHeader: true,
      cell: (r) => r.number,
    },
    {
      key: "order",
      header: t("admin.customers.returns.col.order"),
      cell: (r) => (
        <Link to={`/admin/orders/${r.orderNumber}`}>
          {t("admin.customers.orders.number", { number: r.orderNumber })}
        </Link>
      ),
    },
    {
      key: "requested",
      header: t("admin.customers.returns.col.requested"),
      cell: (r) => <time dateTime={r.requestedAt}>{date(r.requestedAt, "medium")}</time>,
    },
    {
      key: "status",
      header: t("admin.customers.returns.col.status"),
      cell: (r) => statusText(tKey, "admin.customers.returns.status", r.status),
    },
    {
      key: "reason",
      header: t("admin.customers.returns.col.reason"),
      cell: (r) => statusText(tKey, "admin.customers.returns.reason", r.reason),
    },
    {
      key: "refunded",
      header: t("admin.customers.returns.col.refunded"),
      className: "num",
      cell: (r) => money(r.refunded),
    },
  ];
  return (
    <Section title={t("admin.customers.returns.title")}>
      <AdminTable
        caption={t("admin.customers.returns.caption")}
        captionHidden
        columns={columns}
        rows={c.returns.latest}
        rowKey={(r) => r.id}
        empty={t("admin.customers.returns.none")}
      />
      {c.returns.total > c.returns.latest.length ? (
        <p>
          {t("admin.customers.returns.shown", { shown: c.returns.latest.length, total: c.returns.total })}
        </p>
      ) : null}
    </Section>
  );
}
