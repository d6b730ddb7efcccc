-- AlterTable
ALTER TABLE "Customer" ADD COLUMN "disabledAt" DATETIME;
ALTER TABLE "Customer" ADD COLUMN "lastSignInAt" DATETIME;
