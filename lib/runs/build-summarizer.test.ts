import { afterEach, describe, expect, it } from "vitest";
import { RunRequestSchema } from "../api/contracts/run-schemas";
import { buildSummarizer } from "./build-summarizer";

const request = (body: Record<string, unknown>) => RunRequestSchema.parse(body);

describe("buildSummarizer", () => {
  afterEach(() => {
    delete process.env.ANTHROPIC_API_KEY;
  });

  it("extractive by default, no model", () => {
    expect(buildSummarizer(request({ strategy: "opencode" }))).toMatchObject({ model: null, promptOverrides: null });
  });

  it("refuses an anthropic run without a key (400 missing_api_key) and uses ANTHROPIC_API_KEY when set", () => {
    delete process.env.ANTHROPIC_API_KEY;
    expect(() => buildSummarizer(request({ strategy: "opencode", summarizer: "anthropic" }))).toThrow(expect.objectContaining({ code: "missing_api_key" }));
    process.env.ANTHROPIC_API_KEY = "sk-env";
    expect(buildSummarizer(request({ strategy: "opencode", summarizer: "anthropic" })).model).toBe("claude-haiku-4-5");
  });

  it("`prompt` edits the first preset; an echoed empty system does not blank a preset that has none", () => {
    const vibe = buildSummarizer(request({ strategy: "vibe", prompt: { system: "", instructions: "Summarize tersely." } }));
    expect(vibe.promptOverrides).toEqual({ summary: { instructions: "Summarize tersely." } });
    const opencode = buildSummarizer(request({ strategy: "opencode", prompt: { system: "S", instructions: "I" }, promptOverrides: { summary: { instructions: "J" } } }));
    expect(opencode.promptOverrides).toEqual({ summary: { instructions: "J" } });
    expect(() => buildSummarizer(request({ strategy: "opencode", summarizer: "anthropic", apiKey: "k", promptOverrides: { nope: {} } }))).toThrow(expect.objectContaining({ code: "invalid_prompt" }));
  });
});
