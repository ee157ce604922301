import { describe } from "vitest";
import { browserSessionsContract } from "../testing/browser-sessions-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

if (PG_TEST_URL) {
  describe("browser-session store on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    browserSessionsContract();
  });
} else {
  describe.skip("browser-session store on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    browserSessionsContract();
  });
}
