-- AlterTable
ALTER TABLE "AppReleaseNote" ADD COLUMN     "html" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "BlogPostTranslation" ADD COLUMN     "bodyHtml" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "SystemReleaseNote" ADD COLUMN     "html" TEXT NOT NULL DEFAULT '';
