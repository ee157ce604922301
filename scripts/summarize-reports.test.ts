import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = path.resolve(import.meta.dirname, "summarize-reports.mjs");

/** Runs the closing-line script on one vitest-shaped report; returns its line and exit code. */
function summarize(report: object): { line: string; code: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-summarize-"));
  const file = path.join(dir, "vitest.json");
  fs.writeFileSync(file, JSON.stringify(report));
  try {
    return { line: execFileSync(process.execPath, [SCRIPT, file], { encoding: "utf8" }).trim(), code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; status: number };
    return { line: failure.stdout.trim(), code: failure.status };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const passing = { status: "passed", title: "t" };

describe("summarize-reports: the closing N passed, N failed line", () => {
  it("counts a file whose afterAll hook failed (every test passed) as a failure", () => {
    // what vitest writes when the conformance suite's afterAll finds unexplained differences
    const report = { numPassedTests: 2, numFailedTests: 0, numPendingTests: 0, testResults: [{ status: "failed", assertionResults: [passing, passing] }] };
    expect(summarize(report)).toEqual({ line: "2 passed, 1 failed, 0 skipped", code: 1 });
  });

  it("counts a file that failed to load as a failure, and a failed test once", () => {
    expect(summarize({ numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, testResults: [{ status: "failed", assertionResults: [] }] }).line).toBe("0 passed, 1 failed, 0 skipped");
    const report = { numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, testResults: [{ status: "failed", assertionResults: [passing, { status: "failed", title: "u" }] }] };
    expect(summarize(report)).toEqual({ line: "1 passed, 1 failed, 0 skipped", code: 1 });
  });

  it("passes a clean report", () => {
    expect(summarize({ numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, testResults: [{ status: "passed", assertionResults: [passing] }] })).toEqual({ line: "3 passed, 0 failed, 1 skipped", code: 0 });
  });

  it("counts each check of a script's check report (scripts/cpd.mjs) as one test, and an empty one as a failure", () => {
    expect(summarize({ tool: "cpd", checks: [{ name: "a", status: "passed" }] })).toEqual({ line: "1 passed, 0 failed, 0 skipped", code: 0 });
    expect(summarize({ tool: "cpd", checks: [{ name: "a", status: "failed" }, { name: "b", status: "passed" }] })).toEqual({ line: "1 passed, 1 failed, 0 skipped", code: 1 });
    expect(summarize({ tool: "cpd", checks: [] })).toEqual({ line: "0 passed, 1 failed, 0 skipped", code: 1 });
  });
});
