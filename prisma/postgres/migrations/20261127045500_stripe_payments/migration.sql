-- Stripe payments: the payment's state as Stripe reports it and a dispute mark on the order, a
-- konbini order's deadline, the placement's request and konbini voucher kept while a payment is
-- under way, the webhook events, recorded once by id and processed with retries.
-- AlterTable
ALTER TABLE "Order" ADD COLUMN "paymentStatus" TEXT,
ADD COLUMN "disputed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "paymentDueAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "OrderPlacement" ADD COLUMN "request" TEXT,
ADD COLUMN "voucherNumber" TEXT,
ADD COLUMN "voucherExpiresAt" TIMESTAMP(3),
ADD COLUMN "voucherUrl" TEXT;

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" SERIAL NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "processedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "lastError" TEXT,
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StripeEvent_eventId_key" ON "StripeEvent"("eventId");

-- CreateIndex
CREATE INDEX "StripeEvent_processedAt_nextAttemptAt_idx" ON "StripeEvent"("processedAt", "nextAttemptAt");
