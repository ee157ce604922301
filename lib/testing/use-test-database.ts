import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { stopJobQueues } from "../jobs/job-queue";
import { closeDatabases, db } from "../store/db";
import { dropPgDatabase } from "./drop-pg-database";

export type TestDatabaseKind = "sqlite" | "postgresql";

/**
 * Points DATABASE_URL at a brand-new database for one test file and brings it up through the app's own path
 * (`db()` → ensureDatabase → `prisma migrate deploy` via the CLI, with the repo's real migrations). No mocks.
 * SQLite: a file in a temporary directory, removed afterwards. PostgreSQL: a uniquely named database on the
 * server of PG_TEST_URL (its role needs CREATEDB), created by migrate deploy and dropped afterwards, so the
 * database named in PG_TEST_URL itself is never touched.
 */
export function useTestDatabase(kind: TestDatabaseKind): { url: () => string } {
  let url = "";
  let cleanup = async () => {};
  beforeAll(async () => {
    if (kind === "sqlite") {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-store-"));
      url = `file:${path.join(directory, "lab.db")}`;
      cleanup = async () => fs.rmSync(directory, { recursive: true, force: true });
    } else {
      const server = new URL(requiredPgTestUrl());
      const name = `lab_test_${process.pid}_${Date.now()}`;
      url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
      cleanup = () => dropPgDatabase(server.toString(), name);
    }
    process.env.DATABASE_URL = url;
    await db();
  });
  afterAll(async () => {
    await stopJobQueues();
    await closeDatabases();
    await cleanup();
  });
  return { url: () => url };
}

/** PG_TEST_URL, e.g. postgresql://lab:lab@127.0.0.1:5432/lab; PostgreSQL store tests skip without it. */
export const PG_TEST_URL = process.env.PG_TEST_URL;

function requiredPgTestUrl(): string {
  if (!PG_TEST_URL) throw new Error("PG_TEST_URL is not set");
  return PG_TEST_URL;
}
