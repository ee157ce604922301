import { findStrategy } from "../engine/strategies";
import { resolveSettings } from "../engine/strategies/resolve-settings";
import { anthropicClearToolUsesSnippetBuilder } from "./settings-snippets/anthropic-clear-tool-uses";
import { claudeCodeSnippetBuilder } from "./settings-snippets/claude-code";
import { codexSnippetBuilder } from "./settings-snippets/codex";
import { geminiCliSnippetBuilder } from "./settings-snippets/gemini-cli";
import { gooseSnippetBuilder } from "./settings-snippets/goose";
import { microAgentSnippetBuilder } from "./settings-snippets/micro-agent";
import { nousSnippetBuilder } from "./settings-snippets/nous";
import { openclawSnippetBuilder } from "./settings-snippets/openclaw";
import { opencodeSnippetBuilder } from "./settings-snippets/opencode";
import { kiloCodeSnippetBuilder, opencodeV2SnippetBuilder } from "./settings-snippets/opencode-v2";
import { piSnippetBuilder } from "./settings-snippets/pi";
import type { SettingsSnippet, SnippetBuilder } from "./settings-snippets/snippet-builder";
import { vibeSnippetBuilder } from "./settings-snippets/vibe";

export type { SettingsSnippet, SnippetFormat } from "./settings-snippets/snippet-builder";

/**
 * The exporter for each strategy that mirrors a real agent or API. Strategies that are not absent here by
 * accident: `none` (a baseline), `trim-messages` (seed 002's `MaxConversationMessages` and seed 004's
 * `MAX_HISTORY_MESSAGES` are code constants, with no configuration to write) and `observation-masking` (a research
 * agent's, SWE-agent's, setting — not one of the agents the lab exports for) give null, as do `evidence` and `keeper`
 * (the lab's own strategies: no agent has them to configure yet). A later version of an agent's strategy has its own
 * entry (`claude-code@2.1.299`, `opencode@v2`): snippets follow the version. The providers' own compaction
 * (`anthropic-compaction`, `anthropic-on-demand-compaction`, `openai-compaction`) is configured per request, not in a file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const snippetBuildersByStrategy: Readonly<Record<string, SnippetBuilder<any>>> = {
  "anthropic-clear-tool-uses": anthropicClearToolUsesSnippetBuilder,
  pi: piSnippetBuilder,
  "claude-code": claudeCodeSnippetBuilder,
  "claude-code@2.1.299": claudeCodeSnippetBuilder,
  codex: codexSnippetBuilder,
  "gemini-cli": geminiCliSnippetBuilder,
  opencode: opencodeSnippetBuilder,
  "opencode@v2": opencodeV2SnippetBuilder,
  "kilo-code": kiloCodeSnippetBuilder,
  goose: gooseSnippetBuilder,
  openclaw: openclawSnippetBuilder,
  vibe: vibeSnippetBuilder,
  "micro-agent": microAgentSnippetBuilder,
  nous: nousSnippetBuilder,
};

/**
 * A configuration (strategy, settings, window) as the settings of the agent its strategy mirrors: Claude Code's
 * environment variables, Codex's config.toml, OpenCode's opencode.json, pi's settings.json, OpenClaw's JSON5, Vibe's
 * config, gemini-cli's settings.json, the Messages API's `context_management`, Nous's and seed 002's
 * configuration. Null for a strategy with no agent to configure (see {@link snippetBuildersByStrategy}).
 *
 * `settings` may be overrides or fully resolved settings: they are resolved against the strategy's defaults and
 * validated (an invalid one throws the engine's `SettingsError`, naming it). Every setting with a knob is written
 * with its value, defaults included — an agent's built-in values change between versions, the snippet should not.
 * `notes` say which settings the agent has no knob for (only when the configuration differs from the default
 * there), where a value is approximated, and where a key name is not confirmed. Throws for an unknown strategy
 * or a window that is not a positive integer.
 */
export function settingsSnippet(options: { strategyId: string; settings: Record<string, unknown>; window: number }): SettingsSnippet | null {
  const strategy = findStrategy(options.strategyId);
  if (!strategy) throw new Error(`Unknown strategy "${options.strategyId}".`);
  if (!Number.isInteger(options.window) || options.window <= 0) throw new RangeError(`window must be a positive whole number of tokens, got ${options.window}.`);
  const settings = resolveSettings(strategy, options.settings) as Record<string, unknown>;
  const builder = Object.hasOwn(snippetBuildersByStrategy, strategy.id) ? snippetBuildersByStrategy[strategy.id] : undefined;
  if (!builder) return null;
  const { text, notes } = builder.build({ settings, defaults: strategy.defaults, window: options.window });
  const handled = new Set<string>(builder.keys);
  const unmapped = Object.keys(settings).filter((key) => !handled.has(key));
  if (unmapped.length > 0) notes.push(`Not exported (the lab's setting${unmapped.length > 1 ? "s" : ""} ${unmapped.join(", ")} ${unmapped.length > 1 ? "have" : "has"} no mapping to ${builder.agent} yet).`);
  return { agent: builder.agent, format: builder.format, file: builder.file, text, notes };
}
