import { describe, expect, it } from "vitest";
import { buildSession, deepFreeze } from "../testing/build-session";
import { extractProbes } from "./extract-probes";
import type { ProbeKind } from "./probe";

// calls: m1 is step 0, m3 step 1, m6 step 2, m8 step 3; a message first appears at the next call (m9 only in the final context: 4)
const session = deepFreeze(
  buildSession([
    { user: "Fix the login bug in src/auth/login.ts. Always run the tests before committing! Is it broken?" }, // m0
    { assistant: "Looking at it.", tools: [{ name: "bash", input: { command: "npm test -- login\necho done" }, output: "FAILED src/auth/login.test.ts\nError: expected 401 to be 200", isError: true }] }, // m1, m2
    { assistant: "I'll use jsonwebtoken because the session cookie is unsigned. The LoginController on port 3000 fails.", tools: [{ name: "read", input: { path: "src\\auth\\login.ts" }, output: "export function handleLogin() {}" }] }, // m3, m4
    { user: "Don't touch package.json. Bump to v2.4.1 and close #42 (see TS2345 in refresh_token_store)." }, // m5
    { assistant: "Noted.", tools: [{ name: "bash", input: { command: "npm test -- login" }, output: "ok" }] }, // m6, m7
    { assistant: "Done: all green." }, // m8
    { user: "Now update the README." }, // m9
  ]),
);

describe("extractProbes", () => {
  const probes = extractProbes(session);
  const of = (kind: ProbeKind) => probes.filter((probe) => probe.kind === kind).map((probe) => [probe.text, probe.firstStep, probe.messageId]);

  it.each<[ProbeKind, unknown[]]>([
    ["file-path", [["src/auth/login.ts", 0, "m0"], ["package.json", 2, "m5"]]],
    ["command", [["npm test -- login", 1, "m1"]]],
    ["error", [["FAILED src/auth/login.test.ts", 1, "m2"], ["Error: expected 401 to be 200", 1, "m2"]]],
    ["rule", [["Always run the tests before committing!", 0, "m0"], ["Don't touch package.json.", 2, "m5"]]],
    ["decision", [["I'll use jsonwebtoken because the session cookie is unsigned.", 2, "m3"]]],
    ["identifier", [["port 3000", 2, "m3"], ["LoginController", 2, "m3"], ["v2.4.1", 2, "m5"], ["#42", 2, "m5"], ["TS2345", 2, "m5"], ["refresh_token_store", 2, "m5"]]],
    ["last-request", [["Now update the README.", 4, "m9"]]],
  ])("finds %s probes with their first step and message", (kind, expected) => {
    expect(of(kind)).toEqual(expected);
  });

  it("dedups by kind and normalised text: the Windows-style path and the repeated command are the first ones", () => {
    expect(probes.filter((probe) => probe.normalized === "src/auth/login.ts")).toHaveLength(1);
    expect(probes.filter((probe) => probe.kind === "command")).toHaveLength(1);
  });

  it("numbers ids per kind and skips short or noisy identifiers", () => {
    expect(probes.find((probe) => probe.kind === "file-path")?.id).toBe("file-path-0");
    expect(probes.map((probe) => probe.text)).not.toContain("handleLogin"); // tool output is not mined for identifiers
    expect(of("rule").map(([text]) => text)).not.toContain("Is it broken?");
  });

  it("is deterministic and ignores recorded summaries", () => {
    expect(extractProbes(session)).toEqual(probes);
    const withSummary = buildSession([{ compaction: {}, summary: "Always use tabs in src/old.ts" }, { user: "hi there" }, { assistant: "hello" }]);
    expect(extractProbes(withSummary).map((probe) => probe.kind)).toEqual(["last-request"]);
  });
});
