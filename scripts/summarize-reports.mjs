// Prints the one closing line CI recognises ("N passed, N failed, N skipped") from the vitest and Playwright
// JSON reports, and from the small check reports of the project's own scripts ({ checks: [{ name, status }] }, as
// scripts/cpd.mjs writes: each check one test, "passed" or "failed"). A missing or unreadable report counts as a failure, so a runner that crashed is never a pass.
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`[test] report ${file} is missing: counted as a failure`);
    failed += 1;
    continue;
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
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
