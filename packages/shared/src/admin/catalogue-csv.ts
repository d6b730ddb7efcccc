// The catalogue as CSV (docs/admin.md, "The catalogue as CSV"): its columns, the import's limits
// and inputs, and the server's answers (English; the admin's catalogue translates them, keyed
// `admin.server.catalogueCsv.*`).
import { z } from "zod";

/** One row per variant; a product's columns repeat on each of its variants' rows. */
export const CATALOGUE_CSV_COLUMNS = [
  "handle",
  "status",
  "type",
  "title_en",
  "title_ja",
  "description_en",
  "description_ja",
  "seo_description_en",
  "seo_description_ja",
  "variant_title_en",
  "variant_title_ja",
  "sku",
  "available",
  "price_usd",
  "compare_at_usd",
  "price_jpy",
  "compare_at_jpy",
  "stock",
  "product_version",
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The columns that belong to the product rather than the variant: equal on each of its rows. */
export const CATALOGUE_CSV_PRODUCT_COLUMNS: readonly CatalogueCsvColumn[] = [
  "handle",
  "status",
  "type",
  "title_en",
  "title_ja",
  "description_en",
  "description_ja",
  "seo_description_en",
  "seo_description_ja",
  "product_version",
];

/** The export's address (GET, catalogue.read), under the staff cookie's path. */
export const CATALOGUE_CSV_EXPORT_PATH = "/admin/trpc/catalogue.csv";
/** The largest file the import reads, in bytes of UTF-8. */
export const CATALOGUE_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** The preview's and apply's request bodies (JSON: the file's text escaped, so up to twice its size). */
export const CATALOGUE_CSV_BODY_LIMIT = 2 * CATALOGUE_CSV_MAX_BYTES + 64 * 1024;

export const CATALOGUE_CSV_MESSAGES = {
  tooLarge: "The file is larger than 5 MiB: split it into smaller files",
  empty: "The file has no rows: export the catalogue for a file to start from",
  headerMissing: "This column is missing from the first row",
  headerUnknown: "The first row has a column the import does not know",
  headerTwice: "This column is in the first row twice",
  cellCount: "This row has a different number of cells from the first row",
  required: "Enter a value",
  status: "One of draft, active, archived",
  type: "One of glasses, accessories, packs",
  available: "true or false",
  stock: "A whole number of units, 0 or more",
  version: "The product_version of the export, a whole number",
  newVersion: "No product has this handle: leave product_version empty for a new product",
  versionMissing: "Enter this product's product_version from the export",
  exportedBefore: "This product changed since the file was exported: export it again",
  differsFromFirst: "Differs from this product's first row",
  skuTwice: "This SKU is on an earlier row too",
  skuOtherProduct: "Another product has this SKU",
  skuNew: "No variant of this product has this SKU: the import adds variants only to new products",
  pictureRequired: "A product without a picture cannot be active: make it a draft",
  notPreviewed: "This is not the file you previewed: preview it again",
  changedSincePreview: "The catalogue changed since you previewed it: preview the file again",
  hasErrors: "The file has errors: fix them and preview it again",
  unclosedQuote: "A quoted cell is not closed",
  textAfterQuote:
    "Text follows a closing quote: put the whole cell in quotes and double the quotes inside it",
  quoteInside: "A quote inside an unquoted cell: put the cell in quotes and double the quote",
  /** The stock history's note on a level the import set. */
  csvNote: "CSV import",
} as const;

const M = CATALOGUE_CSV_MESSAGES;

/** The text's length in bytes of UTF-8 (a surrogate pair counts 2 + 2, as its four bytes). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
  }
  return n;
}

export const ZCatalogueCsvText = z
  .string()
  .max(CATALOGUE_CSV_MAX_BYTES, M.tooLarge)
  .refine((text) => utf8Length(text) <= CATALOGUE_CSV_MAX_BYTES, M.tooLarge);

export const ZCatalogueCsvPreviewInput = z.strictObject({ csv: ZCatalogueCsvText });
export type CatalogueCsvPreviewInput = z.infer<typeof ZCatalogueCsvPreviewInput>;

export const ZCatalogueCsvApplyInput = z.strictObject({
  csv: ZCatalogueCsvText,
  /** The preview's token: the file's hash and the versions of the products it names. */
  token: z.string().max(200),
});
export type CatalogueCsvApplyInput = z.infer<typeof ZCatalogueCsvApplyInput>;
