// Public pages arrive as HTML with their content, rendered by the client build's server renderer
// (client/dist-ssr, built by `npm run build`; docs/decisions/013-server-rendering.md): language,
// inert state, strict CSP, private shells, the page cache and its validator.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { BRAND } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";
import { CSP } from "../src/http/security.ts";
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
    expect(res.headers["set-cookie"]).toMatch(/^lang=ja-JP; Path=\/; Max-Age=\d+; SameSite=Lax$/);
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
    // Every script is the built entry or inert data: the CSP stays script-src 'self'.
    for (const tag of res.body.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toMatch(/\bsrc="\/assets\/|type="application\/(json|ld\+json)"/);
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
    // Each query string is its own page.
    expect((await page("/blog?cache=2")).headers["x-page-cache"]).toBe("miss");
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
