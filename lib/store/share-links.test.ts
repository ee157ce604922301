import { describe } from "vitest";
import { shareLinksContract } from "./share-links-contract";
import { useTestDatabase } from "./use-test-database";

describe("share-link store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  shareLinksContract();
});
