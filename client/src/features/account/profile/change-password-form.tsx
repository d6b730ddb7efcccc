import { useMutation } from "@tanstack/react-query";
import { PASSWORD_MIN_LENGTH, ZChangePasswordInput } from "@vela/shared";
import { useState } from "react";
import { type FieldErrors, useForm } from "../../../lib/forms/use-form.ts";
import { confirmationError, type requiredError } from "../../../lib/forms/validation.ts";
import { type I18n, useI18n } from "../../../lib/i18n.tsx";
import { useTRPC } from "../../../lib/trpc.ts";
import { SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { NewPasswordFields, PasswordField } from "../../../ui/field.tsx";
import { schemaErrors, withSchemaErrors } from "../../../ui/form-errors.ts";
import { Notice } from "../../../ui/notice.tsx";
import { CardForm } from "../shared/card-form.tsx";

interface PasswordValues extends Record<string, string> {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Spec 000 §5: new password at least 8 characters and equal to its confirmation; then whatever
 * else the server's schema refuses (the upper bounds), on its field.
 */
export function validatePasswordChange(
  i18n: Parameters<typeof requiredError>[0] & Pick<I18n, "serverText">,
  v: PasswordValues,
): FieldErrors<PasswordValues> {
  const { t } = i18n;
  return withSchemaErrors(
    {
      currentPassword: v.currentPassword
        ? undefined
        : t("form.required", { field: t("field.currentPassword") }),
      newPassword: v.newPassword.length < PASSWORD_MIN_LENGTH ? t("password.tooShort") : undefined,
      confirmPassword: confirmationError(v.newPassword, v.confirmPassword, t("password.mismatch")),
    },
    schemaErrors(
      i18n,
      ZChangePasswordInput.safeParse({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
      (f) => (f === "currentPassword" ? t("field.currentPassword") : t("field.newPassword")),
    ),
  );
}

export function ChangePasswordForm({ onUnauthorized }: { onUnauthorized(err: unknown): boolean }) {
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const trpc = useTRPC();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const form = useForm<PasswordValues>(EMPTY, (v) => validatePasswordChange(i18n, v), {
    onSubmitAttempt: () => {
      setDone(false);
      setError(null);
    },
  });

  const submit = form.handleSubmit(async (v) => {
    try {
      await change.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword });
      form.reset(EMPTY);
      setDone(true);
    } catch (err) {
      if (!onUnauthorized(err)) setError(errorText(err, "password"));
    }
  });

  return (
    <CardForm formRef={form.formRef} titleId="password-title" title={t("password.title")} onSubmit={submit}>
      {done ? <Notice>{t("password.updated")}</Notice> : null}
      {error ? <ErrorBox message={error} /> : null}
      <PasswordField
        purpose="current"
        label={t("field.currentPassword")}
        name="currentPassword"
        {...form.field("currentPassword")}
      />
      <NewPasswordFields
        password={{
          label: t("field.newPassword"),
          name: "newPassword",
          minLength: PASSWORD_MIN_LENGTH,
          hint: t("password.hint"),
          ...form.field("newPassword"),
        }}
        confirmLabel={t("field.confirmNewPassword")}
        confirm={form.field("confirmPassword")}
      />
      <div className="actions">
        <SubmitButton
          busy={change.isPending}
          label={t("password.submit")}
          busyLabel={t("password.submitting")}
        />
      </div>
    </CardForm>
  );
}
