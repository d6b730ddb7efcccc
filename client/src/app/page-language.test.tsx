import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeCard } from "../features/products/test-data.ts";
import { pageLocale } from "../lib/i18n.tsx";
import { ApiFailure } from "../test/api-mock.ts";
import { renderApp } from "../test/render.tsx";

const catalog = { "catalog.list": () => ({ products: [makeCard(1)] }) };
const releaseNotes = { "releaseNotes.system": () => ({ data: [] }) };

const header = () => within(screen.getByRole("banner"));
const findHeader = async () => within(await screen.findByRole("banner"));
const languageSwitch = () => header().getByLabelText(/^(Language|语言)$/) as HTMLSelectElement;
const switchOptions = () =>
  within(languageSwitch())
    .getAllByRole("option")
    .map((o) => o.getAttribute("value"));

describe("zh-CN: the compatibility pages and the release notes only (spec 000 §9, spec 001 §9)", () => {
  it("decides the page's language from the reader's choice and the path", () => {
    expect(pageLocale("zh-CN", "/compatibility")).toBe("zh-CN");
    expect(pageLocale("zh-CN", "/release-updates/xr-glasses")).toBe("zh-CN");
    expect(pageLocale("zh-CN", "/release-updates/spacewalker")).toBe("zh-CN");
    expect(pageLocale("zh-CN", "/products")).toBe("en-US");
    expect(pageLocale("zh-CN", "/account/orders/1")).toBe("en-US");
    expect(pageLocale("ja-JP", "/products")).toBe("ja-JP");
    expect(pageLocale("ja-JP", "/compatibility")).toBe("ja-JP");
  });

  it("shows any other page wholly in English: texts, prices, <html lang>, the switch", async () => {
    renderApp("/products", { locale: "zh-CN", handlers: catalog });
    const grid = await screen.findByRole("list", { name: "Products" });
    expect(screen.getByRole("heading", { level: 1, name: "Products" })).toBeTruthy();
    expect(header().getByRole("link", { name: "Account" })).toBeTruthy();
    expect(
      within(screen.getByRole("contentinfo")).getByRole("link", { name: "Privacy Policy" }),
    ).toBeTruthy();
    expect(within(grid).getAllByRole("listitem")[0]?.textContent).toContain("$399");
    expect(within(grid).getAllByRole("listitem")[0]?.textContent).not.toContain("US$");
    expect(document.documentElement.lang).toBe("en-US");
    expect(languageSwitch().value).toBe("en-US");
    expect(switchOptions()).toEqual(["en-US", "ja-JP"]);
  });

  it("keeps zh-CN on the release notes, and the store turns English on leaving them", async () => {
    const { router } = renderApp("/release-updates/xr-glasses", { locale: "zh-CN", handlers: releaseNotes });
    expect(await (await findHeader()).findByRole("link", { name: "账户" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(languageSwitch().value).toBe("zh-CN");
    expect(switchOptions()).toEqual(["en-US", "ja-JP", "zh-CN"]);

    await act(() => router.navigate("/privacy-policy"));
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    expect(header().getByRole("link", { name: "Account" })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe("en-US"));
  });

  it("keeps zh-CN on the compatibility page", async () => {
    renderApp("/compatibility", {
      locale: "zh-CN",
      handlers: {
        "compatibility.get": () => {
          throw new ApiFailure("NOT_FOUND", "No compatibility record");
        },
      },
    });
    expect(await (await findHeader()).findByRole("link", { name: "账户" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("zh-CN");
  });
});
