// Prints the one closing line CI recognises ("N passed, N failed, N skipped") from the vitest and Playwright
// JSON reports. A missing or unreadable report counts as a failure, so a runner that crashed is never a pass.
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
  if (report.stats) {
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
