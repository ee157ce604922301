-- AlterTable
ALTER TABLE "Run" ADD COLUMN "cancelRequestedAt" TIMESTAMP(3);
