import { describe } from "vitest";
import { useTestDatabase } from "../testing/use-test-database";
import { redactStoredSessionContract } from "../testing/redact-stored-session-contract";

describe("redaction on SQLite (fresh file)", () => {
  useTestDatabase("sqlite");
  redactStoredSessionContract();
});
