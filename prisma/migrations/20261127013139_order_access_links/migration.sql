-- CreateTable
CREATE TABLE "OrderAccessLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "issuedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "OrderAccessLink_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderAccessLink_tokenHash_key" ON "OrderAccessLink"("tokenHash");

-- CreateIndex
CREATE INDEX "OrderAccessLink_orderId_issuedAt_idx" ON "OrderAccessLink"("orderId", "issuedAt");
