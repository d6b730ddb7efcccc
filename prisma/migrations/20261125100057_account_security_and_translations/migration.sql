-- AlterTable
ALTER TABLE "AccountToken" ADD COLUMN "newEmail" TEXT;

-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN "heldAt" DATETIME;

-- CreateTable
CREATE TABLE "ProductTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    CONSTRAINT "ProductTranslation_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductVariantTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "variantId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    CONSTRAINT "ProductVariantTranslation_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductTranslation_productId_language_key" ON "ProductTranslation"("productId", "language");

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariantTranslation_variantId_language_key" ON "ProductVariantTranslation"("variantId", "language");

-- CreateIndex
CREATE INDEX "EmailOutbox_to_kind_createdAt_idx" ON "EmailOutbox"("to", "kind", "createdAt");
