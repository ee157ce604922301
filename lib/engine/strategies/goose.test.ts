import { describe, expect, it } from "vitest";
import { finalContext } from "../simulate/context-at";
import type { CompactionStartEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession } from "../testing/build-session";
import { GOOSE_SUMMARY_FORMAT, gooseStrategy } from "./goose";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number) => "y".repeat(tokens * 4);
function recording() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: "## Goal\nship it", usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}
const starts = (events: readonly { type: string }[]) => events.filter((event): event is CompactionStartEvent => event.type === "compaction-start");

// three user turns of ~3,000 tokens of tool output each: ~9,000 tokens by chars/4
const session = buildSession([
  { system: "You are goose." },
  ...[0, 1, 2].flatMap((turn) => [
    { user: `request ${turn}` },
    { assistant: `working ${turn}`, tools: [{ name: "shell", input: { command: `make ${turn}` }, output: sized(3_000) }] },
    { assistant: `done ${turn}` },
  ]),
]);

describe("goose", () => {
  it("compacts before the first call at 80% of the window, with the checkpoint's six sections", async () => {
    const { requests, summarizer } = recording();
    const result = await replaySession({ session, strategy: gooseStrategy, window: 8_000, summarizer });
    const [first] = starts(result.events);
    expect(first.tokensBefore).toBeGreaterThanOrEqual(6_400);
    expect(first.reason).toBe(`context ${first.tokensBefore} ≥ 0.8 × 8000 = 6400`);
    expect(requests[0].format).toBe(GOOSE_SUMMARY_FORMAT);
    expect(GOOSE_SUMMARY_FORMAT.style === "sections" && GOOSE_SUMMARY_FORMAT.sections.map((section) => section.heading)).toEqual([
      "## Goal", "## Constraints & Preferences", "## Progress", "## Key Decisions", "## Next Steps", "## Critical Context",
    ]);
  });

  it("keeps only the system prompt, the summary and what arrived since the last reply", async () => {
    const result = await replaySession({ session, strategy: gooseStrategy, window: 200_000, summarizer: recording().summarizer, forceAtStep: 4 });
    const context = finalContext(session, result).messages;
    expect(context[0].message.role).toBe("system");
    expect(context[1].purpose).toBe("summary");
    expect(context.slice(2).every((entry) => entry.sessionIndex !== null)).toBe(true);
    // the forced compaction came before step 4 (request 2's first call): request 2 is kept, nothing older
    expect(context[2].message.parts).toEqual([{ type: "text", text: "request 2" }]);
  });

  it.each([
    [0.5, 4_000],
    [0.95, null],
  ])("GOOSE_AUTO_COMPACT_THRESHOLD %s at 8,000: first compaction at ≥ %s", async (threshold, atLeast) => {
    const result = await replaySession({ session, strategy: gooseStrategy, settings: { autoCompactThreshold: threshold }, window: 8_000, summarizer: recording().summarizer });
    const [first] = starts(result.events);
    if (atLeast === null) expect(first.tokensBefore).toBeGreaterThanOrEqual(7_600);
    else expect(first.tokensBefore).toBeGreaterThanOrEqual(atLeast);
  });

  it("0 turns auto-compaction off; a threshold above 1 is refused", async () => {
    const result = await replaySession({ session, strategy: gooseStrategy, settings: { autoCompactThreshold: 0 }, window: 8_000, summarizer: recording().summarizer });
    expect(starts(result.events)).toEqual([]);
    expect(() => resolveSettings(gooseStrategy, { autoCompactThreshold: 80 })).toThrowError(/autoCompactThreshold/);
  });
});
