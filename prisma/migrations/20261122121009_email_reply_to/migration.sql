-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN "replyTo" TEXT;
