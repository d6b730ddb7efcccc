-- Discount codes in the admin: terms per currency, start, per-customer limit, disabled, version,
-- the newsletter welcome code rules as a template row, who used a code, for per-customer limits.
-- CreateTable
CREATE TABLE "DiscountCodeCurrency" (
    "discountCodeId" INTEGER NOT NULL,
    "currencyCode" TEXT NOT NULL,
    "amountOff" INTEGER,
    "minimumSubtotal" INTEGER,

    CONSTRAINT "DiscountCodeCurrency_pkey" PRIMARY KEY ("discountCodeId","currencyCode")
);

-- CreateTable
CREATE TABLE "DiscountTemplate" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "percentOff" INTEGER NOT NULL,
    "validDays" INTEGER NOT NULL,
    "usageLimit" INTEGER NOT NULL DEFAULT 1,
    "combinable" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DiscountTemplate_key_key" ON "DiscountTemplate"("key");

-- AddForeignKey
ALTER TABLE "DiscountCodeCurrency" ADD CONSTRAINT "DiscountCodeCurrency_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The amount and minimum of each code, in its one currency, become its row for that currency.
INSERT INTO "DiscountCodeCurrency" ("discountCodeId", "currencyCode", "amountOff", "minimumSubtotal")
SELECT "id", "currencyCode", CASE WHEN "kind" = 'AMOUNT' THEN "amountOff" ELSE NULL END, "minimumSubtotal"
FROM "DiscountCode" WHERE "currencyCode" IS NOT NULL;

-- The newsletter welcome code: 10 % off, once, not combinable, valid 90 days (as it was in code).
INSERT INTO "DiscountTemplate" ("key", "percentOff", "validDays", "usageLimit", "combinable")
VALUES ('newsletter-welcome', 10, 90, 1, false);

-- AlterTable
ALTER TABLE "DiscountCode" DROP COLUMN "amountOff",
DROP COLUMN "currencyCode",
DROP COLUMN "minimumSubtotal",
ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "perCustomerLimit" INTEGER,
ADD COLUMN     "startsAt" TIMESTAMP(3),
ADD COLUMN     "updatedAt" TIMESTAMP(3),
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ALTER COLUMN "usageLimit" DROP NOT NULL;

-- AlterTable
ALTER TABLE "DiscountRedemption" ADD COLUMN     "customerKey" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "useNumber" INTEGER;

-- Who used each code so far, for per-customer limits (their uses have no number).
UPDATE "DiscountRedemption" r SET "customerKey" = COALESCE((
  SELECT CASE WHEN o."customerId" IS NOT NULL THEN 'customer:' || o."customerId" ELSE 'email:' || lower(o."email") END
  FROM "Order" o WHERE o."id" = r."orderId"), '');

-- CreateIndex
CREATE UNIQUE INDEX "DiscountRedemption_discountCodeId_customerKey_useNumber_key" ON "DiscountRedemption"("discountCodeId", "customerKey", "useNumber");
