-- CreateTable
CREATE TABLE "SessionFacts" (
    "sessionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "facts" JSONB NOT NULL,

    CONSTRAINT "SessionFacts_pkey" PRIMARY KEY ("sessionId")
);

-- AddForeignKey
ALTER TABLE "SessionFacts" ADD CONSTRAINT "SessionFacts_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
