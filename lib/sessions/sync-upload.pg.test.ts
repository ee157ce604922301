import { describe } from "vitest";
import { hasSharedTranscripts } from "../testing/shared-transcripts";
import { syncUploadContract } from "../testing/sync-upload-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

if (PG_TEST_URL && hasSharedTranscripts) {
  describe("syncUpload on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    syncUploadContract();
  });
} else {
  describe.skip("syncUpload on PostgreSQL (skipped: needs PG_TEST_URL and ../shared/transcripts)", () => {
    syncUploadContract();
  });
}
