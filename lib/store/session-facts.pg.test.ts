import { describe } from "vitest";
import { sessionFactsContract } from "../testing/session-facts-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

if (PG_TEST_URL) {
  describe("continuation facts stored with a session on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    sessionFactsContract();
  });
} else {
  describe.skip("continuation facts stored with a session on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    sessionFactsContract();
  });
}
