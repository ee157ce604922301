import { describe } from "vitest";
import { storeContract } from "./store-contract";
import { useTestDatabase } from "./use-test-database";

describe("session store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  storeContract();
});
