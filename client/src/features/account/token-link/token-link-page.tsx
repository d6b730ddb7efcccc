import { useMutation } from "@tanstack/react-query";
import { PASSWORD_MIN_LENGTH, ZActivateInput, ZResetInput } from "@vela/shared";
import { useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useClock } from "../../../lib/clock.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { confirmationError } from "../../../lib/forms/validation.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { NewPasswordFields } from "../../../ui/field.tsx";
import { schemaErrors, withSchemaErrors } from "../../../ui/form-errors.ts";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import type { LoginNotice } from "../login/login-page.tsx";
import { checkTokenLink, type TokenLinkCheck, type TokenLinkKind } from "../shared/link-check.ts";

interface PasswordValues extends Record<string, string> {
  password: string;
  confirmPassword: string;
}

/** The password part of the server's input schema for each page. */
const PASSWORD_RULE = {
  reset: ZResetInput.pick({ password: true }),
  activate: ZActivateInput.pick({ password: true }),
} as const;

type State = { step: "idle" } | { step: "loading" } | { step: "error"; message: string };

const TEXTS = {
  reset: {
    title: "reset.title",
    intro: "reset.intro",
    submit: "reset.submit",
    submitting: "reset.submitting",
    incomplete: "link.invalidReset",
    expired: "link.expiredReset",
  },
  activate: {
    title: "activate.title",
    intro: "activate.intro",
    submit: "activate.submit",
    submitting: "activate.submitting",
    incomplete: "link.invalidActivation",
    expired: "link.expiredActivation",
  },
} as const;

/**
 * The password reset and account activation pages (spec 000 §2, §4, §5): the emailed link is
 * checked for completeness and expiry at load and again at submit; then idle, loading, and
 * success (to /account/login) or 'Failed: {message}' with a retry link.
 */
export function TokenLinkPage({ kind }: { kind: TokenLinkKind }) {
  const i18n = useI18n();
  const { t, tKey, errorText } = i18n;
  const trpc = useTRPC();
  const clock = useClock();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const texts = TEXTS[kind];

  const [linkCheck, setLinkCheck] = useState<TokenLinkCheck>(() => checkTokenLink(kind, params, clock()));
  const [state, setState] = useState<State>({ step: "idle" });
  const reset = useMutation(trpc.account.reset.mutationOptions());
  const activate = useMutation(trpc.account.activate.mutationOptions());

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
      // The server's password rule (its upper bound too), on the password field.
      schemaErrors(i18n, PASSWORD_RULE[kind].safeParse({ password: v.password }), () =>
        t("field.newPassword"),
      ),
    ),
  );

  const submit = form.handleSubmit(async (v) => {
    const check = checkTokenLink(kind, params, clock());
    setLinkCheck(check);
    if (!check.ok) return;
    setState({ step: "loading" });
    try {
      if (kind === "reset") {
        await reset.mutateAsync({
          customerId: check.customerId,
          resetToken: check.token,
          syclid: check.syclid,
          password: v.password,
        });
      } else {
        await activate.mutateAsync({
          customerId: check.customerId,
          activationToken: check.token,
          syclid: check.syclid,
          password: v.password,
        });
      }
      const notice: LoginNotice = kind === "reset" ? "reset" : "activated";
      navigate(PATHS.login, { replace: true, state: { notice } });
    } catch (err) {
      setState({ step: "error", message: errorText(err, kind) });
    }
  });

  if (!linkCheck.ok) {
    return (
      <section className="page page-narrow token-link">
        <PageMeta title={tKey(texts.title)} noindex />
        <h1>{tKey(texts.title)}</h1>
        <ErrorBox message={tKey(linkCheck.problem === "expired" ? texts.expired : texts.incomplete)} />
        <p>
          <Link to={PATHS.recover}>{t("link.requestNew")}</Link>
        </p>
      </section>
    );
  }

  if (state.step === "error") {
    const here = `${location.pathname}${location.search}`;
    return (
      <section className="page page-narrow token-link">
        <PageMeta title={tKey(texts.title)} noindex />
        <h1>{tKey(texts.title)}</h1>
        <ErrorBox message={t("link.failed", { message: state.message })} />
        <p>
          <a
            href={here}
            onClick={(event) => {
              event.preventDefault();
              form.reset({ password: "", confirmPassword: "" });
              setState({ step: "idle" });
            }}
          >
            {t("link.retry")}
          </a>
        </p>
      </section>
    );
  }

  const loading = state.step === "loading";
  return (
    <section className="page page-narrow token-link">
      <PageMeta title={tKey(texts.title)} noindex />
      <h1>{tKey(texts.title)}</h1>
      <p>{tKey(texts.intro)}</p>
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
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
        <SubmitButton busy={loading} label={tKey(texts.submit)} busyLabel={tKey(texts.submitting)} />
      </form>
    </section>
  );
}

// Keyed by the query, so following another emailed link in the same tab checks that link afresh.
export function ResetPage() {
  return <TokenLinkPage key={useLocation().search} kind="reset" />;
}

export function ActivatePage() {
  return <TokenLinkPage key={useLocation().search} kind="activate" />;
}
