import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";

const post = (n: number, language = "en-US") => ({
  slug: `post-${n}`,
  publishedAt: `2026-0${n}-01`,
  language,
  title: `${language === "ja-JP" ? "記事" : "Post"} ${n}`,
  excerpt: "Excerpt",
  image: `/media/blog/p${n}-sm.svg`,
  imageMD: `/media/blog/p${n}-md.svg`,
  imageXL: `/media/blog/p${n}-xl.svg`,
  alt: `Picture ${n}`,
});

const handlers = {
  "blog.list": (input: unknown) => {
    const { language, limit } = input as { language: string; limit?: number };
    return { posts: [1, 2, 3, 4].map((n) => post(n, language)).slice(0, limit ?? 4) };
  },
};

describe("home page", () => {
  it("shows the newsroom's newest three posts with View all to /blog", async () => {
    const { api } = renderApp("/", { handlers });
    const newsroom = await screen.findByRole("region", { name: "Newsroom" });
    await waitFor(() => expect(within(newsroom).getAllByRole("listitem")).toHaveLength(3));
    expect(api.calls.find((c) => c.path === "blog.list")?.input).toEqual({ language: "en-US", limit: 3 });
    expect(within(newsroom).getByRole("link", { name: "View all news" }).getAttribute("href")).toBe("/blog");
    expect(within(newsroom).getByRole("link", { name: "Read more: Post 1" }).getAttribute("href")).toBe(
      "/blog/post-1",
    );
    expect(within(newsroom).getByRole("img", { name: "Picture 1" })).toBeTruthy();
  });

  it("opens the Ask Us dialog with the contact form in the page's language, and closes it", async () => {
    renderApp("/", { handlers, locale: "ja-JP" });
    const block = await screen.findByRole("region", { name: "ご不明な点はありますか？" });
    const askUs = within(block).getByRole("button", { name: "お問い合わせ" });
    fireEvent.click(askUs);
    const dialog = await screen.findByRole("dialog", { name: "お問い合わせ" });
    const form = await within(dialog).findByRole("form", { name: "メッセージを送る" });
    expect(within(form).getByLabelText("お名前")).toBeTruthy();
    expect(within(form).getByRole("button", { name: "送信する" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "閉じる" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(askUs);
  });

  it("links the academy's four cards to the English site, and to the Japanese site for ja-JP", async () => {
    const { unmount } = renderApp("/", { handlers });
    let academy = await screen.findByRole("region", { name: "Visit the Academy" });
    const cards = within(academy).getAllByRole("listitem");
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      const link = within(card).getByRole("link");
      expect(link.getAttribute("href")).toMatch(/^https:\/\/academy\.vela\.test\//);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
    expect(
      within(academy)
        .getByRole("link", { name: /^Visit the Academy/ })
        .getAttribute("href"),
    ).toBe("https://academy.vela.test/");
    unmount();
    renderApp("/", { handlers, locale: "ja-JP" });
    academy = await screen.findByRole("region", { name: "アカデミーへ" });
    expect(
      within(academy)
        .getByRole("link", { name: /^アカデミーを見る/ })
        .getAttribute("href"),
    ).toBe("https://jp.academy.vela.test/");
    expect(within(academy).getByRole("heading", { level: 3, name: /グラスの初期設定/ })).toBeTruthy();
  });

  it("has two hero sliders, a normal hero and the image slider", async () => {
    renderApp("/", { handlers });
    expect(await screen.findByRole("region", { name: "Highlights" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "On the road" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Update your glasses from the browser" })).toBeTruthy();
    const explore = screen.getByRole("region", { name: "Explore" });
    expect(within(explore).getAllByRole("link")).toHaveLength(6);
  });
});
