// The order's actions, each a form in the store's one Dialog: ship, refund, cancel, change the
// address. Each checks its fields before sending (messages beside the fields), sends the version
// of the order the member is looking at, and shows the server's refusal in the reader's language
// (on its field where it is about one). On success the dialog closes and the page says what happened.
import { toMoney } from "@vela/shared";
import { ORDER_NOTE_MAX, ORDER_REASON_MAX, ORDER_TRACKING_MAX } from "@vela/shared/admin";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { TextAreaField } from "../../../ui/admin/fields.tsx";
import { Button } from "../../../ui/button.tsx";
import { Dialog } from "../../../ui/dialog.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { TextField } from "../../../ui/field.tsx";
import { useOrderText } from "./order-text.ts";
import { type OrderDetail, useOrderActions } from "./use-orders.ts";

export type OrderAction = "fulfil" | "refund" | "cancel" | "address";

type Errors = Record<string, string | undefined>;

/** A dialog's form: its fields' errors (the client's check, then the server's), a failure, sending. */
function useActionForm() {
  const { failure, fieldErrors } = useOrderText();
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formId = useId();
  const submit =
    (check: () => Errors, send: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending) return;
      setProblem(null);
      const found = check();
      setErrors(found);
      const form = event.currentTarget;
      if (Object.values(found).some(Boolean)) {
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      setSending(true);
      try {
        await send();
      } catch (err) {
        const onFields = fieldErrors(err);
        setErrors(onFields);
        // A refusal about a field is shown there; one about the order (it shipped meanwhile) above.
        if (Object.keys(onFields).length) {
          requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        } else setProblem(failure(err));
      } finally {
        setSending(false);
      }
    };
  return { errors, problem, sending, submit, formId };
}

function ActionDialog({
  title,
  formId,
  submitLabel,
  sending,
  danger = false,
  closeLabel,
  problem,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  formId: string;
  submitLabel: string;
  sending: boolean;
  danger?: boolean;
  closeLabel?: string;
  problem: string | null;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  const { t } = useOrderText();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      className="admin-dialog"
      actions={
        <>
          <Button type="submit" form={formId} variant={danger ? "danger" : "primary"} busy={sending}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {closeLabel ?? t("admin.orders.action.close")}
          </Button>
        </>
      }
    >
      {problem ? <ErrorBox message={problem} /> : null}
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Dialog>
  );
}

/** Whole units from a text field; null when it is not one. */
const unitsOf = (text: string): number | null => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

export function FulfilDialog({
  order,
  onDone,
  onClose,
}: {
  order: OrderDetail;
  onDone(message: string): void;
  onClose(): void;
}) {
  const { t } = useOrderText();
  const actions = useOrderActions(order.number);
  const form = useActionForm();
  const open = order.lines.filter((l) => l.quantity > l.fulfilledQuantity);
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [units, setUnits] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(l.quantity - l.fulfilledQuantity)])),
  );
  const check = (): Errors => {
    const errors: Errors = {
      carrier: carrier.trim() ? undefined : t("admin.server.orders.carrierRequired"),
      tracking: tracking.trim() ? undefined : t("admin.server.orders.trackingRequired"),
    };
    let any = false;
    for (const l of open) {
      const n = unitsOf(units[l.id] ?? "");
      const left = l.quantity - l.fulfilledQuantity;
      if (n === null || n > left)
        errors[`line-${l.id}`] = t("admin.orders.refusal.lineQuantity", { line: l.id, left });
      else if (n > 0) any = true;
    }
    if (!any && !Object.keys(errors).some((k) => k.startsWith("line-") && errors[k]))
      errors.lines = t("admin.orders.fulfil.nothing");
    return errors;
  };
  const send = async () => {
    const lines = open
      .map((l) => ({ lineId: l.id, quantity: unitsOf(units[l.id] ?? "") ?? 0 }))
      .filter((l) => l.quantity > 0);
    await actions.fulfil.mutateAsync({
      number: order.number,
      version: order.version,
      carrier: carrier.trim(),
      tracking: tracking.trim(),
      lines,
    });
    onDone(t("admin.orders.fulfil.done"));
  };
  const e = form.errors;
  return (
    <ActionDialog
      title={t("admin.orders.fulfil.title", { number: order.number })}
      formId={form.formId}
      submitLabel={t("admin.orders.fulfil.submit")}
      sending={form.sending}
      problem={form.problem}
      onClose={onClose}
      onSubmit={form.submit(check, send)}
    >
      <TextField
        label={t("admin.orders.fulfil.carrier")}
        hint={t("admin.orders.fulfil.carrierHint")}
        name="carrier"
        maxLength={ORDER_TRACKING_MAX}
        value={carrier}
        onValueChange={setCarrier}
        error={e.carrier}
      />
      <TextField
        label={t("admin.orders.fulfil.tracking")}
        name="tracking"
        maxLength={ORDER_TRACKING_MAX}
        autoComplete="off"
        spellCheck={false}
        value={tracking}
        onValueChange={setTracking}
        error={e.tracking}
      />
      <fieldset className="admin-fieldset" aria-describedby={e.lines ? `${form.formId}-lines` : undefined}>
        <legend>{t("admin.orders.fulfil.lines")}</legend>
        {open.map((l) => (
          <TextField
            key={l.id}
            label={t("admin.orders.fulfil.lineLabel", {
              title: l.title,
              variant: l.variantTitle,
              left: l.quantity - l.fulfilledQuantity,
            })}
            type="number"
            inputMode="numeric"
            min={0}
            max={l.quantity - l.fulfilledQuantity}
            value={units[l.id] ?? ""}
            onValueChange={(v) => setUnits((u) => ({ ...u, [l.id]: v }))}
            error={e[`line-${l.id}`]}
          />
        ))}
        {e.lines ? (
          <p id={`${form.formId}-lines`} className="field-error">
            {e.lines}
          </p>
        ) : null}
      </fieldset>
    </ActionDialog>
  );
}

/** Minor units from the member's decimal text in the order's currency; null when it is not an amount. */
function minorOf(text: string, currencyCode: string): number | null {
  const digits = currencyCode === "JPY" ? 0 : 2;
  const re = digits === 0 ? /^\d{1,12}$/ : /^\d{1,12}(\.\d{1,2})?$/;
  const value = text.trim();
  if (!re.test(value)) return null;
  const [whole = "0", frac = ""] = value.split(".");
  return Number(whole) * 10 ** digits + Number(frac.padEnd(digits, "0") || "0");
}

export function RefundDialog({
  order,
  onDone,
  onClose,
}: {
  order: OrderDetail;
  onDone(message: string): void;
  onClose(): void;
}) {
  const { t, minor } = useOrderText();
  const actions = useOrderActions(order.number);
  const form = useActionForm();
  const currency = order.currencyCode;
  const left = order.payment.refundable;
  const [mode, setMode] = useState<"amount" | "lines">("amount");
  const [amount, setAmount] = useState(toMoney(left, currency).amount);
  const [units, setUnits] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.lines.map((l) => [l.id, "0"])),
  );
  const [reason, setReason] = useState("");
  const example = currency === "JPY" ? "3000" : "20.00";
  const picked = order.lines
    .map((l) => ({ line: l, quantity: unitsOf(units[l.id] ?? "") }))
    .filter((p) => p.quantity !== 0);
  const check = (): Errors => {
    const errors: Errors = {
      reason: reason.trim() ? undefined : t("admin.server.orders.reasonRequired"),
    };
    if (mode === "amount") {
      const value = minorOf(amount, currency);
      if (value === null || value <= 0) errors.amount = t("admin.orders.field.amount", { example });
      else if (value > left)
        errors.amount = t("admin.orders.refusal.refundTooLarge", { left: minor(left, currency) });
    } else {
      let total = 0;
      for (const { line, quantity } of picked) {
        if (quantity === null || quantity > line.quantity)
          errors[`line-${line.id}`] = t("admin.orders.refusal.lineRefundQuantity", {
            line: line.id,
            max: line.quantity,
          });
        else total += quantity * line.unitPrice;
      }
      if (!picked.length) errors.lines = t("admin.server.orders.linesRequired");
      else if (total > left)
        errors.lines = t("admin.orders.refusal.refundTooLarge", { left: minor(left, currency) });
    }
    return errors;
  };
  const send = async () => {
    const answer = await actions.refund.mutateAsync({
      number: order.number,
      version: order.version,
      reason: reason.trim(),
      ...(mode === "amount"
        ? { amount: amount.trim() }
        : { lines: picked.map((p) => ({ lineId: p.line.id, quantity: p.quantity ?? 0 })) }),
    });
    onDone(t("admin.orders.refund.done", { amount: minor(answer.amount, answer.currencyCode) }));
  };
  const e = form.errors;
  return (
    <ActionDialog
      title={t("admin.orders.refund.title", { number: order.number })}
      formId={form.formId}
      submitLabel={t("admin.orders.refund.submit")}
      sending={form.sending}
      problem={form.problem}
      onClose={onClose}
      onSubmit={form.submit(check, send)}
    >
      <fieldset className="admin-fieldset">
        <legend>{t("admin.orders.refund.mode")}</legend>
        {(["amount", "lines"] as const).map((m) => (
          <div className="field field-checkbox" key={m}>
            <input
              id={`${form.formId}-mode-${m}`}
              type="radio"
              name="mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            <label htmlFor={`${form.formId}-mode-${m}`}>{t(`admin.orders.refund.mode.${m}`)}</label>
          </div>
        ))}
      </fieldset>
      {mode === "amount" ? (
        <TextField
          label={t("admin.orders.refund.amount", { currency })}
          hint={t("admin.orders.refund.amountHint", { left: minor(left, currency) })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onValueChange={setAmount}
          error={e.amount}
        />
      ) : (
        <fieldset className="admin-fieldset" aria-describedby={`${form.formId}-lines-hint`}>
          <legend>{t("admin.orders.refund.mode.lines")}</legend>
          <p id={`${form.formId}-lines-hint`} className="field-hint">
            {t("admin.orders.refund.linesHint")}
          </p>
          {order.lines.map((l) => (
            <TextField
              key={l.id}
              label={t("admin.orders.refund.lineLabel", {
                title: l.title,
                variant: l.variantTitle,
                price: minor(l.unitPrice, currency),
                quantity: l.quantity,
              })}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.quantity}
              value={units[l.id] ?? ""}
              onValueChange={(v) => setUnits((u) => ({ ...u, [l.id]: v }))}
              error={e[`line-${l.id}`]}
            />
          ))}
          {e.lines ? <p className="field-error">{e.lines}</p> : null}
        </fieldset>
      )}
      <TextField
        label={t("admin.orders.refund.reason")}
        hint={t("admin.orders.refund.reasonHint")}
        name="reason"
        maxLength={ORDER_REASON_MAX}
        value={reason}
        onValueChange={setReason}
        error={e.reason}
      />
    </ActionDialog>
  );
}

export function CancelDialog({
  order,
  onDone,
  onClose,
}: {
  order: OrderDetail;
  onDone(message: string): void;
  onClose(): void;
}) {
  const { t, minor } = useOrderText();
  const actions = useOrderActions(order.number);
  const form = useActionForm();
  const [reason, setReason] = useState("");
  const check = (): Errors => ({
    reason: reason.trim() ? undefined : t("admin.server.orders.reasonRequired"),
  });
  const send = async () => {
    await actions.cancel.mutateAsync({ number: order.number, version: order.version, reason: reason.trim() });
    onDone(t("admin.orders.cancel.done"));
  };
  return (
    <ActionDialog
      title={t("admin.orders.cancel.title", { number: order.number })}
      formId={form.formId}
      submitLabel={t("admin.orders.cancel.submit")}
      closeLabel={t("admin.orders.action.keep")}
      danger
      sending={form.sending}
      problem={form.problem}
      onClose={onClose}
      onSubmit={form.submit(check, send)}
    >
      <p>
        {order.payment.captured === 0
          ? t("admin.orders.cancel.voids")
          : t("admin.orders.cancel.refunds", {
              amount: minor(order.payment.refundable, order.currencyCode),
            })}{" "}
        {t("admin.orders.cancel.stock")}
      </p>
      <TextField
        label={t("admin.orders.cancel.reason")}
        hint={t("admin.orders.refund.reasonHint")}
        name="reason"
        maxLength={ORDER_REASON_MAX}
        value={reason}
        onValueChange={setReason}
        error={form.errors.reason}
      />
    </ActionDialog>
  );
}

const ADDRESS_FIELDS = [
  "name",
  "address1",
  "address2",
  "city",
  "province",
  "zip",
  "country",
  "phone",
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
const OPTIONAL: readonly AddressField[] = ["address2", "phone"];
const AUTOCOMPLETE: Record<AddressField, string> = {
  name: "shipping name",
  address1: "shipping address-line1",
  address2: "shipping address-line2",
  city: "shipping address-level2",
  province: "shipping address-level1",
  zip: "shipping postal-code",
  country: "shipping country-name",
  phone: "shipping tel",
};

export function AddressDialog({
  order,
  onDone,
  onClose,
}: {
  order: OrderDetail;
  onDone(message: string): void;
  onClose(): void;
}) {
  const { t } = useOrderText();
  const actions = useOrderActions(order.number);
  const form = useActionForm();
  const a = order.shippingAddress;
  const [values, setValues] = useState<Record<AddressField, string>>({
    name: a.name,
    address1: a.address1,
    address2: a.address2 ?? "",
    city: a.city,
    province: a.province,
    zip: a.zip,
    country: a.country,
    phone: a.phone ?? "",
  });
  const check = (): Errors =>
    Object.fromEntries(
      ADDRESS_FIELDS.map((f) => [
        f,
        OPTIONAL.includes(f) || values[f].trim() ? undefined : t("admin.orders.field.required"),
      ]),
    );
  const send = async () => {
    await actions.changeShippingAddress.mutateAsync({
      number: order.number,
      version: order.version,
      address: {
        name: values.name.trim(),
        address1: values.address1.trim(),
        address2: values.address2.trim() || null,
        city: values.city.trim(),
        province: values.province.trim(),
        zip: values.zip.trim(),
        country: values.country.trim(),
        phone: values.phone.trim() || null,
      },
    });
    onDone(t("admin.orders.address.done"));
  };
  return (
    <ActionDialog
      title={t("admin.orders.address.title", { number: order.number })}
      formId={form.formId}
      submitLabel={t("admin.orders.address.submit")}
      sending={form.sending}
      problem={form.problem}
      onClose={onClose}
      onSubmit={form.submit(check, send)}
    >
      {ADDRESS_FIELDS.map((f) => (
        <TextField
          key={f}
          label={t(`admin.orders.address.${f}`)}
          name={f}
          optional={OPTIONAL.includes(f)}
          type={f === "phone" ? "tel" : "text"}
          autoComplete={AUTOCOMPLETE[f]}
          maxLength={f === "name" ? 200 : f === "zip" ? 20 : f === "phone" ? 40 : 200}
          value={values[f]}
          onValueChange={(v) => setValues((x) => ({ ...x, [f]: v }))}
          error={form.errors[f]}
        />
      ))}
    </ActionDialog>
  );
}

/** The notes section's form: a remark for the staff, added to the order's notes and timeline. */
export function NoteForm({ order, onDone }: { order: OrderDetail; onDone(message: string): void }) {
  const { t } = useOrderText();
  const actions = useOrderActions(order.number);
  const form = useActionForm();
  const [text, setText] = useState("");
  const check = (): Errors => ({ text: text.trim() ? undefined : t("admin.orders.notes.required") });
  const send = async () => {
    await actions.addNote.mutateAsync({ number: order.number, text: text.trim() });
    setText("");
    onDone(t("admin.orders.notes.added"));
  };
  return (
    <form className="form admin-note-form" noValidate onSubmit={form.submit(check, send)}>
      {form.problem ? <ErrorBox message={form.problem} /> : null}
      <TextAreaField
        label={t("admin.orders.notes.label")}
        hint={t("admin.orders.notes.hint")}
        name="note"
        rows={3}
        maxLength={ORDER_NOTE_MAX}
        value={text}
        onValueChange={setText}
        error={form.errors.text}
      />
      <div className="admin-actions">
        <Button type="submit" busy={form.sending}>
          {t("admin.orders.notes.add")}
        </Button>
      </div>
    </form>
  );
}
