-- Runs, comparisons and sweeps as durable jobs (issue #11)
-- CreateTable
CREATE TABLE "Comparison" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "sessionIds" JSONB NOT NULL,
    "configs" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "aggregate" BOOLEAN NOT NULL DEFAULT false,
    "totalSteps" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Comparison_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "Run" ADD COLUMN "progress" JSONB;
ALTER TABLE "Run" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Run" ADD COLUMN "claimedBy" TEXT;
ALTER TABLE "Run" ADD COLUMN "comparisonId" TEXT;
ALTER TABLE "Run" ADD COLUMN "configIndex" INTEGER;
ALTER TABLE "Run" ADD COLUMN "row" JSONB;

-- CreateIndex
CREATE INDEX "Run_status_createdAt_idx" ON "Run"("status", "createdAt");
CREATE INDEX "Run_comparisonId_idx" ON "Run"("comparisonId");

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_comparisonId_fkey" FOREIGN KEY ("comparisonId") REFERENCES "Comparison"("id") ON DELETE SET NULL ON UPDATE CASCADE;
