import { describe, expect, it } from "vitest";
import { finalContext } from "../simulate/context-at";
import type { CompactionStartEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession } from "../testing/build-session";
import { anthropicOnDemandCompactionStrategy } from "./anthropic-on-demand-compaction";
import { providerOfStrategy } from "./provider-of-strategy";

// 6 turns of ~3,000 tokens of tool output: ~18,000 tokens by chars/4
const session = buildSession([
  { system: "You are a coding agent." },
  ...Array.from({ length: 6 }, (_, turn) => [
    { user: `Task ${turn}` },
    { assistant: `Working on ${turn}.`, tools: [{ name: "bash", input: { command: `run ${turn}` }, output: `out ${turn} `.repeat(2_000) }] },
  ]).flat(),
]);

function anthropicDriver(seen: SummarizeRequest[]): Summarizer {
  return async (request) => {
    seen.push(request);
    if (request.providerCompaction?.provider !== "anthropic") throw new Error("not an Anthropic compaction request");
    return { text: `Compaction block of ${request.messages.length} messages.`, usage: { input: 18_000, output: 30 } };
  };
}

describe("anthropic-on-demand-compaction", () => {
  it("is Anthropic's: runs only with the anthropic summarizer", () => {
    expect(providerOfStrategy(anthropicOnDemandCompactionStrategy.id)).toBe("anthropic");
  });

  it("asks the API to compact now (mode on-demand, no trigger) once the context reaches triggerTokens, with the instructions", async () => {
    const seen: SummarizeRequest[] = [];
    const result = await replaySession({ session, strategy: anthropicOnDemandCompactionStrategy, settings: { triggerTokens: 9_000, instructions: "Keep every command." }, window: 200_000, summarizer: anthropicDriver(seen) });
    const starts = result.events.filter((event): event is CompactionStartEvent => event.type === "compaction-start");
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts[0].tokensBefore).toBeGreaterThanOrEqual(9_000);
    expect(starts[0].reason).toMatch(/≥ trigger 9000: compaction requested from the API/);
    expect(seen[0].providerCompaction).toEqual({ provider: "anthropic", mode: "on-demand" });
    expect(seen[0].instructions).toBe("Keep every command.");
    expect(seen[0].messages[0].role).toBe("system"); // the whole context goes, as the agent sends it
  });

  it("keeps the system prompt and the compaction block's summary in place of everything before it", async () => {
    const result = await replaySession({ session, strategy: anthropicOnDemandCompactionStrategy, window: 200_000, summarizer: anthropicDriver([]), forceAtStep: 4 });
    const context = finalContext(session, result).messages;
    expect(context[0].message.role).toBe("system");
    expect(context[1].purpose).toBe("summary");
    expect(JSON.stringify(context[1].message)).toMatch(/Compaction block of \d+ messages\./);
  });

  it("never asks under the trigger unless forced", async () => {
    const seen: SummarizeRequest[] = [];
    await replaySession({ session, strategy: anthropicOnDemandCompactionStrategy, window: 200_000, summarizer: anthropicDriver(seen) });
    expect(seen).toHaveLength(0); // ~18,000 tokens never reach the default 150,000
  });
});
