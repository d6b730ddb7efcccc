import { REVIEW_RATING_MAX } from "@vela/shared";
import { useI18n } from "../lib/i18n.tsx";
import "./storefront-ui.css";

/** Five stars filled to the rating (to the nearest half); the label says the number. */
export function RatingStars({ value, size = "md" }: { value: number; size?: "sm" | "md" | "lg" }) {
  const { t, locale } = useI18n();
  const rounded = Math.round(value * 2) / 2;
  const label = t("ui.ratingLabel", {
    rating: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value),
    max: REVIEW_RATING_MAX,
  });
  return (
    <span className={`rating-stars rating-stars-${size}`} role="img" aria-label={label}>
      {Array.from({ length: REVIEW_RATING_MAX }, (_, i) => {
        const fill = rounded >= i + 1 ? "full" : rounded >= i + 0.5 ? "half" : "empty";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions.
          <span key={i} className={`star star-${fill}`} aria-hidden="true">
            ★
          </span>
        );
      })}
    </span>
  );
}
