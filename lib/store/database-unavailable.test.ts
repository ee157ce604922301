import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isTransientDatabaseError } from "./database-unavailable";

/** As Prisma's driver adapter reports a PostgreSQL error: the SQLSTATE under meta.driverAdapterError.cause. */
const adapterError = (code: string, message: string) => Object.assign(new Error(message), { code: "P2010", meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: code, originalMessage: message } } } });

describe("isTransientDatabaseError", () => {
  it.each([
    ["an interactive transaction timeout (P2028)", Object.assign(new Error("Transaction API error: Transaction already closed: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 7412 ms passed"), { code: "P2028" })],
    ["a write conflict or deadlock (P2034)", Object.assign(new Error("Transaction failed due to a write conflict or a deadlock. Please retry your transaction"), { code: "P2034" })],
    ["a serialization failure (40001)", adapterError("40001", "could not serialize access due to concurrent update")],
    ["a deadlock (40P01)", adapterError("40P01", "deadlock detected")],
    ["a lock not granted in time (55P03)", adapterError("55P03", "canceling statement due to lock timeout")],
    ["a statement timeout (57014)", adapterError("57014", "canceling statement due to statement timeout")],
    ["a restart (57P01, also unavailable)", adapterError("57P01", "terminating connection due to administrator command")],
    ["a refused connection (also unavailable)", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
  ])("%s is transient: the job is re-queued", (_name, error) => {
    expect(isTransientDatabaseError(error)).toBe(true);
  });

  it.each([
    ["a NUL in text (22021)", adapterError("22021", 'invalid byte sequence for encoding "UTF8": 0x00')],
    ["a unique violation (P2002)", Object.assign(new Error("Unique constraint failed on the fields: (`id`)"), { code: "P2002" })],
    ["a record not found (P2025)", Object.assign(new Error("An operation failed because it depends on one or more records that were required but not found."), { code: "P2025" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'parts')")],
    ["not an error", "P2028 in a string"],
  ])("%s is not", (_name, error) => {
    expect(isTransientDatabaseError(error)).toBe(false);
  });

  it("a transaction timeout is transient but not an outage (retryWhileUnavailable does not wait on it)", () => {
    const timeout = Object.assign(new Error("Transaction API error: Transaction already closed"), { code: "P2028" });
    expect(isDatabaseUnavailable(timeout)).toBe(false);
    expect(isTransientDatabaseError(timeout)).toBe(true);
  });
});
