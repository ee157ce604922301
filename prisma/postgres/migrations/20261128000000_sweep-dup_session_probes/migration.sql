-- CreateTable
CREATE TABLE "SessionProbes" (
    "sessionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "probes" JSONB NOT NULL,

    CONSTRAINT "SessionProbes_pkey" PRIMARY KEY ("sessionId")
);

-- AddForeignKey
ALTER TABLE "SessionProbes" ADD CONSTRAINT "SessionProbes_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
