-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);

-- An address counts as proven where the database already holds the proof: a link mailed to the
-- customer (activation, reset, order claim, email-change confirmation) that was followed. The
-- newest such link is the proof of the current address (an email change voids every older link).
-- Everyone else, a registration nobody confirmed, starts unproven.
UPDATE "Customer" SET "emailVerifiedAt" = (
  SELECT MAX(t."usedAt") FROM "AccountToken" t
  WHERE t."customerId" = "Customer"."id"
    AND t."usedAt" IS NOT NULL
    AND t."kind" IN ('ACTIVATION', 'RESET', 'ORDER_CLAIM', 'EMAIL_CHANGE')
);
