// Keeps the search index (the SearchIndex table, made by the search_index migrations) in step with
// the catalogue and the posts: one call rebuilds it from the tables, in one transaction, so a reader
// sees the old index or the new one, never half. The seed and the fixtures loader call it; whatever
// changes a product (its texts, variants, SKUs, status) or a post calls it after its write. With the
// store's catalogue (hundreds of products) a rebuild takes milliseconds.
import { type Db, type Engine, type Prisma, twinFor } from "../../db/client.ts";
import { SEARCH_INDEX_TABLE } from "../../db/external-tables.ts";

/**
 * Each engine's statements, the same as its migration's: a product's row holds its titles, its
 * variants' names and SKUs, and its descriptions in every language; a post's, its titles, excerpts
 * and bodies. Only products in the shop (ACTIVE) and published posts are indexed (a scheduled
 * post too: the search shows it from its time on, search/service.ts).
 */
const REBUILD: Record<Engine, readonly string[]> = {
  sqlite: [
    `DELETE FROM "${SEARCH_INDEX_TABLE}"`,
    `INSERT INTO "${SEARCH_INDEX_TABLE}" ("kind", "ref", "position", "title", "variants", "body")
     SELECT 'product', p."handle", p."position",
       p."title" || COALESCE(char(10) || (SELECT group_concat(t."title", char(10)) FROM "ProductTranslation" t WHERE t."productId" = p."id"), ''),
       COALESCE((SELECT group_concat(v."title" || ' ' || v."sku", char(10)) FROM "ProductVariant" v WHERE v."productId" = p."id"), '')
         || COALESCE(char(10) || (SELECT group_concat(vt."title", char(10)) FROM "ProductVariantTranslation" vt JOIN "ProductVariant" v ON v."id" = vt."variantId" WHERE v."productId" = p."id"), ''),
       p."description" || COALESCE(char(10) || (SELECT group_concat(t."description", char(10)) FROM "ProductTranslation" t WHERE t."productId" = p."id"), '')
     FROM "Product" p
     WHERE p."status" = 'ACTIVE'`,
    `INSERT INTO "${SEARCH_INDEX_TABLE}" ("kind", "ref", "position", "title", "variants", "body")
     SELECT 'post', b."slug", 0,
       COALESCE((SELECT group_concat(t."title", char(10)) FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), ''),
       '',
       COALESCE((SELECT group_concat(t."excerpt" || char(10) || t."body", char(10)) FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), '')
     FROM "BlogPost" b
     WHERE b."status" = 'PUBLISHED'`,
  ],
  postgresql: [
    `DELETE FROM "${SEARCH_INDEX_TABLE}"`,
    `INSERT INTO "${SEARCH_INDEX_TABLE}" ("kind", "ref", "position", "title", "variants", "body")
     SELECT 'product', p."handle", p."position",
       p."title" || COALESCE(chr(10) || (SELECT string_agg(t."title", chr(10) ORDER BY t."language") FROM "ProductTranslation" t WHERE t."productId" = p."id"), ''),
       COALESCE((SELECT string_agg(v."title" || ' ' || v."sku", chr(10) ORDER BY v."position") FROM "ProductVariant" v WHERE v."productId" = p."id"), '')
         || COALESCE(chr(10) || (SELECT string_agg(vt."title", chr(10)) FROM "ProductVariantTranslation" vt JOIN "ProductVariant" v ON v."id" = vt."variantId" WHERE v."productId" = p."id"), ''),
       p."description" || COALESCE(chr(10) || (SELECT string_agg(t."description", chr(10) ORDER BY t."language") FROM "ProductTranslation" t WHERE t."productId" = p."id"), '')
     FROM "Product" p
     WHERE p."status" = 'ACTIVE'`,
    `INSERT INTO "${SEARCH_INDEX_TABLE}" ("kind", "ref", "position", "title", "variants", "body")
     SELECT 'post', b."slug", 0,
       COALESCE((SELECT string_agg(t."title", chr(10) ORDER BY t."language") FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), ''),
       '',
       COALESCE((SELECT string_agg(t."excerpt" || chr(10) || t."body", chr(10) ORDER BY t."language") FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), '')
     FROM "BlogPost" b
     WHERE b."status" = 'PUBLISHED'`,
  ],
};

/**
 * Rebuilds the search index inside the caller's transaction, so the index changes with the rows
 * it writes (the fixtures loader's).
 */
export async function rebuildSearchIndexIn(tx: Prisma.TransactionClient): Promise<void> {
  for (const statement of twinFor(tx, REBUILD)) await tx.$executeRawUnsafe(statement);
}

/** Rebuilds the search index from the products and posts, in a transaction of its own. */
export async function reindexSearch(db: Db): Promise<void> {
  await db.$transaction((tx) => rebuildSearchIndexIn(tx));
}
