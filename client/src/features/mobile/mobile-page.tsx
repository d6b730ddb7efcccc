import { academySite, BRAND } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { ExternalCard } from "../../ui/external-card.tsx";
import { MobileFinder } from "./mobile-finder.tsx";
import "./mobile.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

const M = "/media/mobile";

/** The mobile landing page (spec 001 §2): phone use, iOS or Android, accessories, the finder, cards. */
export function MobilePage() {
  const { t, locale } = useI18n();
  const academy = academySite(locale);
  const newWindow = <span className="visually-hidden"> {t("mobile.newWindow")}</span>;
  const cards = [1, 2, 3, 4, 5].map((n) => ({
    image: `${M}/card-${n}.svg`,
    title: t(`mobile.card${n as 1 | 2 | 3 | 4 | 5}.title`),
    desc: t(`mobile.card${n as 1 | 2 | 3 | 4 | 5}.desc`),
    link: `${academy}mobile/${n}`,
  }));
  return (
    <div className="mobile-page">
      <PageMeta
        title={t("mobile.nav")}
        description={t("seo.mobile", { brand: BRAND.name })}
        path={PATHS.mobile}
      />
      <section className="mobile-intro" aria-labelledby="mobile-title">
        <div>
          <h1 id="mobile-title">{t("mobile.title")}</h1>
          <p className="lead">{t("mobile.intro")}</p>
        </div>
      </section>

      <section className="mobile-split" aria-labelledby="phone-use-title">
        <img src={`${M}/phone-use.svg`} alt={t("mobile.phoneUse.alt")} width={800} height={560} />
        <div>
          <h2 id="phone-use-title">{t("mobile.phoneUse.title")}</h2>
          <p>{t("mobile.phoneUse.body")}</p>
        </div>
      </section>

      <section aria-labelledby="os-title">
        <h2 id="os-title">{t("mobile.os.title")}</h2>
        <ul className="mobile-os">
          {(["ios", "android"] as const).map((os) => (
            <li key={os} className="mobile-os-card">
              <img src={`${M}/${os}.svg`} alt="" width={480} height={320} />
              <h3>{t(`mobile.os.${os}.title`)}</h3>
              <p>{t(`mobile.os.${os}.desc`)}</p>
              <a
                href={`${academy}videos/${os === "ios" ? "iphone" : "android"}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t(`mobile.os.${os}.link`)}
                {newWindow}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="mobile-split" aria-labelledby="accessories-title">
        <div>
          <h2 id="accessories-title">{t("mobile.accessories.title")}</h2>
          <p>{t("mobile.accessories.body")}</p>
          <Link className="btn btn-primary" to={PATHS.storeMobile}>
            {t("mobile.accessories.link")}
          </Link>
        </div>
        <img src={`${M}/accessories.svg`} alt={t("mobile.accessories.alt")} width={800} height={560} />
      </section>

      <MobileFinder />

      <section aria-labelledby="cards-title">
        <h2 id="cards-title">{t("mobile.cards.title")}</h2>
        <ul className="mobile-cards">
          {cards.map((card) => (
            <ExternalCard
              key={card.link}
              card={card}
              className="mobile-card"
              newWindow={t("mobile.newWindow")}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
