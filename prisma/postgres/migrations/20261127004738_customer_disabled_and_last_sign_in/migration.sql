-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "lastSignInAt" TIMESTAMP(3);
