import { describe } from "vitest";
import { shareLinksContract } from "../testing/share-links-contract";
import { PG_TEST_URL, useTestDatabase } from "../testing/use-test-database";

if (PG_TEST_URL) {
  describe("share-link store on PostgreSQL (fresh database, migrated with prisma migrate deploy)", () => {
    useTestDatabase("postgresql");
    shareLinksContract();
  });
} else {
  describe.skip("share-link store on PostgreSQL (skipped: set PG_TEST_URL=postgresql://user:pass@host:5432/db, role with CREATEDB)", () => {
    shareLinksContract();
  });
}
