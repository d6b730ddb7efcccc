-- CreateTable
CREATE TABLE "OrderNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "staffId" INTEGER,
    "authorLabel" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "OrderNote_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderNote_orderId_id_idx" ON "OrderNote"("orderId", "id");

-- CreateIndex
CREATE INDEX "Order_createdAt_id_idx" ON "Order"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Order_financialStatus_createdAt_id_idx" ON "Order"("financialStatus", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Order_fulfillmentStatus_createdAt_id_idx" ON "Order"("fulfillmentStatus", "createdAt", "id");
