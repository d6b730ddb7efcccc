import { useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";

/** The main picture and a row of thumbnails that choose it. */
export function Gallery({ images, title }: { images: { url: string; altText: string }[]; title: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="gallery gallery-empty" />;
  return (
    <section className="gallery" aria-label={t("store.gallery", { title })}>
      <img
        className="gallery-main"
        src={current.url}
        alt={current.altText}
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
