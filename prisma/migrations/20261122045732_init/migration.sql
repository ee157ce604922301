-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "sourceName" TEXT,
    "pick" INTEGER NOT NULL DEFAULT 0,
    "sessionCount" INTEGER NOT NULL DEFAULT 1,
    "messageCount" INTEGER NOT NULL,
    "toolCallCount" INTEGER NOT NULL,
    "toolResultCount" INTEGER NOT NULL,
    "recordedCompactionCount" INTEGER NOT NULL,
    "estimatedTokens" INTEGER NOT NULL,
    "recordedPeakContextTokens" INTEGER,
    "meta" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Message" (
    "sessionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" JSONB NOT NULL,

    PRIMARY KEY ("sessionId", "seq"),
    CONSTRAINT "Message_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Upload" (
    "sessionId" TEXT NOT NULL PRIMARY KEY,
    "encoding" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    CONSTRAINT "Upload_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "strategyId" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "result" JSONB,
    "tokensBefore" INTEGER,
    "tokensAfter" INTEGER,
    "compactions" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "Run_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Run_sessionId_createdAt_idx" ON "Run"("sessionId", "createdAt");
