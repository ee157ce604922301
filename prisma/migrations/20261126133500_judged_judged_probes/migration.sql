-- AlterTable
ALTER TABLE "Run" ADD COLUMN "judgedProbes" JSONB;
