// React 19 writes the <title>, <meta>, <link> and scripts that pages render ahead of the app's
// markup when it renders #root; splitHoisted moves that run into the page's <head>.
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { splitHoisted } from "./hoisted.ts";

describe("splitHoisted", () => {
  it("takes the hoisted elements React wrote before the app, and leaves the app's markup", () => {
    const html = renderToString(
      h(
        "div",
        { className: "site" },
        h("title", null, "Pro </head> | Vela"),
        h("meta", { name: "description", content: 'a "quoted" <text>' }),
        h("link", { rel: "canonical", href: "https://store.vela.test/products/pro" }),
        h("script", {
          type: "application/ld+json",
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, as a page writes its JSON-LD.
          dangerouslySetInnerHTML: { __html: '{"@type":"Product"}' },
        }),
        h("p", null, "body"),
      ),
    );
    const { head, body } = splitHoisted(html);
    expect(head).toContain("<title>Pro &lt;/head&gt; | Vela</title>");
    expect(head).toContain('<meta name="description"');
    expect(head).toContain('<link rel="canonical"');
    expect(body.startsWith('<div class="site">')).toBe(true);
    expect(body).toContain("<p>body</p>");
    // JSON-LD is not hoisted by React: it stays where the page put it, which search engines read too.
    expect(body).toContain('<script type="application/ld+json">');
  });

  it("leaves a page without hoisted elements as it is", () => {
    expect(splitHoisted('<div class="site"><p>x</p></div>')).toEqual({
      head: "",
      body: '<div class="site"><p>x</p></div>',
    });
  });
});
