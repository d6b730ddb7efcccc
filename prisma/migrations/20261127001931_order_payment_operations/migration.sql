-- CreateTable
CREATE TABLE "PaymentOperation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "leaseUntil" DATETIME NOT NULL,
    "failureMessage" TEXT,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PaymentOperation_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "version" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("accessTokenHash", "createdAt", "currencyCode", "customerId", "discountAmount", "email", "financialStatus", "fulfillmentStatus", "id", "locale", "orderNumber", "processedAt", "refundedAmount", "shipAddress1", "shipAddress2", "shipCity", "shipCountry", "shipName", "shipPhone", "shipProvince", "shipZip", "shippingAmount", "shippingMethod", "subtotalAmount", "taxAmount", "totalAmount") SELECT "accessTokenHash", "createdAt", "currencyCode", "customerId", "discountAmount", "email", "financialStatus", "fulfillmentStatus", "id", "locale", "orderNumber", "processedAt", "refundedAmount", "shipAddress1", "shipAddress2", "shipCity", "shipCountry", "shipName", "shipPhone", "shipProvince", "shipZip", "shippingAmount", "shippingMethod", "subtotalAmount", "taxAmount", "totalAmount" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_orderNumber_key" ON "Order"("orderNumber");
CREATE UNIQUE INDEX "Order_accessTokenHash_key" ON "Order"("accessTokenHash");
CREATE INDEX "Order_customerId_processedAt_id_idx" ON "Order"("customerId", "processedAt", "id");
CREATE INDEX "Order_email_idx" ON "Order"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PaymentOperation_idempotencyKey_key" ON "PaymentOperation"("idempotencyKey");

-- CreateIndex
CREATE INDEX "PaymentOperation_orderId_status_idx" ON "PaymentOperation"("orderId", "status");
