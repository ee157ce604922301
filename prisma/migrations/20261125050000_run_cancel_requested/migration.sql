-- AlterTable
ALTER TABLE "Run" ADD COLUMN "cancelRequestedAt" DATETIME;
