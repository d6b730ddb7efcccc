import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";

/** A post as the server answers it: the markdown body and the HTML stored with it when it was saved. */
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
  body: "## Brighter\n\nRead the [guide](https://academy.vela.test/x).",
  bodyHtml:
    '<h2>Brighter</h2>\n<p>Read the <a href="https://academy.vela.test/x" target="_blank" rel="noopener noreferrer">guide</a>.</p>\n',
};

describe("blog post page", () => {
  it("shows the post's stored HTML as it is, in the styled body, and not its markdown", async () => {
    const { api } = renderApp("/blog/launch", { handlers: { "blog.post": () => ({ post }) } });
    const article = (await screen.findByRole("heading", { level: 1, name: "Vela Pro is here" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(article).getByRole("heading", { level: 2, name: "Brighter" })).toBeTruthy();
    const link = within(article).getByRole("link", { name: "guide" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(article.querySelector(".markdown.blog-body")?.innerHTML).toBe(post.bodyHtml);
    expect(article.textContent).not.toContain("##");
    expect(api.calls.find((c) => c.path === "blog.post")?.input).toEqual({
      language: "en-US",
      slug: "launch",
    });
  });
});
