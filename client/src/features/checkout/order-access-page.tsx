import { useMutation } from "@tanstack/react-query";
import { ORDER_LOOKUP_PATH } from "@vela/shared";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { httpStatus } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import "./checkout.css";

/**
 * The order lookup's mailed link. Opening it changes nothing (mail scanners open links); the click
 * spends the link, and the browser gets the order's access cookie and its confirmation page.
 */
export function OrderAccessPage() {
  const { t, errorText } = useI18n();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const trpc = useTRPC();
  const open = useMutation(
    trpc.orderLookup.open.mutationOptions({
      onSuccess: ({ orderId }) => navigate(`/checkout/confirmation/${encodeURIComponent(orderId)}`),
    }),
  );
  const failed = !token || (open.error && httpStatus(open.error) === 400);
  return (
    <section className="page checkout-page">
      <PageMeta title={t("orderLookup.accessTitle")} noindex />
      <h1>{t("orderLookup.accessTitle")}</h1>
      {failed ? (
        <>
          <ErrorBox message={t("orderLookup.invalid")} />
          <p>
            <Link className="btn btn-secondary" to={ORDER_LOOKUP_PATH}>
              {t("orderLookup.lookupAgain")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t("orderLookup.accessIntro")}</p>
          <Button type="button" disabled={open.isPending} onClick={() => open.mutate({ token })}>
            {t("orderLookup.open")}
          </Button>
          {open.error ? <ErrorBox message={errorText(open.error, "cart")} /> : null}
        </>
      )}
    </section>
  );
}
