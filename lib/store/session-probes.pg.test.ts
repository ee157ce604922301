import { describe } from "vitest";
import { sessionProbesContract } from "../testing/session-probes-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

if (PG_TEST_URL) {
  describe("a session's probes stored with a session on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    sessionProbesContract();
  });
} else {
  describe.skip("a session's probes stored with a session on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    sessionProbesContract();
  });
}
