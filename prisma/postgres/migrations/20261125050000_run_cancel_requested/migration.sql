-- AlterTable
ALTER TABLE "Run" ADD COLUMN "cancelRequestedAt" TIMESTAMP(3);
ALTER TABLE "Run" ADD COLUMN "heartbeatAt" TIMESTAMP(3);
