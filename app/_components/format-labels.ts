import type { FormatId } from "@/lib/engine/model";

/** How each importable format is named in the UI, with the file it usually comes as. */
export const FORMAT_LABELS: Record<FormatId, { label: string; file: string }> = {
  "claude-code": { label: "Claude Code", file: "session .jsonl" },
  codex: { label: "OpenAI Codex CLI", file: "rollout .jsonl" },
  pi: { label: "pi coding agent", file: "session .jsonl" },
  opencode: { label: "OpenCode", file: "export .json" },
  anthropic: { label: "Anthropic Messages", file: "message array .json" },
  openai: { label: "OpenAI Chat Completions", file: "message array .json" },
  "swe-agent": { label: "SWE-agent", file: ".traj" },
  openhands: { label: "OpenHands", file: "event stream .json / .jsonl" },
  "gemini-cli": { label: "Gemini CLI", file: "chat recording .json" },
  "copilot-cli": { label: "GitHub Copilot CLI", file: "session events .jsonl" },
  openclaw: { label: "OpenClaw", file: "session .jsonl" },
  goose: { label: "Goose", file: "session .jsonl / exported .json" },
  "otel-genai": { label: "OpenTelemetry GenAI trace", file: "OTLP/JSON trace .json / .jsonl" },
  cline: { label: "Cline / Roo Code / Kilo Code", file: "api_conversation_history.json" },
};

export function formatLabel(format: string): string {
  return FORMAT_LABELS[format as FormatId]?.label ?? format;
}
