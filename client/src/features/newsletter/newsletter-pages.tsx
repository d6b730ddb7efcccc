import { useMutation } from "@tanstack/react-query";
import { SUBSCRIBE_DISCOUNT_PERCENT } from "@vela/shared";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Notice } from "../../ui/notice.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { setSubscribedCookie } from "./visit.ts";

/** Runs a mutation once when the page opens (the reader came from the emailed link). */
function useOnce(run: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  });
}

/** /newsletter/confirm?token=: the second step of the double opt-in. */
export function NewsletterConfirmPage() {
  const { t, serverText } = useI18n();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const confirm = useMutation(trpc.newsletter.confirm.mutationOptions());
  useOnce(() => {
    confirm.mutate(
      { token: params.get("token") ?? "" },
      { onSuccess: () => setSubscribedCookie(365 * 86_400) },
    );
  });
  return (
    <section className="storefront page-narrow newsletter-page">
      <PageMeta title={t("newsletter.confirmTitle")} noindex />
      <h1>{t("newsletter.confirmTitle")}</h1>
      {confirm.isPending || confirm.isIdle ? <Spinner /> : null}
      {confirm.isSuccess ? (
        <Notice>
          {confirm.data.alreadyConfirmed
            ? t("newsletter.alreadyConfirmed")
            : t("newsletter.confirmed", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
        </Notice>
      ) : null}
      {confirm.error ? <ErrorBox message={serverText(confirm.error.message)} /> : null}
      <p>
        <Link to={PATHS.products}>{t("store.backToProducts")}</Link>
      </p>
    </section>
  );
}

/** /newsletter/unsubscribe?id=&token=: the link in every newsletter email. */
export function NewsletterUnsubscribePage() {
  const { t, serverText } = useI18n();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const unsubscribe = useMutation(trpc.newsletter.unsubscribe.mutationOptions());
  useOnce(() => {
    unsubscribe.mutate({ id: params.get("id") ?? "", token: params.get("token") ?? "" });
  });
  return (
    <section className="storefront page-narrow newsletter-page">
      <PageMeta title={t("newsletter.unsubscribeTitle")} noindex />
      <h1>{t("newsletter.unsubscribeTitle")}</h1>
      {unsubscribe.isPending || unsubscribe.isIdle ? <Spinner /> : null}
      {unsubscribe.isSuccess ? <Notice>{t("newsletter.unsubscribed")}</Notice> : null}
      {unsubscribe.error ? <ErrorBox message={serverText(unsubscribe.error.message)} /> : null}
      <p>
        <Link to={PATHS.products}>{t("store.backToProducts")}</Link>
      </p>
    </section>
  );
}
