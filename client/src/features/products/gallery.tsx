import { useState } from "react";
import { type I18n, useI18n } from "../../lib/i18n.tsx";

/**
 * A picture's text alternative, in the page's language: the product's (translated) title and
 * which view it is. The store draws its product pictures itself (front, angle, close-up, in that
 * order; server/src/modules/media/product-images.ts), so the view is known from the position; the
 * stored alt text is English only.
 */
export function productImageAlt(t: I18n["t"], title: string, index: number): string {
  const view =
    index === 0
      ? t("store.imageView.1")
      : index === 1
        ? t("store.imageView.2")
        : index === 2
          ? t("store.imageView.3")
          : t("store.imageView.more", { n: index + 1 });
  return t("store.imageAlt", { title, view });
}

type Picture = {
  url: string;
  altText: string;
  /** An uploaded picture's sizes in WebP and in its own format (the drawings have none). */
  sources?: { webp: string; original: string; width: number; height: number } | undefined;
};

/** How wide the main picture shows: the page's half from 900 px, else the whole width. */
const MAIN_SIZES = "(min-width: 900px) 50vw, 100vw";

/**
 * A picture's alt text: an uploaded picture's own (the server answers it in the page's language),
 * a drawing's made from the product's title and the view.
 */
const altOf = (t: I18n["t"], title: string, picture: Picture, index: number): string =>
  (picture.sources && picture.altText) || productImageAlt(t, title, index);

/**
 * The pictures to show: a variant drawn in its own colour (its picture is not the product's first)
 * stands in for the product's first picture, so the gallery shows the colour chosen.
 */
export function galleryPictures(images: Picture[], variantImage?: string | undefined): Picture[] {
  const [first, ...rest] = images;
  if (!first || !variantImage || variantImage === first.url) return images;
  return [{ ...first, url: variantImage }, ...rest];
}

/** The main picture and a row of thumbnails that choose it. */
export function Gallery({
  images: productImages,
  title,
  variantImage,
}: {
  images: Picture[];
  title: string;
  /** The chosen variant's picture. */
  variantImage?: string | undefined;
}) {
  const { t } = useI18n();
  const images = galleryPictures(productImages, variantImage);
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery gallery-empty" />;
  return (
    <section className="gallery" aria-label={t("store.gallery", { title })}>
      {current.sources ? (
        <picture>
          <source type="image/webp" srcSet={current.sources.webp} sizes={MAIN_SIZES} />
          <img
            className="gallery-main"
            src={current.url}
            srcSet={current.sources.original}
            sizes={MAIN_SIZES}
            alt={altOf(t, title, current, images.indexOf(current))}
            width={current.sources.width}
            height={current.sources.height}
            fetchPriority="high"
          />
        </picture>
      ) : (
        <img
          className="gallery-main"
          src={current.url}
          alt={altOf(t, title, current, images.indexOf(current))}
          width={800}
          height={600}
          fetchPriority="high"
        />
      )}
      {images.length > 1 ? (
        <ul className="gallery-thumbs">
          {images.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                className="gallery-thumb"
                aria-pressed={i === index}
                aria-label={t("store.showImage", { n: i + 1, total: images.length })}
                onClick={() => setIndex(i)}
              >
                <img
                  src={img.url}
                  srcSet={img.sources?.webp}
                  sizes={img.sources ? "120px" : undefined}
                  alt=""
                  width={120}
                  height={90}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
