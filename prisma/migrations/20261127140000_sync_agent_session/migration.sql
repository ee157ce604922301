-- AlterTable
ALTER TABLE "Session" ADD COLUMN "agentSessionId" TEXT;
ALTER TABLE "Session" ADD COLUMN "sourceSha256" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Session_format_agentSessionId_key" ON "Session"("format", "agentSessionId");
