import { Outlet, ScrollRestoration } from "react-router-dom";
import { useI18n } from "../i18n.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

export function Layout() {
  const { t } = useI18n();
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        {t("layout.skipToContent")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
