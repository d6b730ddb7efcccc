import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useI18n } from "../lib/i18n.tsx";
import { useMediaQuery, useReducedMotion } from "./use-reduced-motion.ts";
import "./storefront-ui.css";

/** A horizontal move of at least this many pixels is a swipe. */
export const SWIPE_THRESHOLD_PX = 40;

export interface CarouselProps<T> {
  slides: readonly T[];
  /** Autoplay period: 5 s for the background slider, 3 s for the card slider (spec 000 §9). */
  intervalMs: number;
  /** Names the carousel for assistive technology. */
  label: string;
  /** "background": one full-width slide; "card": 1, 2 or 3 cards in view by width. */
  kind: "background" | "card";
  renderSlide(slide: T, index: number): ReactNode;
  className?: string;
}

/**
 * An accessible carousel (WAI-ARIA APG): autoplay pauses while the pointer is over it or focus
 * is inside it, and stops for readers who prefer reduced motion; the Pause button stops it for
 * good; arrow keys, the previous/next buttons, the dots and a horizontal swipe move it.
 * Slides out of view are inert, so Tab never lands on a hidden link.
 */
export function Carousel<T>({ slides, intervalMs, label, kind, renderSlide, className }: CarouselProps<T>) {
  const { t } = useI18n();
  const id = useId();
  const reducedMotion = useReducedMotion();
  const wide = useMediaQuery("(min-width: 1024px)");
  const medium = useMediaQuery("(min-width: 640px)");
  const perView = kind === "card" ? (wide ? 3 : medium ? 2 : 1) : 1;
  const lastStart = Math.max(0, slides.length - perView);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const swipeFrom = useRef<number | null>(null);

  const current = Math.min(index, lastStart);
  const playing = !stopped && !reducedMotion && lastStart > 0;
  const running = playing && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    // One timer per shown position: a manual move restarts the full interval.
    const timer = setTimeout(() => setIndex(current >= lastStart ? 0 : current + 1), intervalMs);
    return () => clearTimeout(timer);
  }, [running, intervalMs, lastStart, current]);

  const go = (next: number) => setIndex(((next % (lastStart + 1)) + lastStart + 1) % (lastStart + 1));

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") go(current + 1);
    else if (e.key === "ArrowLeft") go(current - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(lastStart);
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? current + 1 : current - 1);
  };

  if (slides.length === 0) return null;

  return (
    <section
      className={["slider", `slider-${kind}`, reducedMotion ? "slider-still" : null, className]
        .filter(Boolean)
        .join(" ")}
      aria-roledescription={t("ui.carousel")}
      aria-label={label}
      data-playing={running ? "true" : "false"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="slider-controls">
        {lastStart > 0 ? (
          <>
            <button
              type="button"
              className="slider-button"
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped || reducedMotion ? t("ui.sliderPlay") : t("ui.sliderPause")}
              disabled={reducedMotion}
            >
              <span aria-hidden="true">{stopped || reducedMotion ? "▶" : "❚❚"}</span>
            </button>
            <button
              type="button"
              className="slider-button"
              aria-controls={id}
              aria-label={t("ui.sliderPrevious")}
              onClick={() => go(current - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="slider-button"
              aria-controls={id}
              aria-label={t("ui.sliderNext")}
              onClick={() => go(current + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      <div
        className="slider-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        <div
          id={id}
          className="slider-track"
          aria-live={running ? "off" : "polite"}
          style={{ transform: `translateX(-${(current * 100) / perView}%)` }}
        >
          {slides.map((slide, i) => {
            const visible = i >= current && i < current + perView;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group, not a form fieldset.
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list in a fixed order.
                key={i}
                className="slider-slide"
                role="group"
                aria-roledescription={t("ui.slide")}
                aria-label={t("ui.slideOf", { n: i + 1, total: slides.length })}
                aria-hidden={visible ? undefined : true}
                inert={!visible}
                data-active={visible ? "true" : "false"}
                style={{ flexBasis: `${100 / perView}%` }}
              >
                {renderSlide(slide, i)}
              </div>
            );
          })}
        </div>
      </div>
      {lastStart > 0 ? (
        <div className="slider-dots">
          {Array.from({ length: lastStart + 1 }, (_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position.
              key={i}
              type="button"
              className="slider-dot"
              aria-label={t("ui.goToSlide", { n: i + 1 })}
              aria-current={i === current ? "true" : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
