import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { reviewsHref } from "../../lib/routes.ts";
import { RatingStars } from "../../ui/rating-stars.tsx";

/** Stars and the number of reviews, linking to the product's reviews (spec 000 §2). */
export function ProductRating({
  handle,
  rating,
  size = "sm",
}: {
  handle: string;
  rating: { average: number | null; count: number };
  size?: "sm" | "md";
}) {
  const { t, tn } = useI18n();
  return (
    <Link className="product-rating" to={reviewsHref(handle)}>
      {rating.average !== null ? <RatingStars value={rating.average} size={size} /> : null}
      <span>
        {rating.count > 0
          ? tn("store.reviewCount", rating.count, { count: rating.count })
          : t("store.noReviews")}
      </span>
    </Link>
  );
}
