import { sameLanguage, textLanguage } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { productHref } from "../../lib/routes.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { RatingStars } from "../../ui/rating-stars.tsx";

type Review = RouterOutputs["reviews"]["list"]["reviews"][number];

/** A language's name in the page's language, without its region: "English", "英語". */
function languageName(language: string, locale: string): string {
  const base = language.split("-")[0] ?? language;
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(base) ?? base;
  } catch {
    return base;
  }
}

/**
 * The reviews, each product linked under the catalogue's name in the page's language
 * (`titleOf`); a review written in another language than the page's says which, and its text
 * carries that `lang` so that it is read out and hyphenated as written.
 */
export function ReviewList({
  reviews,
  showProduct,
  titleOf,
}: {
  reviews: Review[];
  showProduct: boolean;
  titleOf: (product: Review["product"]) => string;
}) {
  const { t, date, locale } = useI18n();
  return (
    <ul className="review-list">
      {reviews.map((r) => {
        const language = textLanguage(`${r.title} ${r.body}`);
        const foreign = !sameLanguage(language, locale);
        return (
          <li key={r.id}>
            <article className="review">
              <header>
                <RatingStars value={r.rating} />
                <h2 className="review-title" lang={foreign ? language : undefined}>
                  {r.title}
                </h2>
              </header>
              {foreign ? (
                <p className="review-language">
                  <Badge tone="neutral">
                    {t("reviews.inLanguage", { language: languageName(language, locale) })}
                  </Badge>
                </p>
              ) : null}
              <p className="review-body" lang={foreign ? language : undefined}>
                {r.body}
              </p>
              <p className="review-meta">
                <span>{r.authorName}</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={r.createdAt}>{date(r.createdAt, "medium")}</time>
                {r.verified ? (
                  <>
                    {" "}
                    <Badge tone="success">{t("reviews.verified")}</Badge>
                  </>
                ) : null}
              </p>
              {showProduct ? (
                <p className="review-product">
                  <Link to={productHref(r.product.handle)}>{titleOf(r.product)}</Link>
                </p>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
