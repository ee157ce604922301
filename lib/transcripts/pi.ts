import { firstUserRequestTitle } from "./session-title";
import type { CompactionPart, ImageRef, Message, Part, Session, SessionEvent, Usage } from "../engine/model";
import { claimMessageId, dropOrphanToolResults, isRecord, orphanNotes } from "./anthropic-blocks";
import { invalid, type SourceLocation } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { JsonLine, TranscriptDocument } from "./read-document";

const FORMAT = "pi";

/** The formats written as pi writes sessions: pi's own, and openclaw's (built on pi's session manager). */
export type PiLikeFormat = "pi" | "openclaw";
const BRANCH_SUMMARY_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";

export interface Entry {
  line: number;
  /** 0-based position among all lines, header included: what v1 `firstKeptEntryIndex` counts */
  index: number;
  value: Record<string, unknown>;
}

export const piImporter: Importer = {
  id: FORMAT,
  label: "pi coding agent session (JSONL)",
  sniff(document) {
    if (document.kind !== "jsonl") return false;
    const first = document.lines[0]?.value;
    return isRecord(first) && first.type === "session" && !("payload" in first);
  },
  parse(document, options) {
    return [parsePiSession(document, options, { format: FORMAT })];
  },
};

/**
 * Imports a pi session. v1 files (no `version`) are a flat list; v2+ entries form an id/parentId tree and the
 * active branch is the path from the last entry to the root. Messages, bash executions and custom messages become
 * canonical messages (the last two as synthetic user messages, as pi sends them); each compaction entry becomes a
 * marker with tokensBefore and firstKeptMessageId (from `firstKeptEntryId`, or v1's `firstKeptEntryIndex`, an index
 * over all lines header included) followed by the summary as a user message. When the first kept entry made no
 * message (a model change), the next message after it is named instead. Assistant messages with no content
 * (aborted calls) are left out.
 */
export function parsePiSession(document: TranscriptDocument, options: ParseOptions, reading: { format: PiLikeFormat; windowOf?: (branch: Entry[]) => { entries: Entry[]; notes: string[] } }): Session {
  const FORMAT = reading.format;
  const { readMessage, readContent } = messageReaders(FORMAT);
  if (document.kind !== "jsonl") invalid(FORMAT, { path: "$" }, 'JSON lines starting with a {"type":"session"} header', "a single JSON document");
  const entries = document.lines.map(({ line, value }: JsonLine, index): Entry => {
    if (!isRecord(value)) invalid(FORMAT, { line }, "an object with a string `type`", value);
    if (typeof value.type !== "string") invalid(FORMAT, { line, path: "type" }, "a string `type` (\"session\", \"message\", \"compaction\", …)", value.type);
    return { line, index, value };
  });
  const header = entries[0];
  if (header.value.type !== "session") invalid(FORMAT, { line: header.line, path: "type" }, '"session" (the header line)', header.value.type);
  const version = typeof header.value.version === "number" ? header.value.version : 1;
  const wholeBranch = version >= 2 ? activeBranch(entries.slice(1), FORMAT) : entries.slice(1);
  const window = reading.windowOf?.(wholeBranch) ?? { entries: wholeBranch, notes: [] };
  const branch = window.entries;
  const messages: Message[] = [];
  const used = new Set<string>();
  const messageIdByEntry = new Map<Entry, string>();
  const pendingKept: { part: CompactionPart; target: Entry }[] = [];
  // setting changes, each at the position of the next user prompt after it (resolved to an id at the end): pi's
  // agent reads its thinking level and model once per prompt (Agent.prompt builds the request config), so a change
  // made while a turn runs applies from the next prompt on — the recorded usage agrees (a call after a change made
  // mid-turn reads the whole cache)
  const pendingEvents: { event: SessionEvent; position: number }[] = [];
  const awaitingPrompt: SessionEvent[] = [];
  // a v1 header names the settings the session started with
  if (typeof header.value.modelId === "string") pendingEvents.push({ event: { kind: "model", value: header.value.modelId, line: header.line }, position: 0 });
  if (typeof header.value.thinkingLevel === "string") pendingEvents.push({ event: { kind: "thinking-level", value: header.value.thinkingLevel, line: header.line }, position: 0 });
  let title: string | undefined;
  let emptyDropped = 0;
  for (const entry of branch) {
    const { value, line } = entry;
    const base = { source: { line }, ...(typeof value.timestamp === "string" ? { timestamp: value.timestamp } : {}) };
    const push = (message: Omit<Message, "id">) => {
      if (message.parts.length === 0) return void emptyDropped++;
      const id = claimMessageId({ used, preferred: value.id, format: FORMAT, index: messages.length });
      if (!messageIdByEntry.has(entry)) messageIdByEntry.set(entry, id);
      messages.push({ id, ...message });
    };
    if (value.type === "message") {
      const read = readMessage(value.message, { line, path: "message" });
      if (isRecord(value.message) && value.message.role === "user" && read.parts.length > 0) {
        for (const event of awaitingPrompt.splice(0)) pendingEvents.push({ event, position: messages.length });
      }
      push({ ...read, ...base });
    } else if (value.type === "custom_message") {
      push({ role: "user", synthetic: true, parts: readContent(value.content, { line, path: "content" }), ...base });
    } else if (value.type === "branch_summary" && typeof value.summary === "string") {
      push({ role: "user", synthetic: true, parts: [{ type: "text", text: `${BRANCH_SUMMARY_PREFIX}${value.summary}\n</summary>` }], ...base });
    } else if (value.type === "thinking_level_change" || value.type === "model_change") {
      const event = settingEvent(value, { format: FORMAT, line });
      awaitingPrompt.push({ ...event, line, ...(typeof value.timestamp === "string" ? { timestamp: value.timestamp } : {}) });
    } else if (value.type === "session_info" && typeof value.name === "string" && value.name.trim()) {
      title = value.name.trim();
    } else if (value.type === "compaction") {
      if (typeof value.summary !== "string") invalid(FORMAT, { line, path: "summary" }, "a string compaction summary", value.summary);
      const part: CompactionPart = {
        type: "compaction",
        // pi does not record whether it compacted on overflow or on /compact; overflow is the common case
        auto: true,
        ...(typeof value.tokensBefore === "number" ? { tokensBefore: value.tokensBefore } : {}),
      };
      const target = firstKeptEntry(value, entries, { format: FORMAT, line });
      if (target) pendingKept.push({ part, target });
      push({ role: "system", parts: [part], ...base });
      push({ role: "user", summary: true, parts: [{ type: "text", text: value.summary }], ...base });
    }
  }
  for (const { part, target } of pendingKept) {
    const kept = branch.find((entry) => entry.index >= target.index && messageIdByEntry.has(entry));
    if (kept) part.firstKeptMessageId = messageIdByEntry.get(kept);
  }
  const kept = dropOrphanToolResults(messages);
  // changes no prompt followed apply to no call
  const events = [...resolveEvents(pendingEvents, messages, kept.messages), ...awaitingPrompt];
  const notes = [...window.notes, ...orphanNotes(kept.dropped)];
  if (emptyDropped > 0) notes.push(`${emptyDropped} entries with no content (aborted calls) left out`);
  const lastModel = kept.messages.findLast((message) => message.model)?.model;
  const model = lastModel ?? (typeof header.value.modelId === "string" ? header.value.modelId : undefined);
  return {
    title: title ?? firstUserRequestTitle(kept.messages) ?? options.sourceName ?? `${FORMAT} session`,
    format: FORMAT,
    messages: kept.messages,
    meta: {
      ...(typeof header.value.id === "string" ? { sourceId: header.value.id } : {}),
      ...(typeof header.value.cwd === "string" ? { cwd: header.value.cwd } : {}),
      ...(typeof header.value.timestamp === "string" ? { startedAt: header.value.timestamp } : {}),
      ...(model ? { model } : {}),
      ...(notes.length > 0 ? { notes } : {}),
      ...(events.length > 0 ? { events } : {}),
    },
  };
}

/** A `thinking_level_change {thinkingLevel}` or `model_change {provider, modelId}` entry as a session event. */
function settingEvent(value: Record<string, unknown>, location: SourceLocation & { format: PiLikeFormat }): SessionEvent {
  const { format: FORMAT, ...at } = location;
  if (value.type === "thinking_level_change") {
    if (typeof value.thinkingLevel !== "string") invalid(FORMAT, { ...at, path: "thinkingLevel" }, "a string thinking level", value.thinkingLevel);
    return { kind: "thinking-level", value: value.thinkingLevel };
  }
  if (typeof value.modelId !== "string") invalid(FORMAT, { ...at, path: "modelId" }, "a string model id", value.modelId);
  return { kind: "model", value: value.modelId };
}

/**
 * Each event before the first message at or after its position (the prompt it applies from) that survived the import (orphan tool results are
 * dropped after the walk); an event after the last message keeps no `beforeMessageId`.
 */
function resolveEvents(pending: { event: SessionEvent; position: number }[], walked: Message[], kept: Message[]): SessionEvent[] {
  const keptIds = new Set(kept.map((message) => message.id));
  return pending.map(({ event, position }) => {
    const next = walked.slice(position).find((message) => keptIds.has(message.id));
    return next ? { ...event, beforeMessageId: next.id } : event;
  });
}

/** The path from the last entry with an id back to the root, oldest first; entries without ids are metadata. */
function activeBranch(entries: Entry[], FORMAT: PiLikeFormat): Entry[] {
  const byId = new Map<string, Entry>();
  for (const entry of entries) {
    if (typeof entry.value.id !== "string") invalid(FORMAT, { line: entry.line, path: "id" }, "an entry id (version 2+ files)", entry.value.id);
    byId.set(entry.value.id, entry);
  }
  const path: Entry[] = [];
  const visited = new Set<Entry>();
  let current = entries.at(-1);
  while (current && !visited.has(current)) {
    visited.add(current);
    path.push(current);
    const parentId = current.value.parentId;
    if (parentId === null || parentId === undefined) break;
    current = byId.get(parentId as string);
    if (!current) invalid(FORMAT, { line: path.at(-1)!.line, path: "parentId" }, "the id of an entry in the file", parentId);
  }
  return path.reverse();
}

function firstKeptEntry(value: Record<string, unknown>, entries: Entry[], location: SourceLocation & { format: PiLikeFormat }): Entry | undefined {
  const { format: FORMAT, ...at } = location;
  if (typeof value.firstKeptEntryId === "string") return entries.find((entry) => entry.value.id === value.firstKeptEntryId);
  if (value.firstKeptEntryIndex === undefined) return undefined;
  const index = value.firstKeptEntryIndex;
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0) {
    invalid(FORMAT, { ...at, path: "firstKeptEntryIndex" }, "a non-negative integer entry index", index);
  }
  return entries[index];
}

/** The message readers, naming `FORMAT` in their errors (pi or openclaw). */
function messageReaders(FORMAT: PiLikeFormat) {
  function readMessage(message: unknown, location: SourceLocation): Omit<Message, "id"> {
    if (!isRecord(message)) invalid(FORMAT, location, "a message object", message);
    const at = (path: string): SourceLocation => ({ ...location, path: `${location.path}.${path}` });
    switch (message.role) {
      case "user":
        return { role: "user", parts: readContent(message.content, at("content")) };
      case "custom":
      case "hookMessage":
        return { role: "user", synthetic: true, parts: readContent(message.content, at("content")) };
      case "assistant": {
        if (!Array.isArray(message.content)) invalid(FORMAT, at("content"), "an array of content blocks", message.content);
        const parts = message.content.map((block, index) => assistantPart(block, at(`content[${index}]`)));
        const usage = readUsage(message.usage);
        return {
          role: "assistant",
          parts: parts.filter((part): part is Part => part !== null),
          ...(usage ? { usage } : {}),
          ...(typeof message.model === "string" ? { model: message.model } : {}),
        };
      }
      case "toolResult": {
        if (typeof message.toolCallId !== "string") invalid(FORMAT, at("toolCallId"), "a string toolCallId", message.toolCallId);
        const content = readContent(message.content, at("content"));
        return {
          role: "tool",
          parts: [
            {
              type: "tool-result",
              callId: message.toolCallId,
              ...(typeof message.toolName === "string" ? { name: message.toolName } : {}),
              output: content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n"),
              isError: message.isError === true,
              images: content.flatMap((part): ImageRef[] => (part.type === "image" ? [{ mediaType: part.mediaType, bytes: part.bytes }] : [])),
            },
          ],
        };
      }
      case "bashExecution": {
        const exit = typeof message.exitCode === "number" && message.exitCode !== 0 ? `\n\nCommand exited with code ${message.exitCode}` : "";
        const text = `Ran \`${String(message.command ?? "")}\`\n\`\`\`\n${String(message.output ?? "")}\n\`\`\`${exit}`;
        return { role: "user", synthetic: true, parts: [{ type: "text", text }] };
      }
      default:
        return invalid(FORMAT, at("role"), '"user", "assistant", "toolResult", "bashExecution" or "custom"', message.role);
    }
  }

  function readContent(content: unknown, location: SourceLocation): Part[] {
    if (typeof content === "string") return content.length > 0 ? [{ type: "text", text: content }] : [];
    if (!Array.isArray(content)) invalid(FORMAT, location, "content as a string or an array of blocks", content);
    return content.flatMap((block, index): Part[] => {
      if (!isRecord(block)) invalid(FORMAT, { ...location, path: `${location.path}[${index}]` }, "a content block", block);
      if (block.type === "text" && typeof block.text === "string") return [{ type: "text", text: block.text }];
      if (block.type === "image") {
        const mediaType = typeof block.mimeType === "string" ? block.mimeType : "image";
        return [{ type: "image", mediaType, ...(typeof block.data === "string" ? { bytes: block.data.length } : {}) }];
      }
      return [];
    });
  }

  function assistantPart(block: unknown, location: SourceLocation): Part | null {
    if (!isRecord(block)) invalid(FORMAT, location, "a content block", block);
    if (block.type === "text" && typeof block.text === "string") return { type: "text", text: block.text };
    if (block.type === "thinking" && typeof block.thinking === "string") return { type: "reasoning", text: block.thinking };
    if (block.type === "toolCall") {
      if (typeof block.id !== "string" || typeof block.name !== "string") {
        invalid(FORMAT, { ...location, path: `${location.path}.id` }, "a toolCall with string `id` and `name`", block.id);
      }
      return { type: "tool-call", id: block.id, name: block.name, input: block.arguments ?? {} };
    }
    return null;
  }
  return { readMessage, readContent };
}

/** pi's usage is already split like Anthropic's; an all-zero usage (aborted or failed call) is not a recording. */
function readUsage(usage: unknown): Usage | undefined {
  if (!isRecord(usage)) return undefined;
  const count = (value: unknown) => (typeof value === "number" ? value : 0);
  const read: Usage = { input: count(usage.input), output: count(usage.output), cacheRead: count(usage.cacheRead), cacheWrite: count(usage.cacheWrite) };
  return read.input + read.output + read.cacheRead + read.cacheWrite > 0 ? read : undefined;
}

