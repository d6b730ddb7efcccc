// The catalogue's pages: /products?page=N shows page N, and a pager of plain links below the grid
// leads from page to page (page 1 is the bare /products).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CATALOGUE_PAGE_MAX } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";
import { catalogPageHref, catalogPageOf } from "./products-page.tsx";
import { makeCard } from "./test-data.ts";

beforeEach(() => {
  quietSubscribeDialog();
});

const PAGE_COUNT = 3;
const TOTAL = 60;

/** Three pages of twenty; page N holds products 20(N-1)+1 on. A page beyond the last holds none. */
const pagedList = (input: unknown) => {
  const page = (input as { page?: number } | undefined)?.page ?? 1;
  const products =
    page <= PAGE_COUNT ? Array.from({ length: 20 }, (_, i) => makeCard((page - 1) * 20 + i + 1)) : [];
  return { products, pageInfo: { page, pageCount: PAGE_COUNT, total: TOTAL } };
};

const pager = () => screen.getByRole("navigation", { name: "Catalogue pages" });
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "";
const listInputs = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path === "catalog.list").map((c) => c.input);

describe("the catalogue's pager", () => {
  it("shows page 1 at /products with links to every page, the first marked current", async () => {
    const { api } = renderApp("/products", { handlers: { "catalog.list": pagedList } });
    expect(await screen.findByRole("link", { name: "Vela Product 1" })).toBeTruthy();
    const nav = within(pager());
    expect(nav.getByText("Page 1 of 3")).toBeTruthy();
    const numbers = nav.getAllByRole("link", { name: /^Page \d$/ });
    expect(numbers.map((a) => a.getAttribute("href"))).toEqual([
      "/products",
      "/products?page=2",
      "/products?page=3",
    ]);
    expect(numbers.map((a) => a.getAttribute("aria-current"))).toEqual(["page", null, null]);
    // No Previous link on the first page; Next leads to page 2.
    expect(nav.queryByRole("link", { name: "Previous" })).toBeNull();
    expect(nav.getByText("Previous").getAttribute("aria-disabled")).toBe("true");
    expect(nav.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/products?page=2");
    expect(listInputs(api.calls)).toEqual([undefined]);
    expect(canonical()).toMatch(/\/products$/);
  });

  it("moves to page 2 with Next, and back to the bare /products with Previous", async () => {
    const { api, router } = renderApp("/products", { handlers: { "catalog.list": pagedList } });
    await screen.findByRole("link", { name: "Vela Product 1" });
    fireEvent.click(within(pager()).getByRole("link", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "Vela Product 21" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Vela Product 1" })).toBeNull();
    expect(router.state.location.search).toBe("?page=2");
    expect(within(pager()).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(within(pager()).getByText("Page 2 of 3")).toBeTruthy();
    await waitFor(() => expect(canonical()).toMatch(/\/products\?page=2$/));
    fireEvent.click(within(pager()).getByRole("link", { name: "Previous" }));
    expect(await screen.findByRole("link", { name: "Vela Product 1" })).toBeTruthy();
    expect(router.state.location.search).toBe("");
    expect(listInputs(api.calls)).toContainEqual({ page: 2 });
  });

  it("opens /products?page=3 at page 3, the last: Next is not a link", async () => {
    const { api } = renderApp("/products?page=3", { handlers: { "catalog.list": pagedList } });
    expect(await screen.findByRole("link", { name: "Vela Product 41" })).toBeTruthy();
    expect(listInputs(api.calls)).toEqual([{ page: 3 }]);
    const nav = within(pager());
    expect(nav.getByRole("link", { name: "Page 3" }).getAttribute("aria-current")).toBe("page");
    expect(nav.queryByRole("link", { name: "Next" })).toBeNull();
    expect(nav.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/products?page=2");
  });

  it("keeps the type filter on the pager's links, and a new filter starts at page 1", async () => {
    const { api } = renderApp("/products?type=accessories&page=2", {
      handlers: { "catalog.list": pagedList },
    });
    await screen.findByRole("link", { name: "Vela Product 21" });
    expect(listInputs(api.calls)).toEqual([{ type: "accessories", page: 2 }]);
    const nav = within(pager());
    expect(nav.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/products?type=accessories");
    expect(nav.getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe(
      "/products?type=accessories&page=3",
    );
    expect(screen.getByRole("link", { name: "Packs" }).getAttribute("href")).toBe("/products?type=packs");
  });

  it("says a page beyond the last is not there, with a pager leading back", async () => {
    renderApp("/products?page=9", { handlers: { "catalog.list": pagedList } });
    expect(await screen.findByText("There is no page 9. The last page is 3.")).toBeTruthy();
    expect(screen.queryByText("No products match this filter.")).toBeNull();
    const nav = within(pager());
    expect(nav.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/products?page=3");
    expect(nav.queryByRole("link", { name: "Next" })).toBeNull();
    expect(
      nav.getAllByRole("link", { name: /^Page \d$/ }).filter((a) => a.getAttribute("aria-current")),
    ).toEqual([]);
  });

  it("shows no pager when one page holds the catalogue", async () => {
    renderApp("/products", {
      handlers: {
        "catalog.list": () => ({ products: [makeCard(1)], pageInfo: { page: 1, pageCount: 1, total: 1 } }),
      },
    });
    await screen.findByRole("link", { name: "Vela Product 1" });
    expect(screen.queryByRole("navigation", { name: "Catalogue pages" })).toBeNull();
  });

  it("reads ?page= as a whole page number from 1, anything else as page 1", () => {
    expect(catalogPageOf(null)).toBe(1);
    expect(catalogPageOf("2")).toBe(2);
    for (const raw of ["", "0", "-1", "1.5", "abc", "02", "2x"]) expect(catalogPageOf(raw), raw).toBe(1);
    expect(catalogPageOf(String(CATALOGUE_PAGE_MAX + 5))).toBe(CATALOGUE_PAGE_MAX);
    expect(catalogPageHref(1, null)).toBe("/products");
    expect(catalogPageHref(4, null)).toBe("/products?page=4");
    expect(catalogPageHref(1, "packs")).toBe("/products?type=packs");
  });

  it("is in Japanese for a Japanese reader", async () => {
    renderApp("/products?page=2", { locale: "ja-JP", handlers: { "catalog.list": pagedList } });
    const nav = within(await screen.findByRole("navigation", { name: "製品一覧のページ" }));
    expect(nav.getByText("3ページ中2ページ目")).toBeTruthy();
    expect(nav.getByRole("link", { name: "前へ" }).getAttribute("href")).toBe("/products");
    expect(nav.getByRole("link", { name: "次へ" }).getAttribute("href")).toBe("/products?page=3");
    expect(nav.getByRole("link", { name: "2ページ" }).getAttribute("aria-current")).toBe("page");
  });
});
