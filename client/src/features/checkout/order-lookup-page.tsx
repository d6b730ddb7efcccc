import { useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { OrderLookupForm } from "./order-lookup.tsx";
import "./checkout.css";

/** Find a guest order from any browser: `?order=` fills in the number. */
export function OrderLookupPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  return (
    <section className="page checkout-page">
      <PageMeta title={t("orderLookup.title")} noindex />
      <h1>{t("orderLookup.title")}</h1>
      <p>{t("orderLookup.intro")}</p>
      <OrderLookupForm orderNumber={params.get("order") ?? ""} />
    </section>
  );
}
