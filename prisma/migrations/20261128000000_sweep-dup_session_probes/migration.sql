-- CreateTable
CREATE TABLE "SessionProbes" (
    "sessionId" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "probes" JSONB NOT NULL,
    CONSTRAINT "SessionProbes_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
