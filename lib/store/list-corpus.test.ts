import { describe } from "vitest";
import { corpusContract } from "../testing/corpus-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("the corpus view's list on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  corpusContract();
});
