-- CreateTable
CREATE TABLE "ProbeJudgement" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "plan" JSONB NOT NULL,
    "progress" JSONB,
    "error" TEXT,
    "errorCode" TEXT,
    "claimedBy" TEXT,
    "heartbeatAt" TIMESTAMP(3),
    "cancelRequestedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ProbeJudgement_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProbeJudgement_runId_createdAt_idx" ON "ProbeJudgement"("runId", "createdAt");

-- AddForeignKey
ALTER TABLE "ProbeJudgement" ADD CONSTRAINT "ProbeJudgement_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
