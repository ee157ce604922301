import { describe } from "vitest";
import { storeContract } from "../testing/store-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("session store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  storeContract();
});
