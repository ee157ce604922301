import { describe } from "vitest";
import { corpusContract } from "../testing/corpus-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

// Runs against a real PostgreSQL when PG_TEST_URL names a server and a role with CREATEDB (see sessions.pg.test.ts).
if (PG_TEST_URL) {
  describe("the corpus view's list on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    corpusContract();
  });
} else {
  describe.skip("the corpus view's list on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    corpusContract();
  });
}
