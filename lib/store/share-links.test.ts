import { describe } from "vitest";
import { shareLinksContract } from "../testing/share-links-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("share-link store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  shareLinksContract();
});
