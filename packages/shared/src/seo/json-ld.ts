/**
 * schema.org objects for a page's `<script type="application/ld+json">`, built the same way for
 * the client's pages and anything the server renders. Every URL in them is absolute.
 * Properties follow schema.org (https://schema.org/Product, /Offer, /AggregateRating,
 * /BreadcrumbList, /Organization, /BlogPosting) and Google's structured-data guides.
 */
import { BRAND } from "../brand.ts";
import { pricesIncludeTax } from "../money.ts";
import { merchantReturnPolicy, offerShippingDetails } from "./merchant.ts";

export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** Makes `/images/x.png` absolute on the origin; absolute http(s) URLs pass through. */
export function absoluteUrl(origin: string, href: string): string {
  if (/^https?:\/\//i.test(href)) return href;
  return `${origin.replace(/\/+$/, "")}${href.startsWith("/") ? href : `/${href}`}`;
}

export function organizationJsonLd(origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: BRAND.name,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, "/favicon.svg"),
  };
}

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL of the crumb's page. */
  url: string;
}

export function breadcrumbJsonLd(items: readonly BreadcrumbItem[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export interface ProductForJsonLd {
  name: string;
  description: string;
  /** Absolute URL of the product page (its canonical URL). */
  url: string;
  /** Absolute image URLs. */
  images: readonly string[];
  variants: readonly {
    sku: string;
    name: string;
    available: boolean;
    /** Decimal text, e.g. "599.00" or "59800". */
    price: string;
    /** ISO 4217, e.g. USD. */
    currency: string;
  }[];
  rating: { average: number | null; count: number };
}

export const IN_STOCK = "https://schema.org/InStock";
export const OUT_OF_STOCK = "https://schema.org/OutOfStock";

/**
 * `Product` with one `Offer` per variant, each with the store's shipping rates to the countries it
 * names and its return policy (merchant.ts), and `AggregateRating` once there are reviews.
 */
export function productJsonLd(product: ProductForJsonLd): JsonLd {
  const ld: JsonLd = {
    "@context": CONTEXT,
    "@type": "Product",
    name: product.name,
    description: product.description,
    url: product.url,
    image: [...product.images],
    brand: { "@type": "Brand", name: BRAND.name },
    offers: product.variants.map((v) => {
      const shippingDetails = offerShippingDetails(v.price, v.currency);
      return {
        "@type": "Offer",
        sku: v.sku,
        name: v.name,
        url: product.url,
        price: v.price,
        priceCurrency: v.currency,
        // The price is the consumer's: yen prices include Japan's consumption tax (総額表示),
        // dollar prices are before sales tax.
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: v.price,
          priceCurrency: v.currency,
          valueAddedTaxIncluded: pricesIncludeTax(v.currency),
        },
        availability: v.available ? IN_STOCK : OUT_OF_STOCK,
        itemCondition: "https://schema.org/NewCondition",
        ...(shippingDetails.length ? { shippingDetails } : {}),
        hasMerchantReturnPolicy: merchantReturnPolicy(),
      };
    }),
  };
  const first = product.variants[0];
  if (first) ld.sku = first.sku;
  if (product.rating.count > 0 && product.rating.average !== null) {
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating.average,
      reviewCount: product.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

export interface PostForJsonLd {
  headline: string;
  description: string;
  /** Absolute URL of the post (its canonical URL). */
  url: string;
  /** Absolute image URL. */
  image: string;
  /** ISO 8601 date, e.g. 2026-03-01. */
  datePublished: string;
  /**
   * ISO 8601 date of the last change; the publication date when absent (the newsroom's posts are
   * never edited once published: the seed creates a post once and nothing changes it).
   */
  dateModified?: string;
  /** BCP 47. */
  inLanguage: string;
  origin: string;
}

/** The newsroom's posts are the store's own: author and publisher are the organisation. */
export function blogPostingJsonLd(post: PostForJsonLd): JsonLd {
  const organization = { "@type": "Organization", name: BRAND.name, url: absoluteUrl(post.origin, "/") };
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: post.headline,
    description: post.description,
    url: post.url,
    mainEntityOfPage: post.url,
    image: [post.image],
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    inLanguage: post.inLanguage,
    author: organization,
    publisher: {
      ...organization,
      logo: { "@type": "ImageObject", url: absoluteUrl(post.origin, "/favicon.svg") },
    },
  };
}

/**
 * JSON for an inline `<script>`: `<`, `>`, `&` and the line separators U+2028/U+2029 as `\u` escapes,
 * so a text such as `</script>` in a product description cannot end the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
