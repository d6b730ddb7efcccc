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

type Picture = { url: string; altText: string };

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
      <img
        className="gallery-main"
        src={current.url}
        alt={productImageAlt(t, title, images.indexOf(current))}
        width={800}
        height={600}
        fetchPriority="high"
      />
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
                <img src={img.url} alt="" width={120} height={90} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
