import { Outlet, ScrollRestoration } from "react-router-dom";
import { SubscribeOffer } from "../../features/newsletter/subscribe-offer.tsx";
import { PageLanguageSync, useI18n } from "../../lib/i18n.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { RouteFocus } from "./route-focus.tsx";

export function Layout() {
  const { t } = useI18n();
  return (
    <div className="site">
      <PageLanguageSync />
      <RouteFocus />
      <a href="#main" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer />
      {/* Spec 000 §4: on a first visit to any page, 5 s after the page loaded. */}
      <SubscribeOffer />
      <ScrollRestoration />
    </div>
  );
}
