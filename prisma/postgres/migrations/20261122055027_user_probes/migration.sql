-- CreateTable
CREATE TABLE "UserProbe" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "label" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserProbe_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UserProbe_sessionId_createdAt_idx" ON "UserProbe"("sessionId", "createdAt");

-- AddForeignKey
ALTER TABLE "UserProbe" ADD CONSTRAINT "UserProbe_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;


