import { useMutation } from "@tanstack/react-query";
import { PASSWORD_MIN_LENGTH } from "@vela/shared";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ADMIN_SIGN_IN } from "../../../lib/admin/session.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import { useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PasswordField } from "../../../ui/field.tsx";
import { Notice } from "../../../ui/notice.tsx";

/**
 * /admin/setup-password?token=...: the one-time link an owner handed a member (a new one, or a
 * forgotten password). The token and the chosen password go to `auth.setPassword`; it signs no
 * one in, so the member then signs in with the password.
 */
export default function SetupPasswordPage() {
  const trpc = useAdminTRPC();
  const { t, errorText } = useAdminText();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const setPassword = useMutation(trpc.auth.setPassword.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const form = useForm({ password: "", confirm: "" }, (v) => ({
    password:
      v.password.length >= PASSWORD_MIN_LENGTH
        ? undefined
        : t("admin.setupPassword.tooShort", { min: PASSWORD_MIN_LENGTH }),
    confirm: v.confirm === v.password ? undefined : t("admin.setupPassword.mismatch"),
  }));
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await setPassword.mutateAsync({ token, password: v.password });
    } catch (err) {
      setError(errorText(err));
      return;
    }
    setDone(true);
    requestAnimationFrame(() => notice.current?.querySelector("a")?.focus());
  });

  return (
    <AdminPage title={t("admin.setupPassword.title")}>
      {!token ? (
        <ErrorBox message={t("admin.setupPassword.noToken")} />
      ) : done ? (
        <div ref={notice}>
          <Notice>{t("admin.setupPassword.done")}</Notice>
          <p>
            <Link to={ADMIN_SIGN_IN}>{t("admin.setupPassword.signIn")}</Link>
          </p>
        </div>
      ) : (
        <>
          <p>{t("admin.setupPassword.intro")}</p>
          {error ? <ErrorBox message={error} /> : null}
          <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
            <PasswordField
              purpose="new"
              label={t("admin.setupPassword.password")}
              name="password"
              hint={t("admin.setupPassword.hint", { min: PASSWORD_MIN_LENGTH })}
              {...form.field("password")}
            />
            <PasswordField
              purpose="new"
              label={t("admin.setupPassword.confirm")}
              name="confirmPassword"
              {...form.field("confirm")}
            />
            <SubmitButton
              busy={setPassword.isPending}
              label={t("admin.setupPassword.submit")}
              busyLabel={t("admin.setupPassword.submitting")}
            />
          </form>
        </>
      )}
    </AdminPage>
  );
}
