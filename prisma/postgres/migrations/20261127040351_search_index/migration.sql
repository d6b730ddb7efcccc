-- The search index (server/src/modules/search): one row per product in the shop and per post, with
-- the texts of every language, and a trigram index (pg_trgm) over them: ILIKE '%words%' is
-- answered from the index, and trigram similarity finds near matches (typos). Written by hand:
-- Prisma's schema does not hold the table (db/external-tables.ts), so the schema kept beside this
-- migration is the one before it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE "SearchIndex" (
    "kind" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT NOT NULL,
    "variants" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "SearchIndex_pkey" PRIMARY KEY ("kind", "ref")
);

CREATE INDEX "SearchIndex_text_trgm_idx" ON "SearchIndex"
    USING GIN (("title" || ' ' || "variants" || ' ' || "body") gin_trgm_ops);
CREATE INDEX "SearchIndex_names_trgm_idx" ON "SearchIndex"
    USING GIN (("title" || ' ' || "variants") gin_trgm_ops);

-- Filled here for a database that has products already (reindexSearch() fills it the same way).
INSERT INTO "SearchIndex" ("kind", "ref", "position", "title", "variants", "body")
SELECT 'product', p."handle", p."position",
    p."title" || COALESCE(chr(10) || (SELECT string_agg(t."title", chr(10) ORDER BY t."language") FROM "ProductTranslation" t WHERE t."productId" = p."id"), ''),
    COALESCE((SELECT string_agg(v."title" || ' ' || v."sku", chr(10) ORDER BY v."position") FROM "ProductVariant" v WHERE v."productId" = p."id"), '')
        || COALESCE(chr(10) || (SELECT string_agg(vt."title", chr(10)) FROM "ProductVariantTranslation" vt JOIN "ProductVariant" v ON v."id" = vt."variantId" WHERE v."productId" = p."id"), ''),
    p."description" || COALESCE(chr(10) || (SELECT string_agg(t."description", chr(10) ORDER BY t."language") FROM "ProductTranslation" t WHERE t."productId" = p."id"), '')
FROM "Product" p
WHERE p."status" = 'ACTIVE';

INSERT INTO "SearchIndex" ("kind", "ref", "position", "title", "variants", "body")
SELECT 'post', b."slug", 0,
    COALESCE((SELECT string_agg(t."title", chr(10) ORDER BY t."language") FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), ''),
    '',
    COALESCE((SELECT string_agg(t."excerpt" || chr(10) || t."body", chr(10) ORDER BY t."language") FROM "BlogPostTranslation" t WHERE t."postId" = b."id"), '')
FROM "BlogPost" b;
