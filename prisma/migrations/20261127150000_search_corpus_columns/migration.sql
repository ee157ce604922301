-- AlterTable
ALTER TABLE "Session" ADD COLUMN "model" TEXT;
ALTER TABLE "Session" ADD COLUMN "project" TEXT;
ALTER TABLE "Session" ADD COLUMN "startedAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "recordedCostUsd" REAL;
ALTER TABLE "Session" ADD COLUMN "corpusVersion" INTEGER NOT NULL DEFAULT 0;
