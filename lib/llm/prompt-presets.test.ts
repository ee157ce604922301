import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONTINUATION_SUMMARY_FORMAT } from "../engine/summarize/summary-formats";
import type { SummarizeRequest } from "../engine/summarize/summarizer";
import { buildSession } from "../engine/testing/build-session";
import { createAnthropicSummarizer } from "./anthropic-summarizer";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "./fake-anthropic-server";
import { applyPromptOverride, applyPromptOverrides, effectivePrompts, findPresetOf, promptPresetsByStrategy, promptPresetsFor, withPromptOverrides } from "./prompt-presets";
import * as seedPrompts from "./seed-prompts";

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

  it.skipIf(seedsText === null)("copies the seeds' texts verbatim (ignoring trailing spaces)", () => {
    const normalize = (text: string) => text.replace(/[ \t]+$/gm, "");
    const seeds = normalize(seedsText!);
    for (const [name, text] of Object.entries(seedPrompts)) expect(seeds.includes(normalize(text)) || seeds.replace(/"\s*\+\s*"/g, "").includes(text), name).toBe(true);
    expect(seeds).toContain(normalize(promptPresetsFor("vibe")[0].instructions));
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
