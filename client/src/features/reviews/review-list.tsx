import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { productHref } from "../../lib/routes.ts";
import type { RouterOutputs } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { RatingStars } from "../../ui/rating-stars.tsx";

type Review = RouterOutputs["reviews"]["list"]["reviews"][number];

export function ReviewList({ reviews, showProduct }: { reviews: Review[]; showProduct: boolean }) {
  const { t, date } = useI18n();
  return (
    <ul className="review-list">
      {reviews.map((r) => (
        <li key={r.id}>
          <article className="review">
            <header>
              <RatingStars value={r.rating} />
              <h2 className="review-title">{r.title}</h2>
            </header>
            <p className="review-body">{r.body}</p>
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
                <Link to={productHref(r.product.handle)}>{r.product.title}</Link>
              </p>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
