-- Uploaded product pictures: the original's key in the media storage, its format and size, and
-- the Japanese alternative text. Existing rows (the store's drawings) keep null keys.
ALTER TABLE "ProductImage" ADD COLUMN "storageKey" TEXT;
ALTER TABLE "ProductImage" ADD COLUMN "format" TEXT;
ALTER TABLE "ProductImage" ADD COLUMN "width" INTEGER;
ALTER TABLE "ProductImage" ADD COLUMN "height" INTEGER;
ALTER TABLE "ProductImage" ADD COLUMN "altTextJa" TEXT NOT NULL DEFAULT '';
