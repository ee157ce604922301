import { describe, expect, it } from "vitest";
import { UsageError } from "./command";
import { costFlags, describeCost } from "./cost-flags";
import type { RunCostFigures } from "../api/contracts/cost-schemas";

describe("costFlags", () => {
  it.each([
    { name: "no flag: automatic rules, the recorded restarts applied", values: {}, expected: { cacheProvider: "auto", cacheTtl: "auto", recordedRewrites: true } },
    { name: "--ignore-recorded-restarts: the cache model alone", values: { "ignore-recorded-restarts": true }, expected: { cacheProvider: "auto", cacheTtl: "auto", recordedRewrites: false } },
    { name: "a model, rules and TTL", values: { "cost-model": "claude-opus-4-5", "cache-provider": "anthropic", "cache-ttl": "1h" }, expected: { costModel: "claude-opus-4-5", cacheProvider: "anthropic", cacheTtl: "1h", recordedRewrites: true } },
  ])("$name", ({ values, expected }) => {
    expect(costFlags(values, "usage")).toEqual(expected);
  });

  it("refuses a TTL outside the choices, naming the flag and the value", () => {
    expect(() => costFlags({ "cache-ttl": "2h" }, "usage")).toThrow(UsageError);
    expect(() => costFlags({ "cache-ttl": "2h" }, "usage")).toThrow(/--cache-ttl takes one of .* got "2h"/);
  });
});

describe("describeCost", () => {
  const figures = {
    model: "claude-sonnet-4-5",
    provider: "anthropic",
    ttl: "5m",
    ttlSource: "default",
    pricesDate: "2026-11-01",
    price: null,
    unpriced: null,
    hiddenPrefixTokens: 0,
    rewrittenCalls: 2,
    recordedRewrites: true,
    tokens: { uncachedInput: 10, cacheWrite: 10, cacheRead: 80, output: 5, summarizerInput: 0, summarizerOutput: 0 },
    cacheWeightedTokens: 30.5,
    multipliers: { write: 1.25, read: 0.1 },
    usd: null,
    totalUsd: 0.5,
    withoutCachingUsd: 1,
    hitRate: 0.8,
  } as unknown as RunCostFigures;

  it("names the calls the recorded restarts left cold, or says they were not applied", () => {
    expect(describeCost(figures)).toContain("2 calls cold where the recorded usage shows the agent's prompt rewritten");
    const alone = describeCost({ ...figures, rewrittenCalls: 0, recordedRewrites: false });
    expect(alone).toContain("the agent's recorded restarts not applied");
    expect(alone).not.toContain("calls cold");
  });
});
