-- AlterTable
ALTER TABLE "Session" ADD COLUMN "customTitle" TEXT;
