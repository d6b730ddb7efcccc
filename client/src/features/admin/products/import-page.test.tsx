import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  CATALOGUE_ADMIN_MESSAGES,
  CATALOGUE_CSV_EXPORT_PATH,
  CATALOGUE_CSV_MESSAGES,
} from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const CSV = "\uFEFFhandle,status\r\nvela-one,active\r\n";
/** What the page sends: the file's text as the browser decodes it (UTF-8, its byte-order mark dropped). */
const SENT = CSV.slice(1);

const clean = {
  errors: [],
  created: [{ row: 5, handle: "vela-case", title: "Case", variants: [{ row: 5, sku: "CASE-1" }] }],
  changed: [
    {
      row: 2,
      handle: "vela-one",
      title: "Vela One",
      fields: [{ field: "title_en", before: "Vela One", after: "Vela One XR" }],
      variants: [
        { row: 2, sku: "ONE-STD", fields: [{ field: "price_usd", before: "399.00", after: "379.00" }] },
      ],
    },
  ],
  unchanged: 2,
  rows: 4,
  token: "file.versions",
};

async function chooseFile(text = CSV) {
  const input = (await screen.findByLabelText("CSV file")) as HTMLInputElement;
  const file = new File([text], "catalogue.csv", { type: "text/csv" });
  fireEvent.change(input, { target: { files: [file] } });
  // The page reads the file before it can be previewed.
  await new Promise((r) => setTimeout(r, 0));
}

describe("importing the catalogue from CSV", () => {
  it("lists every bad cell by row and column and keeps Apply disabled", async () => {
    const { api } = renderAdmin("/admin/products/import", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "catalogueCsv.previewImport": () => ({
          ...clean,
          created: [],
          changed: [],
          token: null,
          errors: [
            { row: 3, column: "price_usd", message: CATALOGUE_ADMIN_MESSAGES.amountText },
            { row: 4, column: null, message: CATALOGUE_CSV_MESSAGES.cellCount },
          ],
        }),
      },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Import the catalogue from CSV" }),
    ).toBeTruthy();
    await chooseFile();
    fireEvent.click(screen.getByRole("button", { name: "Preview the changes" }));
    const errors = await screen.findByRole("heading", { name: "Cells to fix (2)" });
    const list = within(errors.closest("section") as HTMLElement);
    expect(list.getByText(`Row 3, column price_usd: ${CATALOGUE_ADMIN_MESSAGES.amountText}`)).toBeTruthy();
    expect(list.getByText(`Row 4: ${CATALOGUE_CSV_MESSAGES.cellCount}`)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Apply the changes" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(api.calls.find((c) => c.path === "catalogueCsv.previewImport")?.input).toEqual({ csv: SENT });
    expect(api.calls.some((c) => c.path === "catalogueCsv.applyImport")).toBe(false);
  });

  it("shows what would change before and after, applies the file with its token and says so with focus", async () => {
    const { api } = renderAdmin("/admin/products/import", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "catalogueCsv.previewImport": () => clean,
        "catalogueCsv.applyImport": () => ({ created: 1, changed: 1, unchanged: 2 }),
      },
    });
    const apply = (await screen.findByRole("button", { name: "Apply the changes" })) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await chooseFile();
    fireEvent.click(screen.getByRole("button", { name: "Preview the changes" }));
    expect(
      await screen.findByText("4 rows: 1 new products, 1 products changed, 2 rows unchanged."),
    ).toBeTruthy();
    const changed = within(
      screen.getByRole("heading", { name: "Changed products" }).closest("section") as HTMLElement,
    );
    const variant = changed.getByRole("table", { name: "Variant ONE-STD (row 2)" });
    expect(within(variant).getByRole("rowheader", { name: "price_usd" })).toBeTruthy();
    expect(within(variant).getByText("399.00")).toBeTruthy();
    expect(within(variant).getByText("379.00")).toBeTruthy();
    expect(screen.getByText(/CASE-1/)).toBeTruthy();
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    const done = await screen.findByText("Imported: 1 new products, 1 products changed.");
    expect(api.calls.find((c) => c.path === "catalogueCsv.applyImport")?.input).toEqual({
      csv: SENT,
      token: "file.versions",
    });
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect((screen.getByRole("button", { name: "Apply the changes" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("says so when the catalogue changed since the preview, and asks for a new preview", async () => {
    renderAdmin("/admin/products/import", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "catalogueCsv.previewImport": () => clean,
        "catalogueCsv.applyImport": () => {
          throw new ApiFailure("CONFLICT", CATALOGUE_CSV_MESSAGES.changedSincePreview);
        },
      },
    });
    await chooseFile();
    fireEvent.click(await screen.findByRole("button", { name: "Preview the changes" }));
    const apply = (await screen.findByRole("button", { name: "Apply the changes" })) as HTMLButtonElement;
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
    expect(await screen.findByText(CATALOGUE_CSV_MESSAGES.changedSincePreview)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Apply the changes" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("speaks Japanese, with the server's cell messages translated", async () => {
    renderAdmin("/admin/products/import", {
      locale: "ja-JP",
      handlers: {
        "auth.me": signedIn(member("manager")),
        "catalogueCsv.previewImport": () => ({
          ...clean,
          token: null,
          errors: [{ row: 3, column: "stock", message: CATALOGUE_CSV_MESSAGES.stock }],
        }),
      },
    });
    const input = (await screen.findByLabelText("CSVファイル")) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([CSV], "c.csv")] } });
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(screen.getByRole("button", { name: "変更をプレビュー" }));
    expect(await screen.findByText("3行目、stock列: 在庫数は0以上の整数にしてください")).toBeTruthy();
  });

  it("offers Export CSV to whoever sees the list, and Import CSV only with catalogue.manage", async () => {
    const list = () => ({ products: [], nextCursor: null, prevCursor: null });
    const first = renderAdmin("/admin/products", {
      handlers: { "auth.me": signedIn(member("manager")), "products.list": list },
    });
    const exportLink = await screen.findByRole("link", { name: "Export CSV" });
    expect(exportLink.getAttribute("href")).toBe(CATALOGUE_CSV_EXPORT_PATH);
    expect(exportLink.hasAttribute("download")).toBe(true);
    expect(screen.getByRole("link", { name: "Import CSV" }).getAttribute("href")).toBe(
      "/admin/products/import",
    );
    first.unmount();
    renderAdmin("/admin/products", {
      handlers: { "auth.me": signedIn(member("support")), "products.list": list },
    });
    expect(await screen.findByRole("link", { name: "Export CSV" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Import CSV" })).toBeNull();
  });
});
