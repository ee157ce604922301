import { describe } from "vitest";
import { userProbesContract } from "../testing/user-probes-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("user-probe store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  userProbesContract();
});
