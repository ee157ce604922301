import { describe } from "vitest";
import { useTestDatabase } from "../store/use-test-database";
import { importUploadContract } from "./import-upload-contract";

describe("uploads and re-imports on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  importUploadContract();
});
