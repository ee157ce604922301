-- Credentials found in sessions, their redaction, and share links made despite them (issue #30)
-- AlterTable
ALTER TABLE "Session" ADD COLUMN "secretFindings" JSONB;
ALTER TABLE "Session" ADD COLUMN "secretCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Session" ADD COLUMN "secretKinds" JSONB;
ALTER TABLE "Session" ADD COLUMN "redactedAt" TIMESTAMP(3);
ALTER TABLE "Session" ADD COLUMN "redactedCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN "unredactedSecrets" INTEGER NOT NULL DEFAULT 0;
