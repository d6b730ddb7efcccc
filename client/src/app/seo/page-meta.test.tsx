// Each page's document metadata, as React 19 hoists it into document.head: title, description,
// canonical and hreflang alternates on the store's origin, Open Graph and Twitter card tags,
// JSON-LD, and noindex on private pages.
import { screen, waitFor } from "@testing-library/react";
import { BRAND, OUT_OF_STOCK } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { makeProduct, PRO_HANDLE } from "../../features/products/test-data.ts";
import { SiteOriginProvider } from "../../lib/site-origin.tsx";
import { renderApp, renderWithProviders } from "../../test/render.tsx";
import { jsonLdInDocument } from "../../test/schema-org.ts";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

const origin = () => window.location.origin;
const meta = (attr: "name" | "property", key: string) =>
  document.head.querySelector(`meta[${attr}="${key}"]`)?.getAttribute("content") ?? null;
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null;
const alternates = () =>
  Object.fromEntries(
    [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
      l.getAttribute("hreflang"),
      l.getAttribute("href"),
    ]),
  );

const productHandlers = { "catalog.product": () => ({ product: makeProduct() }) };

describe("product page metadata", () => {
  it("names the product with its description, picture, price, canonical URL and alternates", async () => {
    renderApp(`/products/${PRO_HANDLE}`, { handlers: productHandlers });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" });
    const url = `${origin()}/products/${PRO_HANDLE}`;
    expect(document.title).toBe(`Vela Pro XR Glasses | ${BRAND.name}`);
    expect(meta("name", "description")).toBe("Electrochromic dimming.");
    // Asked for without ?lang=: the x-default page, canonical as itself.
    expect(canonical()).toBe(url);
    expect(alternates()).toEqual({
      "en-US": `${url}?lang=en-US`,
      "ja-JP": `${url}?lang=ja-JP`,
      "x-default": url,
    });
    expect(meta("property", "og:title")).toBe("Vela Pro XR Glasses");
    expect(meta("property", "og:description")).toBe("Electrochromic dimming.");
    expect(meta("property", "og:type")).toBe("product");
    expect(meta("property", "og:url")).toBe(url);
    // The preview picture is the first drawing's raster twin (sites that show previews take no SVG).
    const preview = `${origin()}/images/previews/products/${PRO_HANDLE}-1.png`;
    expect(meta("property", "og:image")).toBe(preview);
    expect(meta("property", "og:image:type")).toBe("image/png");
    expect(meta("property", "og:image:width")).toBe("1200");
    expect(meta("property", "og:image:height")).toBe("630");
    expect(meta("property", "og:image:alt")).toBe("Vela Pro XR Glasses");
    expect(meta("property", "og:locale")).toBe("en_US");
    expect(meta("property", "og:locale:alternate")).toBe("ja_JP");
    expect(meta("property", "product:price:amount")).toBe("499.00");
    expect(meta("property", "product:price:currency")).toBe("USD");
    expect(meta("name", "twitter:card")).toBe("summary_large_image");
    expect(meta("name", "twitter:title")).toBe("Vela Pro XR Glasses");
    expect(meta("name", "twitter:image")).toBe(preview);
    expect(meta("name", "twitter:image:alt")).toBe("Vela Pro XR Glasses");
    expect(meta("name", "robots")).toBeNull();
    // One of each: the page renders one set.
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it("carries Product with an Offer per variant, AggregateRating and BreadcrumbList", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      handlers: {
        "catalog.product": () => {
          const product = makeProduct();
          const [first, second] = product.variants;
          return { product: { ...product, variants: [first, { ...second, available: false }] } };
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" });
    const url = `${origin()}/products/${PRO_HANDLE}?lang=en-US`;
    const [product, breadcrumb] = jsonLdInDocument();
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Vela Pro XR Glasses",
      url,
      image: [
        `${origin()}/images/previews/products/${PRO_HANDLE}-1.png`,
        `${origin()}/images/previews/products/${PRO_HANDLE}-2.png`,
      ],
      offers: [
        {
          "@type": "Offer",
          price: "499.00",
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
        },
        { "@type": "Offer", price: "549.00", priceCurrency: "USD", availability: OUT_OF_STOCK },
      ],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, reviewCount: 12 },
    });
    expect(breadcrumb).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: `${origin()}/?lang=en-US` },
        { position: 2, name: "Products", item: `${origin()}/products?lang=en-US` },
        { position: 3, name: "Vela Pro XR Glasses", item: url },
      ],
    });
  });

  it("has no AggregateRating before the first review", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      handlers: {
        "catalog.product": () => ({ product: makeProduct({ rating: { average: null, count: 0 } }) }),
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" });
    expect(jsonLdInDocument()[0]).not.toHaveProperty("aggregateRating");
  });

  it("is Japanese on a Japanese page: canonical, locale and the yen price", async () => {
    renderApp(`/products/${PRO_HANDLE}?lang=ja-JP`, { handlers: productHandlers, locale: "ja-JP" });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" });
    expect(canonical()).toBe(`${origin()}/products/${PRO_HANDLE}?lang=ja-JP`);
    expect(meta("property", "og:locale")).toBe("ja_JP");
    expect(meta("property", "og:locale:alternate")).toBe("en_US");
    expect(meta("property", "product:price:amount")).toBe("74800");
    expect(meta("property", "product:price:currency")).toBe("JPY");
    expect(jsonLdInDocument()[0]).toMatchObject({ offers: [{ price: "74800", priceCurrency: "JPY" }, {}] });
  });

  it("keeps a description's </script> inside the JSON-LD as text", async () => {
    const description = "Sharp.</script><script>alert(1)</script>\u2028end";
    renderApp(`/products/${PRO_HANDLE}`, {
      handlers: { "catalog.product": () => ({ product: makeProduct({ description }) }) },
    });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" });
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(script?.innerHTML).not.toContain("</script>");
    expect(script?.innerHTML).not.toContain("\u2028");
    expect(document.querySelectorAll("script:not([type])")).toHaveLength(0);
    expect(jsonLdInDocument()[0]?.description).toBe(description);
  });

  it("leaves no product tags behind on the next page", async () => {
    const { router } = renderApp(`/products/${PRO_HANDLE}`, { handlers: productHandlers });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" });
    await router.navigate("/contact");
    await waitFor(() => expect(document.title).toBe(`Contact Us | ${BRAND.name}`));
    expect(canonical()).toBe(`${origin()}/contact`);
    expect(meta("property", "product:price:amount")).toBeNull();
    expect(meta("property", "og:type")).toBe("website");
    expect(jsonLdInDocument()).toEqual([]);
  });
});

describe("private pages", () => {
  it.each([
    ["/account/login", "Login"],
    ["/account/register", "Create Account"],
    ["/cart", "Your Cart"],
  ])("%s is titled and noindex, with nothing to share", async (path, title) => {
    renderApp(path, { handlers: { "cart.get": () => ({ cart: null }) } });
    await waitFor(() => expect(document.title).toBe(`${title} | ${BRAND.name}`));
    expect(meta("name", "robots")).toBe("noindex");
    expect(canonical()).toBeNull();
    expect(alternates()).toEqual({});
    expect(meta("property", "og:title")).toBeNull();
  });

  it("public pages are not noindex", async () => {
    renderApp("/contact");
    await waitFor(() => expect(document.title).toBe(`Contact Us | ${BRAND.name}`));
    expect(meta("name", "robots")).toBeNull();
  });
});

describe("PageMeta", () => {
  it("builds URLs on the origin a server renderer hands in, and drops the query from the canonical path", async () => {
    renderWithProviders(
      <SiteOriginProvider origin="https://store.example/">
        <PageMeta
          title="Games"
          description="Play."
          image={{ drawing: "/media/home/slider-2.svg", alt: "Games" }}
        />
      </SiteOriginProvider>,
      { path: "/games?q=space&page=2&lang=ja-JP", locale: "ja-JP" },
    );
    await waitFor(() => expect(document.title).toBe(`Games | ${BRAND.name}`));
    expect(canonical()).toBe("https://store.example/games?lang=ja-JP");
    expect(alternates()).toEqual({
      "en-US": "https://store.example/games?lang=en-US",
      "ja-JP": "https://store.example/games?lang=ja-JP",
      "x-default": "https://store.example/games",
    });
    expect(meta("property", "og:image")).toBe(
      "https://store.example/images/previews/media/home/slider-2.png",
    );
  });

  it("is canonical as asked: in the language of ?lang=, or the bare path, never the other language's URL", async () => {
    renderWithProviders(
      <SiteOriginProvider origin="https://store.example">
        <PageMeta title="Blog" />
      </SiteOriginProvider>,
      { path: "/blog", locale: "ja-JP" },
    );
    await waitFor(() => expect(document.title).toBe(`Blog | ${BRAND.name}`));
    // A Japanese reader on the bare path (negotiated): the x-default names itself.
    expect(canonical()).toBe("https://store.example/blog");
    expect(meta("property", "og:url")).toBe("https://store.example/blog");
  });

  it("names the brand alone with the store's description when a page gives neither", async () => {
    renderWithProviders(<PageMeta title={null} />);
    await waitFor(() => expect(document.title).toBe(BRAND.name));
    expect(meta("name", "description")).toBe(
      `${BRAND.name} XR glasses, accessories and apps: the official store.`,
    );
    expect(meta("name", "twitter:card")).toBe("summary");
  });

  it("offers Chinese as an alternate on the pages shown in Chinese", async () => {
    renderApp("/compatibility", { handlers: { "compatibility.get": () => ({ record: null }) } });
    await waitFor(() => expect(canonical()).toBe(`${origin()}/compatibility`));
    expect(Object.keys(alternates()).sort()).toEqual(["en-US", "ja-JP", "x-default", "zh-CN"]);
    expect(alternates()["zh-CN"]).toBe(`${origin()}/compatibility?lang=zh-CN`);
  });
});

describe("link preview pictures", () => {
  const post = {
    slug: "launch",
    publishedAt: "2026-03-01",
    language: "ja-JP",
    title: "Vela Proが登場",
    excerpt: "最も軽いグラス。",
    image: "/media/blog/launch-sm.svg",
    imageMD: "/media/blog/launch-md.svg",
    imageXL: "/media/blog/launch-xl.svg",
    alt: "Vela Proのイラスト",
    body: "本文。",
    bodyHtml: "<p>本文。</p>\n",
  };
  const previewTags = () => ({
    image: meta("property", "og:image"),
    type: meta("property", "og:image:type"),
    width: meta("property", "og:image:width"),
    height: meta("property", "og:image:height"),
    alt: meta("property", "og:image:alt"),
    twitterImage: meta("name", "twitter:image"),
    twitterAlt: meta("name", "twitter:image:alt"),
    card: meta("name", "twitter:card"),
  });
  const preview = (path: string, alt: string) => ({
    image: `${origin()}${path}`,
    type: "image/png",
    width: "1200",
    height: "630",
    alt,
    twitterImage: `${origin()}${path}`,
    twitterAlt: alt,
    card: "summary_large_image",
  });

  it.each([
    ["en-US", "A pair of Vela XR glasses drawn on a green background"],
    ["ja-JP", "緑の背景に描かれたVela XRグラス"],
  ] as const)(
    "the home page (%s) shares its hero picture with an alt text in its language",
    async (locale, alt) => {
      renderApp("/", { handlers: { "blog.list": () => ({ posts: [] }) }, locale });
      await waitFor(() => expect(meta("property", "og:image")).not.toBeNull());
      expect(previewTags()).toEqual(preview("/images/previews/media/home/hero-glasses-xl.png", alt));
    },
  );

  it.each([
    ["en-US", "A phone drawn on a purple and red background"],
    ["ja-JP", "紫と赤の背景に描かれたスマートフォン"],
  ] as const)("the blog index (%s) shares the newsroom's picture", async (locale, alt) => {
    renderApp("/blog", { handlers: { "blog.list": () => ({ posts: [] }) }, locale });
    await waitFor(() => expect(meta("property", "og:image")).not.toBeNull());
    expect(previewTags()).toEqual(preview("/images/previews/media/home/slider-4.png", alt));
  });

  it("a post shares its large picture with the post's own alt text, and its JSON-LD names the PNG", async () => {
    renderApp("/blog/launch", { handlers: { "blog.post": () => ({ post }) }, locale: "ja-JP" });
    await screen.findByRole("heading", { level: 1, name: post.title });
    expect(previewTags()).toEqual(preview("/images/previews/media/blog/launch-xl.png", post.alt));
    expect(jsonLdInDocument()[0]).toMatchObject({
      "@type": "BlogPosting",
      image: [`${origin()}/images/previews/media/blog/launch-xl.png`],
    });
  });

  it("a Japanese product page's alt text is the product's name in Japanese", async () => {
    const product = makeProduct({ title: "Vela Pro XRグラス" });
    renderApp(`/products/${PRO_HANDLE}?lang=ja-JP`, {
      handlers: { "catalog.product": () => ({ product }) },
      locale: "ja-JP",
    });
    await screen.findByRole("heading", { level: 1, name: "Vela Pro XRグラス" });
    expect(previewTags()).toEqual(
      preview(`/images/previews/products/${PRO_HANDLE}-1.png`, "Vela Pro XRグラス"),
    );
  });

  it("a picture that is not one of the store's drawings gives no preview rather than an SVG or a broken one", async () => {
    renderWithProviders(<PageMeta title="Elsewhere" image={{ drawing: "/uploads/x.svg", alt: "X" }} />);
    await waitFor(() => expect(document.title).toBe(`Elsewhere | ${BRAND.name}`));
    expect(meta("property", "og:image")).toBeNull();
    expect(meta("property", "og:image:alt")).toBeNull();
    expect(meta("name", "twitter:card")).toBe("summary");
  });
});
