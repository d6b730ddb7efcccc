// Every JSON-LD object the pages render, checked against the slice of schema.org's vocabulary the
// store relies on (client/src/test/schema-org.ts): required properties present, values of the
// right type (price a number, ISO 4217 currency, availability a schema.org URL, dates ISO 8601).
import { screen, waitFor } from "@testing-library/react";
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  merchantReturnPolicy,
  offerShippingDetails,
  organizationJsonLd,
  productJsonLd,
  RETURN_WINDOW_DAYS,
} from "@vela/shared";
import { describe, expect, it } from "vitest";
import { makeProduct, PRO_HANDLE } from "../../features/products/test-data.ts";
import { renderApp } from "../../test/render.tsx";
import { jsonLdInDocument, schemaOrgErrors } from "../../test/schema-org.ts";

const post = {
  slug: "launch",
  publishedAt: "2026-03-01",
  language: "en-US",
  title: "Vela Pro is here",
  excerpt: "Our lightest glasses yet.",
  image: "/media/blog/launch-sm.svg",
  imageMD: "/media/blog/launch-md.svg",
  imageXL: "/media/blog/launch-xl.svg",
  alt: "Vela Pro",
  body: "Text.",
  bodyHtml: "<p>Text.</p>\n",
};

async function jsonLdOf(
  path: string,
  handlers: Record<string, (input: unknown) => unknown>,
  ready: string,
  locale: "en-US" | "ja-JP" = "en-US",
) {
  renderApp(path, { handlers, locale });
  await screen.findByRole("heading", { level: 1, name: ready });
  await waitFor(() => expect(jsonLdInDocument().length).toBeGreaterThan(0));
  return jsonLdInDocument();
}

describe("JSON-LD on the pages fits schema.org", () => {
  it("product page: Product (Offer, AggregateRating) and BreadcrumbList", async () => {
    const objects = await jsonLdOf(
      `/products/${PRO_HANDLE}`,
      { "catalog.product": () => ({ product: makeProduct() }) },
      "Vela Pro XR Glasses",
    );
    expect(objects.map((o) => o["@type"])).toEqual(["Product", "BreadcrumbList"]);
    for (const ld of objects) expect(schemaOrgErrors(ld)).toEqual([]);
    // Every offer says what shipping costs where, and how returns work.
    const offers = (objects[0]?.offers ?? []) as Record<string, unknown>[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.shippingDetails).toEqual(offerShippingDetails(String(offer.price), "USD"));
      expect((offer.shippingDetails as unknown[]).length).toBeGreaterThan(0);
      expect(offer.hasMerchantReturnPolicy).toEqual(merchantReturnPolicy());
      // Dollar prices are before sales tax, which checkout adds.
      expect(offer.priceSpecification).toMatchObject({ price: offer.price, valueAddedTaxIncluded: false });
    }
  });

  it("product page in Japanese, in yen", async () => {
    const objects = await jsonLdOf(
      `/products/${PRO_HANDLE}`,
      { "catalog.product": () => ({ product: makeProduct() }) },
      "Vela Pro XR Glasses",
      "ja-JP",
    );
    expect(objects[0]).toMatchObject({ offers: [{ priceCurrency: "JPY" }, { priceCurrency: "JPY" }] });
    // Yen prices are the consumer's price, tax included (Japan's 総額表示): the page's price, as is.
    expect(objects[0]).toMatchObject({
      offers: [
        {
          price: "74800",
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            price: "74800",
            priceCurrency: "JPY",
            valueAddedTaxIncluded: true,
          },
        },
        { price: "81800", priceSpecification: { price: "81800", valueAddedTaxIncluded: true } },
      ],
    });
    expect(screen.getAllByText("（税込）").length).toBeGreaterThan(0);
    const [offer] = (objects[0]?.offers ?? []) as Record<string, unknown>[];
    expect(offer?.shippingDetails).toContainEqual(
      expect.objectContaining({
        shippingRate: { "@type": "MonetaryAmount", value: "2000", currency: "JPY" },
      }),
    );
    for (const ld of objects) expect(schemaOrgErrors(ld)).toEqual([]);
  });

  it("home page: Organization", async () => {
    renderApp("/", { handlers: { "blog.list": () => ({ posts: [] }) } });
    await waitFor(() => expect(jsonLdInDocument().map((o) => o["@type"])).toEqual(["Organization"]));
    expect(schemaOrgErrors(jsonLdInDocument()[0])).toEqual([]);
  });

  it("blog post: BlogPosting and BreadcrumbList", async () => {
    const objects = await jsonLdOf("/blog/launch", { "blog.post": () => ({ post }) }, post.title);
    expect(objects.map((o) => o["@type"])).toEqual(["BlogPosting", "BreadcrumbList"]);
    for (const ld of objects) expect(schemaOrgErrors(ld)).toEqual([]);
    expect(objects[0]).toMatchObject({
      headline: post.title,
      datePublished: "2026-03-01",
      // Posts are never edited once published: last modified when published.
      dateModified: "2026-03-01",
      inLanguage: "en-US",
    });
  });
});

describe("the schema.org check refuses what search engines refuse", () => {
  const origin = "https://store.example";
  const good = productJsonLd({
    name: "Glasses",
    description: "Light.",
    url: `${origin}/products/g`,
    images: [`${origin}/images/g.svg`],
    variants: [{ sku: "G-1", name: "Standard", available: true, price: "499.00", currency: "USD" }],
    rating: { average: 4.5, count: 2 },
  });
  const offer = (good.offers as Record<string, unknown>[])[0] as Record<string, unknown>;
  const withOffer = (change: Record<string, unknown>) => ({ ...good, offers: [{ ...offer, ...change }] });

  it("accepts what the builders make", () => {
    expect(schemaOrgErrors(good)).toEqual([]);
    expect(schemaOrgErrors(organizationJsonLd(origin))).toEqual([]);
    expect(schemaOrgErrors(breadcrumbJsonLd([{ name: "Home", url: `${origin}/` }]))).toEqual([]);
    expect(
      schemaOrgErrors(
        blogPostingJsonLd({
          headline: "News",
          description: "More.",
          url: `${origin}/blog/news`,
          image: `${origin}/media/news.svg`,
          datePublished: "2026-01-02",
          inLanguage: "ja-JP",
          origin,
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    ["a price with a currency sign", { price: "$499" }, "price"],
    ["a price with a comma", { price: "499,00" }, "price"],
    ["a currency that is not ISO 4217", { priceCurrency: "usd" }, "priceCurrency"],
    ["an unknown currency code", { priceCurrency: "XYZ" }, "priceCurrency"],
    ["availability as a word", { availability: "InStock" }, "availability"],
    ["no price", { price: undefined }, "price: missing"],
  ])("an Offer with %s", (_what, change, error) => {
    expect(schemaOrgErrors(withOffer(change)).join("\n")).toContain(error);
  });

  it("an Offer's shipping and returns as Google's merchant listings read them", () => {
    expect(offer.shippingDetails).toEqual([
      {
        "@type": "OfferShippingDetails",
        shippingLabel: "Standard",
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
        // $499 reaches the free standard shipping of the US table.
        shippingRate: { "@type": "MonetaryAmount", value: "0.00", currency: "USD" },
      },
      {
        "@type": "OfferShippingDetails",
        shippingLabel: "Express",
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
        shippingRate: { "@type": "MonetaryAmount", value: "25.00", currency: "USD" },
      },
      {
        "@type": "OfferShippingDetails",
        shippingLabel: "Standard",
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "JP" },
        shippingRate: { "@type": "MonetaryAmount", value: "25.00", currency: "USD" },
      },
      {
        "@type": "OfferShippingDetails",
        shippingLabel: "Express",
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "JP" },
        shippingRate: { "@type": "MonetaryAmount", value: "45.00", currency: "USD" },
      },
    ]);
    expect(offer.hasMerchantReturnPolicy).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["US", "JP"],
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_WINDOW_DAYS,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
    });
    // A cheaper item pays for standard shipping; a currency without a table claims nothing.
    expect(offerShippingDetails("59.00", "USD")[0]).toMatchObject({
      shippingRate: { value: "8.00", currency: "USD" },
    });
    expect(offerShippingDetails("59.00", "EUR")).toEqual([]);
  });

  it.each([
    [
      "a shipping rate without currency",
      {
        shippingDetails: [
          {
            "@type": "OfferShippingDetails",
            shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" },
            shippingRate: { "@type": "MonetaryAmount", value: "8.00" },
          },
        ],
      },
      "currency: missing",
    ],
    [
      "a destination that is a country name",
      {
        shippingDetails: [
          {
            "@type": "OfferShippingDetails",
            shippingDestination: { "@type": "DefinedRegion", addressCountry: "Japan" },
            shippingRate: { "@type": "MonetaryAmount", value: "8.00", currency: "USD" },
          },
        ],
      },
      "addressCountry",
    ],
    [
      "shipping without a destination",
      {
        shippingDetails: [
          {
            "@type": "OfferShippingDetails",
            shippingRate: { "@type": "MonetaryAmount", value: "8.00", currency: "USD" },
          },
        ],
      },
      "shippingDestination: missing",
    ],
    [
      "a finite return window without its days",
      {
        hasMerchantReturnPolicy: {
          "@type": "MerchantReturnPolicy",
          applicableCountry: "US",
          returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        },
      },
      "merchantReturnDays",
    ],
    [
      "a return policy without its countries",
      {
        hasMerchantReturnPolicy: {
          "@type": "MerchantReturnPolicy",
          returnPolicyCategory: "https://schema.org/MerchantReturnUnlimitedWindow",
        },
      },
      "applicableCountry: missing",
    ],
    [
      "return fees as a word",
      { hasMerchantReturnPolicy: { ...merchantReturnPolicy(), returnFees: "Free" } },
      "returnFees",
    ],
  ])("an Offer with %s", (_what, change, error) => {
    expect(schemaOrgErrors(withOffer(change)).join("\n")).toContain(error);
  });

  it("a rating without its count, out of range, or a misspelt property", () => {
    expect(
      schemaOrgErrors({ ...good, aggregateRating: { "@type": "AggregateRating", ratingValue: 4 } }).join(),
    ).toContain("reviewCount: missing");
    expect(
      schemaOrgErrors({
        ...good,
        aggregateRating: { "@type": "AggregateRating", ratingValue: 7, reviewCount: 2 },
      }).join(),
    ).toContain("outside");
    expect(schemaOrgErrors({ ...good, offer: good.offers }).join()).toContain("offer: not a property");
  });

  it("a post without author or with a date that is not ISO 8601, and relative URLs", () => {
    const baseInput = {
      headline: "News",
      description: "More.",
      url: `${origin}/blog/news`,
      image: `${origin}/images/previews/media/blog/news-xl.png`,
      datePublished: "2026-01-02",
      inLanguage: "en-US",
      origin,
    };
    const base = blogPostingJsonLd(baseInput);
    expect(schemaOrgErrors({ ...base, author: undefined }).join()).toContain("author: missing");
    expect(schemaOrgErrors({ ...base, datePublished: "1/2/2026" }).join()).toContain("datePublished");
    expect(schemaOrgErrors({ ...base, dateModified: "yesterday" }).join()).toContain("dateModified");
    expect(base.dateModified).toBe("2026-01-02");
    expect(blogPostingJsonLd({ ...baseInput, dateModified: "2026-02-03" }).dateModified).toBe("2026-02-03");
    expect(schemaOrgErrors({ ...base, url: "/blog/news" }).join()).toContain("url");
    expect(schemaOrgErrors({ ...base, "@context": "http://example.com" }).join()).toContain("@context");
  });
});
