import { describe, it } from "vitest";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";
import { importUploadContract } from "../testing/import-upload-contract";

if (PG_TEST_URL) {
  describe("uploads and re-imports on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    importUploadContract();
  });
} else {
  describe.skip("uploads and re-imports on PostgreSQL (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
}
