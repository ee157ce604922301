import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * scripts/cpd.mjs, run for real (jscpd) on planted trees: a copy of 6 lines from a strategy — in a strategy
 * folder that did not exist when the check was written — fails it, naming both places; 5 lines, or a copy within one
 * side, do not. And the project's own tree passes.
 */
const SCRIPT = path.resolve(import.meta.dirname, "cpd.mjs");
const dirs: string[] = [];

// a strategy's code: every line differs from its neighbours, so a run of N copied lines is N lines of real tokens
const STRATEGY_LINES = [
  "export function keepRecent(messages: readonly string[], budget: number): string[] {",
  "  const kept: string[] = [];",
  "  let used = 0;",
  "  for (let index = messages.length - 1; index >= 0; index--) {",
  "    const cost = Math.ceil(messages[index].length / 4) + 3;",
  "    if (used + cost > budget && kept.length > 0) break;",
  "    kept.unshift(messages[index]);",
  "    used += cost;",
  "  }",
  "  return kept;",
  "}",
];

function scorerWith(copied: readonly string[]): string {
  return [
    "export function scoreSomething(text: string, facts: readonly string[]): number {",
    "  const lower = text.toLowerCase();",
    "  return facts.filter((fact) => lower.includes(fact)).length / Math.max(1, facts.length);",
    "}",
    "",
    ...copied,
    "",
    "export const SCORE_NAME = \"something\" as const;",
  ].join("\n");
}

function plant(options: { scorer: string; strategy: string; extraStrategy?: string }): { evaluate: string; strategies: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cpd-test-"));
  dirs.push(root);
  const evaluate = path.join(root, "evaluate");
  const strategies = path.join(root, "strategies");
  fs.mkdirSync(evaluate, { recursive: true });
  fs.mkdirSync(path.join(strategies, "brand-new"), { recursive: true });
  fs.writeFileSync(path.join(evaluate, "score-something.ts"), options.scorer);
  fs.writeFileSync(path.join(strategies, "brand-new", "keep-recent.ts"), options.strategy);
  if (options.extraStrategy) fs.writeFileSync(path.join(strategies, "other.ts"), options.extraStrategy);
  return { evaluate, strategies };
}

function cpd(args: string[]): { code: number | null; output: string; report: { checks: { status: string; detail: string }[] } | null } {
  const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lab-cpd-report-")), "cpd.json");
  dirs.push(path.dirname(reportFile));
  const run = spawnSync(process.execPath, [SCRIPT, ...args, "--report", reportFile], { encoding: "utf8" });
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, "utf8")) : null;
  return { code: run.status, output: run.stdout + run.stderr, report };
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run cpd: no run of 6+ lines shared between the scorer and the strategies", () => {
  const strategy = STRATEGY_LINES.join("\n");

  it("fails on a planted copy of 6 lines from a new strategy folder, naming both places", () => {
    const tree = plant({ scorer: scorerWith(STRATEGY_LINES.slice(1, 7)), strategy });
    const run = cpd(["--evaluate", tree.evaluate, "--strategies", tree.strategies]);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/score-something\.ts:\d+-\d+ ≡ .*brand-new\/keep-recent\.ts:\d+-\d+/);
    expect(run.report?.checks).toEqual([expect.objectContaining({ status: "failed" })]);
  });

  it("passes 5 shared lines, and a copy that stays within one side", () => {
    const five = plant({ scorer: scorerWith(STRATEGY_LINES.slice(1, 6)), strategy });
    expect(cpd(["--evaluate", five.evaluate, "--strategies", five.strategies])).toMatchObject({ code: 0, report: { checks: [{ status: "passed" }] } });
    const oneSide = plant({ scorer: scorerWith([]), strategy, extraStrategy: strategy.replace("keepRecent", "keepLatest") });
    expect(cpd(["--evaluate", oneSide.evaluate, "--strategies", oneSide.strategies]).code).toBe(0);
  });

  it("passes on the project's own lib/engine/evaluate and lib/engine/strategies", () => {
    const run = cpd([]);
    expect(run.output).toContain("no run of 6+ lines shared");
    expect(run.code).toBe(0);
  });
});
