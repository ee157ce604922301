import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../run-cli";
import { buildSession } from "../../engine/testing/build-session";
import { generateSession } from "../../generator/generate-session";
import { exportAnthropic } from "../../transcripts/export-anthropic";

let directory: string;
let file: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-cost-"));
  file = path.join(directory, "session.json");
  const session = buildSession([
    { user: "u".repeat(8_000) },
    ...[1, 2, 3, 4].map((turn) => ({ assistant: `step ${turn}`, tools: [{ name: "read", input: { turn }, output: "x".repeat(8_000) }] })),
    { assistant: "done" },
  ]);
  fs.writeFileSync(file, JSON.stringify(exportAnthropic(session).messages));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

async function lab(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("lab simulate prices the run", () => {
  it("--json gives each step's cache read and write beside its context, and the run's dollars", async () => {
    const { code, stdout } = await lab(["simulate", file, "--strategy", "none", "--cost-model", "claude-sonnet-4-5", "--json"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout) as { steps: { contextTokens: number; cacheRead: number; cacheWrite: number }[]; cost: { totalUsd: number; withoutCachingUsd: number; hitRate: number } };
    expect(output.steps.length).toBe(5);
    // nothing changes between calls: each reads the previous context and writes the new tail
    output.steps.slice(1).forEach((step, index) => {
      expect(step.cacheRead).toBe(output.steps[index].contextTokens);
      expect(step.cacheRead + step.cacheWrite).toBe(step.contextTokens);
    });
    expect(output.cost.totalUsd).toBeLessThan(output.cost.withoutCachingUsd);
    expect(output.cost.hitRate).toBeGreaterThan(0.5);
  });

  it("an unknown model prices nothing and says so; a bad provider is a usage error naming the flag", async () => {
    const unknown = await lab(["simulate", file, "--strategy", "none", "--cost-model", "no-such-model"]);
    expect(unknown.stdout).toContain("dollars unknown");
    // a model of a known provider without a price: the cache in tokens, the reason and the way to price it
    const unpriced = await lab(["simulate", file, "--strategy", "none", "--cost-model", "claude-haiku-9-9", "--json"]);
    const output = JSON.parse(unpriced.stdout) as { cost: { totalUsd: null; usd: null; hitRate: number; cacheWeightedTokens: number; unpriced: { model: string; reason: string } } };
    expect(output.cost).toMatchObject({ totalUsd: null, usd: null, unpriced: { model: "claude-haiku-9-9" } });
    expect(output.cost.hitRate).toBeGreaterThan(0.5);
    expect(output.cost.cacheWeightedTokens).toBeGreaterThan(0);
    const text = await lab(["simulate", file, "--strategy", "none", "--cost-model", "claude-haiku-9-9"]);
    expect(text.stdout).toMatch(/dollars unknown — claude-haiku-9-9 is not in the price catalog .*--cost-model claude-sonnet-4-5/);
    const bad = await lab(["simulate", file, "--strategy", "none", "--cache-provider", "azure"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--cache-provider takes one of auto, anthropic, openai, google, none");
  });

  it("keeper plans for the cache the run is priced under: --cost-model, --cache-provider none", async () => {
    const generated = path.join(directory, "generated.json");
    const session = generateSession({ seed: 2, messages: 1_500 });
    fs.writeFileSync(generated, JSON.stringify(exportAnthropic({ ...session, meta: { ...session.meta, model: "claude-sonnet-4-5" } }).messages));
    const reasons = async (...flags: string[]) => {
      const { code, stdout } = await lab(["simulate", generated, "--strategy", "keeper", "--window", "64000", ...flags, "--json"]);
      expect(code).toBe(0);
      const output = JSON.parse(stdout) as { events: { type: string; reason?: string }[]; cost: { provider: string | null } };
      return { provider: output.cost.provider, reasons: output.events.filter((event) => event.type === "trim").map((event) => event.reason ?? "") };
    };
    const own = await reasons("--cost-model", "claude-sonnet-4-5");
    expect(own.provider).toBe("anthropic");
    expect(own.reasons.some((reason) => reason.includes("writes 1.25× the input price (anthropic's 5m cache;"))).toBe(true);
    const gpt = await reasons("--cost-model", "gpt-5.5");
    expect(gpt.provider).toBe("openai");
    expect(gpt.reasons.some((reason) => reason.includes("writes 1× the input price (openai's 5m cache;"))).toBe(true);
    expect(gpt.reasons.length).not.toBe(own.reasons.length);
    const uncached = await reasons("--cost-model", "claude-sonnet-4-5", "--cache-provider", "none");
    expect(uncached.provider).toBeNull();
    expect(uncached.reasons.some((reason) => reason.includes("reads 1× and writes 1× the input price (no prompt cache;"))).toBe(true);
  });
});
