import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { useReducedMotion } from "../../ui/use-reduced-motion.ts";
import { IMAGE_SLIDE_WIDTH_PX, IMAGE_SLIDER_GAP_PX, IMAGE_SLIDER_MS } from "./constants.ts";

/** A slider item of spec 001 §3: a picture, its caption (shown, and naming the link), where it leads. */
export interface SliderItem {
  imageSrc: string;
  link: string;
  caption: string;
}

/**
 * The image slider (spec 001 §9): a row of 436 px slides on desktop, 20 px apart, that moves one
 * slide every 5 s and starts over at the end. It scrolls natively (swipe, trackpad, keys on a
 * focused link); autoplay pauses while the pointer is over it or focus is inside, stops for good
 * with Pause, and never runs for readers who prefer reduced motion.
 */
export function ImageSlider({ items, label }: { items: SliderItem[]; label: string }) {
  const { t } = useI18n();
  const reduced = useReducedMotion();
  const viewport = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const id = useId();
  const running = !reduced && !stopped && !hovered && !focused && items.length > 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each move (index) starts the next 5 s.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      const el = viewport.current;
      const step = IMAGE_SLIDE_WIDTH_PX + IMAGE_SLIDER_GAP_PX;
      // Start over once the last slide is in view.
      const atEnd = !el || el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
      setIndex((i) => (atEnd || i + 1 >= items.length ? 0 : i + 1));
      if (el) {
        const first = el.firstElementChild as HTMLElement | null;
        const width = first ? first.getBoundingClientRect().width + IMAGE_SLIDER_GAP_PX : step;
        el.scrollTo({ left: atEnd ? 0 : el.scrollLeft + width, behavior: "smooth" });
      }
    }, IMAGE_SLIDER_MS);
    return () => clearTimeout(timer);
  }, [running, index, items.length]);

  return (
    <section
      className="image-slider"
      aria-roledescription={t("ui.carousel")}
      aria-label={label}
      data-playing={running ? "true" : "false"}
      data-index={index}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="image-slider-controls">
        <button
          type="button"
          className="hero-button"
          aria-controls={id}
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped || reduced ? t("ui.sliderPlay") : t("ui.sliderPause")}
          disabled={reduced}
        >
          <span aria-hidden="true">{stopped || reduced ? "▶" : "❚❚"}</span>
        </button>
      </div>
      <ul
        id={id}
        ref={viewport}
        className="image-slider-track"
        style={{ gap: `${IMAGE_SLIDER_GAP_PX}px`, ["--slide-width" as string]: `${IMAGE_SLIDE_WIDTH_PX}px` }}
      >
        {items.map((item) => (
          <li key={item.imageSrc} className="image-slide">
            <Link to={item.link}>
              <figure className="image-slide-figure">
                {/* The caption below names the link; the picture adds nothing to say. */}
                <img src={item.imageSrc} alt="" width={IMAGE_SLIDE_WIDTH_PX} height={300} loading="lazy" />
                <figcaption className="image-slide-caption">{item.caption}</figcaption>
              </figure>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
