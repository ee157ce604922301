import { describe, expect, it } from "vitest";
import { finalContext } from "../simulate/context-at";
import type { CompactionStartEvent, PruneEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { DEFAULT_OPENCODE_V2_SETTINGS, OPENCODE_V2_SUMMARY_FORMAT, opencodeV2Strategy, opencodeV2TailBudget, opencodeV2Usable } from "./opencode-v2";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number, letter = "z") => letter.repeat(tokens * 4);
function recording() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: `## Goal\ncheckpoint ${requests.length}`, usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}
const starts = (events: readonly { type: string }[]) => events.filter((event): event is CompactionStartEvent => event.type === "compaction-start");

/** `turns` user turns, each one call reading `tokens` of output and a closing answer. */
function turns(count: number, tokens: number): TurnSpec[] {
  return Array.from({ length: count }, (_, turn): TurnSpec[] => [
    { user: `request ${turn}` },
    { assistant: `reading ${turn}`, tools: [{ name: "read", input: { filePath: `src/f${turn}.ts` }, output: sized(tokens) }] },
    { assistant: `answer ${turn}` },
  ]).flat();
}

describe("opencode@v2: when it compacts", () => {
  it.each([
    [{}, 100_000, 68_000], // window − min(output, 32,000)
    [{ outputLimit: 8_000 }, 100_000, 92_000],
    [{ inputLimit: 80_000 }, 100_000, 60_000], // input limit − min(20,000, 32,000)
    [{ inputLimit: 80_000, reserved: 5_000 }, 100_000, 75_000],
    [{ reserved: 5_000 }, 100_000, 68_000], // reserved applies only with an input limit
  ])("%j at %i: usable %i", (settings, window, usable) => {
    expect(opencodeV2Usable(resolveSettings(opencodeV2Strategy, settings) as typeof DEFAULT_OPENCODE_V2_SETTINGS, window)).toBe(usable);
  });

  it.each([
    [{ preserveRecentTokens: null }, 68_000, 8_000],
    [{ preserveRecentTokens: null }, 20_000, 5_000],
    [{ preserveRecentTokens: null }, 4_000, 2_000],
    [{ preserveRecentTokens: 30_000 }, 68_000, 30_000],
  ])("tail budget %j of usable %i: %i", (settings, usable, budget) => {
    expect(opencodeV2TailBudget(settings, usable)).toBe(budget);
  });

  it("compacts before the call that reaches the usable budget, not after it as the seed-003 opencode does", async () => {
    const session = buildSession([{ system: "You are opencode." }, ...turns(8, 5_000)]);
    const result = await replaySession({ session, strategy: opencodeV2Strategy, settings: { prune: false }, window: 60_000, summarizer: recording().summarizer });
    const [first] = starts(result.events);
    expect(first.point).toBe("before-call");
    expect(first.tokensBefore).toBeGreaterThanOrEqual(28_000);
    expect(first.reason).toBe(`context ${first.tokensBefore} ≥ usable 28000 (auto)`);
  });
});

describe("opencode@v2: what it keeps", () => {
  it("keeps the newest 2 turns verbatim within the tail budget and summarizes the rest into the template, tool output cut to 2,000 chars", async () => {
    const session = buildSession([{ system: "You are opencode." }, ...turns(6, 1_500), { user: "last request" }, { assistant: "on it" }]);
    const { requests, summarizer } = recording();
    const result = await replaySession({ session, strategy: opencodeV2Strategy, window: 200_000, summarizer, forceAtStep: 12 });
    const context = finalContext(session, result).messages;
    expect(context[0].message.role).toBe("system");
    expect(context[1].purpose).toBe("summary");
    // usable 168,000 → tail budget 8,000: "request 5" (≈1,510 tokens) and "last request" fit; 2 turns, so "request 4" does not come
    const kept = context.slice(2).map((entry) => entry.message.parts[0]);
    expect(kept[0]).toEqual({ type: "text", text: "request 5" });
    expect(context.slice(2).every((entry) => entry.sessionIndex !== null)).toBe(true);
    expect(requests[0].format).toBe(OPENCODE_V2_SUMMARY_FORMAT);
    expect(requests[0].maxOutputTokens).toBe(4_096);
    const tool = requests[0].messages.flatMap((message) => message.parts).find((part) => part.type === "tool-result") as { output: string };
    expect(tool.output.length).toBeLessThan(2_100);
  });

  it("splits a turn too big for the tail between model steps, never keeping a tool result without its call", async () => {
    const big: TurnSpec[] = [
      { user: "big turn" },
      ...Array.from({ length: 5 }, (_, step): TurnSpec => ({ assistant: `step ${step}`, tools: [{ name: "bash", input: { command: `s${step}` }, output: sized(3_000) }] })),
    ];
    const session = buildSession([{ system: "You are opencode." }, ...turns(3, 500), ...big]);
    const result = await replaySession({ session, strategy: opencodeV2Strategy, window: 200_000, summarizer: recording().summarizer, forceAtStep: 10 });
    const kept = finalContext(session, result).messages.slice(2);
    expect(kept[0].message.role).toBe("assistant"); // the split starts at a model step, inside "big turn"
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.some((entry) => JSON.stringify(entry.message).includes("big turn"))).toBe(false);
  });

  it("updates the previous checkpoint at the next compaction instead of summarizing it again", async () => {
    const session = buildSession([{ system: "You are opencode." }, ...turns(12, 4_000)]);
    const { requests, summarizer } = recording();
    await replaySession({ session, strategy: opencodeV2Strategy, settings: { prune: false }, window: 40_000, summarizer });
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests[1].previousSummary).toBe("## Goal\ncheckpoint 1");
    expect(requests[1].messages.some((message) => JSON.stringify(message).includes("checkpoint 1"))).toBe(false);
  });

  it("with auto off, compacts only once a request is over the window itself (the provider refuses it; one retry)", async () => {
    const session = buildSession([{ system: "You are opencode." }, ...turns(10, 5_000)]);
    const result = await replaySession({ session, strategy: opencodeV2Strategy, settings: { auto: false, prune: false }, window: 30_000, summarizer: recording().summarizer });
    const [first] = starts(result.events);
    expect(first.tokensBefore).toBeGreaterThan(30_000);
    expect(first.reason).toMatch(/> limit 30000: the provider refuses it as too long; compact and retry once$/);
  });

  it("prunes old tool outputs at the end of a loop, as the seed-003 opencode does", async () => {
    const session = buildSession([{ system: "You are opencode." }, ...turns(12, 6_000)]);
    const result = await replaySession({ session, strategy: opencodeV2Strategy, window: 1_000_000, summarizer: recording().summarizer });
    const prunes = result.events.filter((event): event is PruneEvent => event.type === "prune");
    expect(prunes.length).toBeGreaterThan(0);
    expect(starts(result.events)).toEqual([]);
  });
});
