-- The search index (server/src/modules/search): one row per product in the shop and per post, with
-- the texts of every language. FTS5 with the trigram tokenizer: any three characters of a text
-- find it, Japanese and Chinese included, which have no spaces between words. Prisma's schema
-- cannot express a virtual table; db/external-tables.ts keeps the schema engine from dropping it.
CREATE VIRTUAL TABLE "SearchIndex" USING fts5(
    "kind" UNINDEXED,
    "ref" UNINDEXED,
    "position" UNINDEXED,
    "title",
    "variants",
    "body",
    tokenize = 'trigram'
);

-- Filled here for a database that has products already; reindexSearch() fills it the same way.
INSERT INTO "SearchIndex" ("kind", "ref", "position", "title", "variants", "body")
SELECT 'product', p."handle", p."position",
    p."title" || COALESCE(char(10) || (SELECT group_concat(t."title", char(10)) FROM "ProductTranslation" t WHERE t."productId" = p."id"), ''),
    COALESCE((SELECT group_concat(v."title" || ' ' || v."sku", char(10)) FROM "ProductVariant" v WHERE v."productId" = p."id"), '')
        || COALESCE(char(10) || (SELECT group_concat(vt."title", char(10)) FROM "ProductVariantTranslation" vt JOIN "ProductVariant" v ON v."id" = vt."variantId" WHERE v."productId" = p."id"), ''),
    p."description" || COALESCE(char(10) || (SELECT group_concat(t."description", char(10)) FROM "ProductTranslation" t WHERE t."productId" = p."id"), '')
FROM "Product" p
WHERE p."status" = 'ACTIVE';

INSERT INTO "SearchIndex" ("kind", "ref", "position", "title", "variants", "body")
SELECT 'post', b."slug", 0,
    COALESCE((SELECT group_concat(t."title", char(10)) FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), ''),
    '',
    COALESCE((SELECT group_concat(t."excerpt" || char(10) || t."body", char(10)) FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), '')
FROM "BlogPost" b;
