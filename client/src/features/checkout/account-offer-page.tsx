import { useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { AccountOffer } from "./account-offer.tsx";
import "./checkout.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

/** The confirmation email's offer of an account: works in any browser, by the key in the link. */
export function AccountOfferPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const orderId = params.get("order") ?? "";
  const key = params.get("key") ?? "";
  return (
    <section className="page checkout-page">
      <PageMeta title={t("accountOffer.title")} noindex />
      <h1>{t("accountOffer.title")}</h1>
      {orderId && key ? (
        <AccountOffer orderId={orderId} offerKey={key} />
      ) : (
        <p role="alert">{t("checkout.server.accountOfferInvalid")}</p>
      )}
    </section>
  );
}
