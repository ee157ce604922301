import { describe, expect, it } from "vitest";
import { generateSession } from "@/lib/generator/generate-session";
import { storeSession } from "@/lib/store/sessions";
import { createRun } from "@/lib/store/runs";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "@/lib/testing/use-test-database";
import * as sessions from "./sessions/route";
import * as search from "./search/route";
import * as session from "./sessions/[id]/route";
import * as messages from "./sessions/[id]/messages/route";
import * as sessionRuns from "./sessions/[id]/runs/route";
import * as secrets from "./sessions/[id]/secrets/route";
import * as sessionShareLinks from "./sessions/[id]/share-links/route";
import * as probes from "./sessions/[id]/probes/route";
import * as probe from "./sessions/[id]/probes/[probeId]/route";
import * as preview from "./sessions/[id]/preview/route";
import * as run from "./runs/[id]/route";
import * as runContext from "./runs/[id]/context/route";
import * as runTimeline from "./runs/[id]/timeline/route";
import * as runJudged from "./runs/[id]/judged-probes/route";
import * as judgedOfRuns from "./runs/judged-probes/route";
import * as judgementStream from "./judgements/[id]/stream/route";
import * as judgementCancel from "./judgements/[id]/cancel/route";
import * as recommendation from "./recommendations/[id]/route";
import * as shareLinks from "./share-links/route";
import * as shareLink from "./share-links/[id]/route";
import { fuzzRequests, type FuzzRoute, type RouteHandler } from "@/lib/testing/fuzz/fuzz-requests";

const route = (method: FuzzRoute["method"], path: string, handler: unknown, extra: Partial<FuzzRoute> = {}): FuzzRoute => ({
  name: `${method} ${path}`,
  method,
  path,
  handler: handler as RouteHandler,
  ...extra,
});

/** The upload route, for multipart bodies. */
const UPLOAD_ROUTE = route("POST", "/api/sessions", sessions.POST);

/**
 * The API routes the request fuzzer sends malformed path ids, query parameters and
 * JSON bodies to: every route that reads a path id or a query, and the POSTs that take JSON and answer at once
 * (those that start jobs or call models are left out: a well-formed request there runs real work).
 */
const FUZZ_ROUTES: FuzzRoute[] = [
  route("GET", "/api/sessions", sessions.GET, {
    query: { agent: "claude-code", model: "claude-sonnet-4-5", project: "/repo", from: "2025-01-01", to: "2026-12-31", minTokens: "0", maxTokens: "1000000", compactions: "with", findings: "without" },
  }),
  route("GET", "/api/search", search.GET, { query: { q: "src/app.ts", limit: "10", offset: "0" } }),
  route("POST", "/api/sessions", sessions.POST, { query: { name: "chat.json", format: "openai", pick: "0", duplicate: "allow" } }),
  route("GET", "/api/sessions/[id]", session.GET),
  route("GET", "/api/sessions/[id]/messages", messages.GET, { query: { cursor: "0", limit: "50" } }),
  route("GET", "/api/sessions/[id]/runs", sessionRuns.GET),
  route("GET", "/api/sessions/[id]/secrets", secrets.GET),
  route("GET", "/api/sessions/[id]/share-links", sessionShareLinks.GET),
  route("GET", "/api/sessions/[id]/probes", probes.GET),
  route("DELETE", "/api/sessions/[id]/probes/[probeId]", probe.DELETE),
  route("POST", "/api/sessions/[id]/preview", preview.POST, { body: { strategy: "pi", options: { window: 8_000 } } }),
  route("GET", "/api/runs/[id]", run.GET),
  route("GET", "/api/runs/[id]/context", runContext.GET, { query: { step: "final" } }),
  route("GET", "/api/runs/[id]/timeline", runTimeline.GET),
  route("GET", "/api/runs/[id]/judged-probes", runJudged.GET),
  route("GET", "/api/runs/judged-probes", judgedOfRuns.GET, { query: { ids: "a,b" } }),
  route("POST", "/api/runs/[id]/judged-probes", runJudged.POST, { body: { questionsPerCompaction: 2, maxCompactions: 1, confirm: true } }),
  route("GET", "/api/judgements/[id]/stream", judgementStream.GET),
  route("POST", "/api/judgements/[id]/cancel", judgementCancel.POST),
  route("GET", "/api/recommendations/[id]", recommendation.GET),
  route("GET", "/api/share-links", shareLinks.GET),
  route("POST", "/api/share-links", shareLinks.POST, { body: { kind: "session", targetId: "missing", label: "fuzz" } }),
  route("DELETE", "/api/share-links/[id]", shareLink.DELETE),
];

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
