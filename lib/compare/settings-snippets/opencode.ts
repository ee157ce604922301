import type { OpencodeSettings } from "../../engine/strategies/opencode";
import { jsonText, type SnippetValue } from "./format-snippet";
import { defineSnippetBuilder, noKnobNotes, sameValue } from "./snippet-builder";

const AGENT = "OpenCode";

/**
 * OpenCode's opencode.json: the `compaction` block (`auto`, `prune`, seed 003 §7) and the model's `limit`
 * (`context`, `output`) that its overflow check reads, under `provider.<provider>.models.<model>` — placeholders
 * the user replaces. `limit.context` is the lab's `contextLimit`, or the replay's window when that is unset;
 * `limit.output` is the lab's `outputLimit`, or, when unset, the output cap itself (OpenCode reserves
 * min(output, cap), so the reserve is the same). The cap is the OPENCODE_EXPERIMENTAL_OUTPUT_TOKEN_MAX environment
 * variable, not a JSON key (a note says so when it differs). The prune thresholds are constants in OpenCode.
 */
export const opencodeSnippetBuilder = defineSnippetBuilder<OpencodeSettings>({
  agent: AGENT,
  format: "json",
  file: "opencode.json (project root) or ~/.config/opencode/opencode.json",
  keys: ["auto", "prune", "contextLimit", "inputLimit", "outputLimit", "globalOutputCap", "pruneProtect", "pruneMinimum", "protectedTools", "protectedUserTurns"],
  build({ settings, defaults, window }) {
    const limit: Record<string, SnippetValue> = {
      context: settings.contextLimit ?? window,
      output: settings.outputLimit ?? settings.globalOutputCap,
    };
    if (settings.inputLimit !== null) limit.input = settings.inputLimit;
    const notes = ["Replace <provider> and <model> with the provider and model ids the session uses; the limit block can be left out when the model's own limits are these."];
    if (settings.contextLimit === 0) notes.push("limit.context 0 means no limit: OpenCode then never auto-compacts.");
    if (settings.inputLimit !== null) notes.push("limit.input is what OpenCode's overflow check reads as a dedicated input limit; that opencode.json accepts it for a configured model is not confirmed.");
    if (!sameValue(settings.globalOutputCap, defaults.globalOutputCap)) {
      notes.push(`globalOutputCap ${settings.globalOutputCap} is set outside this file: export OPENCODE_EXPERIMENTAL_OUTPUT_TOKEN_MAX=${settings.globalOutputCap}.`);
    }
    notes.push(
      ...noKnobNotes({ settings, defaults, agent: AGENT, keys: ["pruneProtect", "pruneMinimum", "protectedTools", "protectedUserTurns"], instead: "the prune thresholds and protected tools are constants in its compaction code" }),
    );
    return {
      text: jsonText({
        $schema: "https://opencode.ai/config.json",
        compaction: { auto: settings.auto, prune: settings.prune },
        provider: { "<provider>": { models: { "<model>": { limit } } } },
      }),
      notes,
    };
  },
});
