import { describe } from "vitest";
import { sessionProbesContract } from "../testing/session-probes-contract";
import { useTestDatabase } from "../testing/use-test-database";

describe("a session's probes stored with it on SQLite (fresh file, migrated with prisma migrate deploy)", () => {
  useTestDatabase("sqlite");
  sessionProbesContract();
});
