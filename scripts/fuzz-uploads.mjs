// The long fuzz run: `npm run fuzz -- --count 10000 [--seed 14]`. Runs the CI fuzz suites with more inputs: uploads
// (app/api/sessions/upload-fuzz.test.ts: mutated real transcripts through the real upload route on a fresh SQLite
// file) and requests (app/api/request-fuzz.test.ts: malformed path ids, query parameters, multipart and JSON bodies
// through the real route handlers, on SQLite and, with PG_TEST_URL, PostgreSQL); prints the figures lines ([fuzz] …,
// [request-fuzz …] …) and exits non-zero on any 5xx, vague 4xx or damaged session.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { count: { type: "string", default: "10000" }, seed: { type: "string", default: "14" } } });
for (const [flag, value] of Object.entries(values)) {
  if (!/^\d+$/.test(value)) {
    console.error(`--${flag} takes a whole number, got "${value}"`);
    process.exit(2);
  }
}
const result = spawnSync("./node_modules/.bin/vitest", ["run", "app/api/sessions/upload-fuzz.test.ts", "app/api/request-fuzz.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_COUNT: values.count, FUZZ_REQUESTS: values.count, FUZZ_SEED: values.seed },
});
process.exit(result.status ?? 1);
