import { describe } from "vitest";
import { searchContract } from "../testing/search-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("search across sessions on SQLite (FTS5; fresh file, migrated with prisma migrate deploy)", () => {
  const database = useTestDatabase("sqlite");
  searchContract(database);
});
