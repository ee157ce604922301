// Loaded with `node --require` into a process bench/cli-floor.ts times: at exit, appends the process's CPU time (user
// + system, every thread, ms) to the file LAB_BENCH_CPU_FILE names. On a shared machine CPU time moves far less with
// the load than wall time does. CommonJS and `--require`, not `--import`: an ES module preloaded would start Node's ES
// module loader in every timed process, which `npm run lab` (scripts/lab.cjs) does not.
"use strict";
const fs = require("node:fs");

process.on("exit", () => {
  const usage = process.cpuUsage();
  fs.appendFileSync(process.env.LAB_BENCH_CPU_FILE, `${(usage.user + usage.system) / 1000}\n`);
});
