import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CATALOGUE_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const variant = (id: number, title: string, sku: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  titleJa: "",
  sku,
  available: true,
  inventory: 0,
  prices: { USD: { amount: "29.00", compareAt: null }, JPY: { amount: "4400", compareAt: null } },
  ...extra,
});

function product(extra: Record<string, unknown> = {}) {
  return {
    id: 9,
    handle: "vela-travel-case",
    productType: "accessories",
    status: "DRAFT",
    version: 2,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    texts: {
      en: { title: "Travel Case", description: "", seoDescription: "" },
      ja: { title: "トラベルケース", description: "", seoDescription: "" },
    },
    images: [],
    variants: [variant(91, "Black", "CASE-BLK")],
    history: [],
    ...extra,
  };
}

const two = (extra: Record<string, unknown> = {}) =>
  product({ variants: [variant(91, "Black", "CASE-BLK"), variant(92, "White", "CASE-WHT")], ...extra });

describe("a product's variants", () => {
  it("adds a variant from a labelled dialog at the version opened, and the form shows it", async () => {
    let current = product();
    const { api } = renderAdmin("/admin/products/9", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        // The server's product as it is: with the new variant once it is added.
        "products.get": () => current,
        "products.addVariant": () => {
          current = product({
            version: 3,
            variants: [variant(91, "Black", "CASE-BLK"), variant(92, "White", "CASE-WHT", { inventory: 3 })],
          });
          return current;
        },
      },
    });
    // The last variant cannot be removed: its button is off and the page says why.
    const remove = await screen.findByRole("button", { name: "Remove variant Black (CASE-BLK)" });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("A product keeps at least one variant.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a variant" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a variant" });
    const field = (label: string | RegExp) => within(dialog).getByLabelText(label);
    fireEvent.change(field("Name (English)"), { target: { value: "White" } });
    fireEvent.change(field(/Name \(Japanese\)/), { target: { value: "ホワイト" } });
    fireEvent.change(field("SKU"), { target: { value: "CASE-WHT" } });
    fireEvent.change(field("Price (USD)"), { target: { value: "31.50" } });
    fireEvent.change(field(/Compare-at price \(USD\)/), { target: { value: "35.00" } });
    fireEvent.change(field("Price (JPY)"), { target: { value: "4800" } });
    fireEvent.change(field(/Units on hand/), { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the variant" }));
    expect(await screen.findByText("Variant CASE-WHT added.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "products.addVariant")?.input).toEqual({
      productId: 9,
      version: 2,
      variant: {
        title: "White",
        titleJa: "ホワイト",
        sku: "CASE-WHT",
        available: true,
        prices: { USD: { amount: "31.50", compareAt: "35.00" }, JPY: { amount: "4800", compareAt: null } },
      },
      stock: 3,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    // The page's form reopened with both variants, and each can now be removed.
    await waitFor(() => expect(screen.getAllByLabelText("SKU")).toHaveLength(2));
    expect(
      (screen.getByRole("button", { name: "Remove variant White (CASE-WHT)" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("shows a refused SKU next to its field and keeps the dialog open", async () => {
    renderAdmin("/admin/products/9", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => product(),
        "products.addVariant": () => {
          throw new ApiFailure("CONFLICT", CATALOGUE_ADMIN_MESSAGES.skuTaken, [
            { path: "variant.sku", message: CATALOGUE_ADMIN_MESSAGES.skuTaken },
          ]);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add a variant" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a variant" });
    fireEvent.change(within(dialog).getByLabelText("SKU"), { target: { value: "CASE-BLK" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add the variant" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("SKU").getAttribute("aria-describedby") ?? "").toMatch(/error/),
    );
    expect(within(dialog).getByText("Another variant has this SKU")).toBeTruthy();
  });

  it("removes a variant after a confirmation naming it; says when it was taken off sale instead", async () => {
    const { api } = renderAdmin("/admin/products/9", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => two(),
        "products.removeVariant": () => ({
          outcome: "offSale",
          sku: "CASE-WHT",
          product: two({
            version: 3,
            variants: [
              variant(91, "Black", "CASE-BLK"),
              variant(92, "White", "CASE-WHT", { available: false }),
            ],
          }),
        }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Remove variant White (CASE-WHT)" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove variant White (CASE-WHT)?" });
    expect(within(dialog).getByText(/taken off sale instead/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove the variant" }));
    expect(
      await screen.findByText("Variant CASE-WHT is in orders: it was taken off sale instead of removed."),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.path === "products.removeVariant")?.input).toEqual({
      productId: 9,
      version: 2,
      variantId: 92,
    });
  });

  it("keeps the confirmation open with the refusal when the page is stale", async () => {
    renderAdmin("/admin/products/9", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "products.get": () => two(),
        "products.removeVariant": () => {
          throw new ApiFailure("CONFLICT", CATALOGUE_ADMIN_MESSAGES.staleVersion);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Remove variant Black (CASE-BLK)" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove variant Black (CASE-BLK)?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove the variant" }));
    expect(await within(dialog).findByText(CATALOGUE_ADMIN_MESSAGES.staleVersion)).toBeTruthy();
  });

  it("is in Japanese for a Japanese reader, and hidden from a role that cannot manage", async () => {
    const ja = renderAdmin("/admin/products/9", {
      locale: "ja-JP",
      handlers: { "auth.me": signedIn(member("manager")), "products.get": () => two() },
    });
    expect(await screen.findByRole("button", { name: "バリエーションを追加" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "バリエーション White（CASE-WHT）を削除" })).toBeTruthy();
    ja.unmount();
    renderAdmin("/admin/products/9", {
      handlers: { "auth.me": signedIn(member("support")), "products.get": () => two() },
    });
    expect(await screen.findByText("Your role can look at products but not change them.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add a variant" })).toBeNull();
  });
});
