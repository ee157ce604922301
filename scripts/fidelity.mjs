// npm run fidelity: each shared transcript that records its agent's own compactions, replayed through that agent's
// strategy at the session's window with every offline estimator (vitest, validation/fidelity/; JSON report in
// reports/fidelity.json, the table in reports/fidelity/table.txt). Prints the table. Exits non-zero when a gated
// recorded compaction (one the agent made because the context was large: the call before it recorded at least half
// the window) is not replayed within 5 calls by the default estimator — see validation/fidelity/fidelity.test.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reportDir = path.join(root, "reports", "fidelity");
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(path.join(root, "reports"), { recursive: true });
const vitest = path.join(root, "node_modules", ".bin", "vitest");
const status =
  spawnSync(vitest, ["run", "-c", "validation/fidelity/vitest.config.ts", "--reporter=default", "--reporter=json", "--outputFile=reports/fidelity.json"], { cwd: root, stdio: "inherit" }).status ?? 1;
const table = path.join(reportDir, "table.txt");
if (fs.existsSync(table)) console.log(`[fidelity]\n${fs.readFileSync(table, "utf8")}`);
else console.error("[fidelity] no table: no transcript with recorded compactions was read (is ../shared/transcripts there?)");
process.exit(status);
