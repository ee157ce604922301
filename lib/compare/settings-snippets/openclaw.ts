import { DEFAULT_PI_SETTINGS } from "../../engine/strategies/pi";
import type { OpenclawSettings } from "../../engine/strategies/openclaw";
import { json5Text, type SnippetValue } from "./format-snippet";
import { defineSnippetBuilder } from "./snippet-builder";

/**
 * OpenClaw's openclaw.json (JSON5): `agents.defaults.compaction` with seed 001 §6's keys — `mode`,
 * `reserveTokensFloor`, `maxHistoryShare`, `memoryFlush.enabled`, `memoryFlush.softThresholdTokens`. The pi
 * settings OpenClaw runs with (`reserveTokens`, `keepRecentTokens`) are not in the seed's config type: they are
 * written only when they differ from pi's defaults, under the same block, with a note that the key is unconfirmed.
 */
export const openclawSnippetBuilder = defineSnippetBuilder<OpenclawSettings>({
  agent: "OpenClaw",
  format: "json5",
  file: "~/.openclaw/openclaw.json",
  keys: ["mode", "reserveTokens", "reserveTokensFloor", "keepRecentTokens", "maxHistoryShare", "memoryFlushEnabled", "memoryFlushSoftThresholdTokens"],
  build({ settings }) {
    const compaction: Record<string, SnippetValue> = {
      mode: settings.mode,
      reserveTokensFloor: settings.reserveTokensFloor,
      maxHistoryShare: settings.maxHistoryShare,
      memoryFlush: { enabled: settings.memoryFlushEnabled, softThresholdTokens: settings.memoryFlushSoftThresholdTokens },
    };
    const notes: string[] = [];
    const piKeys = (["reserveTokens", "keepRecentTokens"] as const).filter((key) => settings[key] !== DEFAULT_PI_SETTINGS[key]);
    for (const key of piKeys) compaction[key] = settings[key];
    if (piKeys.length > 0) {
      notes.push(
        `${piKeys.join(" and ")} ${piKeys.length > 1 ? "are" : "is"} pi's compaction setting${piKeys.length > 1 ? "s" : ""}, not in seed 001's config type; some OpenClaw versions pass agents.defaults.compaction.${piKeys[0]} on to pi, but the key is not confirmed — else set it in pi's settings (compaction.${piKeys[0]}).`,
      );
    }
    notes.push("The memory flush runs an agentic turn in OpenClaw; the lab only marks where it would run.");
    return { text: json5Text({ agents: { defaults: { compaction } } }), notes };
  },
});
