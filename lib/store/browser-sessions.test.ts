import { describe } from "vitest";
import { browserSessionsContract } from "../testing/browser-sessions-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("browser-session store on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  browserSessionsContract();
});
