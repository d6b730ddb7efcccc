-- Blog posts edited in the admin: a status (DRAFT, or PUBLISHED from publishedAt on: a later
-- publishedAt is a scheduled post), the version a save names, and when a post was made and saved.
-- Every post there before is PUBLISHED.
-- AlterTable
ALTER TABLE "BlogPost" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'PUBLISHED',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "BlogPost_status_publishedAt_idx" ON "BlogPost"("status", "publishedAt");
