import type { KiloCodeSettings } from "../../engine/strategies/kilo-code";
import type { OpencodeV2Settings } from "../../engine/strategies/opencode-v2";
import { jsonText, type SnippetValue } from "./format-snippet";
import { defineSnippetBuilder, noKnobNotes, sameValue, type SnippetBuilder } from "./snippet-builder";

const V2_KEYS = [
  "auto", "prune", "reserved", "tailTurns", "preserveRecentTokens", "contextLimit", "inputLimit", "outputLimit", "globalOutputCap",
  "summaryMaxTokens", "toolOutputMaxChars", "pruneProtect", "pruneMinimum", "protectedTools", "protectedUserTurns",
] as const;

/**
 * The `compaction` block OpenCode's v2 engine and Kilo Code (its fork) read — `auto`, `prune`, `reserved`, `tail_turns`,
 * `preserve_recent_tokens` (and Kilo's `threshold_percent`) — written only where the lab's value is set (a null is the
 * agent's own default: min(20,000, output) for `reserved`, 25% of usable clamped 2,000–8,000 for the tail), with the
 * model's `limit` under `provider.<provider>.models.<model>` as for seed-003 OpenCode.
 */
function compactionBlock(settings: OpencodeV2Settings & { thresholdPercent?: number | null }): Record<string, SnippetValue> {
  return {
    auto: settings.auto,
    ...(settings.thresholdPercent != null ? { threshold_percent: settings.thresholdPercent } : {}),
    prune: settings.prune,
    tail_turns: settings.tailTurns,
    ...(settings.preserveRecentTokens !== null ? { preserve_recent_tokens: settings.preserveRecentTokens } : {}),
    ...(settings.reserved !== null ? { reserved: settings.reserved } : {}),
  };
}

function buildV2(options: { agent: string; schema: string | null; envPrefix: string; settings: OpencodeV2Settings & { thresholdPercent?: number | null }; defaults: Readonly<OpencodeV2Settings>; window: number }) {
  const { settings, defaults } = options;
  const limit: Record<string, SnippetValue> = { context: settings.contextLimit ?? options.window, output: settings.outputLimit ?? settings.globalOutputCap };
  if (settings.inputLimit !== null) limit.input = settings.inputLimit;
  const notes = ["Replace <provider> and <model> with the ids the session uses; the limit block can be left out when the model's own limits are these."];
  if (settings.reserved !== null && settings.inputLimit === null) notes.push("reserved applies only to a model that declares a separate input limit; with a single context window the full output cap is reserved instead.");
  if (!sameValue(settings.globalOutputCap, defaults.globalOutputCap)) notes.push(`globalOutputCap ${settings.globalOutputCap} is set outside this file: export ${options.envPrefix}_EXPERIMENTAL_OUTPUT_TOKEN_MAX=${settings.globalOutputCap}.`);
  notes.push(
    ...noKnobNotes({
      settings,
      defaults,
      agent: options.agent,
      keys: ["summaryMaxTokens", "toolOutputMaxChars", "pruneProtect", "pruneMinimum", "protectedTools", "protectedUserTurns"],
      instead: "the summary cap, the tool-output cut and the prune thresholds are constants in its compaction code",
    }),
  );
  return {
    text: jsonText({ ...(options.schema ? { $schema: options.schema } : {}), compaction: compactionBlock(settings), provider: { "<provider>": { models: { "<model>": { limit } } } } }),
    notes,
  };
}

export const opencodeV2SnippetBuilder = defineSnippetBuilder<OpencodeV2Settings>({
  agent: "OpenCode",
  format: "json",
  file: "opencode.json (project root) or ~/.config/opencode/opencode.json",
  keys: [...V2_KEYS],
  build: ({ settings, defaults, window }) => buildV2({ agent: "OpenCode", schema: "https://opencode.ai/config.json", envPrefix: "OPENCODE", settings, defaults, window }),
});

export const kiloCodeSnippetBuilder: SnippetBuilder<KiloCodeSettings> = defineSnippetBuilder<KiloCodeSettings>({
  agent: "Kilo Code",
  format: "json",
  file: "kilo.jsonc (project root) or the global Kilo config",
  keys: [...V2_KEYS, "thresholdPercent"],
  build: ({ settings, defaults, window }) => buildV2({ agent: "Kilo Code", schema: null, envPrefix: "KILO", settings, defaults, window }),
});
