-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN "runIds" JSONB;
