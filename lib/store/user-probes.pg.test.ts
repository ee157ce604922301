import { describe } from "vitest";
import { userProbesContract } from "../testing/user-probes-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

if (PG_TEST_URL) {
  describe("user-probe store on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    userProbesContract();
  });
} else {
  describe.skip("user-probe store on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    userProbesContract();
  });
}
