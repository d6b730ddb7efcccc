import { BRAND, isReleaseLanguage, RELEASE_APPS } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS, releaseNotesAppHref } from "../../lib/routes.ts";

/** The legal and trust pages every footer links to. */
const LEGAL_LINKS = [
  [PATHS.shippingPolicy, "legal.nav.shipping"],
  [PATHS.returnsPolicy, "legal.nav.returns"],
  [PATHS.warranty, "legal.nav.warranty"],
  [PATHS.termsOfSale, "legal.nav.terms"],
  [PATHS.legalNotice, "legal.nav.notice"],
] as const;

/** The app whose release notes the footer names (spec 001 §2's link: Windows, the reader's language). */
const FOOTER_APP = RELEASE_APPS[0];

export function Footer() {
  const { t, locale } = useI18n();
  return (
    <footer className="site-footer">
      <nav aria-label={t("layout.footerNav")}>
        <ul>
          <li>
            <Link to={PATHS.products}>{t("layout.products")}</Link>
          </li>
          <li>
            <Link to={PATHS.reviews}>{t("store.nav.reviews")}</Link>
          </li>
          <li>
            <Link to={PATHS.compatibility}>{t("store.nav.compatibility")}</Link>
          </li>
          <li>
            <Link to={PATHS.finder}>{t("store.nav.finder")}</Link>
          </li>
          <li>
            <Link to={PATHS.contact}>{t("store.nav.contact")}</Link>
          </li>
          <li>
            <Link to={PATHS.account}>{t("layout.account")}</Link>
          </li>
          <li>
            <Link to={PATHS.firmwareCalibration}>{t("firmware.nav.label")}</Link>
          </li>
          <li>
            <Link to={PATHS.firmwareReleaseNotes}>{t("releases.footerLink")}</Link>
          </li>
          {FOOTER_APP ? (
            <li>
              <Link
                to={releaseNotesAppHref(FOOTER_APP.slug, {
                  language: isReleaseLanguage(locale) ? locale : "en-US",
                  platform: "Windows",
                })}
              >
                {t("links.appReleaseNotes", { app: FOOTER_APP.names["en-US"] })}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={PATHS.games}>{t("games.nav")}</Link>
          </li>
          <li>
            <Link to={PATHS.mobile}>{t("mobile.nav")}</Link>
          </li>
          <li>
            <Link to={PATHS.blog}>{t("blog.title")}</Link>
          </li>
          <li>
            <Link to={PATHS.privacy}>{t("layout.privacy")}</Link>
          </li>
          {LEGAL_LINKS.map(([path, label]) => (
            <li key={path}>
              <Link to={path}>{t(label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t("layout.copyright", { year: new Date().getFullYear(), brand: BRAND.name })}</p>
    </footer>
  );
}
