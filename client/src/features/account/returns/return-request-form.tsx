import {
  isMultiLineText,
  RETURN_COMMENT_MAX,
  RETURN_MESSAGES,
  RETURN_REASONS,
  type ReturnReason,
} from "@vela/shared";
import { useEffect, useId, useState } from "react";
import { errorIssues, serverAnswered, serverMessage } from "../../../lib/errors.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { Button, SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { TextField } from "../../../ui/field.tsx";
import type { Returnable, ReturnRequest } from "./use-returns.ts";

type Values = Record<string, string>;
const qtyKey = (lineId: number) => `line-${lineId}`;

/**
 * The return request: how many of each shipped line go back (0 keeps it), a reason from the list,
 * an optional comment. The form checks what it can before sending; the server's refusals land on
 * the field they are about (a line's quantity, the reason, the comment), anything else above the
 * button. Every control is labelled and reached with the keyboard.
 */
export function ReturnRequestForm({
  returnable,
  send,
  onCancel,
}: {
  returnable: Returnable;
  /** Sends the request; throws the server's refusal. */
  send(request: ReturnRequest): Promise<void>;
  onCancel?: () => void;
}) {
  const { t, tKey, serverText } = useI18n();
  const lines = returnable.lines.filter((l) => l.returnable > 0);
  const reasonId = useId();
  const commentId = useId();
  const itemsErrorId = useId();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const form = useForm<Values>(
    () => ({ reason: "", comment: "", ...Object.fromEntries(lines.map((l) => [qtyKey(l.lineId), "0"])) }),
    (values) => {
      const errors: Partial<Record<string, string>> = {};
      let any = false;
      for (const l of lines) {
        const text = (values[qtyKey(l.lineId)] ?? "").trim();
        const n = Number(text);
        if (!/^\d+$/.test(text) || n > l.returnable)
          errors[qtyKey(l.lineId)] = t("returns.form.quantityInvalid", { max: l.returnable });
        else if (n > 0) any = true;
      }
      if (!any && !Object.keys(errors).length) errors.items = serverText(RETURN_MESSAGES.noLines);
      if (!values.reason) errors.reason = serverText(RETURN_MESSAGES.reason);
      const comment = values.comment ?? "";
      if (comment.trim().length > RETURN_COMMENT_MAX)
        errors.comment = serverText(RETURN_MESSAGES.commentTooLong);
      else if (!isMultiLineText(comment)) errors.comment = serverText(RETURN_MESSAGES.comment);
      return errors;
    },
    {
      onSubmitAttempt: () => {
        setServerErrors({});
        setFailure(null);
      },
    },
  );
  const errorOf = (field: string) => form.errors[field] ?? serverErrors[field];

  // A refusal the server placed on a field takes the focus there, as the form's own checks do.
  useEffect(() => {
    if (Object.keys(serverErrors).length)
      form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors, form.formRef]);

  const submit = form.handleSubmit(async (values) => {
    const chosen = lines
      .map((l) => ({ lineId: l.lineId, quantity: Number(values[qtyKey(l.lineId)]) }))
      .filter((l) => l.quantity > 0);
    setSending(true);
    try {
      await send({
        lines: chosen,
        reason: values.reason as ReturnReason,
        comment: (values.comment ?? "").trim(),
      });
    } catch (err) {
      const placed: Record<string, string> = {};
      for (const issue of errorIssues(err)) {
        const [head, index, field] = issue.path.split(".");
        const key =
          head === "lines" && index !== undefined
            ? qtyKey(chosen[Number(index)]?.lineId ?? -1)
            : head === "reason" || head === "comment"
              ? head
              : field === undefined && head === "lines"
                ? "items"
                : null;
        if (key && !placed[key]) placed[key] = serverText(issue.message);
      }
      if (Object.keys(placed).length) setServerErrors(placed);
      else {
        const message = serverMessage(err);
        setFailure(
          message
            ? serverText(message)
            : serverAnswered(err)
              ? t("returns.error")
              : t("returns.error.network"),
        );
      }
    } finally {
      setSending(false);
    }
  });

  const itemsError = errorOf("items");
  return (
    <form className="form return-form" ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate>
      <fieldset
        className={itemsError ? "return-form-items field-invalid" : "return-form-items"}
        aria-describedby={itemsError ? itemsErrorId : undefined}
      >
        <legend>{t("returns.form.items")}</legend>
        <p className="field-hint">{t("returns.form.itemsHint")}</p>
        {lines.map((l, index) => (
          <TextField
            key={l.lineId}
            label={t("returns.form.quantity", { title: l.title, variant: l.variantTitle })}
            type="number"
            inputMode="numeric"
            min={0}
            max={l.returnable}
            step={1}
            hint={t("returns.form.quantityHint", { max: l.returnable })}
            {...form.field(qtyKey(l.lineId))}
            error={errorOf(qtyKey(l.lineId))}
            data-field={qtyKey(l.lineId)}
            // With no quantity given, the first one takes the focus and carries the group's error.
            {...(itemsError && index === 0 ? { "aria-invalid": true } : {})}
          />
        ))}
        {returnable.lines
          .filter((l) => l.returnable === 0)
          .map((l) => (
            <p key={l.lineId} className="muted">
              {t("returns.form.notReturnable", { title: l.title, variant: l.variantTitle })}
            </p>
          ))}
        {itemsError ? (
          <p id={itemsErrorId} className="field-error" role="alert">
            {itemsError}
          </p>
        ) : null}
      </fieldset>
      <div className={errorOf("reason") ? "field field-invalid" : "field"}>
        <label htmlFor={reasonId}>{t("returns.form.reason")}</label>
        <select
          id={reasonId}
          value={form.values.reason}
          onChange={(e) => form.set("reason", e.target.value)}
          aria-invalid={errorOf("reason") ? true : undefined}
          aria-describedby={errorOf("reason") ? `${reasonId}-error` : undefined}
          required
          data-field="reason"
        >
          <option value="">{t("returns.form.chooseReason")}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {tKey(`returns.reason.${r}`)}
            </option>
          ))}
        </select>
        {errorOf("reason") ? (
          <p id={`${reasonId}-error`} className="field-error">
            {errorOf("reason")}
          </p>
        ) : null}
      </div>
      <div className={errorOf("comment") ? "field field-invalid" : "field"}>
        <label htmlFor={commentId}>
          {t("returns.form.comment")}
          <span className="field-optional"> ({t("common.optional")})</span>
        </label>
        <textarea
          id={commentId}
          value={form.values.comment}
          rows={4}
          maxLength={RETURN_COMMENT_MAX}
          onChange={(e) => form.set("comment", e.target.value)}
          aria-invalid={errorOf("comment") ? true : undefined}
          aria-describedby={[`${commentId}-hint`, errorOf("comment") ? `${commentId}-error` : null]
            .filter(Boolean)
            .join(" ")}
          data-field="comment"
        />
        <p id={`${commentId}-hint`} className="field-hint">
          {t("returns.form.commentHint", { max: RETURN_COMMENT_MAX })}
        </p>
        {errorOf("comment") ? (
          <p id={`${commentId}-error`} className="field-error">
            {errorOf("comment")}
          </p>
        ) : null}
      </div>
      {failure ? <ErrorBox message={failure} /> : null}
      <p className="actions">
        <SubmitButton
          busy={sending}
          label={t("returns.form.submit")}
          busyLabel={t("returns.form.submitting")}
        />{" "}
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t("returns.form.cancel")}
          </Button>
        ) : null}
      </p>
    </form>
  );
}
