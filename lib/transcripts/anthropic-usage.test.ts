import { describe, expect, it } from "vitest";
import { anthropicUsage } from "./anthropic-blocks";

describe("anthropicUsage keeps which TTL a cache write used", () => {
  it.each([
    ["1-hour writes (Claude Code's ephemeral_1h_input_tokens)", { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 900 }, { cacheWrite: 900, cacheWrite1h: 900 }],
    ["5-minute writes only: no cacheWrite1h", { ephemeral_5m_input_tokens: 900, ephemeral_1h_input_tokens: 0 }, { cacheWrite: 900 }],
    ["no breakdown recorded", undefined, { cacheWrite: 900 }],
  ])("%s", (_name, breakdown, expected) => {
    const usage = anthropicUsage({ input_tokens: 3, output_tokens: 10, cache_read_input_tokens: 5_000, cache_creation_input_tokens: 900, ...(breakdown ? { cache_creation: breakdown } : {}) });
    expect(usage).toEqual({ input: 3, output: 10, cacheRead: 5_000, ...expected });
  });
});
