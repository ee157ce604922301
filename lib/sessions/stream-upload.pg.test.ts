import { describe, it } from "vitest";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";
import { streamUploadContract } from "../testing/stream-upload-contract";

if (PG_TEST_URL) {
  describe("streamed uploads on PostgreSQL: the same stored session as the whole import (fresh database, migrated)", () => {
    useTestDatabase("postgresql");
    streamUploadContract();
  });
} else {
  describe.skip("streamed uploads on PostgreSQL (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
}
