-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN "unitPriceAmount" INTEGER;

-- CreateTable
CREATE TABLE "OrderPlacement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "idempotencyKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "cartId" TEXT NOT NULL,
    "customerId" INTEGER,
    "status" TEXT NOT NULL,
    "orderId" INTEGER,
    "provider" TEXT,
    "paymentReference" TEXT,
    "cardBrand" TEXT,
    "cardLast4" TEXT,
    "currencyCode" TEXT NOT NULL,
    "authorizedAmount" INTEGER NOT NULL DEFAULT 0,
    "capturedAmount" INTEGER NOT NULL DEFAULT 0,
    "refundedAmount" INTEGER NOT NULL DEFAULT 0,
    "failureMessage" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OrderPlacement_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "OrderPlacement_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DiscountRedemption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "discountCodeId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DiscountRedemption_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountRedemption_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" INTEGER,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DiscountCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'PERCENT',
    "percentOff" INTEGER NOT NULL,
    "amountOff" INTEGER,
    "currencyCode" TEXT,
    "minimumSubtotal" INTEGER,
    "email" TEXT,
    "combinable" BOOLEAN NOT NULL DEFAULT false,
    "usageLimit" INTEGER NOT NULL DEFAULT 1,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "subscriberId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME,
    CONSTRAINT "DiscountCode_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "NewsletterSubscriber" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_DiscountCode" ("code", "combinable", "createdAt", "expiresAt", "id", "percentOff", "subscriberId", "usageLimit", "usedCount") SELECT "code", "combinable", "createdAt", "expiresAt", "id", "percentOff", "subscriberId", "usageLimit", "usedCount" FROM "DiscountCode";
DROP TABLE "DiscountCode";
ALTER TABLE "new_DiscountCode" RENAME TO "DiscountCode";
CREATE UNIQUE INDEX "DiscountCode_code_key" ON "DiscountCode"("code");
CREATE INDEX "DiscountCode_subscriberId_idx" ON "DiscountCode"("subscriberId");
CREATE TABLE "new_Order" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderNumber" INTEGER NOT NULL,
    "customerId" INTEGER,
    "email" TEXT NOT NULL DEFAULT '',
    "locale" TEXT NOT NULL DEFAULT 'en-US',
    "shippingMethod" TEXT,
    "discountAmount" INTEGER NOT NULL DEFAULT 0,
    "refundedAmount" INTEGER NOT NULL DEFAULT 0,
    "accessTokenHash" TEXT,
    "processedAt" DATETIME NOT NULL,
    "financialStatus" TEXT NOT NULL,
    "fulfillmentStatus" TEXT,
    "currencyCode" TEXT NOT NULL,
    "subtotalAmount" INTEGER NOT NULL,
    "shippingAmount" INTEGER NOT NULL,
    "taxAmount" INTEGER NOT NULL,
    "totalAmount" INTEGER NOT NULL,
    "shipName" TEXT NOT NULL,
    "shipAddress1" TEXT NOT NULL,
    "shipAddress2" TEXT,
    "shipCity" TEXT NOT NULL,
    "shipProvince" TEXT NOT NULL,
    "shipZip" TEXT NOT NULL,
    "shipCountry" TEXT NOT NULL,
    "shipPhone" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("createdAt", "currencyCode", "customerId", "financialStatus", "fulfillmentStatus", "id", "orderNumber", "processedAt", "shipAddress1", "shipAddress2", "shipCity", "shipCountry", "shipName", "shipPhone", "shipProvince", "shipZip", "shippingAmount", "subtotalAmount", "taxAmount", "totalAmount") SELECT "createdAt", "currencyCode", "customerId", "financialStatus", "fulfillmentStatus", "id", "orderNumber", "processedAt", "shipAddress1", "shipAddress2", "shipCity", "shipCountry", "shipName", "shipPhone", "shipProvince", "shipZip", "shippingAmount", "subtotalAmount", "taxAmount", "totalAmount" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_orderNumber_key" ON "Order"("orderNumber");
CREATE UNIQUE INDEX "Order_accessTokenHash_key" ON "Order"("accessTokenHash");
CREATE INDEX "Order_customerId_processedAt_id_idx" ON "Order"("customerId", "processedAt", "id");
CREATE INDEX "Order_email_idx" ON "Order"("email");
CREATE TABLE "new_OrderLineItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "fulfilledQuantity" INTEGER NOT NULL DEFAULT 0,
    "unitPriceAmount" INTEGER NOT NULL,
    "originalTotalAmount" INTEGER NOT NULL,
    "imageUrl" TEXT NOT NULL,
    "imageAlt" TEXT NOT NULL,
    "productHandle" TEXT NOT NULL,
    "variantId" INTEGER,
    CONSTRAINT "OrderLineItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderLineItem_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_OrderLineItem" ("id", "imageAlt", "imageUrl", "orderId", "originalTotalAmount", "position", "productHandle", "quantity", "title", "unitPriceAmount", "variantId", "variantTitle") SELECT "id", "imageAlt", "imageUrl", "orderId", "originalTotalAmount", "position", "productHandle", "quantity", "title", "unitPriceAmount", "variantId", "variantTitle" FROM "OrderLineItem";
DROP TABLE "OrderLineItem";
ALTER TABLE "new_OrderLineItem" RENAME TO "OrderLineItem";
CREATE INDEX "OrderLineItem_orderId_position_idx" ON "OrderLineItem"("orderId", "position");
CREATE TABLE "new_ProductVariant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "available" BOOLEAN NOT NULL DEFAULT true,
    "imageUrl" TEXT NOT NULL,
    "imageAlt" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "inventory" INTEGER NOT NULL DEFAULT 50,
    CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductVariant" ("available", "id", "imageAlt", "imageUrl", "position", "productId", "sku", "title") SELECT "available", "id", "imageAlt", "imageUrl", "position", "productId", "sku", "title" FROM "ProductVariant";
DROP TABLE "ProductVariant";
ALTER TABLE "new_ProductVariant" RENAME TO "ProductVariant";
CREATE UNIQUE INDEX "ProductVariant_sku_key" ON "ProductVariant"("sku");
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "OrderPlacement_idempotencyKey_key" ON "OrderPlacement"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "OrderPlacement_orderId_key" ON "OrderPlacement"("orderId");

-- CreateIndex
CREATE INDEX "OrderPlacement_cartId_idx" ON "OrderPlacement"("cartId");

-- CreateIndex
CREATE INDEX "DiscountRedemption_discountCodeId_idx" ON "DiscountRedemption"("discountCodeId");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountRedemption_orderId_discountCodeId_key" ON "DiscountRedemption"("orderId", "discountCodeId");

-- CreateIndex
CREATE INDEX "OrderEvent_orderId_id_idx" ON "OrderEvent"("orderId", "id");
