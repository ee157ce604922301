import { describe } from "vitest";
import { useTestDatabase } from "../testing/use-test-database";
import { streamUploadContract } from "../testing/stream-upload-contract";

describe("streamed uploads on SQLite: the same stored session as the whole import (fresh file, migrated)", () => {
  useTestDatabase("sqlite");
  streamUploadContract();
});
