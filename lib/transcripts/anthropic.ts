import { firstUserRequestTitle } from "./session-title";
import type { Message, Part, Session, Usage } from "../engine/model";
import {
  anthropicUsage,
  blockNotes,
  claimMessageId,
  createBlockContext,
  dropOrphanToolResults,
  isRecord,
  orphanNotes,
  parseAnthropicContent,
  splitUserParts,
} from "./anthropic-blocks";
import { invalid } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";

const FORMAT = "anthropic";
const ANTHROPIC_BLOCK_TYPES = new Set(["text", "image", "document", "thinking", "redacted_thinking", "tool_use", "tool_result"]);

export const anthropicImporter: Importer = {
  id: FORMAT,
  label: "Anthropic Messages array (JSON)",
  sniff(document) {
    const messages = messagesOf(document);
    if (!messages || messages.length === 0) return false;
    return messages.every((message) => {
      if (!isRecord(message) || (message.role !== "user" && message.role !== "assistant")) return false;
      if ("tool_calls" in message || "tool_call_id" in message || "function_call" in message) return false;
      if (typeof message.content === "string") return true;
      return (
        Array.isArray(message.content) &&
        message.content.every((block) => isRecord(block) && ANTHROPIC_BLOCK_TYPES.has(block.type as string))
      );
    });
  },
  parse(document, options) {
    return [parseAnthropic(document, options)];
  },
};

function messagesOf(document: TranscriptDocument): unknown[] | null {
  if (document.kind !== "json") return null;
  if (Array.isArray(document.value)) return document.value;
  if (isRecord(document.value) && Array.isArray(document.value.messages)) return document.value.messages;
  return null;
}

/**
 * Imports an Anthropic Messages request body: a bare `[…]` of messages or `{system?, messages}`. A `system` string
 * or text-block array becomes a leading system message. Usage is attached from `per_response_usage` (our derived
 * files: the Claude Code usage objects, one per written line, keyed by message id) either by an `id` on the
 * assistant message or, when there are exactly as many distinct ids as assistant messages, in order; the last
 * entry of an id wins because later lines of a response carry its final output count.
 */
function parseAnthropic(document: TranscriptDocument, options: ParseOptions): Session {
  const rawMessages = messagesOf(document);
  if (!rawMessages) invalid(FORMAT, { path: "$" }, "a JSON array of messages or an object with a `messages` array", document.kind === "json" ? document.value : "JSON lines");
  const root = document.kind === "json" && isRecord(document.value) ? document.value : {};
  const prefix = Array.isArray(document.kind === "json" && document.value) ? "$" : "$.messages";
  const context = createBlockContext(FORMAT);
  const used = new Set<string>();
  const messages: Message[] = [];
  // each message is built once, keys in the order the importer has always given them (id, role, parts, usage?,
  // model?, source); a message without parts is left out
  const claim = (parts: Part[], preferred: unknown): string | null =>
    parts.length === 0 ? null : claimMessageId({ used, preferred, format: FORMAT, index: messages.length });
  if (root.system !== undefined) {
    const source = { path: "$.system" };
    context.location = source;
    const parts = parseAnthropicContent(root.system, context, "$.system");
    const id = claim(parts, undefined);
    if (id !== null) messages.push({ id, role: "system", parts, source });
  }
  const usages = usageByResponse(root.per_response_usage);
  let assistantCount = 0;
  for (const message of rawMessages) if (isRecord(message) && message.role === "assistant") assistantCount++;
  const usageInOrder = usages.size === assistantCount ? [...usages.values()] : [];
  let assistantIndex = 0;
  for (let index = 0; index < rawMessages.length; index++) {
    const raw = rawMessages[index];
    const path = `${prefix}[${index}]`;
    // one object for the messages' source and the blocks' error location: neither is ever changed
    const source = { path };
    context.location = source;
    if (!isRecord(raw)) invalid(FORMAT, { path }, "a message object", raw);
    if (raw.role !== "user" && raw.role !== "assistant") invalid(FORMAT, { path: `${path}.role` }, '"user" or "assistant"', raw.role);
    const parts = parseAnthropicContent(raw.content, context, `${path}.content`);
    if (raw.role === "user") {
      const { toolResults, rest } = splitUserParts(parts);
      const toolId = claim(toolResults, raw.id);
      if (toolId !== null) messages.push({ id: toolId, role: "tool", parts: toolResults, source });
      const userId = claim(rest, undefined);
      if (userId !== null) messages.push({ id: userId, role: "user", parts: rest, source });
      continue;
    }
    const usage: Usage | undefined = (typeof raw.id === "string" ? usages.get(raw.id) : undefined) ?? usageInOrder[assistantIndex];
    assistantIndex++;
    const id = claim(parts, raw.id);
    if (id === null) continue;
    const message: Message = { id, role: "assistant", parts };
    if (usage) message.usage = usage;
    if (typeof raw.model === "string") message.model = raw.model;
    message.source = source;
    messages.push(message);
  }
  const kept = dropOrphanToolResults(messages);
  const notes = [...blockNotes(context), ...orphanNotes(kept.dropped)];
  return {
    title: firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "Anthropic messages",
    format: FORMAT,
    messages: kept.messages,
    meta: {
      ...(typeof root.model === "string" ? { model: root.model } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    },
  };
}

/** `per_response_usage` as a map from response id to usage: accepts `[{id, usage}]` or `{[id]: usage}`. */
function usageByResponse(value: unknown): Map<string, Usage> {
  const byId = new Map<string, Usage>();
  const entries: [unknown, unknown][] = Array.isArray(value)
    ? value.filter(isRecord).map((entry) => [entry.id, entry.usage])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  for (const [id, usage] of entries) {
    const parsed = anthropicUsage(usage);
    if (typeof id === "string" && parsed) byId.set(id, parsed);
  }
  return byId;
}
