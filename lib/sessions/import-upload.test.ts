import { describe } from "vitest";
import { useTestDatabase } from "../testing/use-test-database";
import { importUploadContract } from "../testing/import-upload-contract";

describe("uploads and re-imports on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  importUploadContract();
});
