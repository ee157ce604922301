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

  describe("openai", () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "LAB_OPENAI_ENDPOINTS"]) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    });

    it("OpenAI's own API: needs a key, defaults the model, and says where the transcript goes", () => {
      delete process.env.OPENAI_API_KEY;
      delete process.env.OPENAI_BASE_URL;
      delete process.env.LAB_OPENAI_ENDPOINTS;
      expect(() => buildSummarizer(request({ strategy: "pi", summarizer: "openai" }))).toThrow(expect.objectContaining({ code: "missing_api_key", path: "openaiApiKey" }));
      const built = buildSummarizer(request({ strategy: "pi", summarizer: "openai", openaiApiKey: "sk-request" }));
      expect(built).toMatchObject({ provider: "openai", model: "gpt-5-mini", baseUrl: "https://api.openai.com/v1", external: { provider: "openai", endpoint: "https://api.openai.com/v1" } });
    });

    it("a configured local endpoint needs no key but a model; an unconfigured one is refused unless trusted (the CLI)", () => {
      process.env.OPENAI_BASE_URL = "http://127.0.0.1:4710/v1/";
      process.env.LAB_OPENAI_ENDPOINTS = "http://127.0.0.1:11434/v1";
      expect(() => buildSummarizer(request({ strategy: "pi", summarizer: "openai" }))).toThrow(expect.objectContaining({ code: "missing_model", path: "model" }));
      expect(buildSummarizer(request({ strategy: "pi", summarizer: "openai", model: "qwen3:8b", baseUrl: "http://127.0.0.1:11434/v1" })).baseUrl).toBe("http://127.0.0.1:11434/v1");
      const elsewhere = request({ strategy: "pi", summarizer: "openai", model: "m", baseUrl: "http://10.0.0.9:8000/v1" });
      expect(() => buildSummarizer(elsewhere)).toThrow(expect.objectContaining({ code: "endpoint_not_allowed", path: "baseUrl" }));
      expect(buildSummarizer(elsewhere, { trustedBaseUrl: true }).baseUrl).toBe("http://10.0.0.9:8000/v1");
      expect(() => buildSummarizer(request({ strategy: "pi", summarizer: "openai", model: "m", baseUrl: "http://user:pw@127.0.0.1:11434/v1" }))).toThrow(expect.objectContaining({ code: "invalid_base_url" }));
    });

    it("the extractive summarizer sends nothing anywhere", () => {
      expect(buildSummarizer(request({ strategy: "pi" })).external).toBeNull();
    });
  });
});
