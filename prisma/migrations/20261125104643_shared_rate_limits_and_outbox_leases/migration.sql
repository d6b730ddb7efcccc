-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN "leaseExpiresAt" DATETIME;
ALTER TABLE "EmailOutbox" ADD COLUMN "leaseOwner" TEXT;

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "bucket" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,

    PRIMARY KEY ("bucket", "key")
);

-- CreateIndex
CREATE INDEX "RateLimitCounter_expiresAt_idx" ON "RateLimitCounter"("expiresAt");
