// The page cache's rules without a client build: the template, the invalidating writes, the
// validator and the bounds (server/src/http/page-renderer.ts).
import { describe, expect, it } from "vitest";
import {
  createPageRenderer,
  fillTemplate,
  type RenderOutput,
  writesPublicData,
} from "../src/http/page-renderer.ts";

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Vela</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/app-c.css">
    <link rel="modulepreload" crossorigin href="/assets/page-d.js">
  </head>
  <body>
    <div id="root"></div>
    <noscript>This store needs JavaScript.</noscript>
  </body>
</html>`;

describe("writesPublicData", () => {
  it("counts writes that may change a public page", () => {
    expect(writesPublicData("POST", "/trpc/checkout.place")).toBe(true);
    expect(writesPublicData("POST", "/trpc/reviews.create")).toBe(true);
    expect(writesPublicData("POST", "/trpc/cart.addLines,reviews.create?batch=1")).toBe(true);
    expect(writesPublicData("POST", "/api/checkout/orders")).toBe(true);
    expect(writesPublicData("POST", "/api/reviews")).toBe(true);
  });

  it("leaves out reads and a reader's own writes", () => {
    expect(writesPublicData("GET", "/trpc/catalog.product")).toBe(false);
    expect(writesPublicData("POST", "/trpc/cart.addLines,account.login?batch=1")).toBe(false);
    expect(writesPublicData("POST", "/trpc/checkout.quote")).toBe(false);
    expect(writesPublicData("POST", "/api/account/login")).toBe(false);
    expect(writesPublicData("PATCH", "/api/cart/abc/lines/1")).toBe(false);
    expect(writesPublicData("POST", "/api/checkout/quote")).toBe(false);
    expect(writesPublicData("POST", "/api/newsletter/subscribe")).toBe(false);
  });
});

describe("fillTemplate", () => {
  it("puts the page's language, head and markup in, and the built title out when the page names itself", () => {
    const html = fillTemplate(TEMPLATE, {
      lang: "ja-JP",
      head: "<title>Pro | Vela</title>",
      body: "<p>x</p>",
      state: "{}",
    });
    expect(html).toContain('<html lang="ja-JP">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Pro | Vela</title>");
    expect(html).toContain(
      '<div id="root"><p>x</p></div><script type="application/json" id="vela-ssr-state">{}</script>',
    );
    expect(html).not.toContain("<noscript>");
  });

  it("keeps a rendered page's module preloads: hydration needs that code at once", () => {
    const html = fillTemplate(TEMPLATE, { lang: "en-US", body: "<p>x</p>", state: "{}" });
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
  });

  it("gives a shell its title and noindex, escaped, and keeps its noscript", () => {
    const html = fillTemplate(TEMPLATE, { lang: "en-US", title: "<Cart> | Vela", noindex: true });
    expect(html).toContain("<title data-shell-head>&lt;Cart&gt; | Vela</title>");
    expect(html).toContain('<meta name="robots" content="noindex" data-shell-head>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain("<noscript>");
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
  });
});

describe("createPageRenderer", () => {
  const setup = (opts: { maxEntries?: number; maxAgeMs?: number } = {}) => {
    let clock = 0;
    let renders = 0;
    const pages = createPageRenderer({
      origin: "https://store.example",
      entry: {
        async renderPage({ url, locale }): Promise<RenderOutput> {
          renders++;
          return {
            kind: "page",
            status: 200,
            lang: locale,
            head: "",
            body: `<p>${url} ${renders}</p>`,
            state: "{}",
          };
        },
      },
      template: () => TEMPLATE,
      onFailure: () => undefined,
      now: () => clock,
      ...opts,
    });
    const ask = (url: string, extra: { cookie?: string; ifNoneMatch?: string } = {}) =>
      pages.answer({
        url,
        cookie: extra.cookie,
        acceptLanguage: [],
        ifNoneMatch: extra.ifNoneMatch,
        call: async () => null,
      });
    return { pages, ask, renders: () => renders, tick: (ms: number) => (clock += ms) };
  };

  it("keeps a page per URL and language, answers 304 to its ETag, and renders again after bump()", async () => {
    const { pages, ask, renders } = setup();
    const first = await ask("/a");
    expect((await ask("/a")).headers["x-page-cache"]).toBe("hit");
    expect((await ask("/a", { ifNoneMatch: `W/"x", ${first.headers.etag}` })).status).toBe(304);
    await ask("/a", { cookie: "lang=ja-JP" });
    await ask("/a?b=1");
    expect(renders()).toBe(3);
    pages.bump();
    expect((await ask("/a")).headers["x-page-cache"]).toBe("miss");
  });

  it("holds a page no longer than maxAgeMs, and at most maxEntries pages", async () => {
    const { ask, pages, tick } = setup({ maxEntries: 2, maxAgeMs: 1000 });
    await ask("/a");
    tick(1001);
    expect((await ask("/a")).headers["x-page-cache"]).toBe("miss");
    await ask("/b");
    await ask("/c");
    expect(pages.size).toBe(2);
    expect((await ask("/a")).headers["x-page-cache"]).toBe("miss");
  });
});
