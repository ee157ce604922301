// Prints the one closing line CI recognises ("N passed, N failed, N skipped") from the vitest and Playwright
// JSON reports, and from the small check reports of the project's own scripts ({ checks: [{ name, status }] }, as
// scripts/cpd.mjs writes: each check one test, "passed" or "failed"). A missing or unreadable report counts as a failure, so a runner that crashed is never a pass.
// `--steps FILE`: the exit status of each step scripts/test.sh ran ("<status>\t<its report or ->\t<command>" a line).
// A step with no report of its own (the typecheck, the builds) counts as one test; a step that failed while its report
// shows no failure counts as one failure — vitest exits 1 for an error outside any test (an unhandled rejection)
// with every test passed and `success: true` in its JSON, so the line would otherwise say 0 failed under a failed run.
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const args = process.argv.slice(2);
const stepsAt = args.indexOf("--steps");
const stepsFile = stepsAt >= 0 ? args.splice(stepsAt, 2)[1] : undefined;
/** failures counted from each report, by its path */
const failedByReport = new Map();
for (const file of args) {
  const before = failed;
  summarizeReport(file);
  failedByReport.set(file, failed - before);
}
if (stepsFile !== undefined) {
  const lines = fs.existsSync(stepsFile) ? fs.readFileSync(stepsFile, "utf8").split("\n").filter(Boolean) : [];
  if (lines.length === 0) {
    console.error(`[test] the steps' exit statuses (${stepsFile}) are missing: counted as a failure`);
    failed += 1;
  }
  for (const line of lines) {
    const [status, report, command] = line.split("\t");
    if (report === "-") {
      if (status === "0") passed += 1;
      else failed += 1;
    } else if (status !== "0" && !failedByReport.get(report)) {
      console.error(`[test] '${command}' exited ${status} while its report (${report}) shows no failure: counted as a failure`);
      failed += 1;
    }
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

function summarizeReport(file) {
  if (!fs.existsSync(file)) {
    console.error(`[test] report ${file} is missing: counted as a failure`);
    failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if (Array.isArray(report.checks)) {
    // a script's own checks (scripts/cpd.mjs)
    for (const check of report.checks) {
      if (check.status === "passed") passed += 1;
      else failed += 1;
    }
    if (report.checks.length === 0) failed += 1; // a check report that checked nothing is not a pass
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    // vitest
    passed += report.numPassedTests;
    // a test file that failed with no failing test of its own (it failed to load, or a hook failed — the
    // conformance suites assert "0 unexplained" in afterAll) must still fail the run
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
    ).length;
    failed += report.numFailedTests + brokenFiles;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
}
