import { describe, expect, it } from "vitest";
import { generateSession } from "@/lib/generator/generate-session";
import { storeSession } from "@/lib/store/sessions";
import { createRun } from "@/lib/store/runs";
import { fuzzRequests } from "@/lib/testing/fuzz/fuzz-requests";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "@/lib/testing/use-test-database";
import { FUZZ_ROUTES, UPLOAD_ROUTE } from "./request-fuzz-routes";

/** FUZZ_REQUESTS / FUZZ_SEED override the CI run's size and seed. */
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 14);

function requestFuzzSuite(kind: TestDatabaseKind): void {
  useTestDatabase(kind);

  it(`${COUNT} malformed requests (path ids, query parameters, multipart and JSON bodies; seed ${SEED}): no 5xx, every 4xx the usual JSON error`, async () => {
    const stored = await storeSession({ session: generateSession({ seed: 5, messages: 30 }), sessionCount: 1, pick: 0 });
    const run = await createRun({
      sessionId: stored.id,
      strategyId: "none",
      settings: {},
      options: { window: 200_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null },
    });
    // real ids, so a mutated query or body reaches the store with the rest of the request valid
    const figures = await fuzzRequests({ routes: FUZZ_ROUTES, uploadRoute: UPLOAD_ROUTE, idsFor: (route) => ({ id: route.path.startsWith("/api/runs/") ? run.id : stored.id, probeId: "p1" }), count: COUNT, seed: SEED });
    console.log(`[request-fuzz ${kind}] ${JSON.stringify({ seed: SEED, requests: figures.requests, byStatus: figures.byStatus, byMutation: figures.byMutation })}`);
    expect(figures.requests).toBe(COUNT);
    expect(figures.failures).toEqual([]);
  });
}

describe("request fuzzing on SQLite (real route handlers, fresh file)", () => requestFuzzSuite("sqlite"));

if (PG_TEST_URL) describe("request fuzzing on PostgreSQL (real route handlers, fresh database)", () => requestFuzzSuite("postgresql"));
else describe.skip("request fuzzing on PostgreSQL (skipped: set PG_TEST_URL)", () => it("needs PG_TEST_URL", () => {}));
