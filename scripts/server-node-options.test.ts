import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeOptions } from "../bench/memory";

const SCRIPTS = import.meta.dirname;

/** The largest new space (MB) a process reaches while it churns through short-lived objects, in a child with `env`. */
function largestNewSpace(env: NodeJS.ProcessEnv): number {
  const churn = `const v8 = require("node:v8"); let kept = []; let largest = 0;
for (let index = 0; index < 2e6; index++) {
  kept.push({ index });
  if (kept.length > 400000) kept = kept.slice(200000);
  if (index % 100000 === 0) largest = Math.max(largest, v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size);
}
console.log(largest / 1048576);`;
  return Number(execFileSync(process.execPath, ["-e", churn], { env, encoding: "utf8" }).trim());
}

describe("scripts/server-node-options: the Node options every start of the production server gives it", () => {
  it("next-start.sh puts them in NODE_OPTIONS, before any already set, just before it execs next start", () => {
    const script = readFileSync(path.join(SCRIPTS, "next-start.sh"), "utf8");
    expect(script).toMatch(/NODE_OPTIONS="\$\(tr '\\n' ' ' < scripts\/server-node-options\)\$\{NODE_OPTIONS:-\}"\nexport NODE_OPTIONS\nexec \.\/node_modules\/\.bin\/next start "\$@"\n/);
  });

  it("start.sh, npm start and the Playwright configs' servers all start through next-start.sh", () => {
    const read = (file: string) => readFileSync(path.join(SCRIPTS, "..", file), "utf8");
    expect(read("scripts/start.sh")).toMatch(/\nexec bash scripts\/next-start\.sh -H "\$BIND_HOST" -p "\$PORT"\n/);
    expect(JSON.parse(read("package.json")).scripts.start).toBe("bash scripts/next-start.sh -p 3000");
    for (const config of ["playwright.config.ts", "playwright.team.config.ts"]) {
      expect(read(config)).toContain("bash scripts/next-start.sh -p ${PORT}");
      expect(read(config)).not.toMatch(/\.bin\/next start/);
    }
  });

  it("Node takes them from NODE_OPTIONS, and they cap the young generation at 2 × 8 MB", () => {
    const options = serverNodeOptions();
    expect(options).toEqual(["--max-semi-space-size=8"]);
    // V8's own bound depends on the machine's memory (2 × 64 MB on the 24 GiB machine the README's figures come from)
    expect(largestNewSpace({ ...process.env, NODE_OPTIONS: options.join(" ") })).toBeLessThanOrEqual(16);
  }, 30_000);
});
