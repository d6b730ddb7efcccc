import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { ADMIN_ENROL, safeAdminNext } from "../../../lib/admin/session.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import { useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { Button, SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PasswordField, TextField } from "../../../ui/field.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { Spinner } from "../../../ui/spinner.tsx";

/**
 * /admin/sign-in: email and password, then (when the member has a second factor) the code from
 * the authenticator app or a recovery code; then back to where they were going (`?next=`). A
 * member whose second factor the store requires and who has none goes to set it up.
 */
export default function SignInPage() {
  const trpc = useAdminTRPC();
  const { t } = useAdminText();
  const [params] = useSearchParams();
  const next = safeAdminNext(params.get("next"));
  const expired = params.get("expired") === "1";
  const me = useQuery(trpc.auth.me.queryOptions());

  if (me.isPending) return <Spinner />;
  const stage = me.data?.stage ?? "signed-out";
  if (stage === "signed-in") return <Navigate to={next} replace />;
  if (stage === "enrol") return <Navigate to={`${ADMIN_ENROL}?next=${encodeURIComponent(next)}`} replace />;
  if (stage === "second-factor")
    return (
      <AdminPage title={t("admin.signIn.codeTitle")}>
        <CodeForm />
      </AdminPage>
    );
  return (
    <AdminPage title={t("admin.signIn.title")}>
      {expired ? <Notice tone="info">{t("admin.signIn.expired")}</Notice> : null}
      <PasswordForm />
    </AdminPage>
  );
}

/** Asks the server again who is signed in: the page follows its answer. */
function useRefreshMe() {
  const trpc = useAdminTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() });
}

function PasswordForm() {
  const trpc = useAdminTRPC();
  const { t, errorText } = useAdminText();
  const refreshMe = useRefreshMe();
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ email: "", password: "" }, (v) => ({
    email: v.email.trim() ? undefined : t("admin.signIn.required"),
    password: v.password ? undefined : t("admin.signIn.required"),
  }));
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await signIn.mutateAsync({ email: v.email.trim(), password: v.password });
    } catch (err) {
      setError(errorText(err));
      return;
    }
    await refreshMe();
  });
  return (
    <>
      {error ? <ErrorBox message={error} /> : null}
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <TextField
          label={t("admin.signIn.email")}
          type="email"
          name="email"
          autoComplete="username"
          required
          {...form.field("email")}
        />
        <PasswordField
          purpose="current"
          label={t("admin.signIn.password")}
          name="password"
          {...form.field("password")}
        />
        <SubmitButton
          busy={signIn.isPending}
          label={t("admin.signIn.submit")}
          busyLabel={t("admin.signIn.submitting")}
        />
      </form>
    </>
  );
}

function CodeForm() {
  const trpc = useAdminTRPC();
  const { t, errorText } = useAdminText();
  const refreshMe = useRefreshMe();
  const verify = useMutation(trpc.auth.verifySecondFactor.mutationOptions());
  const signOut = useMutation(trpc.auth.signOut.mutationOptions({ onSettled: () => refreshMe() }));
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ code: "" }, (v) => ({
    code: v.code.trim() ? undefined : t("admin.signIn.required"),
  }));
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await verify.mutateAsync({ code: v.code.trim() });
    } catch (err) {
      setError(errorText(err));
      form.set("code", "");
      return;
    }
    await refreshMe();
  });
  return (
    <>
      <p>{t("admin.signIn.codeIntro")}</p>
      {error ? <ErrorBox message={error} /> : null}
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <TextField
          label={t("admin.signIn.code")}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          {...form.field("code")}
        />
        <SubmitButton
          busy={verify.isPending}
          label={t("admin.signIn.verify")}
          busyLabel={t("admin.signIn.verifying")}
        />
      </form>
      <Button variant="link" onClick={() => signOut.mutate()} busy={signOut.isPending}>
        {t("admin.signIn.restart")}
      </Button>
    </>
  );
}
