-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en-US';
