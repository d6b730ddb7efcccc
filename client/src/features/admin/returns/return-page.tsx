import { type ReactNode, useId, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { useAdminText } from "../../../lib/admin/text.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import {
  type ActionOutcome,
  AdminRecord,
  BackLink,
  useActionOutcome,
} from "../../../ui/admin/admin-record.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { PermissionGuard } from "../../../ui/admin/permission-guard.tsx";
import { Button, SubmitButton } from "../../../ui/button.tsx";
import { CheckboxField, TextField } from "../../../ui/field.tsx";
import { StatusBadge, useReturnText } from "./return-text.tsx";
import { type ReturnDetail, useReturn, useReturnActions } from "./use-returns.ts";

type Line = ReturnDetail["lines"][number];

const returnIdOf = (value: string | undefined): number | null =>
  /^[1-9]\d{0,9}$/.test(value ?? "") && Number(value) <= 2_147_483_647 ? Number(value) : null;

/**
 * /admin/returns/:returnId (returns.manage): the return, its order's payment and its lines, and
 * what can be done next from the same screen: approve or decline a waiting return, mark an
 * approved one received (restocking each line or not), refund a received one (payments.refund).
 * Every action names the version shown, so a return another member changed meanwhile is refused
 * and shown again as it now is.
 */
export default function ReturnPage() {
  const { t, errorText } = useAdminText();
  const returnId = returnIdOf(useParams().returnId);
  const query = useReturn(returnId);
  return (
    <AdminRecord
      title={t("admin.returns.title")}
      back={{ to: "/admin/returns", label: t("admin.returns.back") }}
      invalid={returnId === null ? t("admin.server.returns.notFound") : null}
      query={query}
      loadingLabel={t("admin.table.loading")}
      errorText={errorText}
    >
      {(data) => <ReturnView r={data.return} />}
    </AdminRecord>
  );
}

function BackToReturns() {
  const { t } = useAdminText();
  return <BackLink to="/admin/returns" label={t("admin.returns.back")} />;
}

function ReturnView({ r }: { r: ReturnDetail }) {
  const { t, money, date } = useAdminText();
  const text = useReturnText();
  const { show, view: outcome } = useActionOutcome();
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{date(iso, "medium")}</time> : null);
  const fact = (label: string, value: ReactNode) =>
    value === null || value === "" ? null : (
      <div>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    );
  return (
    <AdminPage title={t("admin.returns.detail.title", { number: r.number })}>
      <BackToReturns />
      {outcome}
      <dl className="facts">
        {fact(t("admin.returns.detail.state"), <StatusBadge status={r.status} />)}
        {fact(t("admin.returns.detail.order"), `#${r.order.orderNumber}`)}
        {fact(
          t("admin.returns.detail.customer"),
          <>
            {r.order.email}
            {r.customerId === null ? <span className="muted"> ({t("admin.returns.guest")})</span> : null}
          </>,
        )}
        {fact(t("admin.returns.detail.language"), r.order.locale)}
        {fact(t("admin.returns.detail.reason"), text.reason(r.reason))}
        {fact(t("admin.returns.detail.comment"), r.comment)}
        {fact(t("admin.returns.detail.declineReason"), r.declineReason)}
        {fact(t("admin.returns.detail.requested"), when(r.requestedAt))}
        {fact(t("admin.returns.detail.approved"), when(r.approvedAt))}
        {fact(t("admin.returns.detail.declined"), when(r.declinedAt))}
        {fact(t("admin.returns.detail.received"), when(r.receivedAt))}
        {fact(
          t("admin.returns.detail.refunded"),
          r.refunded ? (
            <>
              {money(r.refunded)} {when(r.refundedAt)}
            </>
          ) : null,
        )}
        {fact(
          t("admin.returns.detail.payment"),
          t("admin.returns.detail.paymentText", {
            captured: money(r.order.captured),
            refunded: money(r.order.refunded),
            refundable: money(r.order.refundable),
          }),
        )}
      </dl>
      <LinesTable lines={r.lines} />
      {r.status === "REQUESTED" ? <Decide r={r} onOutcome={show} /> : null}
      {r.status === "APPROVED" ? <Receive r={r} onOutcome={show} /> : null}
      {r.status === "RECEIVED" ? (
        <PermissionGuard all={["payments.refund"]} fallback={<p>{t("admin.returns.refund.noPermission")}</p>}>
          <Refund r={r} onOutcome={show} />
        </PermissionGuard>
      ) : null}
    </AdminPage>
  );
}

function LinesTable({ lines }: { lines: readonly Line[] }) {
  const { t, money } = useAdminText();
  const columns: AdminColumn<Line>[] = [
    {
      key: "item",
      header: t("admin.returns.lines.item"),
      rowHeader: true,
      cell: (l) => `${l.title} (${l.variantTitle})`,
    },
    { key: "quantity", header: t("admin.returns.lines.quantity"), className: "num", cell: (l) => l.quantity },
    {
      key: "unit",
      header: t("admin.returns.lines.unitPrice"),
      className: "num",
      cell: (l) => money(l.unitPrice),
    },
    { key: "value", header: t("admin.returns.lines.value"), className: "num", cell: (l) => money(l.value) },
    {
      key: "restock",
      header: t("admin.returns.lines.restock"),
      cell: (l) =>
        l.restock === null
          ? t("admin.returns.restock.undecided")
          : l.restock
            ? t("admin.returns.restock.yes")
            : t("admin.returns.restock.no"),
    },
  ];
  return (
    <AdminTable
      caption={t("admin.returns.lines.caption")}
      columns={columns}
      rows={lines}
      rowKey={(l) => l.id}
      empty={null}
    />
  );
}

interface ActionProps {
  r: ReturnDetail;
  onOutcome(outcome: ActionOutcome): void;
}

/** A refusal shown, and the return read again: another member may have moved it meanwhile. */
function useRefusal(r: ReturnDetail, onOutcome: ActionProps["onOutcome"]) {
  const { errorText } = useAdminText();
  const { reload } = useReturnActions();
  return (err: unknown) => {
    onOutcome({ ok: false, text: errorText(err) });
    void reload(r.id);
  };
}

function Decide({ r, onOutcome }: ActionProps) {
  const { t, errorText } = useAdminText();
  const { approve, decline } = useReturnActions();
  const refused = useRefusal(r, onOutcome);
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <section className="admin-section" aria-labelledby={`${reasonId}-approve`}>
        <h2 id={`${reasonId}-approve`} className="visually-hidden">
          {t("admin.returns.approve")}
        </h2>
        <Button
          busy={approve.isPending}
          onClick={() =>
            approve.mutate(
              { returnId: r.id, version: r.version },
              {
                onSuccess: () => onOutcome({ ok: true, text: t("admin.returns.approved") }),
                onError: refused,
              },
            )
          }
        >
          {approve.isPending ? t("admin.returns.approving") : t("admin.returns.approve")}
        </Button>
      </section>
      <section className="admin-section" aria-labelledby={`${reasonId}-decline`}>
        <h2 id={`${reasonId}-decline`}>{t("admin.returns.decline.title")}</h2>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setReasonError(t("admin.server.returns.declineReason"));
              reasonRef.current?.focus();
              return;
            }
            setReasonError(null);
            decline.mutate(
              { returnId: r.id, version: r.version, reason },
              {
                onSuccess: () => onOutcome({ ok: true, text: t("admin.returns.declined") }),
                onError: (err) => {
                  // The reason's own refusal stays on its field; anything else above the page.
                  const message = errorText(err);
                  if (
                    message === t("admin.server.returns.declineReason") ||
                    message === t("admin.server.returns.declineReasonText")
                  ) {
                    setReasonError(message);
                    reasonRef.current?.focus();
                  } else refused(err);
                },
              },
            );
          }}
        >
          <div className={reasonError ? "field field-invalid" : "field"}>
            <label htmlFor={reasonId}>{t("admin.returns.decline.reason")}</label>
            <textarea
              id={reasonId}
              ref={reasonRef}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              required
            />
            {reasonError ? (
              <p id={`${reasonId}-error`} className="field-error">
                {reasonError}
              </p>
            ) : null}
          </div>
          <SubmitButton
            busy={decline.isPending}
            label={t("admin.returns.decline.submit")}
            busyLabel={t("admin.returns.decline.submitting")}
          />
        </form>
      </section>
    </>
  );
}

function Receive({ r, onOutcome }: ActionProps) {
  const { t } = useAdminText();
  const { receive } = useReturnActions();
  const refused = useRefusal(r, onOutcome);
  const headingId = useId();
  // Units go back into stock unless the member says otherwise (a line whose variant is gone cannot).
  const [restock, setRestock] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(r.lines.map((l) => [l.id, l.restockable])),
  );
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("admin.returns.receive.title")}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          receive.mutate(
            {
              returnId: r.id,
              version: r.version,
              lines: r.lines.map((l) => ({
                returnLineId: l.id,
                restock: l.restockable && restock[l.id] === true,
              })),
            },
            { onSuccess: () => onOutcome({ ok: true, text: t("admin.returns.received") }), onError: refused },
          );
        }}
      >
        <fieldset>
          <legend>{t("admin.returns.receive.intro")}</legend>
          {r.lines.map((l) =>
            l.restockable ? (
              <CheckboxField
                key={l.id}
                name={`restock-${l.id}`}
                label={t("admin.returns.receive.restock", {
                  quantity: l.quantity,
                  title: l.title,
                  variant: l.variantTitle,
                })}
                checked={restock[l.id] === true}
                onCheckedChange={(checked) => setRestock({ ...restock, [l.id]: checked })}
              />
            ) : (
              <p key={l.id} className="muted">
                {t("admin.returns.receive.gone", { title: l.title, variant: l.variantTitle })}
              </p>
            ),
          )}
        </fieldset>
        <SubmitButton
          busy={receive.isPending}
          label={t("admin.returns.receive.submit")}
          busyLabel={t("admin.returns.receive.submitting")}
        />
      </form>
    </section>
  );
}

function Refund({ r, onOutcome }: ActionProps) {
  const { t, money, errorText } = useAdminText();
  const { refund } = useReturnActions();
  const refused = useRefusal(r, onOutcome);
  const headingId = useId();
  const [amount, setAmount] = useState(r.suggestedRefund.amount);
  const [amountError, setAmountError] = useState<string | null>(null);
  const currency = r.suggestedRefund.currencyCode;
  const shown = /^\d+(\.\d+)?$/.test(amount.trim())
    ? money({ amount: amount.trim(), currencyCode: currency })
    : amount;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("admin.returns.refund.title")}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!amount.trim()) {
            setAmountError(t("admin.returns.refund.amountRequired"));
            return;
          }
          setAmountError(null);
          refund.mutate(
            { returnId: r.id, version: r.version, amount: amount.trim() },
            {
              onSuccess: (answer) =>
                onOutcome({
                  ok: true,
                  text: t("admin.returns.refunded", {
                    amount: answer.return.refunded ? money(answer.return.refunded) : shown,
                  }),
                }),
              onError: (err) => {
                const message = errorText(err);
                if (message === t("admin.server.returns.refundAmount")) setAmountError(message);
                else refused(err);
              },
            },
          );
        }}
      >
        <TextField
          label={t("admin.returns.refund.amount", { currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          value={amount}
          onValueChange={setAmount}
          error={amountError}
          hint={t("admin.returns.refund.amountHint", {
            value: money(r.value),
            refundable: money(r.order.refundable),
          })}
        />
        <SubmitButton
          busy={refund.isPending}
          label={t("admin.returns.refund.submit", { amount: shown })}
          busyLabel={t("admin.returns.refund.submitting")}
        />
      </form>
    </section>
  );
}
