-- Stripe payments: the payment's state as Stripe reports it and a dispute mark on the order, a
-- konbini order's deadline, the placement's request and konbini voucher kept while a payment is
-- under way, and the webhook events, recorded once by id and processed with retries.
-- AlterTable
ALTER TABLE "Order" ADD COLUMN "paymentStatus" TEXT;
ALTER TABLE "Order" ADD COLUMN "disputed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "paymentDueAt" DATETIME;

-- AlterTable
ALTER TABLE "OrderPlacement" ADD COLUMN "request" TEXT;
ALTER TABLE "OrderPlacement" ADD COLUMN "voucherNumber" TEXT;
ALTER TABLE "OrderPlacement" ADD COLUMN "voucherExpiresAt" DATETIME;
ALTER TABLE "OrderPlacement" ADD COLUMN "voucherUrl" TEXT;

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    "processedAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "lastError" TEXT,
    "leaseUntil" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "StripeEvent_eventId_key" ON "StripeEvent"("eventId");

-- CreateIndex
CREATE INDEX "StripeEvent_processedAt_nextAttemptAt_idx" ON "StripeEvent"("processedAt", "nextAttemptAt");
