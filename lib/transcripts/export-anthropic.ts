import type { Message, Part, Session } from "../engine/model";
import { isRecord } from "./anthropic-blocks";

export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "tool_result"; tool_use_id: string; content: string; is_error?: true }
  | { type: "image"; source: { type: "url"; url: string } };

export interface AnthropicMessage {
  role: "user" | "assistant";
  content: AnthropicBlock[];
}

export interface AnthropicRequest {
  system?: string;
  messages: AnthropicMessage[];
}

/**
 * The Messages API request a model would be sent for a session, as recorded (no strategy applied).
 *
 * - System messages before the first conversation message become `system` (joined by blank lines); later ones
 *   (e.g. codex developer messages mid-session) become user text, since the API has no system role in `messages`.
 * - Compaction markers are omitted; summary messages are sent as user text, as claude-code and pi send them.
 * - Tool messages become tool_result blocks at the start of the next user message; consecutive messages of one
 *   role are merged so roles alternate (a tool message followed by a user message therefore becomes one message).
 * - What the canonical model does not keep cannot be sent back: thinking blocks go out without their signature,
 *   redacted thinking with empty data, images without a URL and files as a short text placeholder.
 * - A tool call whose input is not a JSON object (codex custom tools take raw text) is sent as `{input: <value>}`.
 */
export function exportAnthropic(session: Session): AnthropicRequest {
  const systemTexts: string[] = [];
  const messages: AnthropicMessage[] = [];
  for (const message of session.messages) {
    if (message.parts.some((part) => part.type === "compaction")) continue;
    if (message.role === "system" && messages.length === 0 && !message.summary) {
      systemTexts.push(...message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])));
      continue;
    }
    const role = message.role === "assistant" ? "assistant" : "user";
    const content = message.parts.flatMap((part) => toBlocks(part, message));
    if (content.length === 0) continue;
    const previous = messages.at(-1);
    if (previous?.role === role) previous.content.push(...content);
    else messages.push({ role, content });
  }
  for (const message of messages) {
    if (message.role === "user") message.content = toolResultsFirst(message.content);
  }
  return { ...(systemTexts.length > 0 ? { system: systemTexts.join("\n\n") } : {}), messages };
}

function toBlocks(part: Part, message: Message): AnthropicBlock[] {
  switch (part.type) {
    case "text":
      return part.text.length > 0 ? [{ type: "text", text: part.text }] : [];
    case "reasoning":
      if (message.role !== "assistant") return [];
      return part.redacted ? [{ type: "redacted_thinking", data: "" }] : [{ type: "thinking", thinking: part.text }];
    case "tool-call":
      return [{ type: "tool_use", id: part.id, name: part.name, input: isRecord(part.input) ? part.input : { input: part.input } }];
    case "tool-result":
      return [{ type: "tool_result", tool_use_id: part.callId, content: part.output, ...(part.isError ? { is_error: true as const } : {}) }];
    case "image":
      return part.url ? [{ type: "image", source: { type: "url", url: part.url } }] : [{ type: "text", text: `[image omitted: ${part.mediaType}]` }];
    case "file":
      return [{ type: "text", text: `[file omitted: ${part.filename ?? part.mediaType}]` }];
    case "compaction":
      return [];
    case "opaque":
      // the item's encrypted content is not kept by the lab, and no other provider could read it
      return [{ type: "text", text: `[${part.provider}'s opaque compaction item, ${part.tokens} tokens, not readable here]` }];
  }
}

/** The API wants a user turn's tool_result blocks before anything else in it; the order among each kind is kept. */
function toolResultsFirst(content: AnthropicBlock[]): AnthropicBlock[] {
  return [...content.filter((block) => block.type === "tool_result"), ...content.filter((block) => block.type !== "tool_result")];
}
