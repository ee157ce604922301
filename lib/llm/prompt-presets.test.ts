import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { replaySession } from "../engine/simulate/replay-session";
import { strategies } from "../engine/strategies";
import { extractiveSummarizer } from "../engine/summarize/extractive-summarizer";
import { CONTINUATION_SUMMARY_FORMAT } from "../engine/summarize/summary-formats";
import type { SummarizeRequest } from "../engine/summarize/summarizer";
import { buildSession } from "../engine/testing/build-session";
import { generateSession } from "../generator/generate-session";
import { createAnthropicSummarizer } from "./anthropic-summarizer";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";
import { applyPromptOverride, applyPromptOverrides, effectivePrompts, findPresetOf, promptPresetsByStrategy, promptPresetsFor, withPromptOverrides } from "./prompt-presets";

const SEEDS_DIR = path.resolve(import.meta.dirname, "../../../shared/seeds");
const seedsText = fs.existsSync(SEEDS_DIR) ? fs.readdirSync(SEEDS_DIR).map((file) => fs.readFileSync(path.join(SEEDS_DIR, file), "utf8")).join("\n") : null;

const [opencodePreset] = promptPresetsFor("opencode");
const opencodeRequest: SummarizeRequest = {
  system: opencodePreset.system!,
  instructions: opencodePreset.instructions,
  format: CONTINUATION_SUMMARY_FORMAT,
  messages: buildSession([{ user: "hello" }]).messages,
};

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("prompt presets", () => {
  it("lists the seeds' prompts by strategy, names unique within a strategy", () => {
    expect(Object.keys(promptPresetsByStrategy)).toEqual(expect.arrayContaining(["vibe", "micro-agent", "opencode", "nous", "openclaw"]));
    for (const presets of Object.values(promptPresetsByStrategy)) {
      expect(new Set(presets.map((preset) => preset.name)).size).toBe(presets.length);
      for (const preset of presets) expect(`${preset.system ?? ""}${preset.instructions}`.length).toBeGreaterThan(40);
    }
    expect(promptPresetsFor("none")).toEqual([]);
    expect(promptPresetsFor("constructor")).toEqual([]);
  });

  it("carries seed 003's system prompt, the marker text and the continuation instruction", () => {
    expect(opencodePreset.system).toMatch(/^You are a helpful AI assistant tasked with summarizing conversations\./);
    expect(opencodePreset.instructions).toMatch(/^What did we do so far\?\n\nProvide a detailed prompt for continuing our conversation above\./);
    expect(promptPresetsFor("nous").map((preset) => preset.system?.slice(0, 40))).toEqual(["You are a conversation summarizer. Read ", "You are updating a conversation summary."]);
  });

  it.skipIf(seedsText === null)("carries the seeds' texts verbatim (ignoring trailing spaces)", () => {
    const normalize = (text: string) => text.replace(/[ \t]+$/gm, "");
    const seeds = normalize(seedsText!).replace(/"\s*\+\s*"/g, "");
    const seedTexts = [
      ...promptPresetsFor("vibe").map((preset) => preset.instructions),
      ...promptPresetsFor("micro-agent").map((preset) => preset.instructions),
      ...promptPresetsFor("nous").map((preset) => preset.system!),
      opencodePreset.system!,
      ...opencodePreset.instructions.split("\n\n"),
      promptPresetsFor("openclaw").find((preset) => preset.name === "merge")!.instructions.split("Additional focus:\n")[1],
    ];
    for (const text of seedTexts) expect(seeds.includes(normalize(text)), text.slice(0, 60)).toBe(true);
  });

  /** thresholds low enough that a 300-message generated session compacts under every strategy that can */
  const LOW_THRESHOLDS: Record<string, Record<string, unknown>> = {
    vibe: { autoCompactThreshold: 12_000 },
    "micro-agent": { compactionThresholdTokens: 12_000 },
    nous: { compactionThreshold: 12_000, keepRecentTokens: 3_000 },
  };
  const generated = generateSession({ seed: 7, messages: 300 });

  it.each(strategies.map((strategy) => [strategy.id, strategy] as const))("every summarization request of %s uses one of its presets", async (id, strategy) => {
    const unmatched = new Set<string>();
    let requests = 0;
    await replaySession({
      session: generated,
      strategy,
      window: 16_000,
      settings: LOW_THRESHOLDS[id],
      summarizer: async (request) => {
        requests++;
        // a provider's own compaction sends no prompt of the lab's (only its optional instructions setting)
        if (!request.providerCompaction && !findPresetOf(request, promptPresetsFor(id))) unmatched.add(request.instructions.slice(0, 80) || request.system.slice(0, 80));
        return extractiveSummarizer(request);
      },
    });
    expect([...unmatched], `add a preset for ${id} in lib/llm/prompt-presets.ts`).toEqual([]);
    if (promptPresetsFor(id).length > 0) expect(requests, `${id} has presets but never summarized here`).toBeGreaterThan(0);
  });

  it("identifies a request's preset and applies the run's edit to it only", () => {
    expect(findPresetOf(opencodeRequest, promptPresetsFor("opencode"))?.name).toBe("summary");
    expect(findPresetOf({ system: "other", instructions: opencodePreset.instructions }, promptPresetsFor("opencode"))).toBeUndefined();

    const edited = applyPromptOverrides({ request: opencodeRequest, strategyId: "opencode", overrides: { summary: { instructions: "Summarize briefly." } } });
    expect(edited).toEqual({ ...opencodeRequest, instructions: "Summarize briefly." });
    expect(opencodeRequest.instructions).toBe(opencodePreset.instructions);
    expect(applyPromptOverrides({ request: opencodeRequest, strategyId: "opencode", overrides: {} })).toBe(opencodeRequest);
    expect(applyPromptOverride(opencodeRequest, { system: "S" })).toEqual({ ...opencodeRequest, system: "S" });

    const update = promptPresetsFor("nous")[1];
    const updateRequest = { system: update.system!, instructions: "" };
    expect(applyPromptOverrides({ request: updateRequest, strategyId: "nous", overrides: { summary: { system: "edited checkpoint" } } })).toBe(updateRequest);
  });

  it("lists the prompts a run used, edits marked", () => {
    const prompts = effectivePrompts("nous", { update: { system: "my update prompt" } });
    expect(prompts.map(({ name, edited, system }) => ({ name, edited, system: system?.slice(0, 16) }))).toEqual([
      { name: "summary", edited: false, system: "You are a conver" },
      { name: "update", edited: true, system: "my update prompt" },
    ]);
  });

  it("sends the edited prompt through the Anthropic summarizer; rejects overrides of unknown presets", async () => {
    server = await startFakeAnthropicServer();
    const summarizer = createAnthropicSummarizer({ model: "lab-test-model", apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
    const edited = withPromptOverrides(summarizer, { strategyId: "opencode", overrides: { summary: { system: "Edited system prompt." } } });
    await edited(opencodeRequest);
    expect(server.requests[0].body).toMatchObject({ system: "Edited system prompt." });
    expect(() => withPromptOverrides(summarizer, { strategyId: "opencode", overrides: { sumary: {} } })).toThrow(/unknown preset\(s\) of opencode: sumary/);
  });
});
