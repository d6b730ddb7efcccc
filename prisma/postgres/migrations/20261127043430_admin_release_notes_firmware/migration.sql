-- AlterTable
ALTER TABLE "AppRelease" ADD COLUMN     "rowVersion" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "FirmwareVersion" ADD COLUMN     "rowVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'PUBLISHED';

-- AlterTable
ALTER TABLE "SystemRelease" ADD COLUMN     "rowVersion" INTEGER NOT NULL DEFAULT 0;
