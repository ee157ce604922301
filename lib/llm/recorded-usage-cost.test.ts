import { describe, expect, it } from "vitest";
import type { Message, Session, Usage } from "../engine/model";
import { recordedUsageCost } from "./recorded-usage-cost";

const reply = (usage: Usage | undefined, model?: string): Message => ({ id: "m", role: "assistant", parts: [{ type: "text", text: "ok" }], usage, model, timestamp: "2025-10-01T00:00:00Z" });
const session = (messages: Message[], model?: string): Session => ({ title: "t", format: "claude-code", meta: model ? { model } : {}, messages });

describe("recordedUsageCost", () => {
  // prices as the catalog lists them on 2025-10-01: claude-sonnet-4-5 $3 in, $15 out, $0.30 cache read, $3.75 5-minute
  // write, $6 1-hour write; gpt-5 $1.25 in, $10 out, $0.125 cache read, no write price (no write billed)
  it.each([
    ["a Claude call: input, cache read, 5-minute write, output", session([reply({ input: 1_000, cacheRead: 100_000, cacheWrite: 2_000, output: 500 }, "claude-sonnet-4-5")]), 0.048],
    ["half of its write at the 1-hour rate", session([reply({ input: 1_000, cacheRead: 100_000, cacheWrite: 2_000, cacheWrite1h: 1_000, output: 500 }, "claude-sonnet-4-5")]), 0.05025],
    ["a GPT-5 call, its model from the session", session([reply({ input: 10_000, cacheRead: 50_000, cacheWrite: 0, output: 2_000 })], "gpt-5"), 0.03875],
    ["two calls summed", session([reply({ input: 1_000, cacheRead: 0, cacheWrite: 0, output: 0 }, "gpt-5"), reply({ input: 0, cacheRead: 0, cacheWrite: 0, output: 1_000 }, "gpt-5")]), 0.01125],
  ])("%s", (_, input, usd) => {
    const cost = recordedUsageCost(input);
    expect(cost.unpricedModels).toEqual([]);
    expect(cost.usd).toBeCloseTo(usd, 10);
  });

  it("is null without usage, and null naming the model when one is not priced", () => {
    expect(recordedUsageCost(session([reply(undefined, "claude-sonnet-4-5")]))).toEqual({ usd: null, unpricedModels: [] });
    expect(recordedUsageCost(session([reply({ input: 5, cacheRead: 0, cacheWrite: 0, output: 5 }, "claude-sonnet-4-5"), reply({ input: 5, cacheRead: 0, cacheWrite: 0, output: 5 }, "acme-frontier-1")]))).toEqual({
      usd: null,
      unpricedModels: ["acme-frontier-1"],
    });
  });
});
