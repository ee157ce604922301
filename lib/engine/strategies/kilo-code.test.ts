import { describe, expect, it } from "vitest";
import { finalContext } from "../simulate/context-at";
import type { CompactionStartEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { DEFAULT_KILO_CODE_SETTINGS, KILO_CODE_SUMMARY_FORMAT, kiloCodeStrategy, kiloCodeTrigger } from "./kilo-code";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number) => "k".repeat(tokens * 4);
function recording() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: "## Goal\nanchored", usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}
const starts = (events: readonly { type: string }[]) => events.filter((event): event is CompactionStartEvent => event.type === "compaction-start");
const resolved = (settings: Record<string, unknown>) => resolveSettings(kiloCodeStrategy, settings) as typeof DEFAULT_KILO_CODE_SETTINGS;

const session = buildSession([
  { system: "You are Kilo." },
  ...Array.from({ length: 8 }, (_, turn): TurnSpec[] => [
    { user: `request ${turn}` },
    { assistant: `reading ${turn}`, tools: [{ name: "read", input: { filePath: `f${turn}.ts` }, output: sized(4_000) }] },
    { assistant: `answer ${turn}` },
  ]).flat(),
]);

describe("kilo-code", () => {
  it.each([
    [{}, 100_000, 68_000], // unset: the usable budget (window − 32,000 output cap)
    [{ thresholdPercent: 50 }, 100_000, 50_000], // the percentage comes first
    [{ thresholdPercent: 90 }, 100_000, 68_000], // the safety buffer comes first
    [{ thresholdPercent: 50, inputLimit: 80_000 }, 100_000, 40_000], // a share of the input limit when the model declares one
  ])("compaction.threshold_percent %j at %i: trigger %i", (settings, window, trigger) => {
    expect(kiloCodeTrigger(resolved(settings), window)).toBe(trigger);
  });

  it("compacts at threshold_percent before the call that reaches it, keeping the newest turns verbatim after an anchored summary", async () => {
    const { requests, summarizer } = recording();
    const result = await replaySession({ session, strategy: kiloCodeStrategy, settings: { thresholdPercent: 30, prune: false }, window: 50_000, summarizer });
    const [first] = starts(result.events);
    expect(first.tokensBefore).toBeGreaterThanOrEqual(15_000);
    expect(first.reason).toBe(`context ${first.tokensBefore} ≥ threshold_percent 30% = 15000`);
    expect(requests[0].format).toBe(KILO_CODE_SUMMARY_FORMAT);
    const context = finalContext(session, result).messages;
    expect(context[1].purpose).toBe("summary");
    expect(context.slice(2).some((entry) => entry.sessionIndex !== null && entry.message.role === "user")).toBe(true);
  });

  it("without threshold_percent it waits for the usable budget, as OpenCode v2 does", async () => {
    const result = await replaySession({ session, strategy: kiloCodeStrategy, settings: { prune: false }, window: 50_000, summarizer: recording().summarizer });
    expect(starts(result.events)[0].tokensBefore).toBeGreaterThanOrEqual(18_000);
    expect(starts(result.events)[0].reason).toMatch(/≥ usable 18000$/);
  });

  it("auto off: no compaction; a threshold outside 1–100 is refused", async () => {
    const result = await replaySession({ session, strategy: kiloCodeStrategy, settings: { auto: false, thresholdPercent: 40 }, window: 50_000, summarizer: recording().summarizer });
    expect(starts(result.events)).toEqual([]);
    expect(() => resolved({ thresholdPercent: 120 })).toThrowError(/thresholdPercent/);
  });
});
