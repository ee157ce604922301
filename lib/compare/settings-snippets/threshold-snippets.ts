import type { AgentSnippet } from "../../api/contracts/recommend-schemas";
import { envLines, jsonText, tomlLines } from "./format-snippet";
import { thresholdKeysByAgent, type ThresholdAgentId } from "./threshold-keys";

/** Claude Code's own numbers: min(CLAUDE_CODE_MAX_OUTPUT_TOKENS, 20,000) reserved, and its 13,000-token buffer. */
const CLAUDE_CODE_OUTPUT_RESERVE = 20_000;
const CLAUDE_CODE_AUTOCOMPACT_BUFFER = 13_000;

const tokens = (value: number) => value.toLocaleString("en-US");
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * "Compact at `share` of a `window`-token window" as every agent's own configuration (issue #27): each agent with a
 * key for its trigger gets the exact text to paste and a note on how the agent reads it (rounding, caps, where it
 * goes); an agent without one gets `supported: false` and a note saying so — never an invented key. Each carries
 * where its key is documented ({@link thresholdKeysByAgent}).
 */
export function thresholdSnippets(options: { share: number; window: number }): AgentSnippet[] {
  const { share, window } = options;
  if (!(share > 0 && share < 1)) throw new RangeError(`share must be between 0 and 1, got ${share}`);
  if (!Number.isInteger(window) || window <= 0) throw new RangeError(`window must be a positive whole number of tokens, got ${window}`);
  const at = Math.floor(share * window);
  const reserve = window - at;
  const built: Record<ThresholdAgentId, Omit<AgentSnippet, "agent" | "source" | "checked">> = {
    "claude-code": claudeCode(share, window),
    codex: {
      supported: true,
      file: "~/.codex/config.toml",
      format: "toml",
      text: tomlLines([
        ["model_context_window", window],
        ["model_auto_compact_token_limit", at],
      ]),
      note: `Codex compacts once the context reaches ${tokens(at)} tokens (${percent(share)} of ${tokens(window)}).`,
    },
    "gemini-cli": {
      supported: true,
      file: "~/.gemini/settings.json (or .gemini/settings.json in the project)",
      format: "json",
      text: jsonText({ model: { compressionThreshold: round(share, 3) } }),
      note: "A share of the model's own token limit (Gemini CLI has no window setting). Older versions with the flat settings layout read chatCompression.contextPercentageThreshold.",
    },
    opencode: {
      supported: true,
      file: "opencode.json (project root) or ~/.config/opencode/opencode.json",
      format: "json",
      text: jsonText({ $schema: "https://opencode.ai/config.json", compaction: { auto: true, reserved: reserve } }),
      note: `OpenCode has no percentage key: it compacts when a step's tokens pass the model's input limit less \`reserved\`, so ${tokens(reserve)} reserved lands at ${tokens(at)} on a ${tokens(window)}-token model. With another window, set reserved to window − ${percent(share)} of it.`,
    },
    pi: {
      supported: true,
      file: "~/.pi/agent/settings.json (or .pi/settings.json in the project)",
      format: "json",
      text: jsonText({ compaction: { enabled: true, reserveTokens: reserve } }),
      note: `pi compacts when the context exceeds the model's window − reserveTokens: ${tokens(at)} on a ${tokens(window)}-token model. It is a token count, so it does not follow a model switch: recompute it for another window.`,
    },
    "kilo-code": {
      supported: true,
      file: "kilo.json (project root) or the global Kilo config",
      format: "json",
      text: jsonText({ compaction: { threshold_percent: Math.max(1, Math.round(share * 100)) } }),
      note: "A whole percentage of the model's window; Kilo Code still compacts earlier if its own safety buffer is reached first. The value's range is read from the key's name and the pull request that added it.",
    },
    goose: {
      supported: true,
      file: "the shell that starts goose (or GOOSE_AUTO_COMPACT_THRESHOLD in ~/.config/goose/config.yaml)",
      format: "env",
      text: envLines([["GOOSE_AUTO_COMPACT_THRESHOLD", round(share, 3)]]),
      note: "A fraction of the context limit (0.0 and 1.0 or more turn auto-compaction off); an exported variable wins over config.yaml.",
    },
    "copilot-cli": {
      supported: false,
      file: "",
      format: "",
      text: "",
      note: "GitHub Copilot CLI has no setting for when it compacts (only /compact by hand), so there is nothing to write.",
    },
  };
  return (Object.keys(thresholdKeysByAgent) as ThresholdAgentId[]).map((id) => ({
    agent: thresholdKeysByAgent[id].agent,
    ...built[id],
    source: thresholdKeysByAgent[id].source,
    checked: thresholdKeysByAgent[id].checked,
  }));
}

function claudeCode(share: number, window: number): Omit<AgentSnippet, "agent" | "source" | "checked"> {
  const reservedWindow = window - CLAUDE_CODE_OUTPUT_RESERVE;
  const latest = reservedWindow - CLAUDE_CODE_AUTOCOMPACT_BUFFER;
  const wanted = Math.floor(share * window);
  const base = { supported: true, file: "the shell that starts claude (~/.bashrc or ~/.zshrc)", format: "env" };
  if (reservedWindow <= 0) return { ...base, supported: false, text: "", note: `A ${tokens(window)}-token window leaves nothing after Claude Code's ${tokens(CLAUDE_CODE_OUTPUT_RESERVE)}-token output reserve.` };
  const pct = Math.min(100, Math.max(1, Math.round((wanted / reservedWindow) * 100)));
  const claudeAt = Math.min(Math.floor((reservedWindow * pct) / 100), latest);
  const notes = [`The percentage is of ${tokens(reservedWindow)} (the window less the ${tokens(CLAUDE_CODE_OUTPUT_RESERVE)}-token output reserve): Claude Code compacts at ${tokens(claudeAt)} tokens.`];
  if (wanted > latest) notes.push(`It cannot compact later than its default, ${tokens(latest)} (the override only moves the trigger earlier), so ${percent(share)} of the window is not reachable.`);
  notes.push("Export it before starting claude: settings.json's env block has been reported not to reach the threshold.");
  return {
    ...base,
    text: envLines([
      ["CLAUDE_CODE_AUTO_COMPACT_WINDOW", window],
      ["CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", pct],
    ]),
    note: notes.join(" "),
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
