-- CreateIndex
CREATE INDEX "Upload_sha256_idx" ON "Upload"("sha256");
