// The catalogue as CSV: the export (every product and variant, in the shop's order), and the
// import in two steps. The preview reads the file, checks every cell by the product editor's rules
// and says what would change, writing nothing; the apply reads the same file again and writes all
// of it in one transaction or nothing, refused when a product it names moved since the preview.
import { createHash } from "node:crypto";
import { PRODUCT_TYPES, toMoney } from "@vela/shared";
import {
  amountToMinor,
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_PRODUCT_COLUMNS,
  CATALOGUE_CURRENCIES,
  type CatalogueCsvApplyInput,
  type CatalogueCsvColumn,
  type CatalogueCurrency,
  CATALOGUE_ADMIN_MESSAGES as CM,
  CATALOGUE_CSV_MESSAGES as M,
  PRODUCT_STATUSES,
  type ProductStatus,
  STOCK_QUANTITY_MAX,
  ZAmountText,
  ZProductSaveInput,
  ZProductTexts,
  ZSku,
} from "@vela/shared/admin";
import type { z } from "zod";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { SECOND_LANGUAGE } from "../catalog/admin-products.ts";
import { reindexSearch } from "../search/reindex.ts";
import { CsvSyntaxError, readCsv, unescapeFormula, writeCsv } from "./csv.ts";

type Db = Deps["db"] | Prisma.TransactionClient;

// ---------------------------------------------------------------------------------------------
// What the catalogue holds, read alike for the export and the import's comparison

const catalogueSelect = {
  id: true,
  handle: true,
  status: true,
  productType: true,
  title: true,
  description: true,
  seoDescription: true,
  version: true,
  position: true,
  translations: {
    where: { language: SECOND_LANGUAGE },
    select: { title: true, description: true, seoDescription: true },
  },
  _count: { select: { images: true } },
  variants: {
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: {
      id: true,
      title: true,
      sku: true,
      available: true,
      inventory: true,
      translations: { where: { language: SECOND_LANGUAGE }, select: { title: true } },
      prices: { select: { currencyCode: true, amount: true, compareAtAmount: true } },
    },
  },
} as const satisfies Prisma.ProductSelect;

type CatalogueRow = Prisma.ProductGetPayload<{ select: typeof catalogueSelect }>;

/** A product's fields as the CSV writes them (text), by column. */
type ProductFields = Record<(typeof PRODUCT_FIELDS)[number], string>;
type VariantFields = Record<(typeof VARIANT_FIELDS)[number], string>;

const PRODUCT_FIELDS = [
  "status",
  "type",
  "title_en",
  "title_ja",
  "description_en",
  "description_ja",
  "seo_description_en",
  "seo_description_ja",
] as const satisfies readonly CatalogueCsvColumn[];
const VARIANT_FIELDS = [
  "variant_title_en",
  "variant_title_ja",
  "available",
  "price_usd",
  "compare_at_usd",
  "price_jpy",
  "compare_at_jpy",
  "stock",
] as const satisfies readonly CatalogueCsvColumn[];

const priceText = (minor: number | null | undefined, currency: CatalogueCurrency) =>
  minor === null || minor === undefined ? "" : toMoney(minor, currency).amount;

function productFieldsOf(p: CatalogueRow): ProductFields {
  const ja = p.translations[0];
  return {
    status: p.status.toLowerCase(),
    type: p.productType,
    title_en: p.title,
    title_ja: ja?.title ?? "",
    description_en: p.description,
    description_ja: ja?.description ?? "",
    seo_description_en: p.seoDescription,
    seo_description_ja: ja?.seoDescription ?? "",
  };
}

function variantFieldsOf(v: CatalogueRow["variants"][number]): VariantFields {
  const price = (c: CatalogueCurrency) => v.prices.find((x) => x.currencyCode === c);
  return {
    variant_title_en: v.title,
    variant_title_ja: v.translations[0]?.title ?? "",
    available: v.available ? "true" : "false",
    price_usd: priceText(price("USD")?.amount, "USD"),
    compare_at_usd: priceText(price("USD")?.compareAtAmount, "USD"),
    price_jpy: priceText(price("JPY")?.amount, "JPY"),
    compare_at_jpy: priceText(price("JPY")?.compareAtAmount, "JPY"),
    stock: String(v.inventory),
  };
}

// ---------------------------------------------------------------------------------------------
// Export

export interface CatalogueCsvFile {
  filename: string;
  csv: string;
}

/** The whole catalogue, one row per variant, products in the shop's order and variants in theirs. */
export async function exportCatalogue(deps: Pick<Deps, "db" | "clock">): Promise<CatalogueCsvFile> {
  const products = await deps.db.product.findMany({
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: catalogueSelect,
  });
  const rows: string[][] = [[...CATALOGUE_CSV_COLUMNS]];
  for (const p of products) {
    const pf = productFieldsOf(p);
    for (const v of p.variants) {
      const vf = variantFieldsOf(v);
      const cells: Record<CatalogueCsvColumn, string> = {
        handle: p.handle,
        ...pf,
        ...vf,
        sku: v.sku,
        product_version: String(p.version),
      };
      rows.push(CATALOGUE_CSV_COLUMNS.map((c) => cells[c]));
    }
  }
  const day = deps.clock.now().toISOString().slice(0, 10);
  return { filename: `catalogue-${day}.csv`, csv: writeCsv(rows) };
}

// ---------------------------------------------------------------------------------------------
// Reading a file

export interface CellError {
  /** The spreadsheet's row (the header is row 1). */
  row: number;
  /** The column's name in the first row, or null when the whole row is at fault. */
  column: string | null;
  message: string;
}

interface FileVariant {
  row: number;
  sku: string;
  fields: VariantFields;
}

interface FileProduct {
  row: number;
  handle: string;
  version: number | null;
  fields: ProductFields;
  /** The product columns its first row got wrong: its later rows are not compared on them. */
  badColumns: Set<string>;
  variants: FileVariant[];
}

const schemaError = (schema: z.ZodType, value: string): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? M.required);
};

const titleRule = ZProductTexts.shape.en.shape.title;
const jaTitleRule = ZProductTexts.shape.ja.shape.title;
const descriptionRule = ZProductTexts.shape.en.shape.description;
const seoRule = ZProductTexts.shape.en.shape.seoDescription;

/** One cell's fault by the editor's rules, or null. Cells arrive trimmed of nothing: rules trim. */
function cellError(column: CatalogueCsvColumn, value: string): string | null {
  switch (column) {
    case "handle":
      return value.trim() ? schemaError(ZProductSaveInput.shape.handle, value) : M.required;
    case "status":
      return (PRODUCT_STATUSES as readonly string[]).includes(value.trim().toUpperCase()) ? null : M.status;
    case "type":
      return (PRODUCT_TYPES as readonly string[]).includes(value.trim()) ? null : M.type;
    case "title_en":
    case "variant_title_en":
      return value.trim() ? schemaError(titleRule, value) : M.required;
    case "title_ja":
    case "variant_title_ja":
      return schemaError(jaTitleRule, value);
    case "description_en":
    case "description_ja":
      return schemaError(descriptionRule, value);
    case "seo_description_en":
    case "seo_description_ja":
      return schemaError(seoRule, value);
    case "sku":
      return value.trim() ? schemaError(ZSku, value) : M.required;
    case "available":
      return /^(true|false)$/i.test(value.trim()) ? null : M.available;
    case "price_usd":
    case "price_jpy":
      if (!value.trim()) return M.required;
      return schemaError(ZAmountText, value) ?? yenError(column, value);
    case "compare_at_usd":
    case "compare_at_jpy":
      if (!value.trim()) return null;
      return schemaError(ZAmountText, value) ?? yenError(column, value);
    case "stock": {
      const t = value.trim();
      return /^\d{1,7}$/.test(t) && Number(t) <= STOCK_QUANTITY_MAX ? null : M.stock;
    }
    case "product_version":
      return value.trim() === "" || /^\d{1,9}$/.test(value.trim()) ? null : M.version;
  }
}

function yenError(column: CatalogueCsvColumn, value: string): string | null {
  return column.endsWith("_jpy") && amountToMinor(value.trim(), "JPY") === null ? CM.amountYen : null;
}

const minorOf = (text: string, currency: CatalogueCurrency): number | null =>
  text.trim() === "" ? null : amountToMinor(text.trim(), currency);

/** A price's cell normalised as the export writes it ("399" -> "399.00"). */
const normalPrice = (text: string, currency: CatalogueCurrency) =>
  priceText(minorOf(text, currency), currency);

interface ReadFile {
  products: FileProduct[];
  errors: CellError[];
  rows: number;
}

/** The file's rows grouped by product, every cell checked on its own and against its product's first row. */
function readFile(text: string): ReadFile {
  const errors: CellError[] = [];
  let records: ReturnType<typeof readCsv>;
  try {
    records = readCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError)
      return { products: [], errors: [{ row: err.row, column: null, message: err.message }], rows: 0 };
    throw err;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0)
    return { products: [], errors: [{ row: 1, column: null, message: M.empty }], rows: 0 };
  const names = header.cells.map((c) => unescapeFormula(c).trim());
  const index = new Map<string, number>();
  names.forEach((name, i) => {
    if (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name))
      errors.push({ row: 1, column: name || columnLetter(i), message: M.headerUnknown });
    else if (index.has(name)) errors.push({ row: 1, column: name, message: M.headerTwice });
    else index.set(name, i);
  });
  for (const c of CATALOGUE_CSV_COLUMNS)
    if (!index.has(c)) errors.push({ row: 1, column: c, message: M.headerMissing });
  if (errors.length) return { products: [], errors, rows: body.length };

  const byHandle = new Map<string, FileProduct>();
  const firstRowOfSku = new Map<string, number>();
  for (const rec of body) {
    if (rec.cells.length !== names.length) {
      errors.push({ row: rec.row, column: null, message: M.cellCount });
      continue;
    }
    const cell = (c: CatalogueCsvColumn) => unescapeFormula(rec.cells[index.get(c) as number] ?? "");
    let rowOk = true;
    for (const c of CATALOGUE_CSV_COLUMNS) {
      const message = cellError(c, cell(c));
      if (message) {
        errors.push({ row: rec.row, column: c, message });
        rowOk = false;
      }
    }
    const usd = minorOf(cell("price_usd"), "USD");
    const jpy = minorOf(cell("price_jpy"), "JPY");
    const wasUsd = minorOf(cell("compare_at_usd"), "USD");
    const wasJpy = minorOf(cell("compare_at_jpy"), "JPY");
    if (
      usd !== null &&
      wasUsd !== null &&
      wasUsd <= usd &&
      !cellError("compare_at_usd", cell("compare_at_usd"))
    ) {
      errors.push({ row: rec.row, column: "compare_at_usd", message: CM.compareAtLow });
      rowOk = false;
    }
    if (
      jpy !== null &&
      wasJpy !== null &&
      wasJpy <= jpy &&
      !cellError("compare_at_jpy", cell("compare_at_jpy"))
    ) {
      errors.push({ row: rec.row, column: "compare_at_jpy", message: CM.compareAtLow });
      rowOk = false;
    }
    const sku = cell("sku").trim();
    const skuKey = sku.toLowerCase();
    if (sku && firstRowOfSku.has(skuKey)) {
      errors.push({ row: rec.row, column: "sku", message: M.skuTwice });
      rowOk = false;
    } else if (sku) firstRowOfSku.set(skuKey, rec.row);
    const handle = cell("handle").trim();
    const fields = Object.fromEntries(PRODUCT_FIELDS.map((c) => [c, cell(c).trim()])) as ProductFields;
    fields.status = fields.status.toLowerCase();
    const variantFields = Object.fromEntries(VARIANT_FIELDS.map((c) => [c, cell(c).trim()])) as VariantFields;
    variantFields.available = variantFields.available.toLowerCase();
    for (const c of ["price_usd", "compare_at_usd"] as const)
      if (!cellError(c, variantFields[c])) variantFields[c] = normalPrice(variantFields[c], "USD");
    for (const c of ["price_jpy", "compare_at_jpy"] as const)
      if (!cellError(c, variantFields[c])) variantFields[c] = normalPrice(variantFields[c], "JPY");
    if (!cellError("stock", variantFields.stock)) variantFields.stock = String(Number(variantFields.stock));
    const versionText = cell("product_version").trim();
    const version =
      versionText === "" || cellError("product_version", versionText) ? null : Number(versionText);
    const known = byHandle.get(handle);
    if (known) {
      // A product's columns say the same on each of its rows.
      for (const c of CATALOGUE_CSV_PRODUCT_COLUMNS) {
        if (c === "handle" || known.badColumns.has(c)) continue;
        const mine =
          c === "product_version"
            ? versionText
            : c === "status"
              ? fields.status
              : fields[c as keyof ProductFields];
        const first =
          c === "product_version"
            ? known.version === null
              ? ""
              : String(known.version)
            : known.fields[c as keyof ProductFields];
        if (mine !== first && !errors.some((e) => e.row === rec.row && e.column === c)) {
          errors.push({ row: rec.row, column: c, message: M.differsFromFirst });
          rowOk = false;
        }
      }
      if (rowOk) known.variants.push({ row: rec.row, sku, fields: variantFields });
    } else if (handle) {
      byHandle.set(handle, {
        row: rec.row,
        handle,
        version,
        fields,
        badColumns: new Set(errors.filter((e) => e.row === rec.row).map((e) => e.column ?? "")),
        variants: rowOk ? [{ row: rec.row, sku, fields: variantFields }] : [],
      });
    }
  }
  return { products: [...byHandle.values()], errors, rows: body.length };
}

/** A spreadsheet's column letter (0 -> A, 26 -> AA), for a header cell without a name. */
function columnLetter(i: number): string {
  let n = i + 1;
  let s = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// The plan: the file against the catalogue

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface CatalogueCsvPreview {
  /** Every bad cell, in the file's order. */
  errors: CellError[];
  created: { row: number; handle: string; title: string; variants: { row: number; sku: string }[] }[];
  changed: {
    row: number;
    handle: string;
    title: string;
    fields: FieldChange[];
    variants: { row: number; sku: string; fields: FieldChange[] }[];
  }[];
  /** Rows whose variant and product the file leaves as they are. */
  unchanged: number;
  rows: number;
  /** For the apply, when the file has no errors: the file's hash and the versions it was compared with. */
  token: string | null;
}

interface Plan {
  preview: CatalogueCsvPreview;
  file: FileProduct[];
  existing: Map<string, CatalogueRow>;
  versionsDigest: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

function diff(before: Record<string, string>, after: Record<string, string>): FieldChange[] {
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => ({ field: k, before: before[k] ?? "", after: after[k] ?? "" }));
}

async function plan(db: Db, text: string): Promise<Plan> {
  const read = readFile(text);
  const errors = [...read.errors];
  const handles = read.products.map((p) => p.handle);
  const skus = read.products.flatMap((p) => p.variants.map((v) => v.sku));
  const rows = await db.product.findMany({ where: { handle: { in: handles } }, select: catalogueSelect });
  const existing = new Map(rows.map((p) => [p.handle, p]));
  const skuOwners = await db.productVariant.findMany({
    where: { sku: { in: skus } },
    select: { sku: true, product: { select: { handle: true } } },
  });
  const ownerOf = new Map(skuOwners.map((v) => [v.sku.toLowerCase(), v.product.handle]));
  const preview: CatalogueCsvPreview = {
    errors,
    created: [],
    changed: [],
    unchanged: 0,
    rows: read.rows,
    token: null,
  };
  for (const p of read.products) {
    const now = existing.get(p.handle);
    const activeWithoutPicture =
      p.fields.status === "active" && (!now || now._count.images === 0) && now?.status !== "ACTIVE";
    if (activeWithoutPicture) errors.push({ row: p.row, column: "status", message: M.pictureRequired });
    for (const v of p.variants) {
      const owner = ownerOf.get(v.sku.toLowerCase());
      if (owner !== undefined && owner !== p.handle)
        errors.push({ row: v.row, column: "sku", message: M.skuOtherProduct });
      else if (now && owner === undefined) errors.push({ row: v.row, column: "sku", message: M.skuNew });
    }
    if (!now) {
      if (p.version !== null) errors.push({ row: p.row, column: "product_version", message: M.newVersion });
      preview.created.push({
        row: p.row,
        handle: p.handle,
        title: p.fields.title_en,
        variants: p.variants.map((v) => ({ row: v.row, sku: v.sku })),
      });
      continue;
    }
    if (p.version === null) errors.push({ row: p.row, column: "product_version", message: M.versionMissing });
    else if (p.version !== now.version)
      errors.push({ row: p.row, column: "product_version", message: M.exportedBefore });
    const fields = diff(productFieldsOf(now), p.fields);
    const variants: CatalogueCsvPreview["changed"][number]["variants"] = [];
    for (const v of p.variants) {
      const was = now.variants.find((x) => x.sku.toLowerCase() === v.sku.toLowerCase());
      if (!was) continue;
      const before = { sku: was.sku, ...variantFieldsOf(was) };
      const changes = diff(before, { sku: v.sku, ...v.fields });
      if (changes.length) variants.push({ row: v.row, sku: v.sku, fields: changes });
      else if (fields.length === 0) preview.unchanged++;
    }
    if (fields.length || variants.length) {
      preview.changed.push({ row: p.row, handle: p.handle, title: p.fields.title_en, fields, variants });
      // The product's own change touches each of its rows; rows of its with no variant change count as changed.
    }
  }
  errors.sort((a, b) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column));
  const versions = read.products.map((p) => [p.handle, existing.get(p.handle)?.version ?? null] as const);
  versions.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const versionsDigest = sha256(JSON.stringify(versions));
  if (errors.length === 0) preview.token = `${sha256(text)}.${versionsDigest}`;
  return { preview, file: read.products, existing, versionsDigest };
}

const columnOrder = (c: string | null) =>
  c === null ? -1 : (CATALOGUE_CSV_COLUMNS as readonly string[]).indexOf(c);

/** What the file would change, with every bad cell; nothing is written. */
export async function previewCatalogueCsv(
  deps: Pick<Deps, "db">,
  text: string,
): Promise<CatalogueCsvPreview> {
  return (await plan(deps.db, text)).preview;
}

// ---------------------------------------------------------------------------------------------
// Apply

export interface CatalogueCsvOutcome {
  created: number;
  changed: number;
  unchanged: number;
}

const changedSincePreview = () => new AppError("CONFLICT", M.changedSincePreview, { reason: "staleVersion" });

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

/** The file as previewed, written in one transaction: every product and stock change, or none. */
export async function applyCatalogueCsv(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: CatalogueCsvApplyInput,
): Promise<CatalogueCsvOutcome> {
  const [fileHash, versionsPart] = input.token.split(".");
  if (fileHash !== sha256(input.csv)) throw new AppError("BAD_REQUEST", M.notPreviewed);
  const now = deps.clock.now();
  let outcome: CatalogueCsvOutcome;
  try {
    outcome = await deps.db.$transaction(
      async (tx) => {
        const p = await plan(tx, input.csv);
        if (p.versionsDigest !== versionsPart) throw changedSincePreview();
        if (p.preview.errors.length)
          throw new AppError("BAD_REQUEST", M.hasErrors, {
            issues: p.preview.errors.map((e) => ({ path: `${e.row}.${e.column ?? ""}`, message: e.message })),
          });
        const changedHandles = new Set(p.preview.changed.map((c) => c.handle));
        let position = ((await tx.product.aggregate({ _max: { position: true } }))._max.position ?? 0) + 1;
        for (const fp of p.file) {
          const was = p.existing.get(fp.handle);
          if (!was) await createFromFile(tx, deps, actor, fp, position++, now);
          else if (changedHandles.has(fp.handle)) await updateFromFile(tx, deps, actor, fp, was, now);
        }
        return {
          created: p.preview.created.length,
          changed: p.preview.changed.length,
          unchanged: p.preview.unchanged,
        };
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
  } catch (err) {
    // A product made with one of the file's handles or SKUs meanwhile.
    if (isUniqueViolation(err)) throw changedSincePreview();
    throw err;
  }
  if (outcome.created || outcome.changed) await reindexSearch(deps.db);
  return outcome;
}

type Tx = Prisma.TransactionClient;

const statusOf = (text: string) => text.toUpperCase() as ProductStatus;

function pricesOf(v: VariantFields) {
  return CATALOGUE_CURRENCIES.map((currency) => {
    const key = currency === "USD" ? "usd" : "jpy";
    return {
      currencyCode: currency,
      amount: minorOf(v[`price_${key}`], currency) ?? 0,
      compareAtAmount: minorOf(v[`compare_at_${key}`], currency),
    };
  });
}

function jaTexts(f: ProductFields) {
  return { title: f.title_ja, description: f.description_ja, seoDescription: f.seo_description_ja };
}

function actorFields(actor: Actor) {
  return {
    staffId: actor.type === "staff" ? actor.staffId : null,
    actorLabel: actor.type === "staff" || actor.type === "customer" ? actor.email : "operator",
  };
}

async function createFromFile(
  tx: Tx,
  deps: Pick<Deps, "clock">,
  actor: Actor,
  fp: FileProduct,
  position: number,
  now: Date,
) {
  const ja = jaTexts(fp.fields);
  const product = await tx.product.create({
    data: {
      handle: fp.handle,
      productType: fp.fields.type,
      title: fp.fields.title_en,
      description: fp.fields.description_en,
      seoDescription: fp.fields.seo_description_en,
      status: statusOf(fp.fields.status),
      position,
      createdAt: now,
      updatedAt: now,
      ...(ja.title || ja.description || ja.seoDescription
        ? { translations: { create: { language: SECOND_LANGUAGE, ...ja } } }
        : {}),
    },
    select: { id: true },
  });
  for (const [i, v] of fp.variants.entries()) {
    const variant = await tx.productVariant.create({
      data: {
        productId: product.id,
        title: v.fields.variant_title_en,
        sku: v.sku,
        available: v.fields.available === "true",
        imageUrl: "",
        imageAlt: "",
        position: i,
        inventory: Number(v.fields.stock),
        prices: { create: pricesOf(v.fields) },
        ...(v.fields.variant_title_ja
          ? { translations: { create: { language: SECOND_LANGUAGE, title: v.fields.variant_title_ja } } }
          : {}),
      },
      select: { id: true },
    });
    const stock = Number(v.fields.stock);
    if (stock > 0)
      await tx.stockMovement.create({
        data: {
          variantId: variant.id,
          delta: stock,
          level: stock,
          reason: "COUNTED",
          note: M.csvNote,
          createdAt: now,
          ...actorFields(actor),
        },
      });
  }
  await record(tx, deps, actor, {
    kind: "product.created",
    entityType: "Product",
    entityId: product.id,
    after: {
      source: "csv",
      handle: fp.handle,
      ...fp.fields,
      variants: fp.variants.map((v) => ({ sku: v.sku, ...v.fields })),
    },
  });
}

async function updateFromFile(
  tx: Tx,
  deps: Pick<Deps, "clock">,
  actor: Actor,
  fp: FileProduct,
  was: CatalogueRow,
  now: Date,
) {
  const f = fp.fields;
  const moved = await tx.product.updateMany({
    where: { id: was.id, version: was.version },
    data: {
      version: { increment: 1 },
      updatedAt: now,
      status: statusOf(f.status),
      productType: f.type,
      title: f.title_en,
      description: f.description_en,
      seoDescription: f.seo_description_en,
    },
  });
  if (moved.count === 0) throw changedSincePreview();
  const ja = jaTexts(f);
  if (!ja.title && !ja.description && !ja.seoDescription)
    await tx.productTranslation.deleteMany({ where: { productId: was.id, language: SECOND_LANGUAGE } });
  else
    await tx.productTranslation.upsert({
      where: { productId_language: { productId: was.id, language: SECOND_LANGUAGE } },
      create: { productId: was.id, language: SECOND_LANGUAGE, ...ja },
      update: ja,
    });
  const before: Record<string, unknown> = { version: was.version };
  const after: Record<string, unknown> = { version: was.version + 1 };
  for (const c of diff(productFieldsOf(was), f)) {
    before[c.field] = c.before;
    after[c.field] = c.after;
  }
  for (const v of fp.variants) {
    const old = was.variants.find((x) => x.sku.toLowerCase() === v.sku.toLowerCase());
    if (!old) continue;
    const changes = diff({ sku: old.sku, ...variantFieldsOf(old) }, { sku: v.sku, ...v.fields });
    if (changes.length === 0) continue;
    for (const c of changes) {
      before[`variant.${old.sku}.${c.field}`] = c.before;
      after[`variant.${v.sku}.${c.field}`] = c.after;
    }
    await tx.productVariant.update({
      where: { id: old.id },
      data: { title: v.fields.variant_title_en, sku: v.sku, available: v.fields.available === "true" },
    });
    if (v.fields.variant_title_ja)
      await tx.productVariantTranslation.upsert({
        where: { variantId_language: { variantId: old.id, language: SECOND_LANGUAGE } },
        create: { variantId: old.id, language: SECOND_LANGUAGE, title: v.fields.variant_title_ja },
        update: { title: v.fields.variant_title_ja },
      });
    else
      await tx.productVariantTranslation.deleteMany({
        where: { variantId: old.id, language: SECOND_LANGUAGE },
      });
    for (const price of pricesOf(v.fields))
      await tx.variantPrice.upsert({
        where: { variantId_currencyCode: { variantId: old.id, currencyCode: price.currencyCode } },
        create: { variantId: old.id, ...price },
        update: { amount: price.amount, compareAtAmount: price.compareAtAmount },
      });
    const level = Number(v.fields.stock);
    if (level !== old.inventory) {
      // Only at the level the plan read: an order taking units meanwhile refuses the whole file.
      const set = await tx.productVariant.updateMany({
        where: { id: old.id, inventory: old.inventory },
        data: { inventory: level },
      });
      if (set.count === 0) throw changedSincePreview();
      await tx.stockMovement.create({
        data: {
          variantId: old.id,
          delta: level - old.inventory,
          level,
          reason: "COUNTED",
          note: M.csvNote,
          createdAt: now,
          ...actorFields(actor),
        },
      });
    }
  }
  await record(tx, deps, actor, {
    kind: "product.imported",
    entityType: "Product",
    entityId: was.id,
    before,
    after,
  });
}
