#!/usr/bin/env node
// `npm run cpd [-- --evaluate <dir>] [-- --strategies <dir>] [-- --report <file>]`: the copy-paste check between the
// scorer and what it scores. Runs jscpd (pinned in package.json; runs offline) over
// lib/engine/evaluate and all of lib/engine/strategies — every file, tests included, and every strategy folder that
// is added later — and fails on any run of MIN_LINES or more lines that one side shares with the other. Clones
// within one side are not this check's business. With --report it writes the closing-line report that
// scripts/summarize-reports.mjs reads: { tool: "cpd", checks: [{ name, status: "passed" | "failed", detail }] }.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

/** A run this long, shared by the scorer and a strategy, is a copy (issue #35). */
export const MIN_LINES = 6;
/**
 * jscpd finds clones as runs of equal tokens (at least this many; its default is 50, too many for six short lines
 * of a regex table). Its line count spans from a clone's first token to the one after its last, blank and comment
 * lines included, so a clone is only a candidate: the check counts the longest run of consecutive code lines
 * (trimmed, blank and comment-only lines left out) that the two fragments share, and fails at MIN_LINES of those.
 */
export const MIN_TOKENS = 10;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const { values } = parseArgs({ options: { evaluate: { type: "string" }, strategies: { type: "string" }, report: { type: "string" } } });
const evaluate = path.resolve(values.evaluate ?? path.join(root, "lib/engine/evaluate"));
const strategies = path.resolve(values.strategies ?? path.join(root, "lib/engine/strategies"));
const out = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cpd-"));
const bin = path.join(root, "node_modules", ".bin", "jscpd");
const rel = (file) => path.relative(root, file);

function finish(status, detail) {
  if (values.report) {
    fs.mkdirSync(path.dirname(path.resolve(values.report)), { recursive: true });
    const name = `no run of ${MIN_LINES}+ lines shared between ${rel(evaluate)} and ${rel(strategies)}`;
    fs.writeFileSync(values.report, JSON.stringify({ tool: "cpd", checks: [{ name, status, detail }] }, null, 2));
  }
  fs.rmSync(out, { recursive: true, force: true });
  process.exit(status === "passed" ? 0 : 1);
}

for (const dir of [evaluate, strategies]) {
  if (!fs.existsSync(dir)) {
    console.error(`[cpd] ${dir} does not exist`);
    finish("failed", `${dir} does not exist`);
  }
}
const run = spawnSync(
  bin,
  ["--min-lines", "1", "--min-tokens", String(MIN_TOKENS), "--format", "typescript,tsx,javascript", "--reporters", "json", "--output", out, "--absolute", "--silent", evaluate, strategies],
  { encoding: "utf8" },
);
const reportFile = path.join(out, "jscpd-report.json");
if (run.error || run.status !== 0 || !fs.existsSync(reportFile)) {
  const why = run.error ? String(run.error) : `jscpd exited ${run.status}: ${(run.stderr || run.stdout).trim().slice(0, 400)}`;
  console.error(`[cpd] ${why}`);
  finish("failed", why);
}
const { duplicates, statistics } = JSON.parse(fs.readFileSync(reportFile, "utf8"));
const inside = (file, dir) => path.resolve(file).startsWith(dir + path.sep);
const COMMENT_ONLY = /^(?:\/\/|\/\*|\*)/;
const codeLines = (file) => {
  const lines = fs.readFileSync(file.name, "utf8").split("\n").slice(file.start - 1, file.end);
  return lines.map((line) => line.trim()).filter((line) => line !== "" && !COMMENT_ONLY.test(line));
};
/** the longest run of consecutive code lines the two fragments share (longest common substring of their lines) */
function sharedRun(a, b) {
  let best = 0;
  let previous = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) if (a[i - 1] === b[j - 1]) best = Math.max(best, (current[j] = previous[j - 1] + 1));
    previous = current;
  }
  return best;
}
const crossing = duplicates
  .filter((clone) => inside(clone.firstFile.name, evaluate) !== inside(clone.secondFile.name, evaluate))
  .map((clone) => ({ ...clone, lines: sharedRun(codeLines(clone.firstFile), codeLines(clone.secondFile)) }))
  .filter((clone) => clone.lines >= MIN_LINES);
const sources = statistics?.total?.sources ?? 0;
if (sources === 0) {
  console.error("[cpd] jscpd read no source file");
  finish("failed", "jscpd read no source file");
}
if (crossing.length === 0) {
  console.log(`[cpd] ${sources} files read: no run of ${MIN_LINES}+ lines shared between ${rel(evaluate)} and ${rel(strategies)}`);
  finish("passed", `${sources} files`);
}
const lines = crossing.map((clone) => {
  const [a, b] = inside(clone.firstFile.name, evaluate) ? [clone.firstFile, clone.secondFile] : [clone.secondFile, clone.firstFile];
  return `${rel(a.name)}:${a.start}-${a.end} ≡ ${rel(b.name)}:${b.start}-${b.end} (${clone.lines} code lines in a row)`;
});
console.error(`[cpd] ${crossing.length} run(s) of ${MIN_LINES}+ lines shared between the scorer and the strategies:\n  ${lines.join("\n  ")}`);
finish("failed", lines.join("; "));
