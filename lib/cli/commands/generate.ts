import fs from "node:fs";
import { sessionStats } from "../../engine/session-stats";
import { generateSession } from "../../generator/generate-session";
import { generateClaudeCodeSession } from "../../generator/generate-claude-code-session";
import { claudeCodeMessageCount, toClaudeCodeJsonl } from "../../generator/to-claude-code-jsonl";
import { integerFlag, parseCommandArgs, UsageError, type CliIo } from "../command";

const OUTPUT_KINDS = ["claude-code", "anthropic", "canonical"] as const;
type OutputKind = (typeof OUTPUT_KINDS)[number];

export const DEFAULT_GENERATE_SEED = 1;
export const DEFAULT_GENERATE_MESSAGES = 400;

export const usage = `npm run --silent lab -- generate [--seed N (default ${DEFAULT_GENERATE_SEED})] [--messages M (default ${DEFAULT_GENERATE_MESSAGES})] [--compact-at TOKENS] [--as ${OUTPUT_KINDS.join("|")}] [--out file]`;

/**
 * Writes a generated session (lib/generator) to --out, or to stdout without it.
 *
 * Output kinds: `claude-code` (default) is a Claude Code JSONL file — it uploads and imports like a real
 * session and keeps per-call usage, timestamps and recorded compactions, but not the system prompt;
 * `anthropic` is a Messages API request `{system, messages}` (keeps the system prompt, loses usage);
 * `canonical` is the lab's Session object as JSON, for scripts and benchmarks (not an upload format).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs({
    args,
    usage,
    flags: {
      seed: { type: "string" },
      messages: { type: "string" },
      "compact-at": { type: "string" },
      as: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  const seed = integerFlag({ value: values.seed, flag: "seed", usage, min: -(2 ** 31) }) ?? DEFAULT_GENERATE_SEED;
  const messages = integerFlag({ value: values.messages, flag: "messages", usage, min: 3 }) ?? DEFAULT_GENERATE_MESSAGES;
  const compactAt = integerFlag({ value: values["compact-at"], flag: "compact-at", usage, min: 1 });
  const kind = (values.as ?? "claude-code") as OutputKind;
  if (!OUTPUT_KINDS.includes(kind)) throw new UsageError(`--as takes one of ${OUTPUT_KINDS.join(", ")}, got "${values.as}"`, usage);

  // --messages counts what the lab reads back from the file (a Claude Code file drops the system prompt and joins parallel results)
  const session = kind === "claude-code" ? generateClaudeCodeSession({ seed, messages, compactAt }) : generateSession({ seed, messages, compactAt });
  const text = await serialize(session, kind);
  if (values.out === undefined) {
    io.stdout(text);
    return 0;
  }
  fs.writeFileSync(values.out, text);
  const stats = sessionStats(session);
  const messagesWritten = kind === "claude-code" ? claudeCodeMessageCount(session) : stats.messages;
  io.stdout(
    `wrote ${values.out}: ${kind}, ${messagesWritten.toLocaleString("en-US")} messages, ${stats.toolCalls.toLocaleString("en-US")} tool calls, ${stats.estimatedTokens.toLocaleString("en-US")} estimated tokens, ${Buffer.byteLength(text).toLocaleString("en-US")} bytes\n`,
  );
  return 0;
}

async function serialize(session: ReturnType<typeof generateSession>, kind: OutputKind): Promise<string> {
  if (kind === "claude-code") return toClaudeCodeJsonl(session);
  if (kind === "canonical") return `${JSON.stringify(session)}\n`;
  const { exportAnthropic } = await import("../../transcripts/export-anthropic");
  return `${JSON.stringify(exportAnthropic(session), null, 1)}\n`;
}
