import { arrivesBy, stockLevel } from "@vela/shared";
import { useEffect, useState } from "react";
import { useClock } from "../../lib/clock.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { useStoreCurrency } from "../../lib/store-locale.ts";
import { Button } from "../../ui/button.tsx";
import "./availability.css";

const SOLD_OUT_REASON_ID = "product-sold-out-reason";

/**
 * What the product page says about the chosen variant's stock ("In stock", "Only 3 left", "Sold
 * out") and, while it can be bought, the day an order placed today arrives by.
 */
export function Availability({ quantityAvailable }: { quantityAvailable: number }) {
  const { t } = useI18n();
  const level = stockLevel(quantityAvailable);
  return (
    <div className="availability">
      <p className={`stock-level stock-${level}`} data-testid="availability">
        {level === "in"
          ? t("stock.inStock")
          : level === "low"
            ? t("stock.onlyLeft", { n: quantityAvailable })
            : t("stock.soldOut")}
      </p>
      {level === "out" ? null : <ArrivesBy />}
    </div>
  );
}

/**
 * The latest arrival of standard shipping within the reader's store (the US on English pages,
 * Japan on Japanese), in the page's language. Today is the browser's clock, read after hydration:
 * the server's copy of the page may be minutes old and rendered in another time zone, so the date
 * is never part of it (the line keeps its height meanwhile).
 */
function ArrivesBy() {
  const { t, locale } = useI18n();
  const clock = useClock();
  const store = useStoreCurrency() === "JPY" ? "JP" : "US";
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(clock()), [clock]);
  const date =
    now === null
      ? null
      : new Intl.DateTimeFormat(locale, {
          weekday: "short",
          month: "long",
          day: "numeric",
          timeZone: "UTC",
        }).format(arrivesBy(new Date(now), store));
  return (
    <p className="arrives-by muted" data-testid="arrives-by">
      {date ? t(`delivery.arrivesBy.${store}`, { date }) : "\u00a0"}
    </p>
  );
}

/** Add to Cart for a sold-out variant: shown, but disabled, with the reason beside it. */
export function SoldOutAddToCart() {
  const { t } = useI18n();
  return (
    <div className="sold-out-add">
      <Button disabled aria-describedby={SOLD_OUT_REASON_ID}>
        {t("store.addToCart")}
      </Button>
      <p id={SOLD_OUT_REASON_ID} className="sold-out-reason">
        {t("stock.soldOutReason")}
      </p>
    </div>
  );
}
