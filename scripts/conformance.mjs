// npm run conformance: installs the oracle packages (conformance/oracles, their own lockfile, scripts ignored — they
// are test oracles, never app dependencies) when missing or stale, runs the conformance suite (vitest, JSON report in
// reports/conformance.json; each oracle's full table and every difference in reports/conformance/<oracle>.txt,
// only a short table per oracle on stdout) and closes with one line per oracle: compaction points compared / equal / documented
// deviations / unexplained. Exits non-zero on any failure or unexplained difference.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const oracles = path.join(root, "conformance", "oracles");
const installed = path.join(oracles, "node_modules", ".package-lock.json");
const lock = path.join(oracles, "package-lock.json");
const run = (command, args, cwd) => spawnSync(command, args, { cwd, stdio: "inherit" }).status ?? 1;

if (!fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs) {
  console.log("[conformance] installing the oracle packages (pi-coding-agent, gemini-cli-core, openclaw) into conformance/oracles");
  const status = run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], oracles);
  if (status !== 0) {
    console.error("[conformance] npm ci in conformance/oracles failed: the oracles could not be installed");
    process.exit(status);
  }
}
fs.rmSync(path.join(root, "reports", "conformance"), { recursive: true, force: true });
fs.mkdirSync(path.join(root, "reports"), { recursive: true });
const status = run(path.join(root, "node_modules", ".bin", "vitest"), ["run", "-c", "conformance/vitest.config.ts", "--reporter=default", "--reporter=json", "--outputFile=reports/conformance.json"], root);

const dir = path.join(root, "reports", "conformance");
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".json")).sort() : [];
let unexplained = 0;
for (const file of files) {
  const { oracle, package: pkg, checks, report } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  const parts = Object.entries(checks).map(([name, c]) => `${name} ${c.compared}/${c.equal}/${c.documented}/${c.unexplained}`);
  unexplained += Object.values(checks).reduce((sum, c) => sum + c.unexplained, 0);
  console.log(`[conformance] ${oracle} (${pkg}) — compared/equal/documented/unexplained: ${parts.join(" · ")}${report ? ` — details in ${report}` : ""}`);
}
if (files.length === 0) console.error("[conformance] no oracle reported: the suite did not run");
process.exit(status !== 0 || unexplained > 0 || files.length === 0 ? 1 : 0);
