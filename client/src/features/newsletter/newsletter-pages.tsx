import { useMutation } from "@tanstack/react-query";
import { SUBSCRIBE_DISCOUNT_PERCENT } from "@vela/shared";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Notice } from "../../ui/notice.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { setSubscribedCookie } from "./visit.ts";

interface LinkMutation {
  isPending: boolean;
  isSuccess: boolean;
  error: { message: string } | null;
}

/**
 * One emailed link's page: it changes nothing on opening (mail scanners open links, some run their
 * scripts), only when the reader presses the button. The outcome takes the focus, since the button
 * goes away.
 */
function NewsletterLinkPage({
  title,
  intro,
  submit,
  submitting,
  complete,
  mutation,
  onSubmit,
  success,
}: {
  title: string;
  intro: string;
  submit: string;
  submitting: string;
  /** Whether the link carries what the server needs. */
  complete: boolean;
  mutation: LinkMutation;
  onSubmit(): void;
  success: ReactNode;
}) {
  const { t, serverText } = useI18n();
  const outcome = useRef<HTMLDivElement>(null);
  const settled = mutation.isSuccess || mutation.error != null;
  useEffect(() => {
    if (settled) outcome.current?.focus();
  }, [settled]);
  const back = (
    <p>
      <Link to={PATHS.products}>{t("store.backToProducts")}</Link>
    </p>
  );

  return (
    <section className="storefront page-narrow newsletter-page">
      <PageMeta title={title} noindex />
      <h1>{title}</h1>
      {!complete ? (
        <ErrorBox message={t("newsletter.missingToken")} />
      ) : settled ? (
        <div ref={outcome} tabIndex={-1} className="stack">
          {mutation.error != null ? <ErrorBox message={serverText(mutation.error.message)} /> : success}
        </div>
      ) : (
        <>
          <p>{intro}</p>
          <Button busy={mutation.isPending} onClick={onSubmit}>
            {mutation.isPending ? submitting : submit}
          </Button>
        </>
      )}
      {back}
    </section>
  );
}

/** /newsletter/confirm?token=: the second step of the double opt-in. */
function ConfirmPage() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const confirm = useMutation(
    trpc.newsletter.confirm.mutationOptions({ onSuccess: () => setSubscribedCookie(365 * 86_400) }),
  );
  return (
    <NewsletterLinkPage
      title={t("newsletter.confirmTitle")}
      intro={t("newsletter.confirmIntro", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
      submit={t("newsletter.confirmSubmit")}
      submitting={t("newsletter.confirming")}
      complete={token !== ""}
      mutation={confirm}
      onSubmit={() => confirm.mutate({ token })}
      success={
        confirm.data ? (
          <Notice>
            {confirm.data.alreadyConfirmed
              ? t("newsletter.alreadyConfirmed")
              : t("newsletter.confirmed", { percent: SUBSCRIBE_DISCOUNT_PERCENT })}
          </Notice>
        ) : null
      }
    />
  );
}

/** /newsletter/unsubscribe?id=&token=: the link in every newsletter email. */
function UnsubscribePage() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  const unsubscribe = useMutation(trpc.newsletter.unsubscribe.mutationOptions());
  return (
    <NewsletterLinkPage
      title={t("newsletter.unsubscribeTitle")}
      intro={t("newsletter.unsubscribeIntro")}
      submit={t("newsletter.unsubscribeSubmit")}
      submitting={t("newsletter.unsubscribing")}
      complete={id !== "" && token !== ""}
      mutation={unsubscribe}
      onSubmit={() => unsubscribe.mutate({ id, token })}
      success={<Notice>{t("newsletter.unsubscribed")}</Notice>}
    />
  );
}

// Keyed by the query, so following another emailed link in the same tab starts afresh.
export function NewsletterConfirmPage() {
  return <ConfirmPage key={useLocation().search} />;
}

export function NewsletterUnsubscribePage() {
  return <UnsubscribePage key={useLocation().search} />;
}
