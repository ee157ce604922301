import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Session } from "../model";
import { PRUNED_PLACEHOLDER } from "../prune/render-marked-part";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext } from "../simulate/context-at";
import { planCompaction } from "../simulate/plan-compaction";
import type { ReplayEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { CONTINUATION_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze } from "../testing/build-session";
import { createEstimator } from "../tokens/create-estimator";
import { messageTokensWith } from "../tokens/estimator";
import {
  DEFAULT_OPENCODE_SETTINGS,
  OPENCODE_COMPACTION_INSTRUCTION,
  OPENCODE_COMPACTION_SYSTEM_PROMPT,
  OPENCODE_CONTINUE_TEXT,
  OPENCODE_MARKER_TEXT,
  opencodeStrategy,
  opencodeUsableTokens,
} from "./opencode";
import { resolveSettings, SettingsError } from "./resolve-settings";

/** Six steps, each reading 2,000 chars (~500 tokens); user turns between some of them. */
const session = deepFreeze(
  buildSession([
    { system: "You are OpenCode." },
    { user: "Fix src/app.ts" },
    { assistant: "Reading.", tools: [{ name: "read", input: { path: "src/app.ts" }, output: "a".repeat(2_000) }] },
    { assistant: "Testing.", tools: [{ name: "bash", input: { command: "npm test" }, output: "b".repeat(2_000) }] },
    { assistant: "Fixed it." },
    { user: "Now src/util.ts" },
    { assistant: "Reading.", tools: [{ name: "read", input: { path: "src/util.ts" }, output: "c".repeat(2_000) }] },
    { assistant: "Done with util." },
    { user: "And the docs" },
    { assistant: "Reading docs.", tools: [{ name: "read", input: { path: "README.md" }, output: "d".repeat(2_000) }] },
    { assistant: "Docs updated." },
  ]),
);

/** What OpenCode adds up after step `step` of a replay without compaction: input (+ cache read) + output. */
function stepTotal(target: Session, step: number): number {
  const estimator = createEstimator("chars4");
  const calls = target.messages.flatMap((message, index) => (message.role === "assistant" ? [index] : []));
  const index = calls[step];
  const input = target.messages.slice(0, index).reduce((sum, message) => sum + messageTokensWith(estimator, message), 0);
  return input + messageTokensWith(estimator, target.messages[index]);
}

function ofType<T extends ReplayEvent["type"]>(events: readonly ReplayEvent[], type: T) {
  return events.filter((event): event is Extract<ReplayEvent, { type: T }> => event.type === type);
}

function recordingSummarizer() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: `SUMMARY ${requests.length}`, usage: { input: 10, output: 5 } };
  };
  return { requests, summarizer };
}

const noPrune = { prune: false };

describe("opencode: overflow check after each step (seed 003 §3)", () => {
  const total2 = stepTotal(session, 2);

  it.each([
    { name: "input + output equal to the usable budget does not overflow", inputLimit: total2, compacts: false },
    { name: "one token over the usable budget overflows", inputLimit: total2 - 1, compacts: true },
  ])("$name", async ({ inputLimit, compacts }) => {
    const result = await replaySession({ session, strategy: opencodeStrategy, settings: { ...noPrune, inputLimit } });
    const first = ofType(result.events, "compaction-start")[0];
    expect(first.point).toBe("after-call");
    expect(first.step === 3).toBe(compacts);
  });

  it("checks after the step, so the step that overflows is still sent whole (the compaction comes before the next)", async () => {
    const result = await replaySession({ session, strategy: opencodeStrategy, settings: { ...noPrune, inputLimit: total2 - 1 } });
    expect(result.steps[2].contextTokens).toBe(total2 - messageTokensWith(createEstimator("chars4"), session.messages[6]));
    expect(result.steps[3].epoch).toBe(1);
  });

  it.each([
    { name: "usable = contextLimit − min(outputLimit, 32,000)", settings: { contextLimit: 100_000, outputLimit: 8_000 }, usable: 92_000 },
    { name: "outputLimit above the global cap reserves only 32,000", settings: { contextLimit: 100_000, outputLimit: 64_000 }, usable: 68_000 },
    { name: "no outputLimit falls back to globalOutputCap", settings: { contextLimit: 100_000 }, usable: 68_000 },
    { name: "inputLimit wins over contextLimit", settings: { contextLimit: 100_000, inputLimit: 50_000 }, usable: 50_000 },
    { name: "contextLimit null uses the replay's window", settings: {}, usable: 200_000 - 32_000 },
    { name: "contextLimit 0 is unlimited", settings: { contextLimit: 0, inputLimit: 10 }, usable: null },
  ])("$name", ({ settings, usable }) => {
    expect(opencodeUsableTokens({ ...DEFAULT_OPENCODE_SETTINGS, ...settings }, 200_000)).toBe(usable);
  });

  it("globalOutputCap is OpenCode's OUTPUT_TOKEN_MAX, 32,000 (FORMATS.md)", () => {
    expect(DEFAULT_OPENCODE_SETTINGS.globalOutputCap).toBe(32_000);
  });

  it("uses the budget formula in the replay: contextLimit − outputLimit", async () => {
    const result = await replaySession({
      session,
      strategy: opencodeStrategy,
      settings: { ...noPrune, contextLimit: total2 - 1 + 1_000, outputLimit: 1_000 },
    });
    expect(ofType(result.events, "compaction-start")[0]).toMatchObject({ step: 3, budget: total2 - 1 });
  });

  it("contextLimit 0 never auto-compacts", async () => {
    const result = await replaySession({ session, strategy: opencodeStrategy, settings: { ...noPrune, contextLimit: 0 }, window: 1_000 });
    expect(ofType(result.events, "compaction-start")).toHaveLength(0);
  });

  it("auto false never compacts; the replay reports the overflow", async () => {
    const result = await replaySession({ session, strategy: opencodeStrategy, settings: { ...noPrune, auto: false }, window: 1_000 });
    expect(ofType(result.events, "compaction-start")).toHaveLength(0);
    expect(ofType(result.events, "overflow").length).toBeGreaterThan(0);
  });
});

describe("opencode: the summary pivot (seed 003 §4)", () => {
  const settings = { ...noPrune, inputLimit: stepTotal(session, 2) - 1 };

  it("replaces everything after the system prompt by marker, summary and continue message", async () => {
    const { summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: opencodeStrategy, settings, summarizer });
    const messages = contextAt(session, result, 3).messages;
    expect(messages.map((entry) => [entry.message.role, entry.purpose])).toEqual([
      ["system", null],
      ["user", "marker"],
      ["assistant", "summary"],
      ["user", "continue"],
      ["user", null],
    ]);
    expect(messages.slice(1, 4).map((entry) => entry.message.parts[0])).toEqual([
      { type: "text", text: OPENCODE_MARKER_TEXT, synthetic: true },
      { type: "text", text: "SUMMARY 1", synthetic: true },
      { type: "text", text: OPENCODE_CONTINUE_TEXT, synthetic: true },
    ]);
    expect(messages[2].message.summary).toBe(true);
  });

  it("sends the summarizer §6.1's system prompt and the marker question before §6.2's instruction", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: opencodeStrategy, settings, summarizer });
    expect(requests[0]).toMatchObject({
      system: OPENCODE_COMPACTION_SYSTEM_PROMPT,
      instructions: `What did we do so far?\n\n${OPENCODE_COMPACTION_INSTRUCTION}`,
      format: CONTINUATION_SUMMARY_FORMAT,
    });
    expect(OPENCODE_COMPACTION_SYSTEM_PROMPT).toMatch(/^You are a helpful AI assistant tasked with summarizing conversations\./);
    expect(OPENCODE_COMPACTION_INSTRUCTION).toMatch(/^Provide a detailed prompt for continuing our conversation above\./);
    expect(requests[0].messages.map((message) => message.id)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
  });

  it("a later compaction summarizes only what follows the latest pivot, the pivot included", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session, strategy: opencodeStrategy, settings: { ...noPrune, inputLimit: 300 }, summarizer });
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests[1].messages.slice(0, 3).map((message) => message.parts[0].type === "text" && message.parts[0].text)).toEqual([
      OPENCODE_MARKER_TEXT,
      "SUMMARY 1",
      OPENCODE_CONTINUE_TEXT,
    ]);
  });

  it("a manual compaction (force) writes an auto: false marker with no continue message", () => {
    const preview = planCompaction({ session, strategy: opencodeStrategy, settings: noPrune });
    expect(preview.plan?.reason).toMatch(/auto: false/);
    expect(preview.plan?.layout.map((item) => (item.kind === "synthetic" ? item.purpose : "keep"))).toEqual(["keep", "marker", "summary"]);
  });

  it.each([
    // Auto ticked, under the budget: a manual compaction, saying auto would not have compacted yet
    [{ auto: true }, /^manual compaction \(auto: false\): step used \d+ tokens ≤ usable \d+, under the auto trigger$/],
    // Auto off: says so (the preview used to say "auto: false" whatever the panel showed)
    [{ auto: false }, /^manual compaction \(auto: false\): auto is off$/],
    [{ auto: false, inputLimit: 1 }, /^manual compaction \(auto: false\): auto is off; step used \d+ tokens > usable 1$/],
    // Auto ticked and over the budget: what really triggers is the overflow
    [{ auto: true, inputLimit: 1 }, /^step used \d+ tokens > usable 1 \(auto\)$/],
  ])("the preview's reason follows the Auto setting: %o", (overrides, reason) => {
    const preview = planCompaction({ session, strategy: opencodeStrategy, settings: { ...noPrune, ...overrides } });
    expect(preview.plan?.reason).toMatch(reason);
  });

  it("reports the compaction's budget and whether it fits", async () => {
    const result = await replaySession({ session, strategy: opencodeStrategy, settings });
    const end = ofType(result.events, "compaction-end")[0];
    expect(end).toMatchObject({ budget: settings.inputLimit, fits: true, firstKeptMessageId: null });
  });
});

describe("opencode: pruning as ongoing maintenance (seed 003 §5)", () => {
  /** Four user turns, each with one 100,000-char (~25,000-token) tool output, then a closing answer. */
  const prunable = deepFreeze(
    buildSession(
      ["a", "b", "c", "d"].flatMap((letter) => [
        { user: `Task ${letter}` },
        { assistant: `Looking at ${letter}.`, tools: [{ name: "read", input: { path: `${letter}.ts` }, output: letter.repeat(100_000) }] },
        { assistant: `Finished ${letter}.` },
      ]),
    ),
  );

  it("uses seed 003's thresholds: PROTECT 40,000, MIN_PRUNE 20,000, 2 user turns, skill protected", () => {
    expect(DEFAULT_OPENCODE_SETTINGS).toMatchObject({
      auto: true,
      prune: true,
      pruneProtect: 40_000,
      pruneMinimum: 20_000,
      protectedUserTurns: 2,
      protectedTools: ["skill"],
    });
  });

  it("prunes at the end of the loop (a step without tool calls), not mid-loop", async () => {
    const result = await replaySession({ session: prunable, strategy: opencodeStrategy, window: 1_000_000 });
    const prunes = ofType(result.events, "prune");
    expect(prunes.length).toBeGreaterThan(0);
    for (const prune of prunes) {
      expect(prune.point).toBe("after-call");
      const call = prunable.messages[result.steps[prune.step - 1].messageIndex];
      expect(call.parts.some((part) => part.type === "tool-call")).toBe(false);
    }
  });

  it("clears outputs older than the last 2 user turns and the newest 40,000 tokens", async () => {
    const result = await replaySession({ session: prunable, strategy: opencodeStrategy, window: 1_000_000 });
    const outputs = finalContext(prunable, result).messages.filter((entry) => entry.message.role === "tool");
    const texts = outputs.map((entry) => (entry.message.parts[0].type === "tool-result" ? entry.message.parts[0].output : ""));
    expect(texts[0]).toBe(PRUNED_PLACEHOLDER);
    expect(texts.slice(2).every((text) => text !== PRUNED_PLACEHOLDER)).toBe(true);
  });

  it("prune false never prunes", async () => {
    const result = await replaySession({ session: prunable, strategy: opencodeStrategy, settings: { prune: false }, window: 1_000_000 });
    expect(ofType(result.events, "prune")).toHaveLength(0);
  });
});

describe("opencode: settings", () => {
  it.each([
    { name: "an unknown setting is named", overrides: { threshold: 1 }, setting: "threshold" },
    { name: "a negative globalOutputCap is rejected", overrides: { globalOutputCap: -1 }, setting: "globalOutputCap" },
    { name: "inputLimit 0 is rejected (null means none)", overrides: { inputLimit: 0 }, setting: "inputLimit" },
    { name: "auto must be a boolean", overrides: { auto: "yes" }, setting: "auto" },
  ])("$name", ({ overrides, setting }) => {
    expect(() => resolveSettings(opencodeStrategy, overrides)).toThrow(SettingsError);
    try {
      resolveSettings(opencodeStrategy, overrides);
    } catch (error) {
      expect((error as SettingsError).setting).toBe(setting);
    }
  });
});

describe("opencode on generated sessions", () => {
  it.each([1, 2, 3])("seed %i: sound, within budget and deterministic", async (seed) => {
    const generated = deepFreeze(generateSession({ seed, messages: 400 }));
    const options = { session: generated, strategy: opencodeStrategy, window: 80_000 };
    const result = await replaySession(options);
    expect(ofType(result.events, "compaction-end").length).toBeGreaterThan(0);
    expect(checkInvariants(generated, result).violations).toEqual([]);
    for (const end of ofType(result.events, "compaction-end")) expect(end.fits).toBe(true);
    expect(JSON.stringify(await replaySession(options))).toBe(JSON.stringify(result));
  });
});
