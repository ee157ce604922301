import type { NousSettings } from "../../engine/strategies/nous";
import { envLines } from "./format-snippet";
import { defineSnippetBuilder } from "./snippet-builder";

/** Seed 004 § Configuration: each NousSettings field and its `NOUS_`-prefixed environment alias. */
const NOUS_ENV_BY_SETTING: Readonly<Record<keyof NousSettings, string>> = {
  toolPruningEnabled: "NOUS_TOOL_PRUNING_ENABLED",
  toolSoftTrimChars: "NOUS_TOOL_SOFT_TRIM_CHARS",
  toolSoftTrimHead: "NOUS_TOOL_SOFT_TRIM_HEAD",
  toolSoftTrimTail: "NOUS_TOOL_SOFT_TRIM_TAIL",
  toolHardClearAfter: "NOUS_TOOL_HARD_CLEAR_AFTER",
  keepLastToolResults: "NOUS_KEEP_LAST_TOOL_RESULTS",
  compactionEnabled: "NOUS_COMPACTION_ENABLED",
  compactionThreshold: "NOUS_COMPACTION_THRESHOLD",
  keepRecentTokens: "NOUS_KEEP_RECENT_TOKENS",
  summaryMaxChars: "NOUS_SUMMARY_MAX_CHARS",
};

/**
 * Nous reads its compaction settings from `NOUS_*` environment variables (seed 004: "all with NOUS_ prefixed env
 * var aliases"). Every one is written, `NOUS_COMPACTION_ENABLED` included: the seed ships it off as a rollout flag,
 * the lab's default is on.
 */
export const nousSnippetBuilder = defineSnippetBuilder<NousSettings>({
  agent: "Nous (seed 004)",
  format: "env",
  file: "the environment of the Nous process (or its .env file)",
  keys: Object.keys(NOUS_ENV_BY_SETTING) as (keyof NousSettings)[],
  build({ settings }) {
    const entries = (Object.keys(NOUS_ENV_BY_SETTING) as (keyof NousSettings)[]).map((key) => [NOUS_ENV_BY_SETTING[key], settings[key]] as const);
    const notes = ["Nous has no window setting: compaction follows NOUS_COMPACTION_THRESHOLD alone."];
    if (settings.compactionEnabled) notes.push("NOUS_COMPACTION_ENABLED is off by default in seed 004 (a rollout flag); the lab's configuration turns it on.");
    return { text: envLines(entries), notes };
  },
});
