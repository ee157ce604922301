import { describe } from "vitest";
import { userProbesContract } from "./user-probes-contract";
import { useTestDatabase } from "./use-test-database";

describe("user-probe store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  userProbesContract();
});
