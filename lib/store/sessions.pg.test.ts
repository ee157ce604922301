import { describe } from "vitest";
import { storeContract } from "../testing/store-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

// Runs against a real PostgreSQL when PG_TEST_URL names a server and a role with CREATEDB, e.g.
// PG_TEST_URL=postgresql://lab:lab@127.0.0.1:5432/lab npx vitest run lib/store
if (PG_TEST_URL) {
  describe("session store on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    storeContract();
  });
} else {
  describe.skip("session store on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    storeContract();
  });
}
