-- CreateTable
CREATE TABLE "OrderAccessLink" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "OrderAccessLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderAccessLink_tokenHash_key" ON "OrderAccessLink"("tokenHash");

-- CreateIndex
CREATE INDEX "OrderAccessLink_orderId_issuedAt_idx" ON "OrderAccessLink"("orderId", "issuedAt");

-- AddForeignKey
ALTER TABLE "OrderAccessLink" ADD CONSTRAINT "OrderAccessLink_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
