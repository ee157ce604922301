-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "model" TEXT,
ADD COLUMN     "project" TEXT,
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "recordedCostUsd" DOUBLE PRECISION,
ADD COLUMN     "corpusVersion" INTEGER NOT NULL DEFAULT 0;
