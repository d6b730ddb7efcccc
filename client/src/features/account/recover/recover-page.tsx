import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useForm } from "../../../lib/forms/use-form.ts";
import { emailError } from "../../../lib/forms/validation.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { SubmitButton } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { EmailField } from "../../../ui/field.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";

/** The same confirmation whether or not the email has an account: the page reveals nothing. */
export function RecoverPage() {
  const i18n = useI18n();
  const { t, errorText } = i18n;
  const trpc = useTRPC();
  const recover = useMutation(trpc.account.recover.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<{ email: string }>({ email: "" }, (v) => ({
    email: emailError(i18n, v.email, t("field.email")),
  }));

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await recover.mutateAsync({ email: v.email });
      setSent(true);
    } catch (err) {
      setError(errorText(err, "recover"));
    }
  });

  return (
    <section className="page page-narrow recover">
      <PageMeta title={t("recover.title")} noindex />
      <h1>{t("recover.title")}</h1>
      {sent ? (
        <Notice>{t("recover.sent")}</Notice>
      ) : (
        <>
          <p>{t("recover.intro")}</p>
          {error ? <ErrorBox message={error} /> : null}
          <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
            <EmailField {...form.field("email")} />
            <SubmitButton
              busy={recover.isPending}
              label={t("recover.submit")}
              busyLabel={t("recover.submitting")}
            />
          </form>
        </>
      )}
      <p>
        <Link to={PATHS.login}>{t("recover.back")}</Link>
      </p>
    </section>
  );
}
