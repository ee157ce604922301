import { describe, expect, it } from "vitest";
import { strategies } from "../engine/strategies";
import { SettingsError } from "../engine/strategies/resolve-settings";
import { settingsSnippet, snippetBuildersByStrategy, type SettingsSnippet } from "./settings-snippet";
import { envLines, json5Text, tomlLines } from "./settings-snippets/format-snippet";

const WINDOW = 200_000;

function snippet(strategyId: string, settings: Record<string, unknown> = {}, window = WINDOW): SettingsSnippet {
  const result = settingsSnippet({ strategyId, settings, window });
  expect(result).not.toBeNull();
  return result!;
}

/** `export NAME=value` lines → {NAME: value} (single quotes undone), failing on any other line. */
function readEnv(text: string): Record<string, string> {
  return Object.fromEntries(
    text.trimEnd().split("\n").map((line) => {
      const match = /^export ([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!match) throw new Error(`not an export line: ${line}`);
      return [match[1], match[2].replace(/^'(.*)'$/, "$1").replace(/'\\''/g, "'")];
    }),
  );
}

/** Top-level `key = value` TOML lines (values as JSON, which the writer's scalars are) → object. */
function readToml(text: string): Record<string, unknown> {
  return Object.fromEntries(
    text.trimEnd().split("\n").map((line) => {
      const match = /^([a-z_]+) = (.+)$/.exec(line);
      if (!match) throw new Error(`not a key = value line: ${line}`);
      return [match[1], JSON.parse(match[2])];
    }),
  );
}

/** The writer's JSON5 (identifier keys, trailing commas) read back by turning it into JSON. */
function readJson5(text: string): unknown {
  return JSON.parse(text.replace(/^(\s*)([A-Za-z_$][\w$]*):/gm, '$1"$2":').replace(/,(\s*[}\]])/g, "$1"));
}

function read(result: SettingsSnippet): unknown {
  switch (result.format) {
    case "env":
      return readEnv(result.text);
    case "toml":
      return readToml(result.text);
    case "json":
      return JSON.parse(result.text);
    case "json5":
      return readJson5(result.text);
    default:
      throw new Error(`no reader for ${result.format}`);
  }
}

describe("settingsSnippet: which strategies have an agent", () => {
  it.each([
    ["none", null],
    ["trim-messages", null],
    ["observation-masking", null],
    ["evidence", null],
    ["keeper", null],
    // the providers' own compaction: no snippet yet (its settings are request parameters the lab sends itself)
    ["anthropic-compaction", null],
    ["anthropic-on-demand-compaction", null],
    ["openai-compaction", null],
    ["anthropic-clear-tool-uses", ["json", /Messages API request body/]],
    ["pi", ["json", /~\/\.pi\/agent\/settings\.json/]],
    ["claude-code", ["env", /shell/]],
    ["claude-code@2.1.299", ["env", /shell/]],
    ["opencode@v2", ["json", /opencode\.json/]],
    ["kilo-code", ["json", /kilo\.jsonc/]],
    ["goose", ["env", /goose/]],
    ["codex", ["toml", /^~\/\.codex\/config\.toml$/]],
    ["gemini-cli", ["json", /~\/\.gemini\/settings\.json/]],
    ["opencode", ["json", /opencode\.json/]],
    ["openclaw", ["json5", /~\/\.openclaw\/openclaw\.json/]],
    ["vibe", ["toml", /~\/\.vibe\/config\.toml/]],
    ["micro-agent", ["json", /^appsettings\.json$/]],
    ["nous", ["env", /Nous process/]],
  ] as const)("%s → %j", (strategyId, expected) => {
    const result = settingsSnippet({ strategyId, settings: {}, window: WINDOW });
    if (expected === null) return expect(result).toBeNull();
    expect(result!.format).toBe(expected[0]);
    expect(result!.file).toMatch(expected[1]);
    expect(result!.text.endsWith("\n")).toBe(true);
    expect(() => read(result!)).not.toThrow();
  });

  it("covers every registered strategy, and each exporter handles exactly its strategy's settings", () => {
    const covered = new Set([...Object.keys(snippetBuildersByStrategy), "none", "trim-messages", "observation-masking", "evidence", "keeper", "anthropic-compaction", "anthropic-on-demand-compaction", "openai-compaction"]);
    for (const strategy of strategies) {
      expect(covered, strategy.id).toContain(strategy.id);
      const builder = snippetBuildersByStrategy[strategy.id];
      if (builder) expect([...builder.keys].sort(), strategy.id).toEqual(Object.keys(strategy.defaults).sort());
    }
  });
});

describe("settingsSnippet: each agent's keys and values", () => {
  it.each<[string, string, Record<string, unknown>, number, unknown]>([
    ["Claude Code at defaults", "claude-code", {}, WINDOW, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "200000", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "32000" }],
    // trigger 200,000 − 20,000 − 40,000 = 140,000 of 180,000 → 78 %
    ["Claude Code, a larger buffer", "claude-code", { autocompactBufferTokens: 40_000 }, WINDOW, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "200000", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "32000", CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "78" }],
    ["Claude Code, a 1M window and 8K output", "claude-code", { maxOutputTokens: 8_000 }, 1_000_000, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "1000000", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "8000" }],
    // the snippet follows the version: 2.1.299's idle compaction has its size threshold
    ["Claude Code 2.1.299 at defaults", "claude-code@2.1.299", {}, WINDOW, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "200000", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "32000", CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "200000" }],
    ["Claude Code, autoCompactWindow on a 1M model", "claude-code", { autoCompactWindow: 500_000 }, 1_000_000, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "500000", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "32000" }],
    ["Claude Code, CLAUDE_AUTOCOMPACT_PCT_OVERRIDE 50", "claude-code", { autocompactPctOverride: 50 }, WINDOW, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "200000", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "32000", CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "50" }],
    ["Goose", "goose", { autoCompactThreshold: 0.6 }, WINDOW, { GOOSE_AUTO_COMPACT_THRESHOLD: "0.6" }],
    [
      "OpenCode v2 at defaults (the tail's budget left to OpenCode)",
      "opencode@v2",
      {},
      WINDOW,
      { $schema: "https://opencode.ai/config.json", compaction: { auto: true, prune: true, tail_turns: 2 }, provider: { "<provider>": { models: { "<model>": { limit: { context: 200_000, output: 32_000 } } } } } },
    ],
    [
      "Kilo Code with threshold_percent and a tail budget",
      "kilo-code",
      { thresholdPercent: 80, preserveRecentTokens: 8_000, reserved: 10_000, inputLimit: 150_000 },
      WINDOW,
      { compaction: { auto: true, threshold_percent: 80, prune: true, tail_turns: 2, preserve_recent_tokens: 8_000, reserved: 10_000 }, provider: { "<provider>": { models: { "<model>": { limit: { context: 200_000, output: 32_000, input: 150_000 } } } } } },
    ],
    ["Codex at defaults (limit = 90% written out)", "codex", {}, WINDOW, { model_context_window: 200_000, model_auto_compact_token_limit: 180_000 }],
    ["Codex with a limit", "codex", { autoCompactTokenLimit: 150_000 }, 400_000, { model_context_window: 400_000, model_auto_compact_token_limit: 150_000 }],
    ["pi", "pi", { reserveTokens: 30_000, keepRecentTokens: 10_000 }, WINDOW, { compaction: { enabled: true, reserveTokens: 30_000, keepRecentTokens: 10_000 } }],
    [
      "OpenCode at defaults",
      "opencode",
      {},
      WINDOW,
      { $schema: "https://opencode.ai/config.json", compaction: { auto: true, prune: true }, provider: { "<provider>": { models: { "<model>": { limit: { context: 200_000, output: 32_000 } } } } } },
    ],
    [
      "OpenCode with limits, auto off",
      "opencode",
      { auto: false, prune: false, contextLimit: 128_000, outputLimit: 8_000, inputLimit: 100_000 },
      WINDOW,
      { $schema: "https://opencode.ai/config.json", compaction: { auto: false, prune: false }, provider: { "<provider>": { models: { "<model>": { limit: { context: 128_000, output: 8_000, input: 100_000 } } } } } },
    ],
    [
      "OpenClaw at defaults",
      "openclaw",
      {},
      WINDOW,
      { agents: { defaults: { compaction: { mode: "safeguard", reserveTokensFloor: 20_000, maxHistoryShare: 0.5, memoryFlush: { enabled: true, softThresholdTokens: 4_000 } } } } },
    ],
    [
      "OpenClaw, default mode, pi's keep-recent raised",
      "openclaw",
      { mode: "default", reserveTokensFloor: 0, memoryFlushEnabled: false, keepRecentTokens: 30_000 },
      WINDOW,
      { agents: { defaults: { compaction: { mode: "default", reserveTokensFloor: 0, maxHistoryShare: 0.5, memoryFlush: { enabled: false, softThresholdTokens: 4_000 }, keepRecentTokens: 30_000 } } } },
    ],
    ["Vibe", "vibe", { autoCompactThreshold: 120_000, contextWarnings: true }, WINDOW, { auto_compact_threshold: 120_000, context_warnings: true }],
    ["gemini-cli", "gemini-cli", { compressionThreshold: 0.7 }, WINDOW, { model: { compressionThreshold: 0.7 } }],
    [
      "Messages API context editing at defaults",
      "anthropic-clear-tool-uses",
      {},
      WINDOW,
      { context_management: { edits: [{ type: "clear_tool_uses_20250919", trigger: { type: "input_tokens", value: 100_000 }, keep: { type: "tool_uses", value: 3 }, clear_tool_inputs: false }] } },
    ],
    [
      "Messages API context editing, every option",
      "anthropic-clear-tool-uses",
      { trigger: 50_000, keep: 1, clearAtLeast: 5_000, excludeTools: ["web_search"], clearToolInputs: true },
      WINDOW,
      {
        context_management: {
          edits: [
            {
              type: "clear_tool_uses_20250919",
              trigger: { type: "input_tokens", value: 50_000 },
              keep: { type: "tool_uses", value: 1 },
              clear_at_least: { type: "input_tokens", value: 5_000 },
              exclude_tools: ["web_search"],
              clear_tool_inputs: true,
            },
          ],
        },
      },
    ],
    ["micro-agent", "micro-agent", { compactionThresholdTokens: 60_000, protectedTailMessages: 10 }, WINDOW, { CompactionStrategy: "summarize", CompactionThresholdTokens: 60_000, ProtectedTailMessages: 10 }],
  ])("%s", (_name, strategyId, settings, window, expected) => {
    expect(read(snippet(strategyId, settings, window))).toEqual(expected);
  });

  it("writes every Nous setting as seed 004's NOUS_* variable", () => {
    expect(readEnv(snippet("nous", { compactionThreshold: 60_000, toolPruningEnabled: false }).text)).toEqual({
      NOUS_TOOL_PRUNING_ENABLED: "false",
      NOUS_TOOL_SOFT_TRIM_CHARS: "4000",
      NOUS_TOOL_SOFT_TRIM_HEAD: "1500",
      NOUS_TOOL_SOFT_TRIM_TAIL: "1500",
      NOUS_TOOL_HARD_CLEAR_AFTER: "6",
      NOUS_KEEP_LAST_TOOL_RESULTS: "2",
      NOUS_COMPACTION_ENABLED: "true",
      NOUS_COMPACTION_THRESHOLD: "60000",
      NOUS_KEEP_RECENT_TOKENS: "20000",
      NOUS_SUMMARY_MAX_CHARS: "6000",
    });
  });

  it("writes OpenClaw's JSON5 as its docs do: bare keys, trailing commas", () => {
    expect(snippet("openclaw").text).toBe(
      [
        "{",
        "  agents: {",
        "    defaults: {",
        "      compaction: {",
        '        mode: "safeguard",',
        "        reserveTokensFloor: 20000,",
        "        maxHistoryShare: 0.5,",
        "        memoryFlush: {",
        "          enabled: true,",
        "          softThresholdTokens: 4000,",
        "        },",
        "      },",
        "    },",
        "  },",
        "}",
        "",
      ].join("\n"),
    );
  });
});

describe("settingsSnippet: notes", () => {
  it.each<[string, string, Record<string, unknown>, RegExp]>([
    ["a Claude Code percentage that rounds", "claude-code", { autocompactBufferTokens: 40_000 }, /compacts at 140,400 tokens, the lab at 140,000/],
    ["a Claude Code trigger later than its own", "claude-code", { autocompactBufferTokens: 5_000 }, /later than Claude Code's own trigger \(167,000\).*still compact at 167,000/],
    ["a Claude Code microcompact setting", "claude-code", { microcompactKeepRecent: 5 }, /microcompactKeepRecent = 5 has no setting in Claude Code.*keeps 3/],
    ["Claude Code's summary output cap", "claude-code", { maxOutputTokensForSummary: 10_000 }, /maxOutputTokensForSummary = 10000 has no setting/],
    ["Codex's unset limit", "codex", {}, /unset in the lab \(90% of the window\); written out as 180000/],
    ["Codex's user-message budget", "codex", { userMessageMaxTokens: 5_000 }, /userMessageMaxTokens = 5000 has no setting in Codex CLI/],
    ["OpenCode's output cap", "opencode", { globalOutputCap: 64_000 }, /export OPENCODE_EXPERIMENTAL_OUTPUT_TOKEN_MAX=64000/],
    ["OpenCode's input limit", "opencode", { inputLimit: 100_000 }, /limit\.input .* not confirmed/],
    ["OpenCode's unlimited context", "opencode", { contextLimit: 0 }, /never auto-compacts/],
    ["OpenCode's prune constants", "opencode", { pruneProtect: 10_000, protectedTools: [] }, /pruneProtect = 10000 has no setting in OpenCode/],
    ["OpenClaw's unconfirmed pi key", "openclaw", { reserveTokens: 30_000 }, /reserveTokens is pi's compaction setting, not in seed 001's config type.*not confirmed/],
    ["gemini-cli's kept share", "gemini-cli", { compressionPreserveThreshold: 0.2 }, /compressionPreserveThreshold = 0.2 has no setting in gemini-cli/],
    ["gemini-cli's older layout", "gemini-cli", {}, /chatCompression\.contextPercentageThreshold/],
    ["Vibe off", "vibe", { autoCompactThreshold: 0 }, /≤ 0 turns auto-compaction off/],
    ["Vibe's file is not in the seed", "vibe", {}, /not in the seed/],
    ["micro-agent's message cap", "micro-agent", { maxConversationMessages: 200 }, /maxConversationMessages = 200 has no setting.*MaxConversationMessages is a named constant/],
    ["the Messages API beta header", "anthropic-clear-tool-uses", {}, /anthropic-beta: context-management-2025-06-27/],
  ])("%s", (_name, strategyId, settings, pattern) => {
    expect(snippet(strategyId, settings).notes.join("\n")).toMatch(pattern);
  });

  it.each([
    ["claude-code", "has no setting"],
    ["codex", "has no setting"],
    ["opencode", "has no setting"],
    ["micro-agent", "has no setting"],
    ["openclaw", "not confirmed"],
  ])("%s at its defaults has no %j note (the agent's built-in values are the lab's defaults)", (strategyId, phrase) => {
    expect(snippet(strategyId).notes.join("\n")).not.toContain(phrase);
  });
});

describe("settingsSnippet: bad input", () => {
  it("names an unknown strategy", () => {
    expect(() => settingsSnippet({ strategyId: "nope", settings: {}, window: WINDOW })).toThrow(/Unknown strategy "nope"/);
  });

  it.each([
    ["an unknown setting", "codex", { bogus: 1 }, /"bogus".*codex/],
    ["a wrong type", "pi", { reserveTokens: "lots" }, /"reserveTokens"/],
  ])("throws the engine's SettingsError for %s", (_name, strategyId, settings, pattern) => {
    let error: unknown;
    try {
      settingsSnippet({ strategyId, settings, window: WINDOW });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as Error).message).toMatch(pattern);
  });

  it.each([0, -1, 1.5, Number.NaN])("rejects window %s", (window) => {
    expect(() => settingsSnippet({ strategyId: "codex", settings: {}, window })).toThrow(/window must be a positive whole number/);
  });
});

describe("format writers", () => {
  it("single-quotes env strings so the shell expands nothing", () => {
    expect(envLines([["A", "it's $HOME"], ["B", 3], ["C", false]])).toBe("export A='it'\\''s $HOME'\nexport B=3\nexport C=false\n");
    expect(() => envLines([["NOT-A-NAME", 1]])).toThrow(/not an environment variable name/);
  });

  it("writes TOML scalars and arrays, and refuses a non-finite number", () => {
    expect(tomlLines([["a", 1], ["b", "x\"y"], ["c", [1, 2]], ["d", true]])).toBe('a = 1\nb = "x\\"y"\nc = [1, 2]\nd = true\n');
    expect(() => tomlLines([["a", Number.POSITIVE_INFINITY]])).toThrow(RangeError);
  });

  it("quotes JSON5 keys that are not identifiers and writes empty containers inline", () => {
    expect(json5Text({ "a-b": 1, list: [], map: {}, nested: ["x"] })).toBe('{\n  "a-b": 1,\n  list: [],\n  map: {},\n  nested: [\n    "x",\n  ],\n}\n');
  });
});
