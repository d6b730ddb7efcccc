-- CreateTable
CREATE TABLE "DiscountCodeCurrency" (
    "discountCodeId" INTEGER NOT NULL,
    "currencyCode" TEXT NOT NULL,
    "amountOff" INTEGER,
    "minimumSubtotal" INTEGER,

    PRIMARY KEY ("discountCodeId", "currencyCode"),
    CONSTRAINT "DiscountCodeCurrency_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DiscountTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "percentOff" INTEGER NOT NULL,
    "validDays" INTEGER NOT NULL,
    "usageLimit" INTEGER NOT NULL DEFAULT 1,
    "combinable" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- A code's amount and minimum in its one currency become its row for that currency.
INSERT INTO "DiscountCodeCurrency" ("discountCodeId", "currencyCode", "amountOff", "minimumSubtotal")
SELECT "id", "currencyCode", CASE WHEN "kind" = 'AMOUNT' THEN "amountOff" ELSE NULL END, "minimumSubtotal"
FROM "DiscountCode" WHERE "currencyCode" IS NOT NULL;

-- The newsletter's welcome code: 10 % off, once, not combinable, valid 90 days (as it was in code).
INSERT INTO "DiscountTemplate" ("key", "percentOff", "validDays", "usageLimit", "combinable")
VALUES ('newsletter-welcome', 10, 90, 1, false);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DiscountCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'PERCENT',
    "percentOff" INTEGER NOT NULL,
    "email" TEXT,
    "combinable" BOOLEAN NOT NULL DEFAULT false,
    "usageLimit" INTEGER DEFAULT 1,
    "perCustomerLimit" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "subscriberId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    "startsAt" DATETIME,
    "expiresAt" DATETIME,
    "disabledAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "DiscountCode_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "NewsletterSubscriber" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_DiscountCode" ("code", "combinable", "createdAt", "email", "expiresAt", "id", "kind", "percentOff", "subscriberId", "usageLimit", "usedCount") SELECT "code", "combinable", "createdAt", "email", "expiresAt", "id", "kind", "percentOff", "subscriberId", "usageLimit", "usedCount" FROM "DiscountCode";
DROP TABLE "DiscountCode";
ALTER TABLE "new_DiscountCode" RENAME TO "DiscountCode";
CREATE UNIQUE INDEX "DiscountCode_code_key" ON "DiscountCode"("code");
CREATE INDEX "DiscountCode_subscriberId_idx" ON "DiscountCode"("subscriberId");
CREATE TABLE "new_DiscountRedemption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "discountCodeId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "customerKey" TEXT NOT NULL DEFAULT '',
    "useNumber" INTEGER,
    CONSTRAINT "DiscountRedemption_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountRedemption_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DiscountRedemption" ("amount", "code", "createdAt", "discountCodeId", "id", "orderId") SELECT "amount", "code", "createdAt", "discountCodeId", "id", "orderId" FROM "DiscountRedemption";
-- Who used each code so far, for per-customer limits (their uses have no number).
UPDATE "new_DiscountRedemption" SET "customerKey" = COALESCE((
  SELECT CASE WHEN o."customerId" IS NOT NULL THEN 'customer:' || o."customerId" ELSE 'email:' || lower(o."email") END
  FROM "Order" o WHERE o."id" = "new_DiscountRedemption"."orderId"), '');
DROP TABLE "DiscountRedemption";
ALTER TABLE "new_DiscountRedemption" RENAME TO "DiscountRedemption";
CREATE INDEX "DiscountRedemption_discountCodeId_idx" ON "DiscountRedemption"("discountCodeId");
CREATE UNIQUE INDEX "DiscountRedemption_orderId_discountCodeId_key" ON "DiscountRedemption"("orderId", "discountCodeId");
CREATE UNIQUE INDEX "DiscountRedemption_discountCodeId_customerKey_useNumber_key" ON "DiscountRedemption"("discountCodeId", "customerKey", "useNumber");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "DiscountTemplate_key_key" ON "DiscountTemplate"("key");
