// The page cache's rules without a client build: the template, the invalidating writes, the
// validator, the key, single flight, the bound on renders, stale copies and the size bounds
// (server/src/http/page-renderer.ts).
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import {
  createPageRenderer,
  fillTemplate,
  PAGE_CACHE_DEFAULTS,
  type PageRendererOptions,
  pageCacheUrl,
  type RenderOutput,
  withoutModulePreloads,
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
    // Stripe: completing a payment places the order, over tRPC and over REST; starting one takes nothing.
    expect(writesPublicData("POST", "/trpc/checkout.completePayment")).toBe(true);
    expect(writesPublicData("POST", "/api/checkout/payments/complete")).toBe(true);
    expect(writesPublicData("POST", "/api/checkout/payments")).toBe(false);
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

  it("leaves out a read that is a POST, and every write not on the list of public-data writers", () => {
    // The cloud API's app release notes are read with a POST (spec 001 §7).
    expect(writesPublicData("POST", "/api/cloud/academy/releasenote")).toBe(false);
    expect(writesPublicData("POST", "/trpc/releaseNotes.app")).toBe(false);
    expect(writesPublicData("POST", "/trpc/account.register")).toBe(false);
    expect(writesPublicData("POST", "/api/checkout/claim-orders")).toBe(false);
    expect(writesPublicData("POST", "/api/checkout/account-offer")).toBe(false);
    expect(writesPublicData("POST", "/api/no-such-route")).toBe(false);
    expect(writesPublicData("POST", "/trpc/%E0%A4%A")).toBe(false);
  });

  it("leaves out a public-data writer that failed in its batch", () => {
    const batch = "/trpc/cart.addLines,reviews.create?batch=1";
    expect(writesPublicData("POST", batch, ["reviews.create"])).toBe(false);
    expect(writesPublicData("POST", batch, ["cart.addLines"])).toBe(true);
    // One of two reviews failed: the other changed the page.
    expect(writesPublicData("POST", "/trpc/reviews.create,reviews.create?batch=1", ["reviews.create"])).toBe(
      true,
    );
  });
});

describe("pageCacheUrl", () => {
  const GAMES = ["q", "platform", "genre", "sort", "page"];
  it("keeps the path and, sorted, only the parameters the page reads and lang", () => {
    expect(pageCacheUrl("/", "?x=1&utm_source=mail", [])).toBe("/");
    expect(pageCacheUrl("/games", "?utm=1&sort=2&q=space%20ship&platform=iOS&platform=Android", GAMES)).toBe(
      "/games?platform=iOS&platform=Android&q=space+ship&sort=2",
    );
    expect(pageCacheUrl("/games", "?q=a&lang=ja-JP&lang=en-US", GAMES)).toBe("/games?lang=ja-JP&q=a");
    // A lang that names no language still tells the page one was asked for.
    expect(pageCacheUrl("/", "?lang=klingon", [])).toBe("/?lang=");
    expect(pageCacheUrl("/", "?", [])).toBe("/");
    // A renderer that does not say what its pages read: the query as asked.
    expect(pageCacheUrl("/a", "?b=1", undefined)).toBe("/a?b=1");
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

  it("leaves the head's hints as they are (the renderer decides which a page keeps)", () => {
    const html = fillTemplate(TEMPLATE, { lang: "en-US", body: "<p>x</p>", state: "{}" });
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
  });

  it("withoutModulePreloads drops only the module preloads", () => {
    const html = withoutModulePreloads(TEMPLATE);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-c.css">');
    expect(html).toContain("<title>Vela</title>");
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

/** A promise and its resolver, to hold a render until the test lets it finish. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

describe("createPageRenderer", () => {
  const setup = (opts: Partial<PageRendererOptions> & { hold?: () => Promise<void> | undefined } = {}) => {
    let clock = 0;
    let renders = 0;
    let rendering = 0;
    let peak = 0;
    let content = "v1";
    const urls: string[] = [];
    const { hold, ...options } = opts;
    const pages = createPageRenderer({
      origin: "https://store.example",
      entry: {
        async renderPage({ url, locale }): Promise<RenderOutput> {
          renders++;
          urls.push(url);
          rendering++;
          peak = Math.max(peak, rendering);
          const shown = content;
          await hold?.();
          await new Promise((resolve) => setTimeout(resolve, 1));
          rendering--;
          return {
            kind: "page",
            status: url.startsWith("/no-such-") ? 404 : 200,
            lang: locale,
            head: "",
            body: `<p>${url} ${shown}</p>`,
            state: "{}",
          };
        },
        pageQueryParams: (pathname) => (pathname === "/games" ? ["q", "sort"] : []),
      },
      template: () => TEMPLATE,
      onFailure: () => undefined,
      now: () => clock,
      ...options,
    });
    const ask = (url: string, extra: { cookie?: string; ifNoneMatch?: string } = {}) =>
      pages.answer({
        url,
        cookie: extra.cookie,
        acceptLanguage: [],
        ifNoneMatch: extra.ifNoneMatch,
        call: async () => null,
      });
    return {
      pages,
      ask,
      renders: () => renders,
      peak: () => peak,
      urls,
      tick: (ms: number) => (clock += ms),
      show: (text: string) => {
        content = text;
      },
    };
  };
  const html = (answer: Awaited<ReturnType<ReturnType<typeof setup>["ask"]>>) =>
    answer.body && !Buffer.isBuffer(answer.body) ? answer.body.html.toString() : "";

  it("sends a rendered page without module preloads (its code comes after its content), a shell with them", async () => {
    const { ask } = setup({ maxRenders: 1, maxQueuedRenders: 0, hold: () => new Promise(() => {}) });
    void ask("/rendering-forever");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const busy = await ask("/other");
    expect(String(busy.body).match(/rel="modulepreload"/g)).toHaveLength(2);
    const page = await setup().ask("/a");
    expect(html(page)).toContain("<p>/a v1</p>");
    expect(html(page)).not.toContain("modulepreload");
    expect(html(page)).toContain('<link rel="stylesheet" crossorigin href="/assets/app-c.css">');
  });

  it("keeps a page compressed both ways, the same HTML in each and for a reader who takes neither", async () => {
    const { ask } = setup();
    await ask("/a");
    const cached = await ask("/a");
    expect(cached.headers["x-page-cache"]).toBe("hit");
    const body = cached.body;
    if (!body || Buffer.isBuffer(body)) throw new Error("no page body");
    const text = body.html.toString();
    expect(text).toContain("<p>/a v1</p>");
    expect(brotliDecompressSync(body.br).toString()).toBe(text);
    expect(gunzipSync(body.gzip).toString()).toBe(text);
  });

  it("keeps a page per page and language, answers 304 to its ETag, and renders again after bump()", async () => {
    const { pages, ask, renders } = setup();
    const first = await ask("/a");
    expect((await ask("/a")).headers["x-page-cache"]).toBe("hit");
    expect((await ask("/a", { ifNoneMatch: `W/"x", ${first.headers.etag}` })).status).toBe(304);
    await ask("/a", { cookie: "lang=ja-JP" });
    // A parameter the page does not read is the same page.
    expect((await ask("/a?b=1")).headers["x-page-cache"]).toBe("hit");
    expect(renders()).toBe(2);
    pages.bump();
    expect((await ask("/a")).headers["x-page-cache"]).toBe("miss");
  });

  it("answers every query parameter the page does not read from one entry, rendered from the bare URL", async () => {
    const { ask, renders, urls } = setup();
    for (let i = 0; i < 20; i++) {
      const res = await ask(`/?x=${Math.random().toString(36).slice(2)}&utm_source=${i}`);
      expect(res.status).toBe(200);
    }
    expect(renders()).toBe(1);
    expect(urls).toEqual(["/"]);
    // What a page reads keys it: the order and the others do not.
    await ask("/games?sort=2&q=space&utm=1");
    await ask("/games?q=space&sort=2");
    await ask("/games?q=other");
    expect(urls).toEqual(["/", "/games?q=space&sort=2", "/games?q=other"]);
  });

  it("renders a cold page once for every reader who asks while it renders", async () => {
    const held = gate();
    const { ask, renders, pages } = setup({ hold: () => held.opened });
    const answers = Promise.all(Array.from({ length: 12 }, (_, i) => ask(`/games?q=cold&n=${i}`)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pages.stats.rendering).toBe(1);
    held.open();
    const all = await answers;
    expect(renders()).toBe(1);
    expect(new Set(all.map((a) => a.headers.etag)).size).toBe(1);
    expect(all.every((a) => a.status === 200 && a.headers["x-page-cache"] === "miss")).toBe(true);
  });

  it("renders at most maxRenders pages at once; the others wait their turn", async () => {
    const { ask, renders, peak, pages } = setup({ maxRenders: 2 });
    const all = await Promise.all(Array.from({ length: 9 }, (_, i) => ask(`/games?q=${i}`)));
    expect(all.every((a) => a.status === 200)).toBe(true);
    expect(renders()).toBe(9);
    expect(peak()).toBe(2);
    expect(pages.stats).toMatchObject({ renders: 9, peakRendering: 2, rendering: 0, queued: 0, entries: 9 });
  });

  it("answers the client's shell, not kept, when a page with no copy would wait behind too many renders", async () => {
    const held = gate();
    const { ask, renders, pages } = setup({ maxRenders: 1, maxQueuedRenders: 1, hold: () => held.opened });
    const rendering = ask("/games?q=1");
    const queued = ask("/games?q=2");
    const busy = await ask("/games?q=3");
    expect(busy.status).toBe(200);
    expect(busy.headers["x-page-cache"]).toBe("busy");
    expect(busy.headers["cache-control"]).toBe("no-store");
    expect(String(busy.body)).toContain('<div id="root"></div>');
    expect(pages.stats).toMatchObject({ rendering: 1, queued: 1 });
    held.open();
    await Promise.all([rendering, queued]);
    expect(renders()).toBe(2);
    expect((await ask("/games?q=3")).headers["x-page-cache"]).toBe("miss");
  });

  it("answers a stale copy while the page renders afresh, then the fresh one", async () => {
    const held = gate();
    let holding = false;
    const hold = () => (holding ? held.opened : undefined);
    const { ask, pages, show, renders } = setup({ hold });
    expect(html(await ask("/a"))).toContain("v1");
    pages.bump();
    show("v2");
    holding = true;
    // The first reader after the write waits for the fresh page; those meanwhile get the old one.
    const fresh = ask("/a");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const meanwhile = await ask("/a");
    expect(meanwhile.headers["x-page-cache"]).toBe("stale");
    expect(html(meanwhile)).toContain("v1");
    held.open();
    expect(html(await fresh)).toContain("v2");
    expect((await ask("/a")).headers["x-page-cache"]).toBe("hit");
    expect(renders()).toBe(2);
  });

  it("answers a stale copy when no render may start, and renders it afresh in the background", async () => {
    const held = gate();
    let holding = false;
    const hold = () => (holding ? held.opened : undefined);
    const { ask, tick, show, renders, pages } = setup({
      maxRenders: 1,
      maxAgeMs: 1000,
      hold,
    });
    await ask("/a");
    tick(1001);
    show("v2");
    holding = true;
    // Another page takes the only turn.
    const other = ask("/b");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const stale = await ask("/a");
    expect(stale.headers["x-page-cache"]).toBe("stale");
    expect(html(stale)).toContain("v1");
    expect(pages.stats).toMatchObject({ rendering: 1, queued: 1 });
    held.open();
    await other;
    while (pages.stats.rendering > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const fresh = await ask("/a");
    expect(fresh.headers["x-page-cache"]).toBe("hit");
    expect(html(fresh)).toContain("v2");
    expect(renders()).toBe(3);
  });

  it("does not give a reader after a write the render that began before it", async () => {
    const held = gate();
    let holding = true;
    const hold = () => (holding ? held.opened : undefined);
    const { ask, pages, show, renders } = setup({ hold });
    const before = ask("/a");
    await new Promise((resolve) => setTimeout(resolve, 5));
    pages.bump();
    show("v2");
    holding = false;
    const after = await ask("/a");
    expect(html(after)).toContain("v2");
    held.open();
    // Answered to its reader, but not kept: it may hold what the write changed.
    expect(html(await before)).toContain("v1");
    expect(html(await ask("/a"))).toContain("v2");
    expect(renders()).toBe(2);
  });

  it("has the bounds ADR 013 gives when none are named", async () => {
    expect(PAGE_CACHE_DEFAULTS).toEqual({
      maxEntries: 1000,
      maxMissingEntries: 64,
      maxBytes: 64 * 1024 * 1024,
      maxAgeMs: 60_000,
      maxStaleMs: 600_000,
      maxRenders: 2,
      maxQueuedRenders: 32,
    });
    // And PAGE_RENDERS defaults to the same two renders.
    expect(loadConfig({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(43) }).pageRenders).toBe(
      PAGE_CACHE_DEFAULTS.maxRenders,
    );
  });

  it("keeps not-found pages apart: made-up paths never push a real page out of the cache", async () => {
    const { ask, pages } = setup({ maxEntries: 3, maxMissingEntries: 2 });
    await ask("/a");
    await ask("/b");
    for (let i = 0; i < 50; i++) expect((await ask(`/no-such-${i}`)).status).toBe(404);
    expect(pages.size).toBe(2);
    expect((await ask("/a")).headers["x-page-cache"]).toBe("hit");
    expect((await ask("/b")).headers["x-page-cache"]).toBe("hit");
    // The latest not-found pages are kept too, in their own small space.
    expect((await ask("/no-such-49")).headers["x-page-cache"]).toBe("hit");
    expect((await ask("/no-such-0")).headers["x-page-cache"]).toBe("miss");
  });

  it("holds a page no longer than maxAgeMs (then stale), and at most maxEntries pages and maxBytes", async () => {
    const { ask, pages, tick } = setup({ maxEntries: 2, maxAgeMs: 1000 });
    await ask("/a");
    tick(1001);
    expect((await ask("/a")).headers["x-page-cache"]).toBe("miss");
    await ask("/b");
    await ask("/c");
    expect(pages.size).toBe(2);
    expect((await ask("/a")).headers["x-page-cache"]).toBe("miss");

    // An entry's bytes are its two compressed bodies (its HTML is not kept).
    const one = setup({});
    await one.ask("/a");
    const entryBytes = one.pages.stats.bytes;
    const maxBytes = Math.floor(entryBytes * 2.5);
    const small = setup({ maxBytes });
    for (const p of ["/a", "/b", "/c", "/d"]) await small.ask(p);
    expect(small.pages.stats.bytes).toBeLessThanOrEqual(maxBytes);
    expect(small.pages.stats.bytes).toBeGreaterThan(0);
    expect(small.pages.size).toBeLessThan(4);
    // The most recent stays.
    expect((await small.ask("/d")).headers["x-page-cache"]).toBe("hit");
  });
});
