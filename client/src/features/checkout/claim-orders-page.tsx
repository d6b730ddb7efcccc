import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_OFFER_MESSAGES, PASSWORD_MIN_LENGTH, ZClaimOrdersInput } from "@vela/shared";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { serverMessage } from "../../lib/errors.ts";
import { useForm } from "../../lib/forms/use-form.ts";
import { confirmationError } from "../../lib/forms/validation.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button, SubmitButton } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { NewPasswordFields } from "../../ui/field.tsx";
import { schemaErrors, withSchemaErrors } from "../../ui/form-errors.ts";
import "./checkout.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

interface PasswordValues extends Record<string, string> {
  password: string;
  confirmPassword: string;
}

/** The password part of the server's input schema. */
const PASSWORD_RULE = ZClaimOrdersInput.pick({ password: true }).required();

/**
 * The link mailed to an account's address when a guest order with it asked for an account. Opening
 * it changes nothing (mail scanners open links); the click sends the token. When the account's
 * address was never proven (someone may have registered it without owning it), the server asks
 * the person who followed the link for a new password: the account becomes theirs, then the
 * orders join it, and they sign in with that password.
 */
export function ClaimOrdersPage() {
  const i18n = useI18n();
  const { t, tn, errorText } = i18n;
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const trpc = useTRPC();
  const claim = useMutation(trpc.checkout.claimOrders.mutationOptions());
  // Set once the server has asked for a password; the form stays until the claim succeeds.
  const [asksPassword, setAsksPassword] = useState(false);
  const needsPassword =
    asksPassword || serverMessage(claim.error) === ACCOUNT_OFFER_MESSAGES.claimNeedsPassword;

  const form = useForm<PasswordValues>({ password: "", confirmPassword: "" }, (v) =>
    withSchemaErrors(
      {
        password: !v.password
          ? t("link.passwordRequired")
          : v.password.length < PASSWORD_MIN_LENGTH
            ? t("password.hint")
            : undefined,
        confirmPassword: confirmationError(v.password, v.confirmPassword, t("link.mismatch")),
      },
      schemaErrors(i18n, PASSWORD_RULE.safeParse({ password: v.password }), () => t("field.newPassword")),
    ),
  );
  const submitPassword = form.handleSubmit(async (v) => {
    setAsksPassword(true);
    claim.mutate({ token, password: v.password });
  });

  // The server's request for a password is the form's introduction, not an error.
  const error = claim.error && !needsPassword ? claim.error : null;
  const passwordError =
    claim.error && needsPassword && serverMessage(claim.error) !== ACCOUNT_OFFER_MESSAGES.claimNeedsPassword
      ? claim.error
      : null;

  return (
    <section className="page checkout-page">
      <PageMeta title={t("claimOrders.title")} noindex />
      <h1>{t("claimOrders.title")}</h1>
      {claim.isSuccess ? (
        <>
          <p role="status">{tn("claimOrders.done", claim.data.orders, { n: claim.data.orders })}</p>
          {asksPassword ? (
            <>
              <p>{t("claimOrders.signInWithNewPassword")}</p>
              <p>
                <Link className="btn btn-primary" to={PATHS.login}>
                  {t("claimOrders.signIn")}
                </Link>
              </p>
            </>
          ) : (
            <p>
              <Link className="btn btn-primary" to={PATHS.orders}>
                {t("checkout.viewOrders")}
              </Link>
            </p>
          )}
        </>
      ) : needsPassword ? (
        <>
          <p>{t("checkout.server.claimNeedsPassword")}</p>
          <form ref={form.formRef} className="form" noValidate onSubmit={submitPassword}>
            <NewPasswordFields
              password={{
                label: t("field.newPassword"),
                name: "password",
                hint: t("password.hint"),
                ...form.field("password"),
              }}
              confirmLabel={t("field.confirmPassword")}
              confirm={form.field("confirmPassword")}
            />
            <SubmitButton
              busy={claim.isPending}
              label={t("claimOrders.setPassword")}
              busyLabel={t("claimOrders.settingPassword")}
            />
          </form>
          {passwordError ? <ErrorBox message={errorText(passwordError, "cart")} /> : null}
        </>
      ) : (
        <>
          <p>{t("claimOrders.text")}</p>
          <Button type="button" disabled={!token || claim.isPending} onClick={() => claim.mutate({ token })}>
            {t("claimOrders.confirm")}
          </Button>
        </>
      )}
      {error ? <ErrorBox message={errorText(error, "cart")} /> : null}
    </section>
  );
}
