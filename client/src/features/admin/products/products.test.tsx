import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CATALOGUE_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

function product(extra: Record<string, unknown> = {}) {
  return {
    id: 7,
    handle: "vela-one-xr-glasses",
    productType: "glasses",
    status: "ACTIVE",
    version: 4,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    texts: {
      en: { title: "Vela One XR Glasses", description: "Light glasses.", seoDescription: "" },
      ja: { title: "Vela One XRグラス", description: "", seoDescription: "" },
    },
    images: [],
    variants: [
      {
        id: 71,
        title: "Standard",
        titleJa: "スタンダード",
        sku: "VELA-ONE-STD",
        available: true,
        inventory: 12,
        prices: {
          USD: { amount: "399.00", compareAt: "439.00" },
          JPY: { amount: "59800", compareAt: null },
        },
      },
    ],
    history: [
      {
        id: 3,
        variantId: 71,
        sku: "VELA-ONE-STD",
        variantTitle: "Standard",
        delta: 5,
        level: 12,
        reason: "RECEIVED",
        note: "Delivery 42",
        by: "manager@vela.test",
        at: "2026-11-20T09:00:00.000Z",
      },
    ],
    ...extra,
  };
}

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  handle: `vela-product-${id}`,
  title: `Product ${id}`,
  titleJa: "",
  productType: "glasses",
  status: "ACTIVE",
  image: null,
  variants: 1,
  skus: [`SKU-${id}`],
  stock: 10,
  prices: { USD: { min: 39_900, max: 39_900 }, JPY: { min: 59_800, max: 59_800 } },
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

describe("a product's page", () => {
  it("shows the English and Japanese texts side by side, each field labelled, and saves at the version it opened", async () => {
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product(),
        "products.update": () => product({ version: 5 }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Vela One XR Glasses" })).toBeTruthy();
    expect((screen.getByLabelText("Title (English)") as HTMLInputElement).value).toBe("Vela One XR Glasses");
    const ja = screen.getByLabelText("Title (Japanese)") as HTMLInputElement;
    expect(ja.value).toBe("Vela One XRグラス");
    // An empty Japanese field shows the English text it falls back to.
    expect((screen.getByLabelText("Description (Japanese)") as HTMLTextAreaElement).value).toBe("");
    fireEvent.change(ja, { target: { value: "ベラ ワン 新" } });
    fireEvent.change(screen.getByLabelText("Price (USD)"), { target: { value: "379.00" } });
    fireEvent.change(screen.getByLabelText(/Compare-at price \(JPY\)/), { target: { value: "64800" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    const sent = api.calls.find((c) => c.path === "products.update")?.input as Record<string, unknown>;
    expect(sent).toMatchObject({
      productId: 7,
      version: 4,
      handle: "vela-one-xr-glasses",
      texts: { ja: { title: "ベラ ワン 新" } },
      variants: [
        {
          id: 71,
          sku: "VELA-ONE-STD",
          prices: {
            USD: { amount: "379.00", compareAt: "439.00" },
            JPY: { amount: "59800", compareAt: "64800" },
          },
        },
      ],
    });
  });

  it("keeps what the member typed when the product changed since it was opened, and offers the latest version", async () => {
    let version = 4;
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product({ version }),
        "products.update": () => {
          throw new ApiFailure("CONFLICT", CATALOGUE_ADMIN_MESSAGES.staleVersion);
        },
      },
    });
    const title = (await screen.findByLabelText("Title (English)")) as HTMLInputElement;
    fireEvent.change(title, { target: { value: "My title" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("This product changed since you opened it: open it again before you save"),
    ).toBeTruthy();
    expect(title.value).toBe("My title");
    version = 5;
    fireEvent.click(screen.getByRole("button", { name: "Open the latest version" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Title (English)") as HTMLInputElement).value).toBe(
        "Vela One XR Glasses",
      ),
    );
    // The next save is made at the version read again.
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "products.update")).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === "products.update")[1]?.input).toMatchObject({ version: 5 });
  });

  it("shows support the product without a way to change it", async () => {
    renderAdmin("/admin/products/7", {
      handlers: { "auth.me": signedIn(member("support")), "products.get": () => product() },
    });
    expect(await screen.findByText("Your role can look at products but not change them.")).toBeTruthy();
    expect(screen.getByLabelText("Title (English)").matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Archive" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Update stock" })).toBeNull();
    // The history is there to read.
    expect(
      screen.getByRole("table", { name: "The latest stock changes, newest first" }).textContent,
    ).toContain("Delivery 42");
  });

  it("archives at the version it opened and says the product left the shop", async () => {
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product(),
        "products.setStatus": () => product({ status: "ARCHIVED", version: 5 }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Archived: the product is out of the shop.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "products.setStatus")?.input).toEqual({
      productId: 7,
      version: 4,
      status: "ARCHIVED",
    });
    expect(await screen.findByRole("button", { name: "Publish" })).toBeTruthy();
  });

  it("adjusts stock with a reason, refuses a quantity that is not a whole number before sending", async () => {
    const { api } = renderAdmin("/admin/products/7", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product(),
        "products.adjustStock": () => ({ variantId: 71, level: 10, delta: -2, history: [] }),
      },
    });
    const units = await screen.findByLabelText("Units (negative to take off)");
    fireEvent.change(units, { target: { value: "1.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Update stock" }));
    expect(await screen.findByText("Enter a whole number")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "products.adjustStock")).toBe(false);
    fireEvent.change(units, { target: { value: "-2" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "DAMAGED" } });
    fireEvent.change(screen.getByLabelText(/Note/), { target: { value: "Dropped" } });
    fireEvent.click(screen.getByRole("button", { name: "Update stock" }));
    expect(await screen.findByText("VELA-ONE-STD: stock is now 10 (-2).")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "products.adjustStock")?.input).toEqual({
      variantId: 71,
      mode: "adjust",
      quantity: -2,
      reason: "DAMAGED",
      note: "Dropped",
    });
  });

  it("is in Japanese for a Japanese reader", async () => {
    renderAdmin("/admin/products/7", {
      locale: "ja-JP",
      handlers: { "auth.me": signedIn(member("owner")), "products.get": () => product() },
    });
    expect(await screen.findByLabelText("商品名（日本語）")).toBeTruthy();
    expect(screen.getByLabelText("商品名（英語）")).toBeTruthy();
    expect(screen.getByRole("button", { name: "保存" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "アーカイブする" })).toBeTruthy();
    expect(screen.getByRole("table", { name: "最近の在庫の変更（新しい順）" }).textContent).toContain("入荷");
  });
});

describe("the products list", () => {
  it("keeps the search, filters and page in the URL", async () => {
    const { api, router } = renderAdmin("/admin/products", {
      handlers: {
        "auth.me": signedIn(member("fulfilment")),
        "products.list": (input) => {
          const q = (input as { q?: string }).q;
          return q
            ? { products: [row(2)], nextCursor: "c2", prevCursor: null }
            : { products: [row(1), row(2)], nextCursor: null, prevCursor: null };
        },
      },
    });
    const table = await screen.findByRole("table", { name: "Products" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByRole("link", { name: "Product 1" }).getAttribute("href")).toBe(
      "/admin/products/1",
    );
    fireEvent.change(screen.getByLabelText("Title, handle or SKU"), { target: { value: "SKU-2" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "ARCHIVED" } });
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "title" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=SKU-2&status=ARCHIVED&sort=title"));
    fireEvent.click(await screen.findByRole("button", { name: "Next page" }));
    await waitFor(() => expect(router.state.location.search).toContain("cursor=c2"));
    expect(api.calls.filter((c) => c.path === "products.list").at(-1)?.input).toMatchObject({
      q: "SKU-2",
      status: "ARCHIVED",
      sort: "title",
      cursor: "c2",
      direction: "next",
    });
  });

  it("is in the navigation for roles that read the catalogue, not for the content role", async () => {
    renderAdmin("/admin/products", {
      handlers: {
        "auth.me": signedIn(member("content")),
      },
    });
    expect(await screen.findByText("You do not have access")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Products" })).toBeNull();
  });
});

describe("a new product", () => {
  it("is offered to a manager, made as a draft from the form, and opens its page", async () => {
    const { api, router } = renderAdmin("/admin/products", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.list": () => ({ products: [row(1)], nextCursor: null, prevCursor: null }),
        "products.create": () => product({ id: 9, status: "DRAFT", version: 0 }),
        "products.get": () => product({ id: 9, status: "DRAFT", version: 0 }),
      },
    });
    fireEvent.click(await screen.findByRole("link", { name: "Add a product" }));
    expect(await screen.findByRole("heading", { level: 1, name: "New product" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "vela-travel-case" } });
    fireEvent.change(screen.getByLabelText("Title (English)"), { target: { value: "Travel Case" } });
    fireEvent.change(screen.getByLabelText("Title (Japanese)"), { target: { value: "トラベルケース" } });
    fireEvent.change(screen.getByLabelText("SKU"), { target: { value: "VELA-CASE" } });
    fireEvent.change(screen.getByLabelText("Price (USD)"), { target: { value: "29.00" } });
    fireEvent.change(screen.getByLabelText("Price (JPY)"), { target: { value: "4400" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the draft" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/products/9"));
    expect(api.calls.find((c) => c.path === "products.create")?.input).toMatchObject({
      handle: "vela-travel-case",
      productType: "accessories",
      texts: { en: { title: "Travel Case" }, ja: { title: "トラベルケース" } },
      variant: {
        title: "Standard",
        sku: "VELA-CASE",
        available: true,
        prices: { USD: { amount: "29.00", compareAt: null }, JPY: { amount: "4400", compareAt: null } },
      },
    });
  });

  it("is not offered to support, whose role cannot open its page", async () => {
    renderAdmin("/admin/products", {
      handlers: {
        "auth.me": signedIn(member("support")),
        "products.list": () => ({ products: [row(1)], nextCursor: null, prevCursor: null }),
      },
    });
    expect(await screen.findByRole("table", { name: "Products" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add a product" })).toBeNull();
  });

  it("answers support's visit to its address with no access", async () => {
    renderAdmin("/admin/products/new", { handlers: { "auth.me": signedIn(member("support")) } });
    expect(await screen.findByText("You do not have access")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Create the draft" })).toBeNull();
  });
});
