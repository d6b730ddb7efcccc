import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PRO_NECKBAND_CN } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { renderApp } from "../../test/render.tsx";

const NOTE = (lang: string) =>
  `## New ${lang}\n\n- change ${lang}\n\n| A | B |\n| --- | --- |\n| \`x\` | y |`;
/** The HTML the server stores with NOTE (rendered and sanitised on save, headings from h3). */
const NOTE_HTML = (lang: string) =>
  `<h3>New ${lang}</h3>\n<ul>\n<li>change ${lang}</li>\n</ul>\n<table>\n<thead>\n<tr>\n<th>A</th>\n<th>B</th>\n</tr>\n</thead>\n<tbody><tr>\n<td><code>x</code></td>\n<td>y</td>\n</tr>\n</tbody></table>\n`;

const system = {
  data: [
    {
      name: "N6",
      version: "1.3.0.260609",
      list: [
        {
          display_version: "1.3.0",
          update_time: "2026-06-09",
          release_note: { "en-US": NOTE("en"), "zh-CN": NOTE("zh"), "ja-JP": NOTE("ja") },
          release_note_html: { "en-US": NOTE_HTML("en"), "zh-CN": NOTE_HTML("zh"), "ja-JP": NOTE_HTML("ja") },
        },
      ],
    },
    {
      name: "P6",
      version: "1.2.0.260714",
      list: [
        {
          display_version: "1.2.0",
          update_time: "2026-07-14",
          release_note: { "en-US": "## P6 notes", "zh-CN": "## P6 说明", "ja-JP": "## P6 ノート" },
          release_note_html: {
            "en-US": "<h3>P6 notes</h3>\n",
            "zh-CN": "<h3>P6 说明</h3>\n",
            "ja-JP": "<h3>P6 ノート</h3>\n",
          },
        },
      ],
    },
  ],
};

const appAnswer = {
  data: [
    {
      version: "3.6.1",
      release_date: "2026-02-02",
      download_link: "https://download.vela.test/spacewalker-3.6.1.exe",
      release_note_detail: [
        { language: "en-US", note_detail: "## Newest", note_html: "<h3>Newest</h3>\n" },
        { language: "zh-CN", note_detail: "## 最新", note_html: "<h3>最新</h3>\n" },
        { language: "ja-JP", note_detail: "## 最新版", note_html: "<h3>最新版</h3>\n" },
      ],
    },
    {
      version: "3.0.0",
      release_date: "2025-01-14",
      download_link: "/downloads/spacewalker-3.0.0",
      release_note_detail: [{ language: "en-US", note_detail: "## First", note_html: "<h3>First</h3>\n" }],
    },
    {
      version: "2.9.0",
      release_date: "2024-11-01",
      download_link: "javascript:alert(1)",
      release_note_detail: [{ language: "en-US", note_detail: "## Older", note_html: "<h3>Older</h3>\n" }],
    },
  ],
};

describe("release updates viewer", () => {
  it("shows the chosen model's versions with title, English date and the notes' stored HTML", async () => {
    const { api, router } = renderApp(
      "/release-updates/xr-glasses?product=vela-one-xr-glasses&language=en-US",
      {
        handlers: { "releaseNotes.system": () => system },
      },
    );
    const list = await screen.findByRole("list", { name: "Versions of Vela One XR Glasses" });
    const article = within(list).getByRole("article", { name: "Version 1.3.0" });
    expect(within(article).getByText("June 9, 2026")).toBeTruthy();
    expect(within(article).getByRole("heading", { level: 3, name: "New en" })).toBeTruthy();
    expect(article.querySelector("table code")?.textContent).toBe("x");
    // The server's HTML as it is, in the notes' styled box.
    expect(article.querySelector(".markdown.release-notes")?.innerHTML).toBe(NOTE_HTML("en"));
    expect(api.calls.find((c) => c.path === "releaseNotes.system")?.input).toEqual({ product: "xr-glasses" });
    // System notes carry no download link.
    expect(within(article).queryByRole("link", { name: /Download/ })).toBeNull();

    fireEvent.change(screen.getByLabelText("Product"), { target: { value: "vela-luma-pro-xr-glasses" } });
    await screen.findByRole("list", { name: "Versions of Vela Luma Pro XR Glasses" });
    expect(router.state.location.search).toBe("?product=vela-luma-pro-xr-glasses&language=en-US");

    fireEvent.change(within(screen.getByRole("main")).getByLabelText("Language"), {
      target: { value: "ja-JP" },
    });
    expect(await screen.findByText("2026年7月14日")).toBeTruthy();
    expect(router.state.location.search).toBe("?product=vela-luma-pro-xr-glasses&language=ja-JP");
    expect(screen.getByLabelText("製品")).toBeTruthy();
    // Changing a select reloads the notes.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "releaseNotes.system").length).toBeGreaterThanOrEqual(2),
    );
  });

  it("asks for the dock's notes under mobile-dock and writes Chinese dates", async () => {
    const { api } = renderApp("/release-updates/xr-glasses?product=vela-pro-mobile-dock&language=zh-CN", {
      handlers: {
        "releaseNotes.system": () => ({
          data: [
            {
              name: "P9",
              version: "2.3.0.260901",
              list: [
                {
                  display_version: "2.3.0",
                  update_time: "2026-09-01",
                  release_note: { "zh-CN": "- 坞" },
                  release_note_html: { "zh-CN": "<ul>\n<li>坞</li>\n</ul>\n" },
                },
              ],
            },
          ],
        }),
      },
    });
    expect(await screen.findByText("2026年9月1日")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "版本 2.3.0" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "releaseNotes.system")?.input).toEqual({
      product: "mobile-dock",
    });
  });

  it("offers Download only for a valid absolute http(s) link, in the notes' language", async () => {
    renderApp("/release-updates/spacewalker?language=en-US&platform=Windows", {
      handlers: { "releaseNotes.app": () => appAnswer },
    });
    const list = await screen.findByRole("list", { name: "Versions of Spacewalker" });
    const links = within(list).getAllByRole("link", { name: /^Download/ });
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toBe("Download");
    expect(links[0]?.getAttribute("href")).toBe("https://download.vela.test/spacewalker-3.6.1.exe");
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(list).getAllByRole("article")).toHaveLength(3);
  });

  it.each([
    ["zh-CN", "下载"],
    ["ja-JP", "ダウンロード"],
  ])("labels the link %s as %s", async (language, label) => {
    renderApp(`/release-updates/spacewalker?language=${language}&platform=iOS`, {
      handlers: { "releaseNotes.app": () => appAnswer },
    });
    const link = await screen.findByRole("link", { name: new RegExp(label) });
    expect(link.textContent).toBe(label);
  });

  it("rewrites the URL when the platform changes and asks for that platform", async () => {
    const { api, router } = renderApp("/release-updates/spacewalker?language=en-US&platform=Windows", {
      handlers: { "releaseNotes.app": () => appAnswer },
    });
    await screen.findByRole("list", { name: "Versions of Spacewalker" });
    fireEvent.change(screen.getByLabelText("Platform"), { target: { value: "macOS" } });
    await waitFor(() => expect(router.state.location.search).toBe("?language=en-US&platform=macOS"));
    await waitFor(() =>
      expect(api.calls.map((c) => c.input)).toContainEqual({
        product_name: "spacewalker",
        platform: "macOS",
      }),
    );
    expect([...(screen.getByLabelText("Platform") as HTMLSelectElement).options].map((o) => o.value)).toEqual(
      ["iOS", "Android", "Windows", "macOS"],
    );
  });

  it("switches the pro neckband software to its CN variant for Simplified Chinese, and back", async () => {
    const { router, api } = renderApp(
      "/release-updates/vela-pro-neckband-software?language=en-US&platform=Android",
      {
        handlers: { "releaseNotes.app": () => appAnswer },
      },
    );
    await screen.findByRole("heading", { level: 1, name: "Pro Neckband Software" });
    fireEvent.change(within(screen.getByRole("main")).getByLabelText("Language"), {
      target: { value: "zh-CN" },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/release-updates/${PRO_NECKBAND_CN}`));
    expect(router.state.location.search).toBe("?language=zh-CN&platform=Android");
    expect(await screen.findByRole("heading", { level: 1, name: "Pro 颈环软件 CN" })).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.map((c) => c.input)).toContainEqual({
        product_name: PRO_NECKBAND_CN,
        platform: "Android",
      }),
    );
    fireEvent.change(screen.getByLabelText("语言"), { target: { value: "ja-JP" } });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/release-updates/vela-pro-neckband-software"),
    );
  });

  it("shows a quiet empty state when the notes cannot be read", async () => {
    renderApp("/release-updates/spacewalker?platform=iOS", {
      handlers: {
        "releaseNotes.app": () => {
          throw new ApiFailure("INTERNAL_SERVER_ERROR", "boom");
        },
      },
    });
    expect(await screen.findByText("There are no release notes to show here yet.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("leads from the glasses' system notes to the apps' notes, the Spacewalker app among them (spec 001 §2)", async () => {
    const { router } = renderApp("/release-updates/xr-glasses?language=ja-JP", {
      handlers: {
        "releaseNotes.system": () => system,
        "releaseNotes.app": () => appAnswer,
      },
    });
    const apps = await screen.findByRole("navigation", { name: "アプリのリリースノート" });
    const link = within(apps).getByRole("link", { name: "Spacewalker" });
    expect(link.getAttribute("href")).toBe("/release-updates/spacewalker?language=ja-JP");
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/release-updates/spacewalker"));
  });

  it("says so for an app it does not know, and lists the apps it does", async () => {
    renderApp("/release-updates/no-such-app");
    expect(await screen.findByText("We have no release notes for this app.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Spacewalker" }).getAttribute("href")).toBe(
      "/release-updates/spacewalker?language=en-US",
    );
  });
});
