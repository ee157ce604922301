import { describe, expect, it } from "vitest";
import { billedCompactionUsage } from "./price-replay-compaction-usage";

describe("billedCompactionUsage: Anthropic bills every iteration of a compacting call", () => {
  it.each([
    // the documentation's example: the top level shows the message's 23,000 in / 1,000 out, the compaction read 180,000
    [
      "compaction, then the message",
      { input_tokens: 23_000, output_tokens: 1_000, iterations: [{ type: "compaction", input_tokens: 180_000, output_tokens: 3_500 }, { type: "message", input_tokens: 23_000, output_tokens: 1_000 }] },
      { input: 203_000, output: 4_500 },
    ],
    [
      "cache reads and writes of an iteration are input too",
      { input_tokens: 10, output_tokens: 5, iterations: [{ type: "compaction", input_tokens: 100, cache_read_input_tokens: 5_000, cache_creation_input_tokens: 200, output_tokens: 700 }] },
      { input: 5_300, output: 700 },
    ],
    ["no iterations: the top level", { input_tokens: 1_200, output_tokens: 80 }, { input: 1_200, output: 80 }],
    ["iterations null: the top level", { input_tokens: 1_200, output_tokens: 80, iterations: null }, { input: 1_200, output: 80 }],
  ])("%s", (_name, usage, billed) => {
    expect(billedCompactionUsage(usage)).toEqual(billed);
  });
});
