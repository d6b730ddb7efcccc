import { type FocusEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { RichText } from "../../ui/rich-text.tsx";
import { useMediaQuery, useReducedMotion } from "../../ui/use-reduced-motion.ts";
import {
  HERO_AFTER_VIDEO_MS,
  HERO_IMAGE_MS,
  HERO_TEXT_FADE_MS,
  HERO_VISIBLE_RATIO,
  MD_MIN_PX,
  XL_MIN_PX,
} from "./constants.ts";
import { useVisibleRatio } from "./use-visible-ratio.ts";

export interface HeroButton {
  text: string;
  link: string;
  target?: "_self" | "_blank";
  /** primary | secondary */
  class?: string;
}

/** A hero slide with the fields of spec 001 §3: a video (with poster) or an image, texts and buttons. */
export interface HeroSlide {
  video?: string;
  videoXL?: string;
  poster?: string;
  posterXL?: string;
  image?: string;
  imageMD?: string;
  imageXL?: string;
  title?: string;
  /** Markup in the small safe subset of RichText; wins over `title`. */
  titleHtml?: string;
  subtitle?: string;
  subtitleHtml?: string;
  buttons: HeroButton[];
}

/**
 * A hero slider (spec 001 §4, §9). It plays only while at least 30% of it is in view; out of view
 * its video pauses and its text hides. An image slide advances after 8 s, a video slide 2 s after
 * its video ends; a slide's text fades 5 s after it shows (hovering or focusing the slide brings it
 * back). A lone video slide loops. With reduced motion nothing moves: posters instead of videos,
 * no autoplay, the text stays. As in the WAI-ARIA carousel pattern, autoplay waits while the
 * pointer or the keyboard focus is inside the slider, so a slide never leaves (turns inert) with
 * the reader's focus in it; only the controls, which sit outside the slides, move it then.
 */
export function HeroSlider({
  slides,
  label,
  headingLevel = 2,
}: {
  slides: HeroSlide[];
  label: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useI18n();
  const reduced = useReducedMotion();
  const xl = useMediaQuery(`(min-width: ${XL_MIN_PX}px)`);
  const root = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const inView = useVisibleRatio(root, HERO_VISIBLE_RATIO);
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [textShown, setTextShown] = useState(true);
  const [videoEnded, setVideoEnded] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const trackId = useId();

  const count = slides.length;
  const single = count === 1;
  const slide = slides[Math.min(index, count - 1)];
  const isVideo = Boolean(slide?.video) && !reduced;
  const playing = inView === true && !stopped && !reduced;
  // Holding still for the reader: the clock stops, the video and the text stay as they are.
  const advancing = playing && !hovered && !focused;

  const go = useCallback(
    (next: number) => {
      setIndex(((next % count) + count) % count);
      setVideoEnded(false);
    },
    [count],
  );

  // The text: hidden out of view; shown when a slide (or the slider) comes into view, then faded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide restarts the fade.
  useEffect(() => {
    if (inView === false) {
      setTextShown(false);
      return;
    }
    setTextShown(true);
    if (!playing) return;
    const timer = setTimeout(() => setTextShown(false), HERO_TEXT_FADE_MS);
    return () => clearTimeout(timer);
  }, [inView, playing, index]);

  // An image slide advances after 8 s of play.
  useEffect(() => {
    if (!advancing || single || isVideo) return;
    const timer = setTimeout(() => go(index + 1), HERO_IMAGE_MS);
    return () => clearTimeout(timer);
  }, [advancing, single, isVideo, index, go]);

  // A video slide advances 2 s after its video ends.
  useEffect(() => {
    if (!advancing || single || !isVideo || !videoEnded) return;
    const timer = setTimeout(() => go(index + 1), HERO_AFTER_VIDEO_MS);
    return () => clearTimeout(timer);
  }, [advancing, single, isVideo, videoEnded, index, go]);

  // Focus anywhere inside (a slide's link, the controls) holds the slider until it leaves.
  const onBlur = (e: FocusEvent) => {
    if (!root.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  // The video plays only while the slider plays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each slide has its own video element.
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (playing) {
      if (v.paused) void v.play().catch(() => {});
    } else if (!v.paused) v.pause();
  }, [playing, index, isVideo]);

  if (!slide) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const pictureOf = (s: HeroSlide) => s.image ?? s.poster ?? s.imageMD ?? s.imageXL ?? s.posterXL;

  return (
    <section
      ref={root}
      className={["hero-slider", reduced ? "hero-still" : null].filter(Boolean).join(" ")}
      aria-roledescription={t("ui.carousel")}
      aria-label={label}
      data-active={index}
      data-in-view={inView === null ? "unknown" : String(inView)}
      data-playing={playing ? "true" : "false"}
      data-held={playing && !advancing ? "true" : "false"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div id={trackId} className="hero-track" aria-live={playing ? "off" : "polite"}>
        {slides.map((s, i) => {
          const active = i === index;
          const withVideo = Boolean(s.video) && !reduced;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group.
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list in a fixed order.
              key={i}
              className="hero-slide"
              role="group"
              aria-roledescription={t("ui.slide")}
              aria-label={t("ui.slideOf", { n: i + 1, total: count })}
              aria-hidden={active ? undefined : true}
              inert={!active}
              data-active={active ? "true" : "false"}
            >
              {withVideo && active ? (
                <video
                  key={xl ? "video-xl" : "video"}
                  ref={video}
                  className="hero-media"
                  src={(xl ? s.videoXL : undefined) ?? s.video}
                  poster={(xl ? s.posterXL : undefined) ?? s.poster}
                  muted
                  playsInline
                  preload="auto"
                  loop={single}
                  data-ended={videoEnded ? "true" : "false"}
                  onEnded={() => setVideoEnded(true)}
                />
              ) : (
                <picture className="hero-media">
                  {s.imageXL || s.posterXL ? (
                    <source media={`(min-width: ${XL_MIN_PX}px)`} srcSet={s.imageXL ?? s.posterXL} />
                  ) : null}
                  {s.imageMD ? <source media={`(min-width: ${MD_MIN_PX}px)`} srcSet={s.imageMD} /> : null}
                  <img src={pictureOf(s)} alt="" loading={i === 0 ? "eager" : "lazy"} />
                </picture>
              )}
              <div className="hero-text" data-shown={active && textShown ? "true" : "false"}>
                {s.titleHtml ? (
                  <Heading className="hero-title">
                    <RichText html={s.titleHtml} as="span" />
                  </Heading>
                ) : s.title ? (
                  <Heading className="hero-title">{s.title}</Heading>
                ) : null}
                {s.subtitleHtml ? (
                  <RichText html={s.subtitleHtml} className="hero-subtitle" />
                ) : s.subtitle ? (
                  <p className="hero-subtitle">{s.subtitle}</p>
                ) : null}
                {s.buttons.length ? (
                  <p className="hero-buttons">
                    {s.buttons.map((b) => (
                      <HeroLink key={`${b.link}-${b.text}`} button={b} />
                    ))}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      {reduced && !single ? null : (
        <div className="hero-controls">
          {single && !isVideo ? null : (
            <button
              type="button"
              className="hero-button"
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped || reduced ? t("ui.sliderPlay") : t("ui.sliderPause")}
              disabled={reduced}
            >
              <span aria-hidden="true">{stopped || reduced ? "▶" : "❚❚"}</span>
            </button>
          )}
          {single ? null : (
            <>
              <button
                type="button"
                className="hero-button"
                aria-controls={trackId}
                aria-label={t("ui.sliderPrevious")}
                onClick={() => go(index - 1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              {slides.map((_, i) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide.
                  key={i}
                  type="button"
                  className="hero-dot"
                  aria-controls={trackId}
                  aria-label={t("ui.goToSlide", { n: i + 1 })}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                />
              ))}
              <button
                type="button"
                className="hero-button"
                aria-controls={trackId}
                aria-label={t("ui.sliderNext")}
                onClick={() => go(index + 1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function HeroLink({ button }: { button: HeroButton }): ReactNode {
  const className = `btn ${button.class === "secondary" ? "btn-secondary" : "btn-primary"}`;
  const external = /^https?:\/\//.test(button.link);
  if (external || button.target === "_blank") {
    return (
      <a
        className={className}
        href={button.link}
        {...(button.target === "_blank" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {button.text}
      </a>
    );
  }
  return (
    <Link className={className} to={button.link}>
      {button.text}
    </Link>
  );
}
