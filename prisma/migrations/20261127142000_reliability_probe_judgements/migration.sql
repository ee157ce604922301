-- CreateTable
CREATE TABLE "ProbeJudgement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "plan" JSONB NOT NULL,
    "progress" JSONB,
    "error" TEXT,
    "errorCode" TEXT,
    "claimedBy" TEXT,
    "heartbeatAt" DATETIME,
    "cancelRequestedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "ProbeJudgement_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ProbeJudgement_runId_createdAt_idx" ON "ProbeJudgement"("runId", "createdAt");
