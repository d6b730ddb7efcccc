// Public pages arrive as HTML with their content, rendered by the client build's server renderer
// (client/dist-ssr, built by `npm run build`; docs/decisions/013-server-rendering.md): language,
// inert state, strict CSP (no inline script on any public page), redirects, private shells, the
// page cache, its key, its invalidation and its bound on renders.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { BRAND, RELEASE_APPS } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { ROOT_DIR } from "../src/config.ts";
import { createDb } from "../src/db/client.ts";
import { CSP } from "../src/http/security.ts";
import { sitemapPages } from "../src/modules/seo/service.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";

const RENDERER = path.join(ROOT_DIR, "client/dist-ssr/entry-server.js");

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(p, name))),
    st.mtimeMs,
  );
}

/** The client and its renderer as the sources are now (npm test runs this before any build). */
function ensureClientBuild(): void {
  const sources = Math.max(
    newestMtime(path.join(ROOT_DIR, "client/src")),
    ...["shared", "i18n", "device"].map((p) => newestMtime(path.join(ROOT_DIR, "packages", p, "src"))),
  );
  if (existsSync(RENDERER) && statSync(RENDERER).mtimeMs > sources) return;
  const res = spawnSync("npm", ["run", "build", "-w", "@vela/client"], { cwd: ROOT_DIR, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`the client build failed:\n${res.stdout}\n${res.stderr}`);
}

const ONE = `${BRAND.slug}-one-xr-glasses`;
const LUMA = `${BRAND.slug}-luma-pro-xr-glasses`;

let t: TestApp;
beforeAll(async () => {
  ensureClientBuild();
  t = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { host: "store.vela.test", ...headers } });

/** The markup React rendered into #root, and the state beside it. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf("</body>"));
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const stateOf = (html: string) => {
  const m = /<script type="application\/json" id="vela-ssr-state">([^<]*)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error("no state");
  return JSON.parse(m[1]) as {
    locale: string;
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  };
};

describe("public pages render with their content", () => {
  const cases: [url: string, texts: string[]][] = [
    ["/", ["Welcome to Vela", "See more. Carry less.", "Newsroom"]],
    ["/products", ["<h1>Products</h1>", "Vela One XR Glasses", "Vela Luma Pro XR Glasses", "$399"]],
    [`/products/${ONE}`, ["<h1>Vela One XR Glasses</h1>", "$399", "147-inch virtual screen"]],
    ["/games?q=space&sort=name", ["Games for your XR glasses", 'value="space"']],
    ["/search?q=neckband", ["Results for “neckband”", "Vela One Neckband", 'value="neckband"']],
    ["/blog", ["<h1>Newsroom</h1>", "Vela Luma Ultra arrives with a brighter, sharper view"]],
    [
      "/blog/luma-ultra-arrives",
      ["<h1>Vela Luma Ultra arrives with a brighter, sharper view</h1>", "Brighter than ever"],
    ],
    ["/help-me-choose", ["<h1>Help Me Choose</h1>"]],
    [`/compatibility?product=${ONE}`, ["<h1>Compatibility</h1>"]],
    ["/release-updates/xr-glasses", ["XR Glasses System Updates", "Version 1.3.0"]],
    ["/release-updates/spacewalker", ["<h1>Spacewalker</h1>", "Version 3.6.0"]],
    ["/mobile", ["Your phone, on a big screen"]],
    ["/store/mobile", ["<h1>Mobile accessories</h1>"]],
    ["/contact", ["<h1>Contact Us</h1>", "Department mailboxes"]],
    ["/reviews", ["<h1>Reviews</h1>", "The screen I always wanted"]],
    [`/reviews?handle=${LUMA}`, ["<h1>Reviews</h1>", "Vela Luma Pro XR Glasses"]],
    ["/privacy-policy", ["Privacy Policy", "Your account"]],
    ["/shipping-policy", [">Shipping Policy</h1>", "3–5 business days", "$8.00", "¥800"]],
    ["/legal-notice", ["Legal Notice", "Vela Inc.", "Your card is charged when you place the order."]],
  ];
  for (const [url, texts] of cases) {
    it(`${url}`, async () => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      const root = rootOf(res.body);
      for (const text of texts) expect(root, text).toContain(text);
      expect(res.body).toContain('<html lang="en-US"');
      // The built entry stays; the page reads without JavaScript, so no "needs JavaScript".
      expect(res.body).toMatch(
        /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/,
      );
      expect(res.body).not.toContain("This store needs JavaScript");
    });
  }

  it("hands the client the product's query, so it does not fetch it again", async () => {
    const res = await page(`/products/${ONE}`);
    const state = stateOf(res.body);
    const product = state.queries.queries.find((q) => JSON.stringify(q.queryKey).includes('"product"'));
    expect(product?.queryKey[0]).toEqual(["catalog", "product"]);
    expect(JSON.stringify(product?.state.data)).toContain("Vela One XR Glasses");
  });

  it("gives a product page a share preview and search metadata in its head, built on PUBLIC_URL", async () => {
    const res = await page(`/products/${ONE}`);
    const head = headOf(res.body);
    const origin = new URL(t.config.publicUrl).origin;
    // The bare path is the x-default page and names itself; ?lang= names its language's page.
    expect(head).toContain(`<link rel="canonical" href="${origin}/products/${ONE}"`);
    expect(headOf((await page(`/products/${ONE}?lang=ja-JP`)).body)).toContain(
      `<link rel="canonical" href="${origin}/products/${ONE}?lang=ja-JP"`,
    );
    expect(head).toMatch(/<meta property="og:title" content="Vela One XR Glasses[^"]*"/);
    expect(head).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
    expect(head).toMatch(/<meta property="product:price:amount" content="\d+(\.\d+)?"/);
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    expect(head.toLowerCase()).toContain(`hreflang="ja-jp" href="${origin}/products/${ONE}?lang=ja-jp"`);
    expect(head).toMatch(/<title>Vela One XR Glasses[^<]*<\/title>/);
    // The main picture is preloaded from the head; no database look-up for a Link header.
    expect(head).toMatch(
      /<link rel="preload" as="image" href="\/images\/products\/vela-one-xr-glasses-1\.svg"/,
    );
    expect(res.headers.link).toBeUndefined();
    // The structured data is in the HTML a crawler reads, whether in the head or the body.
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.body);
    expect(ld?.[1]).toBeDefined();
    expect(JSON.stringify(JSON.parse(ld?.[1] ?? "null"))).toContain('"@type":"Product"');
  });

  it("answers a product that does not exist with 404 and the client's shell", async () => {
    const res = await page(`/products/${BRAND.slug}-no-such-thing`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("answers a path no route knows with 404 and the not-found page", async () => {
    const res = await page("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain("<h1>Page not found</h1>");
  });

  it("redirects spec 001's /product/{handle} on the server", async () => {
    const res = await page(`/product/${ONE}?lang=ja-JP`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/products/${ONE}?lang=ja-JP`);
  });

  it("leads /products?q= to the search on the server, and renders each search's own results", async () => {
    const res = await page("/products?q=neckband");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/search?q=neckband");
    // ?q= is part of the search page's cache key: another search is another page.
    const charging = rootOf((await page("/search?q=charging")).body);
    expect(charging).toContain("Vela USB-C Charging Adapter");
    expect(charging).not.toContain("Vela One Neckband");
    expect(rootOf((await page("/search?q=neckband")).body)).toContain("Vela One Neckband");
  });

  it("renders no per-reader query: the review form's eligibility stays for the browser", async () => {
    const res = await page(`/reviews?handle=${LUMA}`);
    const keys = stateOf(res.body).queries.queries.map((q) => (q.queryKey[0] as string[]).join("."));
    expect(keys).toContain("reviews.list");
    expect(keys).not.toContain("reviews.eligibility");
  });
});

describe("forms and controls that need JavaScript say so where they stand", () => {
  /** The note, shown only with JavaScript off, and the markup it stands beside. */
  const note = (text: string) => `<noscript><p class="needs-script">${text}</p></noscript>`;
  const cases: [url: string, markup: (n: typeof note) => string][] = [
    [
      "/contact",
      (n) =>
        `${n("Sending this form needs JavaScript. Turn it on in your browser, or write to one of the mailboxes on this page.")}<p><button type="submit" class="btn btn-primary">Send message</button></p></form>`,
    ],
    [
      `/products/${LUMA}`,
      (n) =>
        `Add to Cart</button>${n("Choosing a version and adding to the cart need JavaScript. Turn it on in your browser to buy.")}`,
    ],
    [
      `/reviews?handle=${LUMA}`,
      (n) =>
        `${n("Writing a review needs JavaScript. Turn it on in your browser to write one.")}<ul class="review-list">`,
    ],
    [
      "/help-me-choose",
      (n) =>
        `${n("The finder needs JavaScript to suggest glasses. Turn it on in your browser to use it.")}<fieldset class="finder-step">`,
    ],
    [
      "/games",
      (n) =>
        `${n("Searching, filtering and sorting need JavaScript. Turn it on in your browser to use them; the page numbers work without it.")}<div class="games-layout">`,
    ],
  ];
  for (const [url, markup] of cases) {
    it(url, async () => {
      expect(rootOf((await page(url)).body)).toContain(markup(note));
    });
  }

  it("in the reader's language", async () => {
    const root = rootOf((await page("/contact?lang=ja-JP")).body);
    expect(root).toContain(
      '<noscript><p class="needs-script">このフォームの送信には JavaScript が必要です。',
    );
  });

  it("and a page with nothing that needs it carries no note", async () => {
    for (const url of ["/blog", "/products", "/privacy-policy"]) {
      expect(rootOf((await page(url)).body), url).not.toContain("needs-script");
    }
  });
});

describe("language", () => {
  it("renders in the language of ?lang=, from the first byte", async () => {
    const res = await page(`/products/${ONE}?lang=ja-JP`);
    expect(res.body).toContain('<html lang="ja-JP"');
    expect(rootOf(res.body)).toContain("<h1>Vela One XRグラス</h1>");
    expect(rootOf(res.body)).toMatch(/[¥￥]59,800/);
    expect(stateOf(res.body).locale).toBe("ja-JP");
    // Remembered from this answer on, as the language switch remembers it.
    expect(res.headers["set-cookie"]).toMatch(/^lang=ja-JP; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
  });

  it("renders in the language of the lang cookie, and keeps each language's page apart", async () => {
    const ja = await page("/", { cookie: "lang=ja-JP" });
    expect(ja.body).toContain('<html lang="ja-JP"');
    expect(rootOf(ja.body)).toContain("Velaへようこそ");
    const en = await page("/");
    expect(rootOf(en.body)).toContain("Welcome to Vela");
    expect(en.headers.etag).not.toBe(ja.headers.etag);
  });

  it("shows zh-CN's readers the store in English but the compatibility page in Chinese", async () => {
    const store = await page("/products?lang=zh-CN");
    expect(store.body).toContain('<html lang="en-US"');
    const compat = await page(`/compatibility?product=${ONE}&lang=zh-CN`);
    expect(compat.body).toContain('<html lang="zh-CN"');
  });
});

describe("what the page carries is inert", () => {
  it("renders a description with a closing script tag as text, and escapes it in the state", async () => {
    const attack = "</script><script>alert(1)</script><!-- \u2028\u2029";
    await t.db.product.update({ where: { handle: ONE }, data: { description: attack } });
    t.app.pages?.bump();
    const res = await page(`/products/${ONE}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)");
    expect(rootOf(res.body)).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    const stateText = /id="vela-ssr-state">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? "";
    expect(stateText).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.stringify(stateOf(res.body))).toContain("alert(1)");
    // Every script is the built entry, the early-click catcher (a file of the build) or inert
    // data: the CSP stays script-src 'self'.
    for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toMatch(
        /\bsrc="\/assets\/|^<script async src="\/early-clicks\.js">$|type="application\/(json|ld\+json)"/,
      );
    }
    expect(res.headers["content-security-policy"]).toBe(CSP);
    expect(CSP).not.toContain("unsafe-inline' 'script");
    expect(CSP).toContain("script-src 'self'");
  });
});

describe("private pages stay client-rendered", () => {
  const cases: [url: string, title: string][] = [
    ["/account/orders", "My Orders"],
    ["/account/login", "Login"],
    ["/login", "Login"],
    ["/cart", "Your Cart"],
    ["/checkout", "Checkout"],
    ["/account/anything-else", BRAND.name],
  ];
  for (const [url, title] of cases) {
    it(`${url}: a shell named "${title}", noindex`, async () => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(head).toContain(
        title === BRAND.name
          ? `<title data-shell-head>${title}</title>`
          : `<title data-shell-head>${title} | ${BRAND.name}</title>`,
      );
      expect(head.match(/<title[ >]/g)).toHaveLength(1);
      expect(head).toContain('<meta name="robots" content="noindex" data-shell-head>');
      expect(res.headers["x-robots-tag"]).toBe("noindex");
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain("vela-ssr-state");
    });
  }

  it("names a private page in the reader's language", async () => {
    const res = await page("/cart?lang=ja-JP");
    expect(res.body).toContain('<html lang="ja-JP"');
    expect(headOf(res.body)).not.toContain("Your Cart");
  });
});

describe("page cache", () => {
  it("answers the second request from the cache, with the same ETag, and 304 to If-None-Match", async () => {
    const first = await page("/blog?cache=1");
    const second = await page("/blog?cache=1", { "accept-encoding": "br" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    const etag = String(first.headers.etag);
    const notModified = await page("/blog?cache=1", { "if-none-match": etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
    expect(notModified.headers.etag).toBe(etag);
    // A query parameter the page does not read is the same page (it was one page per query string).
    expect((await page("/blog?cache=2")).headers["x-page-cache"]).toBe("hit");
  });

  it("renders one entry for any number of parameters no page reads", async () => {
    const pages = t.app.pages;
    if (!pages) throw new Error("no renderer");
    await page("/help-me-choose?use=gaming");
    const before = pages.stats.renders;
    for (let i = 0; i < 10; i++) {
      const res = await page(
        `/help-me-choose?use=gaming&x=${Math.random().toString(36).slice(2)}&utm_id=${i}`,
      );
      expect(res.headers["x-page-cache"]).toBe("hit");
    }
    expect(pages.stats.renders).toBe(before);
    // A parameter the page reads is another page.
    expect((await page("/help-me-choose?use=work")).headers["x-page-cache"]).toBe("miss");
  });

  it("renders a cold page once however many readers ask for it at once, and at most PAGE_RENDERS pages at a time", async () => {
    const pages = t.app.pages;
    if (!pages) throw new Error("no renderer");
    const before = pages.stats.renders;
    const same = await Promise.all(Array.from({ length: 8 }, () => page("/games?q=all-at-once")));
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(same.map((r) => r.headers.etag)).size).toBe(1);
    expect(pages.stats.renders - before).toBe(1);

    const distinct = await Promise.all(Array.from({ length: 8 }, (_, i) => page(`/games?q=bound-${i}`)));
    expect(distinct.every((r) => r.statusCode === 200 && r.headers["x-page-cache"] === "miss")).toBe(true);
    expect(pages.stats.renders - before).toBe(9);
    expect(t.config.pageRenders).toBe(2);
    expect(pages.stats.peakRendering).toBe(t.config.pageRenders);
  });

  it("keeps every page through a read that is a POST, and through writes that failed", async () => {
    const url = `/products/${ONE}?kept`;
    await page(url);
    expect((await page(url)).headers["x-page-cache"]).toBe("hit");
    // The cloud API reads an app's release notes with a POST (spec 001 §7).
    const read = await t.api("POST", "/api/cloud/academy/releasenote", {
      body: { product_name: "spacewalker", platform: "iOS" },
    });
    expect(read.statusCode).toBe(200);
    expect((await page(url)).headers["x-page-cache"]).toBe("hit");
    // A review without a session is refused; in a batch beside a write that succeeds, the batch answers 207.
    const refused = await t.api("POST", "/api/reviews", {
      body: { handle: ONE, rating: 5, title: "Nope", body: "Not signed in." },
    });
    expect(refused.statusCode).toBe(401);
    const batch = await t.api("POST", "/trpc/cart.create,reviews.create?batch=1", {
      body: { "0": {}, "1": { handle: ONE, rating: 5, title: "Nope", body: "Not signed in." } },
    });
    expect(batch.statusCode).toBe(207);
    expect((await page(url)).headers["x-page-cache"]).toBe("hit");
  });

  it("drops every page when a write changes what they show, not when a cart or sign-in does", async () => {
    const before = await page(`/reviews?handle=${LUMA}`);
    expect((await page(`/reviews?handle=${LUMA}`)).headers["x-page-cache"]).toBe("hit");
    // Signing in and a cart of one's own leave public pages as they are.
    const cookie = await t.login();
    await t.api("POST", "/api/cart", { body: {} });
    expect((await page(`/reviews?handle=${LUMA}`)).headers["x-page-cache"]).toBe("hit");

    const review = { handle: LUMA, rating: 5, title: "Crisp all day", body: "Sharp text from edge to edge." };
    const written = await t.api("POST", "/api/reviews", { body: review, cookie });
    expect(written.statusCode).toBe(200);
    const after = await page(`/reviews?handle=${LUMA}`);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(rootOf(after.body)).toContain("Crisp all day");
  });

  it("drops every page when the write's path is percent-encoded, as the router still routes it", async () => {
    await page(`/reviews?handle=${ONE}`);
    expect((await page(`/reviews?handle=${ONE}`)).headers["x-page-cache"]).toBe("hit");
    const cookie = await t.login();
    const review = {
      handle: ONE,
      rating: 4,
      title: "Encoded path",
      body: "Written through /%61pi/reviews.",
    };
    const written = await t.api("POST", "/%61pi/reviews", { body: review, cookie });
    expect(written.statusCode).toBe(200);
    const after = await page(`/reviews?handle=${ONE}`);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(rootOf(after.body)).toContain("Encoded path");
  });

  it("never gives a signed-in reader anything of a session, theirs or another's", async () => {
    const cookie = await t.login();
    const signedIn = await page(`/products/${ONE}?signed-in`, { cookie });
    const anonymous = await page(`/products/${ONE}?signed-in`);
    // One anonymous rendering serves both: nothing in it came from the session.
    expect(anonymous.headers.etag).toBe(signedIn.headers.etag);
    for (const res of [signedIn, anonymous]) {
      expect(res.body).not.toContain(DEMO_CUSTOMER.email);
      expect(res.body).not.toContain("Alex");
      const keys = stateOf(res.body).queries.queries.map((q) => (q.queryKey[0] as string[]).join("."));
      expect(keys.filter((k) => /^(account|cart|orders|addresses|checkout)\./.test(k))).toEqual([]);
    }
    expect(signedIn.headers["set-cookie"]).toBeUndefined();
  });
});

/** Every `<script>` start tag that would run inline: no `src`, and not an inert data block. */
const inlineScripts = (html: string): string[] =>
  (html.match(/<script\b[^>]*>/gi) ?? []).filter(
    (tag) => !/\bsrc="/.test(tag) && !/\btype="application\/(json|ld\+json)"/.test(tag),
  );
const duplicateIds = (html: string): string[] => {
  const seen = new Map<string, number>();
  for (const m of html.matchAll(/\sid="([^"]*)"/g))
    seen.set(m[1] as string, (seen.get(m[1] as string) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
};

describe("every public page, in every language", () => {
  it("is written whole: no inline script, no hidden copy, no duplicate id, a canonical URL and a full main area", async () => {
    const paths = (await sitemapPages(t.db, new Date())).map((p) => p.path);
    expect(paths.length).toBeGreaterThan(15);
    const warnings = vi.spyOn(console, "warn");
    const errors = vi.spyOn(console, "error");
    const problems: string[] = [];
    let checked = 0;
    for (const p of paths) {
      for (const lang of ["en-US", "ja-JP", "zh-CN"]) {
        let url = `${p}?lang=${lang}`;
        let res = await page(url);
        // A page whose language reads another page (a release-notes variant) sends the reader there.
        if (res.statusCode === 302) {
          url = String(res.headers.location);
          res = await page(url, { cookie: `lang=${lang}` });
        }
        checked++;
        if (res.statusCode !== 200) problems.push(`${url}: ${res.statusCode}`);
        for (const tag of inlineScripts(res.body)) problems.push(`${url}: inline ${tag}`);
        if (/<div hidden id="S:|<template id="B:/.test(res.body)) problems.push(`${url}: a hidden copy`);
        for (const id of duplicateIds(res.body)) problems.push(`${url}: id="${id}" twice`);
        if (!/<link rel="canonical" href="[^"]+"/.test(headOf(res.body)))
          problems.push(`${url}: no canonical`);
        if (/<main\b[^>]*>\s*<\/main>/.test(res.body) || !/<main\b/.test(res.body)) {
          problems.push(`${url}: an empty main area`);
        }
      }
    }
    const navigate = [...warnings.mock.calls, ...errors.mock.calls].filter((c) =>
      String(c[0]).includes("<Navigate>"),
    );
    expect(problems).toEqual([]);
    expect(navigate).toEqual([]);
    expect(checked).toBe(paths.length * 3);
  }, 240_000);
});

describe("a page that sends its reader elsewhere as it renders is answered with a redirect", () => {
  const variant = RELEASE_APPS.find((a) => a.variantOf);
  if (!variant?.variantOf) throw new Error("no release-notes variant");
  const base = variant.variantOf.slug;

  it("a release-notes app read in a language with its own variant: 302 to it, as <Navigate> would go", async () => {
    const res = await page(`/release-updates/${base}?lang=zh-CN&platform=Android&utm_source=x`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/release-updates/${variant.slug}?language=zh-CN&platform=Android`);
    // The language stays chosen for the page it goes to, as the language switch keeps it.
    expect(res.headers["set-cookie"]).toMatch(/^lang=zh-CN;/);
    const there = await page(String(res.headers.location), { cookie: "lang=zh-CN" });
    expect(there.statusCode).toBe(200);
    expect(there.body).toContain('<html lang="zh-CN"');
    expect(headOf(there.body)).toMatch(/<link rel="canonical" href="[^"]+"/);
    expect(headOf(there.body).toLowerCase()).toContain('hreflang="zh-cn"');
    expect(rootOf(there.body)).toContain(variant.names["zh-CN"]);
  });

  it("by the reader's language from the cookie or ?language=, and back from the variant in another language", async () => {
    const byCookie = await page(`/release-updates/${base}`, { cookie: "lang=zh-CN" });
    expect(byCookie.statusCode).toBe(302);
    expect(byCookie.headers.location).toBe(`/release-updates/${variant.slug}?language=zh-CN`);
    const byParam = await page(`/release-updates/${base}?language=zh-CN`);
    expect(byParam.headers.location).toBe(`/release-updates/${variant.slug}?language=zh-CN`);
    const back = await page(`/release-updates/${variant.slug}?lang=ja-JP`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/release-updates/${base}?language=ja-JP`);
    // In English the base app is its own page.
    expect((await page(`/release-updates/${base}?lang=en-US`)).statusCode).toBe(200);
  });
});

describe("page cache on several instances", () => {
  it("a write on one instance drops the pages another holds before it answers its next page", async () => {
    // A second instance on the same database, reading the public-data version before every page.
    const db = createDb(t.config.databaseUrl);
    const other = await buildApp({ ...t.config, pageSyncMs: 0 }, { db });
    try {
      await other.ready();
      const url = `/reviews?handle=${LUMA}`;
      const onOther = () => other.inject({ method: "GET", url, headers: { host: "store.vela.test" } });
      await onOther();
      expect((await onOther()).headers["x-page-cache"]).toBe("hit");
      // A review written through the first instance (the demo customer's seeded one of it goes first).
      await t.db.review.deleteMany({
        where: { customer: { email: DEMO_CUSTOMER.email }, product: { handle: LUMA } },
      });
      const cookie = await t.login();
      const title = `Sharp from the second row ${Date.now()}`;
      const res = await t.api("POST", "/api/reviews", {
        cookie,
        body: { handle: LUMA, rating: 5, title, body: "Clear from any seat in the room." },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await onOther();
      expect(after.headers["x-page-cache"]).toBe("miss");
      expect(after.body).toContain(title);
    } finally {
      await other.close();
      await db.$disconnect();
    }
  });
});
