import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SearchAnswer, SearchSuggestions } from "@vela/shared/api";
import { describe, expect, it } from "vitest";
import { renderApp, renderWithProviders } from "../../test/render.tsx";
import { HeaderSearch } from "./header-search.tsx";

const SUGGESTIONS: SearchSuggestions = {
  approximate: false,
  suggestions: [
    { kind: "product", handle: "vela-lantern", title: "Vela Lantern" },
    { kind: "product", handle: "vela-lamp", title: "Vela Lamp" },
    { kind: "post", handle: "lantern-news", title: "The Lantern arrives" },
  ],
};

const ANSWER: SearchAnswer = {
  q: "lantern",
  approximate: true,
  products: [
    {
      id: "gid://vela/Product/1",
      handle: "vela-lantern",
      title: "Vela Lantern",
      productType: "accessories",
      featuredImage: { url: "/images/products/vela-lantern-1.svg", altText: "Lantern" },
      available: true,
      defaultVariantId: "gid://vela/ProductVariant/1",
      priceRanges: {
        USD: {
          minVariantPrice: { amount: "29.0", currencyCode: "USD" },
          maxVariantPrice: { amount: "29.0", currencyCode: "USD" },
          compareAtPrice: null,
        },
      },
      rating: { average: null, count: 0 },
    },
  ],
  posts: [],
};

const handlers = {
  "search.suggest": () => SUGGESTIONS,
  "search.query": () => ANSWER,
};

const box = () => screen.getByRole("combobox", { name: "Search the store" });

describe("the header's search box", () => {
  it("suggests as one types, moves through the suggestions with the arrows and opens the chosen one with Enter", async () => {
    const { router, api } = renderWithProviders(<HeaderSearch />, { handlers });
    fireEvent.change(box(), { target: { value: "lan" } });
    const list = await screen.findByRole("listbox", { name: "Suggestions" });
    expect(box().getAttribute("aria-expanded")).toBe("true");
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Vela Lantern Product", "Vela Lamp Product", "The Lantern arrives News"]);
    expect(api.calls.find((c) => c.path === "search.suggest")?.input).toEqual({ q: "lan" });

    fireEvent.keyDown(box(), { key: "ArrowDown" });
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    const options = within(list).getAllByRole("option");
    expect(options[1]?.getAttribute("aria-selected")).toBe("true");
    expect(box().getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    // Up from the first wraps to the last.
    fireEvent.keyDown(box(), { key: "ArrowUp" });
    fireEvent.keyDown(box(), { key: "ArrowUp" });
    expect(options[2]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    fireEvent.submit(box().closest("form") as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/vela-lantern"));
  });

  it("Escape closes the list, then empties the box; Enter without a choice searches the words", async () => {
    const { router } = renderWithProviders(<HeaderSearch />, { handlers });
    fireEvent.change(box(), { target: { value: "lan tern" } });
    await screen.findByRole("listbox", { name: "Suggestions" });
    fireEvent.keyDown(box(), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box().getAttribute("aria-expanded")).toBe("false");
    expect((box() as HTMLInputElement).value).toBe("lan tern");
    fireEvent.keyDown(box(), { key: "Escape" });
    expect((box() as HTMLInputElement).value).toBe("");

    fireEvent.change(box(), { target: { value: " lan tern " } });
    fireEvent.submit(box().closest("form") as HTMLFormElement);
    await waitFor(() => expect(router.state.location.search).toBe("?q=lan%20tern"));
    expect(router.state.location.pathname).toBe("/search");
  });

  it("asks for nothing before anything is typed", () => {
    const { api } = renderWithProviders(<HeaderSearch />, { handlers });
    fireEvent.focus(box());
    expect(api.calls).toEqual([]);
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});

describe("the results page", () => {
  it("shows the results of ?q= in the header's box and on the page, and says when they are near matches", async () => {
    const { api } = renderApp("/search?q=lantern", { handlers });
    expect(await screen.findByRole("heading", { level: 1, name: "Results for “lantern”" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Vela Lantern" })).toBeTruthy();
    expect(screen.getByText("Nothing holds “lantern” as typed; these come close.")).toBeTruthy();
    expect(screen.getByTestId("search-count").textContent).toBe("1 product");
    expect((box() as HTMLInputElement).value).toBe("lantern");
    expect(api.calls.find((c) => c.path === "search.query")?.input).toEqual({ q: "lantern" });
  });

  it("asks the catalogue's language on a Japanese page", async () => {
    const { api } = renderApp("/search?q=%E3%83%A9%E3%83%B3%E3%82%BF%E3%83%B3", {
      handlers,
      locale: "ja-JP",
    });
    await screen.findByRole("heading", { level: 1, name: "「ランタン」の検索結果" });
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "search.query")?.input).toEqual({
        q: "ランタン",
        language: "ja-JP",
      }),
    );
  });

  it("leads /products?q= to the search", async () => {
    const { router } = renderApp("/products?q=lantern", { handlers });
    await waitFor(() => expect(router.state.location.pathname).toBe("/search"));
    expect(router.state.location.search).toBe("?q=lantern");
  });
});
