import { describe } from "vitest";
import { sessionFactsContract } from "../testing/session-facts-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("continuation facts stored with a session on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  sessionFactsContract();
});
