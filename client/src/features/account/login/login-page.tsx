import { useMutation } from "@tanstack/react-query";
import { ZLoginInput } from "@vela/shared";
import { useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { claimCart } from "../../../lib/cart/use-cart.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { emailError } from "../../../lib/forms/validation.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { usePageControl } from "../../../lib/page-control.tsx";
import { PATHS, registerHref } from "../../../lib/routes.ts";
import { safeRedirect, sameSitePath } from "../../../lib/safe-redirect.ts";
import { useTRPC, useTRPCClient } from "../../../lib/trpc.ts";
import { SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { EmailField, PasswordField } from "../../../ui/field.tsx";
import { schemaErrors, withSchemaErrors } from "../../../ui/form-errors.ts";
import { Notice } from "../../../ui/notice.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";

/** Set by the reset, activation and register pages when they send the customer here. */
export type LoginNotice = "reset" | "activated" | "registered";

interface LoginValues extends Record<string, string> {
  email: string;
  password: string;
}

export function LoginPage() {
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const page = usePageControl();
  const [params] = useSearchParams();
  const location = useLocation();

  const redirect = params.get("redirect");
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;
  const login = useMutation(trpc.account.login.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  // Between a successful sign-in and the page load, the form stays locked.
  const [leaving, setLeaving] = useState(false);

  const form = useForm<LoginValues>({ email: "", password: "" }, (v) =>
    withSchemaErrors(
      {
        email: emailError(i18n, v.email, t("field.email")),
        password: v.password ? undefined : t("link.passwordRequired"),
      },
      schemaErrors(i18n, ZLoginInput.safeParse({ email: v.email, password: v.password }), (f) =>
        f === "email" ? t("field.email") : t("field.password"),
      ),
    ),
  );

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await login.mutateAsync({ email: v.email, password: v.password });
    } catch (err) {
      setError(errorText(err, "login"));
      return;
    }
    setLeaving(true);
    // The browser's cart joins the customer's; signing in works even if this fails.
    await claimCart(client).catch(() => undefined);
    // A full page load, so every query starts afresh as the signed-in customer (spec 000 §7).
    page.assign(safeRedirect(redirect, PATHS.account));
  });

  return (
    <section className="page page-narrow login">
      <PageMeta title={t("login.title")} noindex />
      <h1>{t("login.title")}</h1>
      {notice === "reset" ? <Notice tone="info">{t("login.noticeReset")}</Notice> : null}
      {notice === "activated" ? <Notice tone="info">{t("login.noticeActivated")}</Notice> : null}
      {notice === "registered" ? <Notice tone="info">{t("login.noticeRegistered")}</Notice> : null}
      {error ? <ErrorBox message={error} /> : null}
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        <EmailField {...form.field("email")} />
        <PasswordField
          purpose="current"
          label={t("field.password")}
          name="password"
          {...form.field("password")}
        />
        <SubmitButton
          busy={login.isPending || leaving}
          label={t("login.submit")}
          busyLabel={t("login.submitting")}
        />
      </form>
      <p>
        <Link to={PATHS.recover}>{t("login.forgot")}</Link>
      </p>
      <p>
        {t("login.noAccount")} <Link to={registerHref(sameSitePath(redirect))}>{t("login.register")}</Link>
      </p>
    </section>
  );
}
