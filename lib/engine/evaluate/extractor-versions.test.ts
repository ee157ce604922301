import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { CONTINUATION_FACTS_VERSION, extractContinuationFacts } from "./extract-continuation-facts";
import { extractSessionProbes, PROBES_VERSION } from "./extract-probes";

/**
 * A tripwire for the versions that key what is stored with a session (SessionFacts, SessionProbes): what each
 * extractor finds on a few generated sessions is pinned, hashed, beside its version. A change that finds other facts
 * or probes fails here until the version is raised with the new hash — so sessions stored under the old version are
 * extracted again instead of being scored on stale facts. (Raise the version and paste the hash the failure shows.)
 */
const SESSIONS = [
  generateSession({ seed: 7, messages: 120 }),
  generateSession({ seed: 42, messages: 400 }),
  generateSession({ seed: 1001, messages: 900 }),
];

const digest = (values: unknown[]) => createHash("sha256").update(JSON.stringify(values)).digest("hex").slice(0, 16);

describe("extractor versions", () => {
  it("the pinned sessions give each extractor something to find, of several kinds", () => {
    const probes = SESSIONS.flatMap(extractSessionProbes);
    expect(new Set(probes.map((probe) => probe.kind)).size).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(SESSIONS.map(extractContinuationFacts)).length).toBeGreaterThan(10_000);
  });

  it("the session's own probes are what PROBES_VERSION promises", () => {
    expect({ version: PROBES_VERSION, found: digest(SESSIONS.map(extractSessionProbes)) }).toEqual({ version: 1, found: "47883844c9d1ace5" });
  });

  it("the continuation facts are what CONTINUATION_FACTS_VERSION promises", () => {
    expect({ version: CONTINUATION_FACTS_VERSION, found: digest(SESSIONS.map(extractContinuationFacts)) }).toEqual({ version: 2, found: "2c10690936c4d388" });
  });
});
