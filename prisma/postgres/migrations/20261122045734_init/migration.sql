-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "sessionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("sessionId","seq")
);

-- CreateTable
CREATE TABLE "Upload" (
    "sessionId" TEXT NOT NULL,
    "encoding" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("sessionId")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Run_sessionId_createdAt_idx" ON "Run"("sessionId", "createdAt");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
