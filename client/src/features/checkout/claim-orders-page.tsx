import { useMutation } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import "./checkout.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

/**
 * The link mailed to an account's address when a guest order with it asked for an account. Opening
 * it changes nothing (mail scanners open links); the click sends the token.
 */
export function ClaimOrdersPage() {
  const { t, tn, errorText } = useI18n();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const trpc = useTRPC();
  const claim = useMutation(trpc.checkout.claimOrders.mutationOptions());
  return (
    <section className="page checkout-page">
      <PageMeta title={t("claimOrders.title")} noindex />
      <h1>{t("claimOrders.title")}</h1>
      {claim.isSuccess ? (
        <>
          <p role="status">{tn("claimOrders.done", claim.data.orders, { n: claim.data.orders })}</p>
          <p>
            <Link className="btn btn-primary" to={PATHS.orders}>
              {t("checkout.viewOrders")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t("claimOrders.text")}</p>
          <Button type="button" disabled={!token || claim.isPending} onClick={() => claim.mutate({ token })}>
            {t("claimOrders.confirm")}
          </Button>
        </>
      )}
      {claim.error ? <ErrorBox message={errorText(claim.error, "cart")} /> : null}
    </section>
  );
}
