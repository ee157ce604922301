import type { Message, Part, Session } from "../engine/model";

export type OpenAIContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export interface OpenAIToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type OpenAIChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | OpenAIContentPart[] }
  | { role: "assistant"; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string; name?: string };

/**
 * The OpenAI chat-completions messages a model would be sent for this session.
 *
 * - Compaction markers are omitted; a summary message is sent as user text (whatever its source role), the way
 *   agents hand a summary back to the model.
 * - Assistant tool calls get JSON-string arguments (a raw-string input is sent unchanged); reasoning parts are
 *   dropped, since chat completions takes no reasoning input.
 * - Each tool-result becomes its own `tool` message with `tool_call_id` (and `name` when known), wherever it
 *   sat; tool messages accept text only, so result images are dropped.
 * - Images without a URL (the model keeps no payload) and files are sent as a short text placeholder so the
 *   user turn is not silently emptied. Messages left with nothing to send are omitted.
 */
export function exportOpenAI(session: Session): OpenAIChatMessage[] {
  return session.messages.flatMap(exportMessage);
}

function exportMessage(message: Message): OpenAIChatMessage[] {
  const parts = message.parts.filter((part) => part.type !== "compaction");
  if (parts.length === 0) return [];
  if (message.summary) return [{ role: "user", content: joinText(parts) }];
  const toolMessages: OpenAIChatMessage[] = parts.flatMap((part) =>
    part.type === "tool-result"
      ? [{ role: "tool" as const, tool_call_id: part.callId, content: part.output, ...(part.name ? { name: part.name } : {}) }]
      : [],
  );
  const rest = parts.filter((part) => part.type !== "tool-result");
  if (rest.length === 0) return toolMessages;
  switch (message.role) {
    case "system":
      return [{ role: "system", content: joinText(rest) }, ...toolMessages];
    case "user":
    case "tool":
      return [...toolMessages, { role: "user", content: userContent(rest) }];
    case "assistant": {
      const calls = rest.flatMap((part) => (part.type === "tool-call" ? [toOpenAIToolCall(part)] : []));
      const text = joinText(rest.filter((part) => part.type !== "reasoning"));
      if (calls.length === 0 && text.length === 0) return toolMessages;
      const assistant: OpenAIChatMessage = { role: "assistant", content: text.length > 0 ? text : null, ...(calls.length > 0 ? { tool_calls: calls } : {}) };
      return [assistant, ...toolMessages];
    }
  }
}

function toOpenAIToolCall(part: Extract<Part, { type: "tool-call" }>): OpenAIToolCall {
  const argumentsText = typeof part.input === "string" ? part.input : JSON.stringify(part.input ?? {});
  return { id: part.id, type: "function", function: { name: part.name, arguments: argumentsText } };
}

/** A plain string when the turn is text only (the common case), else content parts. */
function userContent(parts: Part[]): string | OpenAIContentPart[] {
  if (parts.every((part) => part.type === "text")) return joinText(parts);
  return parts.flatMap((part): OpenAIContentPart[] => {
    if (part.type === "image" && part.url) return [{ type: "image_url", image_url: { url: part.url } }];
    const text = partText(part);
    return text === undefined ? [] : [{ type: "text", text }];
  });
}

function joinText(parts: Part[]): string {
  return parts
    .map(partText)
    .filter((text): text is string => text !== undefined)
    .join("\n");
}

function partText(part: Part): string | undefined {
  switch (part.type) {
    case "text":
    case "reasoning":
      return part.text;
    case "image":
      return `[image ${part.mediaType}]`;
    case "file":
      return `[file ${part.filename ?? part.url ?? part.mediaType}]`;
    case "opaque":
      // the encrypted item is not kept by the lab: a placeholder stands where a real agent would send it back
      return `[${part.provider}'s opaque compaction item, ${part.tokens} tokens, not kept by the lab]`;
    default:
      return undefined;
  }
}
