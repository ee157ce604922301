import { describe, it } from "vitest";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";
import { redactStoredSessionContract } from "../testing/redact-stored-session-contract";

if (PG_TEST_URL) {
  describe("redaction on PostgreSQL (fresh database)", () => {
    useTestDatabase("postgresql");
    redactStoredSessionContract();
  });
} else {
  describe.skip("redaction on PostgreSQL (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
}
