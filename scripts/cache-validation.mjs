// npm run cache-validation: the prompt-cache model against the cache figures real transcripts recorded (vitest,
// validation/; JSON report in reports/cache-validation.json, the table in reports/cache-validation/table.txt, every
// call in reports/cache-validation/calls.tsv). Prints the table: per transcript the calls compared, those within ±10
// points of their recorded cached share, the mean per-call gap, the total cached share recorded and predicted (by the
// cache model alone), the prompt rewrites the recorded usage shows (which `lab simulate` applies and this does not), the
// documented causes of the rest, and the transcripts with usage that could not be compared (and why). Exits non-zero on a failure
// (a call off without a cause, or fewer than 85% of the calls within).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reportDir = path.join(root, "reports", "cache-validation");
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(path.join(root, "reports"), { recursive: true });
const vitest = path.join(root, "node_modules", ".bin", "vitest");
const status =
  spawnSync(vitest, ["run", "-c", "validation/vitest.config.ts", "--reporter=default", "--reporter=json", "--outputFile=reports/cache-validation.json"], { cwd: root, stdio: "inherit" }).status ?? 1;
const table = path.join(reportDir, "table.txt");
if (fs.existsSync(table)) console.log(`[cache-validation]\n${fs.readFileSync(table, "utf8")}`);
else console.error("[cache-validation] no table: no transcript with cache figures was read (is ../shared/transcripts there?)");
process.exit(status);
