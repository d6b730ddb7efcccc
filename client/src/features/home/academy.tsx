import { academySite } from "@vela/shared";
import { useI18n } from "../../lib/i18n.tsx";
import { ExternalCard } from "../../ui/external-card.tsx";
import { academyCards } from "./home-data.ts";

/** Visit the Academy (spec 001 §2): four feature cards and the academy site, Japanese for ja-JP. */
export function VisitTheAcademy() {
  const { t, locale } = useI18n();
  const site = academySite(locale);
  return (
    <section className="academy" aria-labelledby="academy-title">
      <div className="block-head">
        <h2 id="academy-title">{t("homepage.academy.title")}</h2>
        <a className="btn btn-secondary" href={site} target="_blank" rel="noopener noreferrer">
          {t("homepage.academy.visit")}
          <span className="visually-hidden"> {t("homepage.academy.newWindow")}</span>
        </a>
      </div>
      <p className="lead">{t("homepage.academy.intro")}</p>
      <ul className="card-grid">
        {academyCards(t, site).map((card) => (
          <ExternalCard
            key={card.link}
            card={card}
            className="tile-card feature-card"
            newWindow={t("homepage.academy.newWindow")}
          />
        ))}
      </ul>
    </section>
  );
}
