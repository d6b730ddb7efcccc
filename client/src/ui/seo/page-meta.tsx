import { LANG_QUERY_PARAM } from "@vela/i18n";
import {
  absoluteUrl,
  alternatesOf,
  BRAND,
  type JsonLd,
  jsonForScript,
  ogLocale,
  PREVIEW_IMAGE,
  pageUrl,
  previewImagePath,
} from "@vela/shared";
import { useLocation } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { useSiteOrigin } from "../../lib/site-origin.tsx";

export interface PageMetaProps {
  /** The page's own name; null for the home page, which is the brand alone. */
  title: string | null;
  /** One or two sentences for search results and previews; the store's own when absent. */
  description?: string;
  /** The path the page is canonical at, with the query that makes it another page (`/products?page=2`) and no other; the current path when absent. */
  path?: string;
  /**
   * The page's picture for link previews: one of the store's drawings (a path such as
   * `/images/products/x-1.svg` or `/media/blog/x-xl.svg`), shared as its 1200×630 PNG preview, and
   * its alt text in the page's language.
   */
  image?: { drawing: string; alt: string } | null;
  type?: "website" | "product" | "article";
  /** Product pages: the price a preview card shows. */
  price?: { amount: string; currencyCode: string };
  jsonLd?: readonly JsonLd[];
  /** Private pages (account, cart, checkout, sign-in): a title and `noindex`, nothing to share. */
  noindex?: boolean;
}

/** "My Orders | Vela": each page names itself for tabs, history and screen readers. */
export const documentTitle = (title: string | null): string =>
  title ? `${title} | ${BRAND.name}` : BRAND.name;

/**
 * A page's document metadata, rendered where the page renders: React 19 hoists <title>, <meta>
 * and <link> into the document's head, in the browser and in the server's HTML alike. Each page
 * renders exactly one.
 */
export function PageMeta(props: PageMetaProps) {
  const { t, locale, pageLocales } = useI18n();
  const origin = useSiteOrigin();
  const { pathname, search } = useLocation();
  const title = documentTitle(props.title);
  const description = props.description ?? t("seo.siteDescription", { brand: BRAND.name });
  if (props.noindex) {
    return (
      <>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
        <meta name="description" content={description} />
      </>
    );
  }
  const path = props.path ?? pathname;
  // Canonical as asked: a URL with ?lang= is its language's page; the bare path is the x-default,
  // whose language follows the reader, and names itself (pointing it at one language's URL, one
  // of its own hreflang alternates, is what search engines and Lighthouse's audit refuse).
  const canonical = pageUrl(origin, path, new URLSearchParams(search).has(LANG_QUERY_PARAM) ? locale : null);
  const preview = props.image ? previewImagePath(props.image.drawing) : null;
  const image = preview && props.image ? { url: absoluteUrl(origin, preview), alt: props.image.alt } : null;
  const shareTitle = props.title ?? BRAND.name;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {alternatesOf(origin, path, pageLocales).map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:title" content={shareTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content={props.type ?? "website"} />
      <meta property="og:locale" content={ogLocale(locale)} />
      {pageLocales
        .filter((l) => l !== locale)
        .map((l) => (
          <meta key={l} property="og:locale:alternate" content={ogLocale(l)} />
        ))}
      {image ? (
        <>
          <meta property="og:image" content={image.url} />
          <meta property="og:image:type" content={PREVIEW_IMAGE.type} />
          <meta property="og:image:width" content={String(PREVIEW_IMAGE.width)} />
          <meta property="og:image:height" content={String(PREVIEW_IMAGE.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      ) : null}
      {props.price ? <meta property="product:price:amount" content={props.price.amount} /> : null}
      {props.price ? <meta property="product:price:currency" content={props.price.currencyCode} /> : null}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={shareTitle} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image.url} /> : null}
      {image ? <meta name="twitter:image:alt" content={image.alt} /> : null}
      {props.jsonLd?.map((ld) => (
        <script
          key={ld["@type"]}
          type="application/ld+json"
          // Inert data, escaped for a script element: no `</script>` can end it early.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from jsonForScript, not markup.
          dangerouslySetInnerHTML={{ __html: jsonForScript(ld) }}
        />
      ))}
    </>
  );
}
