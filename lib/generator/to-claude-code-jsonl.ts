import type { Message, Part, Session } from "../engine/model";

const CLAUDE_CODE_VERSION = "2.0.14";

/**
 * Writes a session as a Claude Code session file (JSON lines), so a generated session can be uploaded to the
 * lab like a real one and keeps what an Anthropic message array would lose: per-call usage, timestamps,
 * thinking, and recorded compactions (a `compact_boundary` line plus an `isCompactSummary` user line).
 *
 * - A leading system prompt has no line kind in Claude Code files and is left out (Claude Code never writes it).
 * - Consecutive tool messages become one user line of tool_result blocks, as Claude Code writes parallel results,
 *   so an import gives one tool message where the session had several.
 * - Uuids are derived from the session id and the line number: the same session gives the same file.
 * - A closing `summary` line carries the title for the leaf, which is where Claude Code keeps titles.
 * Parts a generated session never has (images, files) are written as short text placeholders.
 */
export function toClaudeCodeJsonl(session: Session): string {
  const sessionId = uuid(session.meta.sourceId ?? session.title, 0);
  const envelope = {
    isSidechain: false,
    userType: "external",
    cwd: session.meta.cwd ?? "/home/dev/project",
    sessionId,
    version: CLAUDE_CODE_VERSION,
    gitBranch: "main",
  };
  const lines: Record<string, unknown>[] = [];
  let parentUuid: string | null = null;
  const append = (line: Record<string, unknown>, timestamp: string | undefined): void => {
    const id = uuid(sessionId, lines.length + 1);
    lines.push({ parentUuid, ...envelope, ...line, uuid: id, ...(timestamp ? { timestamp } : {}) });
    parentUuid = id;
  };

  const messages = session.messages;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (index === 0 && message.role === "system" && !message.parts.some((part) => part.type === "compaction")) continue;
    const compaction = message.parts.find((part) => part.type === "compaction");
    if (compaction) {
      const previous = parentUuid;
      parentUuid = null;
      append(
        {
          type: "system",
          subtype: "compact_boundary",
          logicalParentUuid: previous,
          content: "Conversation compacted",
          compactMetadata: {
            trigger: compaction.auto ? "auto" : "manual",
            ...(compaction.tokensBefore !== undefined ? { preTokens: compaction.tokensBefore } : {}),
            ...(compaction.tokensAfter !== undefined ? { postTokens: compaction.tokensAfter } : {}),
          },
        },
        message.timestamp,
      );
      continue;
    }
    if (message.role === "tool") {
      const results: Message[] = [message];
      while (messages[index + 1]?.role === "tool") results.push(messages[++index]);
      const content = results.flatMap((result) => result.parts.flatMap(toBlock));
      append({ type: "user", message: { role: "user", content } }, message.timestamp);
      continue;
    }
    if (message.role === "assistant") {
      const content = message.parts.flatMap(toBlock);
      const usage = message.usage;
      append(
        {
          type: "assistant",
          requestId: `req_${hex(sessionId + index, 24)}`,
          message: {
            id: `msg_${hex(sessionId + index, 24)}`,
            type: "message",
            role: "assistant",
            model: message.model ?? session.meta.model ?? "claude-sonnet-4-5",
            content,
            stop_reason: content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn",
            stop_sequence: null,
            ...(usage
              ? {
                  usage: {
                    input_tokens: usage.input,
                    cache_creation_input_tokens: usage.cacheWrite,
                    cache_read_input_tokens: usage.cacheRead,
                    output_tokens: usage.output,
                  },
                }
              : {}),
          },
        },
        message.timestamp,
      );
      continue;
    }
    // user and later system messages are user lines; a summary message is Claude Code's compact summary
    const text = message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n\n");
    append(
      {
        type: "user",
        ...(message.summary ? { isCompactSummary: true, isVisibleInTranscriptOnly: true } : {}),
        ...(message.synthetic && !message.summary ? { isMeta: true } : {}),
        message: { role: "user", content: text },
      },
      message.timestamp,
    );
  }
  lines.push({ type: "summary", summary: session.title, leafUuid: parentUuid });
  return lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
}

function toBlock(part: Part): Record<string, unknown>[] {
  switch (part.type) {
    case "text":
      return [{ type: "text", text: part.text }];
    case "reasoning":
      return part.redacted ? [{ type: "redacted_thinking", data: "" }] : [{ type: "thinking", thinking: part.text, signature: "" }];
    case "tool-call":
      return [{ type: "tool_use", id: part.id, name: part.name, input: part.input }];
    case "tool-result":
      return [{ type: "tool_result", tool_use_id: part.callId, content: part.output, ...(part.isError ? { is_error: true } : {}) }];
    case "image":
      return [{ type: "text", text: `[image: ${part.mediaType}]` }];
    case "file":
      return [{ type: "text", text: `[file: ${part.filename ?? part.mediaType}]` }];
    case "compaction":
    case "opaque":
      return [];
  }
}

/** A uuid-shaped id from a name and a counter (FNV-1a over both): stable, not random. */
function uuid(name: string, counter: number): string {
  const digits = hex(`${name}#${counter}`, 32);
  return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-4${digits.slice(13, 16)}-8${digits.slice(17, 20)}-${digits.slice(20, 32)}`;
}

/** `length` hex digits derived from `text` by chained FNV-1a rounds. */
function hex(text: string, length: number): string {
  let digits = "";
  let hash = 0x811c9dc5;
  for (let round = 0; digits.length < length; round++) {
    for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
    hash = Math.imul(hash ^ round, 0x01000193) >>> 0;
    digits += hash.toString(16).padStart(8, "0");
  }
  return digits.slice(0, length);
}

/**
 * How many messages the lab reads back from {@link toClaudeCodeJsonl}'s file of `session`: the same rules as the
 * writer (a leading system prompt is left out; a run of consecutive tool messages becomes one line, so one message).
 */
export function claudeCodeMessageCount(session: Session): number {
  let count = 0;
  session.messages.forEach((message, index) => {
    if (index === 0 && message.role === "system" && !message.parts.some((part) => part.type === "compaction")) return;
    if (message.role === "tool" && session.messages[index - 1]?.role === "tool") return;
    count++;
  });
  return count;
}
