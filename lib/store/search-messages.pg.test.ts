import { describe } from "vitest";
import { searchContract } from "../testing/search-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

// Runs against a real PostgreSQL when PG_TEST_URL names a server and a role with CREATEDB (see sessions.pg.test.ts).
if (PG_TEST_URL) {
  describe("search across sessions on PostgreSQL (tsvector + GIN; fresh database, migrated with prisma migrate deploy)", () => {
    const database = useTestDatabase("postgresql");
    searchContract(database);
  });
} else {
  describe.skip("search across sessions on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    searchContract({ url: () => "" });
  });
}
