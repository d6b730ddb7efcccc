import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZProfileInput } from "@vela/shared";
import { useState } from "react";
import { type FieldErrors, useForm } from "../../../lib/forms/use-form.ts";
import { emailError, phoneError, requiredError } from "../../../lib/forms/validation.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc.ts";
import { SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { CheckboxField, EmailField, NameFields, PasswordField, TextField } from "../../../ui/field.tsx";
import { schemaErrors, withSchemaErrors } from "../../../ui/form-errors.ts";
import { Notice } from "../../../ui/notice.tsx";
import { CardForm } from "../shared/card-form.tsx";

type Customer = RouterOutputs["account"]["me"]["customer"];

interface ProfileValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  acceptsMarketing: boolean;
  currentPassword: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the form sends: the current password only with a changed email. */
const toInput = (v: ProfileValues, emailChanged: boolean) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  phone: v.phone.trim() ? v.phone : null,
  acceptsMarketing: v.acceptsMarketing,
  ...(emailChanged ? { currentPassword: v.currentPassword } : {}),
});

/**
 * Spec 000 §5: first name, last name and email required, phone optional, the newsletter box,
 * and the note that a changed email is the one to sign in with next time. Changing the email
 * also asks for the current password, which the server requires; the new address then waits
 * for the link mailed to it (customer.pendingEmail), and the form goes back to the sign-in email.
 */
export function ProfileForm({
  customer,
  onUnauthorized,
}: {
  customer: Customer;
  onUnauthorized(err: unknown): boolean;
}) {
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useMutation(trpc.account.updateProfile.mutationOptions());

  const labels: Record<string, string> = {
    firstName: t("field.firstName"),
    lastName: t("field.lastName"),
    email: t("field.email"),
    phone: t("field.phone"),
    currentPassword: t("field.currentPassword"),
  };
  const validate = (v: ProfileValues): FieldErrors<ProfileValues> => {
    const changesEmail = !sameEmail(v.email, customer.email);
    return withSchemaErrors(
      {
        firstName: requiredError(i18n, v.firstName, t("field.firstName")),
        lastName: requiredError(i18n, v.lastName, t("field.lastName")),
        email: emailError(i18n, v.email, t("field.email")),
        phone: phoneError(i18n, v.phone),
        currentPassword: changesEmail
          ? requiredError(i18n, v.currentPassword, t("field.currentPassword"))
          : undefined,
      },
      // Whatever else the server's schema refuses (lengths), on its field: what submit sends.
      schemaErrors(i18n, ZProfileInput.safeParse(toInput(v, changesEmail)), (f) => labels[f] ?? f),
    );
  };

  const form = useForm<ProfileValues>(
    () => ({
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone ?? "",
      acceptsMarketing: customer.acceptsMarketing,
      currentPassword: "",
    }),
    validate,
    {
      onSubmitAttempt: () => {
        setSaved(false);
        setError(null);
      },
    },
  );
  const emailChanged = !sameEmail(form.values.email, customer.email);

  const submit = form.handleSubmit(async (v) => {
    try {
      const result = await update.mutateAsync(toInput(v, emailChanged));
      queryClient.setQueryData(trpc.account.me.queryKey(), { customer: result.customer });
      form.set("currentPassword", "");
      // A new email is pending, not saved: the field shows the sign-in email again.
      form.set("email", result.customer.email);
      setSaved(true);
    } catch (err) {
      if (!onUnauthorized(err)) setError(errorText(err, "profile"));
    }
  });

  return (
    <CardForm formRef={form.formRef} titleId="profile-title" title={t("profile.personal")} onSubmit={submit}>
      {saved ? <Notice>{t("profile.saved")}</Notice> : null}
      {customer.pendingEmail ? (
        <Notice tone="info">
          {t("emailChange.pending", { email: customer.pendingEmail, current: customer.email })}
        </Notice>
      ) : null}
      {error ? <ErrorBox message={error} /> : null}
      <div className="form-grid">
        <NameFields firstName={form.field("firstName")} lastName={form.field("lastName")} />
        <EmailField className="field-wide" {...form.field("email")} hint={t("profile.emailNote")} />
        {emailChanged ? (
          <PasswordField
            purpose="current"
            className="field-wide"
            label={t("profile.currentPasswordForEmail")}
            name="currentPassword"
            {...form.field("currentPassword")}
          />
        ) : null}
        <TextField
          label={t("field.phone")}
          name="phone"
          type="tel"
          autoComplete="tel"
          optional
          {...form.field("phone")}
        />
      </div>
      <CheckboxField
        name="acceptsMarketing"
        label={t("profile.acceptsMarketing")}
        checked={form.values.acceptsMarketing}
        onCheckedChange={(v) => form.set("acceptsMarketing", v)}
      />
      <div className="actions">
        <SubmitButton busy={update.isPending} label={t("profile.save")} busyLabel={t("profile.saving")} />
      </div>
    </CardForm>
  );
}
