import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPCClient } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { type PaymentOutcome, useOrderOutcome } from "./stripe-payment.tsx";
import "./checkout.css";

type View =
  | { kind: "working" }
  | { kind: "failed"; message: string }
  | { kind: "processing" }
  | { kind: "error"; error: unknown };

/**
 * Where Stripe sends the shopper back after 3-D Secure or a wallet's page
 * (`?placement=…&payment_intent=…&redirect_status=…`): the store settles the placement from the
 * intent (the webhook may have done it already: the same order either way) and opens the
 * confirmation, or says why not with the way back to checkout.
 */
export function PaymentReturnPage() {
  const { t, serverText, errorText } = useI18n();
  const [params] = useSearchParams();
  const placementId = params.get("placement") ?? "";
  const client = useTRPCClient();
  const orderOutcome = useOrderOutcome();
  const [view, setView] = useState<View>({ kind: "working" });
  const [attempt, setAttempt] = useState(0);
  const asked = useRef(-1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per attempt (Retry)
  useEffect(() => {
    if (!placementId || asked.current === attempt) return;
    asked.current = attempt;
    setView({ kind: "working" });
    client.checkout.completePayment
      .mutate({ placementId })
      .then(async (outcome: PaymentOutcome) => {
        if (await orderOutcome(outcome, true)) return;
        if (outcome.status === "processing") setView({ kind: "processing" });
        else
          setView({
            kind: "failed",
            message:
              outcome.status === "failed" ? serverText(outcome.message) : t("checkout.stripe.notCompleted"),
          });
      })
      .catch((error: unknown) => setView({ kind: "error", error }));
  }, [placementId, attempt]);

  const back = (
    <p className="actions">
      <Link className="btn btn-primary" to={PATHS.checkout}>
        {t("checkout.complete.back")}
      </Link>
    </p>
  );
  const failedTitle = !placementId || view.kind === "failed";
  return (
    <section className="page checkout-page">
      <PageMeta title={t("checkout.complete.title")} noindex />
      <h1>{failedTitle ? t("checkout.complete.failedTitle") : t("checkout.complete.title")}</h1>
      {!placementId ? (
        <>
          <p>{t("checkout.complete.missing")}</p>
          {back}
        </>
      ) : view.kind === "working" ? (
        <div role="status">
          <p>{t("checkout.complete.working")}</p>
          <Spinner />
        </div>
      ) : view.kind === "failed" ? (
        <>
          <p className="form-error" role="alert" data-testid="payment-return-error">
            {view.message}
          </p>
          {back}
        </>
      ) : view.kind === "processing" ? (
        <p className="notice" role="status">
          {t("checkout.complete.processing")}
        </p>
      ) : (
        <>
          <ErrorBox message={errorText(view.error, "cart")} onRetry={() => setAttempt((n) => n + 1)} />
          {back}
        </>
      )}
    </section>
  );
}
