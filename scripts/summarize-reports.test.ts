import { execFileSync, spawnSync } from "node:child_process";
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

/** The closing line for a vitest report at reports/vitest.json and the steps' exit statuses (`--steps`), as scripts/test.sh runs it. */
function summarizeWithSteps(report: object, steps: string | null): { line: string; code: number; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-summarize-"));
  const reportFile = path.join(dir, "vitest.json");
  const stepsFile = path.join(dir, "steps.tsv");
  fs.writeFileSync(reportFile, JSON.stringify(report));
  if (steps !== null) fs.writeFileSync(stepsFile, steps.replaceAll("{report}", reportFile));
  const run = spawnSync(process.execPath, [SCRIPT, "--steps", stepsFile, reportFile], { encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  return { line: run.stdout.trim(), code: run.status ?? -1, stderr: run.stderr };
}

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

  it("--steps: a step without a report counts as one test; vitest exiting 1 with every test passed (an error outside any test) is a failure", () => {
    const clean = { numPassedTests: 2, numFailedTests: 0, numPendingTests: 0, success: true, testResults: [{ status: "passed", assertionResults: [passing, passing] }] };
    expect(summarizeWithSteps(clean, "0\t-\ttsc --noEmit\n0\t{report}\tvitest run\n")).toMatchObject({ line: "3 passed, 0 failed, 0 skipped", code: 0 });
    const typeError = summarizeWithSteps(clean, "2\t-\ttsc --noEmit\n0\t{report}\tvitest run\n");
    expect(typeError).toMatchObject({ line: "2 passed, 1 failed, 0 skipped", code: 1 });
    // what stop 47's clean clone printed: all passed, `success: true`, and vitest's exit status 1 for an uncaught 57P01
    const unhandled = summarizeWithSteps(clean, "0\t-\ttsc --noEmit\n1\t{report}\tvitest run\n");
    expect(unhandled).toMatchObject({ line: "3 passed, 1 failed, 0 skipped", code: 1 });
    expect(unhandled.stderr).toContain("'vitest run' exited 1 while its report");
  });

  it("--steps: a failed test is counted once, not again for its step's exit status; missing statuses are a failure", () => {
    const failing = { numPassedTests: 1, numFailedTests: 1, numPendingTests: 0, testResults: [{ status: "failed", assertionResults: [passing, { status: "failed", title: "u" }] }] };
    expect(summarizeWithSteps(failing, "1\t{report}\tvitest run\n")).toMatchObject({ line: "1 passed, 1 failed, 0 skipped", code: 1 });
    const clean = { numPassedTests: 1, numFailedTests: 0, numPendingTests: 0, testResults: [{ status: "passed", assertionResults: [passing] }] };
    expect(summarizeWithSteps(clean, null)).toMatchObject({ line: "1 passed, 1 failed, 0 skipped", code: 1 });
  });
});
