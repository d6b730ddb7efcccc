-- AlterTable
ALTER TABLE "ProductVariant" ADD COLUMN     "inventory" INTEGER NOT NULL DEFAULT 50;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "accessTokenHash" TEXT,
ADD COLUMN     "discountAmount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "email" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en-US',
ADD COLUMN     "refundedAmount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shippingMethod" TEXT,
ALTER COLUMN "customerId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "OrderLineItem" ADD COLUMN     "fulfilledQuantity" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN     "unitPriceAmount" INTEGER;

-- AlterTable
ALTER TABLE "DiscountCode" ADD COLUMN     "amountOff" INTEGER,
ADD COLUMN     "currencyCode" TEXT,
ADD COLUMN     "email" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'PERCENT',
ADD COLUMN     "minimumSubtotal" INTEGER;

-- CreateTable
CREATE TABLE "OrderPlacement" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderPlacement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountRedemption" (
    "id" SERIAL NOT NULL,
    "discountCodeId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountRedemption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderEvent" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" INTEGER,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderEvent_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE UNIQUE INDEX "Order_accessTokenHash_key" ON "Order"("accessTokenHash");

-- CreateIndex
CREATE INDEX "Order_email_idx" ON "Order"("email");

-- AddForeignKey
ALTER TABLE "OrderPlacement" ADD CONSTRAINT "OrderPlacement_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderPlacement" ADD CONSTRAINT "OrderPlacement_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountRedemption" ADD CONSTRAINT "DiscountRedemption_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
