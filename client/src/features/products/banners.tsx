import { type BannerSlide, bannerLanguage, CARD_SLIDES, HERO_SLIDES } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { Carousel } from "../../ui/carousel.tsx";
import { RichText } from "../../ui/rich-text.tsx";
import { BannerIcon } from "./banner-icon.tsx";

function SlideLinks({ slide }: { slide: BannerSlide }) {
  return (
    <p className="banner-links">
      {slide.links.map((l) =>
        l.target === "_blank" ? (
          <a key={l.link} className="btn btn-primary" href={l.link} target="_blank" rel="noopener noreferrer">
            {l.linkText}
          </a>
        ) : (
          <Link key={l.link} className="btn btn-primary" to={l.link}>
            {l.linkText}
          </Link>
        ),
      )}
    </p>
  );
}

/** The picture of a slide: image, imageMD and imageXL by width. */
function SlidePicture({ slide }: { slide: BannerSlide }) {
  return (
    <picture className="banner-picture">
      <source media="(min-width: 1024px)" srcSet={slide.imageXL} />
      <source media="(min-width: 640px)" srcSet={slide.imageMD} />
      <img src={slide.image} alt={slide.alt} />
    </picture>
  );
}

/** The background slider: full-width slides, autoplay every 5 s. */
export function HeroBanners({ intervalMs }: { intervalMs: number }) {
  const { t, locale } = useI18n();
  return (
    <Carousel
      kind="background"
      label={t("store.heroLabel")}
      intervalMs={intervalMs}
      slides={HERO_SLIDES[bannerLanguage(locale)]}
      renderSlide={(slide) => (
        <div className="banner-hero">
          <SlidePicture slide={slide} />
          <div className="banner-hero-text">
            <BannerIcon name={slide.icon} />
            <RichText as="div" className="banner-hero-title" html={slide.titleHtml} />
            <RichText as="div" className="banner-hero-description" html={slide.descriptionHtml} />
            <SlideLinks slide={slide} />
          </div>
        </div>
      )}
    />
  );
}

/** The card slider: the helper pages, autoplay every 3 s. */
export function CardBanners({ intervalMs }: { intervalMs: number }) {
  const { t, locale } = useI18n();
  return (
    <section className="card-banners" aria-labelledby="card-banners-title">
      <h2 id="card-banners-title">{t("store.moreTitle")}</h2>
      <Carousel
        kind="card"
        label={t("store.cardsLabel")}
        intervalMs={intervalMs}
        slides={CARD_SLIDES[bannerLanguage(locale)]}
        renderSlide={(slide) => (
          <article className="banner-card">
            <SlidePicture slide={slide} />
            <h3>
              <BannerIcon name={slide.icon} />
              {slide.title}
            </h3>
            <RichText as="div" html={slide.descriptionHtml} />
            <SlideLinks slide={slide} />
          </article>
        )}
      />
    </section>
  );
}
