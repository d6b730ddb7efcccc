// The `lang` cookie a page's `?lang=` sets (server/src/http/page-renderer.ts): Secure when the
// store's public URL is HTTPS, so the browser never sends it back over plain HTTP; without it
// over HTTP, where a browser would refuse it.
import { describe, expect, it } from "vitest";
import { createPageRenderer, type RenderOutput } from "../src/http/page-renderer.ts";

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><title>Vela</title></head>
  <body><div id="root"></div></body>
</html>`;

function pagesAt(origin: string) {
  return createPageRenderer({
    origin,
    entry: {
      async renderPage({ locale }): Promise<RenderOutput> {
        return { kind: "page", status: 200, lang: locale, head: "", body: "<p>x</p>", state: "{}" };
      },
    },
    template: () => TEMPLATE,
    onFailure: () => undefined,
  });
}

const ask = (pages: ReturnType<typeof pagesAt>, url: string) =>
  pages.answer({
    url,
    cookie: undefined,
    acceptLanguage: [],
    ifNoneMatch: undefined,
    call: async () => null,
  });

describe("the lang cookie of a page's ?lang=", () => {
  it("is Secure when the store is served over HTTPS, on a rendered page and on its cached copy", async () => {
    const pages = pagesAt("https://store.example");
    const first = await ask(pages, "/products?lang=ja-JP");
    expect(first.headers["set-cookie"]).toMatch(/^lang=ja-JP; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    const cached = await ask(pages, "/products?lang=ja-JP");
    expect(cached.headers["set-cookie"]).toMatch(/; Secure$/);
  });

  it("is not Secure over plain HTTP, and is not set without a ?lang=", async () => {
    const pages = pagesAt("http://localhost:3000");
    const res = await ask(pages, "/products?lang=ja-JP");
    expect(res.headers["set-cookie"]).toMatch(/^lang=ja-JP; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect((await ask(pages, "/products")).headers["set-cookie"]).toBeUndefined();
  });
});
