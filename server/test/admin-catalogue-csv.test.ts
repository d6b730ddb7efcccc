// The catalogue as CSV through /admin/trpc, as the admin's import page calls it: the export (a
// file download), the preview (every bad cell by row and column, what would change, nothing
// written) and the apply (all of the file in one transaction, refused when a product moved since
// the preview), with the audit trail, the stock history, the shop and its page cache following.
import { handle } from "@vela/shared";
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_EXPORT_PATH,
  CATALOGUE_ADMIN_MESSAGES as CM,
  CATALOGUE_CSV_MESSAGES as M,
  type ProductSaveInput,
} from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import type { ProductDetail } from "../src/modules/catalog/admin-products.ts";
import { readCsv, writeCsv } from "../src/modules/catalogue-csv/csv.ts";
import type { CatalogueCsvOutcome, CatalogueCsvPreview } from "../src/modules/catalogue-csv/service.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
const staff = { manager: "", support: "", content: "" };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  for (const role of ["manager", "support", "content"] as const)
    staff[role] = await signInStaff(t, await createStaff(t, `csv-${role}@vela.test`, role));
});
afterAll(() => t.close());

async function download(cookie = staff.manager) {
  return t.api("GET", CATALOGUE_CSV_EXPORT_PATH, { cookie });
}
async function exported(): Promise<string> {
  const res = await download();
  expect(res.statusCode).toBe(200);
  return res.body;
}
const preview = (csv: string, cookie = staff.manager) =>
  admin<CatalogueCsvPreview>(t, "mutation", "catalogueCsv.previewImport", { csv }, { cookie });
const apply = (csv: string, token: string, cookie = staff.manager) =>
  admin<CatalogueCsvOutcome>(t, "mutation", "catalogueCsv.applyImport", { csv, token }, { cookie });

/** The file as rows of named cells, and back (the export's own writer). */
type Row = Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>;
function rowsOf(csv: string): Row[] {
  const [header, ...body] = readCsv(csv);
  return body.map(
    (r) => Object.fromEntries((header?.cells ?? []).map((name, i) => [name, r.cells[i] ?? ""])) as Row,
  );
}
const columnAt = (c: string) => (CATALOGUE_CSV_COLUMNS as readonly string[]).indexOf(c);
const csvOf = (rows: Row[]) =>
  writeCsv([[...CATALOGUE_CSV_COLUMNS], ...rows.map((r) => CATALOGUE_CSV_COLUMNS.map((c) => r[c]))]);

/** What the database holds that an import may change: every product, variant, price and stock level. */
async function catalogueState() {
  return t.db.product.findMany({
    orderBy: { id: "asc" },
    select: {
      handle: true,
      status: true,
      title: true,
      description: true,
      version: true,
      translations: true,
      variants: { orderBy: { id: "asc" }, select: { sku: true, title: true, inventory: true, prices: true } },
    },
  });
}
const counts = async () => ({
  audit: await t.db.auditEvent.count(),
  movements: await t.db.stockMovement.count(),
  products: await t.db.product.count(),
});

describe("the export", () => {
  it("answers the whole catalogue as a CSV file, one row per variant, in a stable order", async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(res.body.startsWith(`\uFEFF${CATALOGUE_CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(res.body.endsWith("\r\n")).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(await t.db.productVariant.count());
    expect(new Set(rows.map((r) => r.handle)).size).toBe(await t.db.product.count());
    const first = await t.db.product.findFirstOrThrow({ orderBy: [{ position: "asc" }, { id: "asc" }] });
    expect(rows[0]?.handle).toBe(first.handle);
    expect(rows[0]?.status).toBe(first.status.toLowerCase());
    expect(rows[0]?.product_version).toBe(String(first.version));
    expect(rows[0]?.price_usd).toMatch(/^\d+\.\d{2}$/);
    expect(rows[0]?.price_jpy).toMatch(/^\d+$/);
    expect((await download()).body).toBe(res.body);
  });

  it("needs catalogue.read: support may download it, the content role and nobody signed in may not", async () => {
    expect((await download(staff.support)).statusCode).toBe(200);
    const refused = await download(staff.content);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(",sku,");
    expect((await t.api("GET", CATALOGUE_CSV_EXPORT_PATH)).statusCode).toBe(401);
  });
});

describe("the import", () => {
  it("round trip: the exported file changes nothing, in the preview and when applied", async () => {
    const csv = await exported();
    const before = await catalogueState();
    const was = await counts();
    const seen = await preview(csv);
    expect(seen.status).toBe(200);
    expect(seen.data.errors).toEqual([]);
    expect(seen.data.created).toEqual([]);
    expect(seen.data.changed).toEqual([]);
    expect(seen.data.unchanged).toBe(rowsOf(csv).length);
    expect(seen.data.token).toMatch(/^[\w-]+\.[\w-]+$/);
    const done = await apply(csv, seen.data.token as string);
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ created: 0, changed: 0, unchanged: rowsOf(csv).length });
    expect(await catalogueState()).toEqual(before);
    expect(await counts()).toEqual(was);
  });

  it("previews a changed price and stock before → after, then applies them with history, audit and the shop", async () => {
    const rows = rowsOf(await exported());
    const row = rows.find((r) => r.handle === handle("one-neckband")) as Row;
    const index = rows.indexOf(row);
    const variant = await t.db.productVariant.findUniqueOrThrow({ where: { sku: row.sku } });
    const oldPrice = row.price_usd;
    row.price_usd = "123.45";
    row.stock = String(variant.inventory + 7);
    const csv = csvOf(rows);
    const was = await counts();
    const seen = await preview(csv);
    expect(seen.data.errors).toEqual([]);
    expect(seen.data.changed).toEqual([
      {
        row: index + 2,
        handle: row.handle,
        title: row.title_en,
        fields: [],
        variants: [
          {
            row: index + 2,
            sku: row.sku,
            fields: [
              { field: "price_usd", before: oldPrice, after: "123.45" },
              { field: "stock", before: String(variant.inventory), after: String(variant.inventory + 7) },
            ],
          },
        ],
      },
    ]);
    // Nothing written by the preview.
    expect(await counts()).toEqual(was);
    expect((await t.db.productVariant.findUniqueOrThrow({ where: { sku: row.sku } })).inventory).toBe(
      variant.inventory,
    );

    const done = await apply(csv, seen.data.token as string);
    expect(done.status).toBe(200);
    expect(done.data.changed).toBe(1);
    const now = await t.db.productVariant.findUniqueOrThrow({
      where: { sku: row.sku },
      select: { inventory: true, prices: true, product: { select: { id: true, version: true } } },
    });
    expect(now.inventory).toBe(variant.inventory + 7);
    expect(now.prices.find((p) => p.currencyCode === "USD")?.amount).toBe(12345);
    expect(now.product.version).toBe(Number(row.product_version) + 1);
    const movement = await t.db.stockMovement.findFirstOrThrow({
      where: { variantId: variant.id },
      orderBy: { id: "desc" },
    });
    expect(movement).toMatchObject({
      delta: 7,
      level: variant.inventory + 7,
      reason: "COUNTED",
      note: M.csvNote,
      actorLabel: "csv-manager@vela.test",
    });
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.imported" },
      orderBy: { id: "desc" },
    });
    expect(audit.entityId).toBe(String(now.product.id));
    expect(JSON.parse(audit.before as string)).toMatchObject({
      [`variant.${row.sku}.price_usd`]: oldPrice,
      version: Number(row.product_version),
    });
    expect(JSON.parse(audit.after as string)).toMatchObject({
      [`variant.${row.sku}.price_usd`]: "123.45",
      [`variant.${row.sku}.stock`]: String(variant.inventory + 7),
    });
    const shop = (await t.api("GET", `/api/products/${row.handle}`)).body;
    expect(shop).toContain("123.45");
  });

  it("rebuilds the shop's search index after an apply that changes a product's texts", async () => {
    const rows = rowsOf(await exported());
    const active = await t.db.product.findFirstOrThrow({
      where: { status: "ACTIVE" },
      orderBy: { position: "desc" },
    });
    for (const r of rows) if (r.handle === active.handle) r.title_en = "Zephyrine Lantern";
    const search = async () =>
      ((await t.api("GET", "/api/search?q=zephyrine")).json() as { products: { handle: string }[] }).products;
    expect(await search()).toEqual([]);
    const seen = await preview(csvOf(rows));
    expect(seen.data.errors).toEqual([]);
    expect((await apply(csvOf(rows), seen.data.token as string)).status).toBe(200);
    expect((await search()).map((p) => p.handle)).toEqual([active.handle]);
  });

  it("creates a new product with its variants as the file says, stock into the history", async () => {
    const rows = rowsOf(await exported());
    const base = { ...(rows[0] as Row), product_version: "" };
    const newRows: Row[] = [
      {
        ...base,
        handle: "vela-csv-case",
        status: "draft",
        type: "accessories",
        title_en: "CSV Case",
        title_ja: "CSVケース",
        description_en: "A case, made from a file.",
        description_ja: "",
        seo_description_en: "",
        seo_description_ja: "",
        variant_title_en: "Black",
        variant_title_ja: "ブラック",
        sku: "CSV-CASE-BLK",
        available: "true",
        price_usd: "29",
        compare_at_usd: "",
        price_jpy: "4400",
        compare_at_jpy: "5000",
        stock: "12",
      },
      {
        ...base,
        handle: "vela-csv-case",
        status: "draft",
        type: "accessories",
        title_en: "CSV Case",
        title_ja: "CSVケース",
        description_en: "A case, made from a file.",
        description_ja: "",
        seo_description_en: "",
        seo_description_ja: "",
        variant_title_en: "White",
        variant_title_ja: "",
        sku: "CSV-CASE-WHT",
        available: "false",
        price_usd: "29.00",
        compare_at_usd: "",
        price_jpy: "4400",
        compare_at_jpy: "",
        stock: "0",
      },
    ];
    const csv = csvOf([...rows, ...newRows]);
    const seen = await preview(csv);
    expect(seen.data.errors).toEqual([]);
    expect(seen.data.created).toEqual([
      {
        row: rows.length + 2,
        handle: "vela-csv-case",
        title: "CSV Case",
        variants: [
          { row: rows.length + 2, sku: "CSV-CASE-BLK" },
          { row: rows.length + 3, sku: "CSV-CASE-WHT" },
        ],
      },
    ]);
    const done = await apply(csv, seen.data.token as string);
    expect(done.data).toMatchObject({ created: 1, changed: 0 });
    const made = await t.db.product.findUniqueOrThrow({
      where: { handle: "vela-csv-case" },
      include: {
        translations: true,
        variants: { orderBy: { position: "asc" }, include: { prices: true, translations: true } },
      },
    });
    expect(made.status).toBe("DRAFT");
    expect(made.translations[0]?.title).toBe("CSVケース");
    expect(made.variants.map((v) => [v.sku, v.inventory, v.available])).toEqual([
      ["CSV-CASE-BLK", 12, true],
      ["CSV-CASE-WHT", 0, false],
    ]);
    expect(made.variants[0]?.prices.find((p) => p.currencyCode === "USD")?.amount).toBe(2900);
    expect(made.variants[0]?.prices.find((p) => p.currencyCode === "JPY")?.compareAtAmount).toBe(5000);
    expect(made.variants[0]?.translations[0]?.title).toBe("ブラック");
    expect(await t.db.stockMovement.count({ where: { variantId: made.variants[0]?.id } })).toBe(1);
    expect(
      await t.db.auditEvent.count({ where: { kind: "product.created", entityId: String(made.id) } }),
    ).toBe(1);
    // A draft stays out of the shop.
    expect((await t.api("GET", "/api/products/vela-csv-case")).statusCode).toBe(404);
  });

  it("reports every bad cell as its spreadsheet row and column, and writes nothing", async () => {
    const rows = rowsOf(await exported());
    const [a, b, c] = rows as [Row, Row, Row];
    a.price_usd = "12.345";
    a.stock = "-1";
    b.status = "published";
    c.sku = "bad sku!";
    c.price_jpy = "100.50";
    const second = rows.find((r, i) => i > 2 && r.handle === rows[i - 1]?.handle) as Row;
    second.title_en = `${second.title_en} (other)`;
    rows.push({ ...a, sku: a.sku, price_usd: "1.00", stock: "1" });
    const csv = csvOf(rows);
    const before = await catalogueState();
    const was = await counts();
    const seen = await preview(csv);
    expect(seen.status).toBe(200);
    expect(seen.data.token).toBeNull();
    const secondRow = rows.indexOf(second) + 2;
    expect(seen.data.errors).toEqual(
      [
        { row: 2, column: "price_usd", message: CM.amountText },
        { row: 2, column: "stock", message: M.stock },
        { row: 3, column: "status", message: M.status },
        { row: 4, column: "sku", message: CM.skuText },
        { row: 4, column: "price_jpy", message: CM.amountYen },
        { row: secondRow, column: "title_en", message: M.differsFromFirst },
        { row: rows.length + 1, column: "sku", message: M.skuTwice },
      ].sort((x, y) => x.row - y.row || columnAt(x.column) - columnAt(y.column)),
    );
    // No token, and the apply refuses the file whatever token it is given.
    const refused = await apply(csv, "made.up");
    expect(refused.status).toBe(400);
    expect(await catalogueState()).toEqual(before);
    expect(await counts()).toEqual(was);
  });

  it("names a missing or unknown column, and a row with too few cells", async () => {
    const csv = await exported();
    const lines = csv.split("\r\n");
    const noStock = lines.map((l, i) => (i === 0 ? l.replace(",stock,", ",stok,") : l)).join("\r\n");
    expect((await preview(noStock)).data.errors).toEqual([
      { row: 1, column: "stok", message: M.headerUnknown },
      { row: 1, column: "stock", message: M.headerMissing },
    ]);
    const short = [lines[0], lines[1], "vela-x,draft", ...lines.slice(2)].join("\r\n");
    expect((await preview(short)).data.errors).toEqual([{ row: 3, column: null, message: M.cellCount }]);
    expect((await preview("")).data.errors).toEqual([{ row: 1, column: null, message: M.empty }]);
  });

  it("names the row of a quote the CSV grammar does not allow", async () => {
    const header = `${CATALOGUE_CSV_COLUMNS.join(",")}\r\n`;
    const cells = (first: string) => [first, ...CATALOGUE_CSV_COLUMNS.slice(1).map(() => "x")].join(",");
    expect((await preview(`${header}${cells("ok")}\r\n${cells('"open')}\r\n`)).data.errors).toEqual([
      { row: 3, column: null, message: M.unclosedQuote },
    ]);
    expect((await preview(`${header}${cells('a"b')}\r\n`)).data.errors).toEqual([
      { row: 2, column: null, message: M.quoteInside },
    ]);
    expect((await preview(`${header}${cells('"a"b')}\r\n`)).data.errors).toEqual([
      { row: 2, column: null, message: M.textAfterQuote },
    ]);
  });

  it("reads a file with or without the byte-order mark, with CRLF or LF", async () => {
    const csv = await exported();
    const plain = csv.slice(1);
    const lf = plain.replaceAll("\r\n", "\n");
    for (const text of [csv, plain, lf]) {
      const seen = await preview(text);
      expect(seen.data.errors).toEqual([]);
      expect(seen.data.changed).toEqual([]);
    }
  });

  it("reads a quoted cell with a comma, a quote and a line break, and counts rows as a spreadsheet does", async () => {
    const rows = rowsOf(await exported());
    const row = rows.find((r) => r.handle === handle("one-neckband")) as Row;
    row.description_en = 'Light, "quiet"\r\nand warm.';
    const csv = csvOf(rows);
    expect(csv).toContain('"Light, ""quiet""\r\nand warm."');
    // A bad cell after the multi-line one is still on its spreadsheet row.
    const last = rows.at(-1) as Row;
    last.stock = "many";
    const bad = await preview(csvOf(rows));
    expect(bad.data.errors).toEqual([{ row: rows.length + 1, column: "stock", message: M.stock }]);
    last.stock = "0";
    const seen = await preview(csvOf(rows));
    expect(seen.data.errors).toEqual([]);
    expect(seen.data.changed.find((c) => c.handle === row.handle)?.fields).toEqual([
      { field: "description_en", before: expect.any(String), after: 'Light, "quiet"\r\nand warm.' },
    ]);
    const csv2 = csvOf(rows);
    expect((await apply(csv2, seen.data.token as string)).status).toBe(200);
    const saved = await t.db.product.findUniqueOrThrow({ where: { handle: row.handle } });
    expect(saved.description).toBe('Light, "quiet"\r\nand warm.');
  });

  it("escapes formula-looking cells on export with an apostrophe, and takes it off on import", async () => {
    const target = await t.db.product.findUniqueOrThrow({ where: { handle: handle("one-neckband") } });
    await t.db.product.update({
      where: { id: target.id },
      data: { title: '=HYPERLINK("http://evil.test")', seoDescription: "-5% off" },
    });
    const csv = await exported();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csv).toContain("'-5% off");
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    const seen = await preview(csv);
    expect(seen.data.errors).toEqual([]);
    expect(seen.data.changed).toEqual([]);
    // A changed cell keeps its text without the apostrophe.
    const rows = rowsOf(csv);
    const row = rows.find((r) => r.handle === target.handle) as Row;
    expect(row.title_en).toBe(`'=HYPERLINK("http://evil.test")`);
    row.title_en = "'+Plus";
    const changed = await preview(csvOf(rows));
    expect(changed.data.changed[0]?.fields).toEqual([
      { field: "title_en", before: '=HYPERLINK("http://evil.test")', after: "+Plus" },
    ]);
    await t.db.product.update({
      where: { id: target.id },
      data: { title: "One Neckband", seoDescription: "" },
    });
  });

  it("refuses the apply when a product changed since the preview, writing nothing", async () => {
    const rows = rowsOf(await exported());
    const row = rows.find((r) => r.handle === handle("one-neckband")) as Row;
    row.stock = "3";
    const csv = csvOf(rows);
    const seen = await preview(csv);
    expect(seen.data.errors).toEqual([]);
    // Someone else saves the product meanwhile.
    const opened = (
      await admin<ProductDetail>(
        t,
        "query",
        "products.get",
        { productId: (await t.db.product.findUniqueOrThrow({ where: { handle: row.handle } })).id },
        { cookie: staff.manager },
      )
    ).data;
    const save: ProductSaveInput = {
      productId: opened.id,
      version: opened.version,
      handle: opened.handle,
      productType: opened.productType as ProductSaveInput["productType"],
      texts: { ...opened.texts, en: { ...opened.texts.en, title: "Neckband, renamed" } },
      variants: opened.variants.map((v) => ({
        id: v.id,
        title: v.title,
        titleJa: v.titleJa,
        sku: v.sku,
        available: v.available,
        prices: {
          USD: v.prices.USD ?? { amount: "1.00", compareAt: null },
          JPY: v.prices.JPY ?? { amount: "100", compareAt: null },
        },
      })),
    };
    expect((await admin(t, "mutation", "products.update", save, { cookie: staff.manager })).status).toBe(200);
    const before = await catalogueState();
    const was = await counts();
    const refused = await apply(csv, seen.data.token as string);
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(M.changedSincePreview);
    expect(await catalogueState()).toEqual(before);
    expect(await counts()).toEqual(was);
    // A token of another file is refused too.
    const fresh = await preview(await exported());
    expect((await apply(csv, fresh.data.token as string)).error?.message).toBe(M.notPreviewed);
  });

  it("refuses making a product active without a picture, and a SKU of another product", async () => {
    const rows = rowsOf(await exported());
    const i = rows.findIndex((r) => r.handle === "vela-csv-case");
    (rows[i] as Row).status = "active";
    (rows[i] as Row).product_version = "";
    const other = rows.find((r) => r.handle !== "vela-csv-case") as Row;
    (rows[i + 1] as Row).sku = other.sku;
    const seen = await preview(csvOf(rows));
    expect(seen.data.errors).toEqual(
      expect.arrayContaining([
        { row: i + 2, column: "status", message: M.pictureRequired },
        { row: i + 2, column: "product_version", message: M.versionMissing },
        { row: i + 3, column: "sku", message: M.skuTwice },
      ]),
    );
  });

  it("takes a file larger than the app's body limit, and refuses one over 5 MiB", async () => {
    const rows = rowsOf(await exported());
    const row = rows.find((r) => r.handle === handle("one-neckband")) as Row;
    row.description_en = "x".repeat(4900);
    const big = csvOf(rows);
    const padded = `${big}${"\r\n".repeat(40_000)}`;
    expect(padded.length).toBeGreaterThan(64 * 1024);
    const seen = await preview(padded);
    expect(seen.status).toBe(200);
    expect(seen.data.errors).toEqual([]);
    const tooBig = await preview(`${big}${"x".repeat(5 * 1024 * 1024)}`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.error?.message).toBe(M.tooLarge);
  });

  it("needs catalogue.manage to preview and apply (support reads only)", async () => {
    const csv = await exported();
    expect((await preview(csv, staff.support)).status).toBe(403);
    expect((await apply(csv, "x.y", staff.support)).status).toBe(403);
    expect((await preview(csv, staff.content)).status).toBe(403);
  });

  it("empties the page cache after an apply, not after a preview or an export", () => {
    expect(writesPublicData("POST", "/admin/trpc/catalogueCsv.applyImport")).toBe(true);
    expect(writesPublicData("POST", "/admin/trpc/catalogueCsv.previewImport")).toBe(false);
    expect(writesPublicData("GET", CATALOGUE_CSV_EXPORT_PATH)).toBe(false);
  });

  it("has every message of the import in English and Japanese", () => {
    const en = adminEnUS as Record<string, string>;
    const ja = adminJaJP as Record<string, string>;
    for (const [key, text] of Object.entries(M)) {
      if (key === "csvNote") continue;
      const found = Object.entries(en).find(([k, v]) => k.startsWith("admin.server.") && v === text);
      expect(found, key).toBeDefined();
      expect(ja[(found as [string, string])[0]], key).toBeTruthy();
    }
  });
});
