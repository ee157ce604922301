import type { ImageRef, Message, Part, ToolResultPart, Usage } from "../engine/model";
import { invalid, type SourceLocation } from "./import-error";

/** Where the blocks being read sit, for error messages, and what the reader learned on the way. */
export interface BlockContext {
  format: string;
  location: SourceLocation;
  /** tool names by call id, filled from tool_use blocks and read back to name tool results */
  toolNames: Map<string, string>;
  /** block types that were not understood and left out, with how often (reported in session notes) */
  skippedBlockTypes: Map<string, number>;
}

export function createBlockContext(format: string): BlockContext {
  return { format, location: {}, toolNames: new Map(), skippedBlockTypes: new Map() };
}

/**
 * Reads Anthropic Messages content (a string or an array of blocks) into canonical parts, in source order.
 *
 * Strict where a mistake would break the conversation: a text block needs a string `text`, a tool_use a string
 * `id` and `name`, a tool_result a string `tool_use_id`. Block types outside the Messages API basics (server tool
 * blocks, citations, fallbacks) are skipped and counted in `context.skippedBlockTypes`, because newer clients add
 * them often and they carry nothing a compactor can use. Thinking signatures and image payloads are not kept.
 */
export function parseAnthropicContent(content: unknown, context: BlockContext, path = "message.content"): Part[] {
  if (typeof content === "string") return content.length > 0 ? [{ type: "text", text: content }] : [];
  if (!Array.isArray(content)) {
    invalid(context.format, { ...context.location, path }, "content as a string or an array of content blocks", content);
  }
  const parts: Part[] = [];
  for (let index = 0; index < content.length; index++) {
    const part = parseBlock(content[index], context, { path, index });
    if (part) parts.push(part);
  }
  return parts;
}

/**
 * Where a block sits: the content's path and the block's index, spelled out (`message.content[3]`) only for an
 * error — a path string per block was most of a large import's garbage.
 */
interface BlockAt {
  path: string;
  index: number;
}

const blockPath = (at: BlockAt) => `${at.path}[${at.index}]`;

/** Throws the ImportError for the block at `at` (a plain function: a closure per block was garbage on large imports). */
function failBlock(context: BlockContext, at: BlockAt, expected: string, found: unknown, within = ""): never {
  return invalid(context.format, { ...context.location, path: `${blockPath(at)}${within}` }, expected, found);
}

function parseBlock(block: unknown, context: BlockContext, at: BlockAt): Part | null {
  if (!isRecord(block) || typeof block.type !== "string") return failBlock(context, at, "a content block with a string `type`", block);
  switch (block.type) {
    case "text":
      if (typeof block.text !== "string") return failBlock(context, at, "a string `text` in a text block", block.text);
      return { type: "text", text: block.text };
    case "thinking":
      if (typeof block.thinking !== "string") return failBlock(context, at, "a string `thinking` in a thinking block", block.thinking);
      return { type: "reasoning", text: block.thinking };
    case "redacted_thinking":
      return { type: "reasoning", text: "", redacted: true };
    case "tool_use": {
      if (typeof block.id !== "string" || block.id.length === 0) return failBlock(context, at, "a tool_use block with a string `id`", block.id);
      if (typeof block.name !== "string") return failBlock(context, at, "a tool_use block with a string `name`", block.name);
      context.toolNames.set(block.id, block.name);
      return { type: "tool-call", id: block.id, name: block.name, input: block.input ?? {} };
    }
    case "tool_result":
      return parseToolResult(block, context, at);
    case "image":
      return { type: "image", ...parseImageSource(block.source) };
    case "document": {
      const source = isRecord(block.source) ? block.source : {};
      const mediaType = typeof source.media_type === "string" ? source.media_type : "application/octet-stream";
      return { type: "file", mediaType, ...(typeof block.title === "string" ? { filename: block.title } : {}) };
    }
    default:
      context.skippedBlockTypes.set(block.type, (context.skippedBlockTypes.get(block.type) ?? 0) + 1);
      return null;
  }
}

function parseToolResult(block: Record<string, unknown>, context: BlockContext, at: BlockAt): ToolResultPart {
  const callId = block.tool_use_id;
  if (typeof callId !== "string" || callId.length === 0) failBlock(context, at, "a tool_result block with a string `tool_use_id`", callId);
  let output = "";
  const images: ImageRef[] = [];
  if (typeof block.content === "string") output = block.content;
  else if (Array.isArray(block.content)) {
    const texts: string[] = [];
    for (let index = 0; index < block.content.length; index++) {
      const inner: unknown = block.content[index];
      if (!isRecord(inner)) failBlock(context, at, "a content block", inner, `.content[${index}]`);
      if (inner.type === "text" && typeof inner.text === "string") texts.push(inner.text);
      else if (inner.type === "image") images.push(parseImageSource(inner.source));
    }
    output = texts.join("\n");
  } else if (block.content !== undefined && block.content !== null) {
    failBlock(context, at, "a string or an array of blocks", block.content, ".content");
  }
  const name = context.toolNames.get(callId);
  const isError = block.is_error === true;
  return name ? { type: "tool-result", callId, name, output, isError, images } : { type: "tool-result", callId, output, isError, images };
}

function parseImageSource(source: unknown): ImageRef {
  if (!isRecord(source)) return { mediaType: "image" };
  const mediaType = typeof source.media_type === "string" ? source.media_type : "image";
  if (typeof source.data === "string") return { mediaType, bytes: source.data.length };
  if (typeof source.url === "string") return { mediaType, url: source.url };
  return { mediaType };
}

/**
 * Splits a user turn's parts: tool results go to a "tool" message, everything else to a "user" message after it
 * (the canonical convention). Either may be empty; the caller skips empty messages and assigns the ids. A turn of
 * one kind only (nearly every turn) hands back `parts` itself as that side, not a copy: callers give it to a message.
 */
export function splitUserParts(parts: Part[]): { toolResults: Part[]; rest: Part[] } {
  let toolResultCount = 0;
  for (const part of parts) if (part.type === "tool-result") toolResultCount++;
  if (toolResultCount === 0) return { toolResults: [], rest: parts };
  if (toolResultCount === parts.length) return { toolResults: parts, rest: [] };
  const toolResults: Part[] = [];
  const rest: Part[] = [];
  for (const part of parts) (part.type === "tool-result" ? toolResults : rest).push(part);
  return { toolResults, rest };
}

/**
 * An Anthropic `usage` object as canonical usage: input excludes cache reads and writes there, so the recorded
 * context is input + cache_read + cache_creation. Returns undefined when `input_tokens` is missing.
 */
export function anthropicUsage(usage: unknown): Usage | undefined {
  if (!isRecord(usage) || typeof usage.input_tokens !== "number") return undefined;
  const hour = isRecord(usage.cache_creation) ? countOrZero(usage.cache_creation.ephemeral_1h_input_tokens) : 0;
  return {
    input: usage.input_tokens,
    output: countOrZero(usage.output_tokens),
    cacheRead: countOrZero(usage.cache_read_input_tokens),
    cacheWrite: countOrZero(usage.cache_creation_input_tokens),
    ...(hour > 0 ? { cacheWrite1h: hour } : {}),
  };
}

const countOrZero = (value: unknown): number => (typeof value === "number" ? value : 0);

/** A note for the session naming the block types that were skipped, or none. */
export function blockNotes(context: BlockContext): string[] {
  if (context.skippedBlockTypes.size === 0) return [];
  const listed = [...context.skippedBlockTypes].map(([type, count]) => `${type} ×${count}`).join(", ");
  return [`skipped content blocks of unknown type: ${listed}`];
}

/**
 * Removes tool results with no tool call earlier in the session (and tool messages left empty), returning the
 * dropped call ids for a note. Strategies rely on every result following its call; a resumed or forked session can
 * start with results whose calls live in another file, and those cannot be placed. `called` holds the call ids seen
 * before `messages` (a session passed in pieces), and gains theirs.
 */
export function dropOrphanToolResults(messages: Message[], called = new Set<string>()): { messages: Message[]; dropped: string[] } {
  const dropped: string[] = [];
  const kept: Message[] = [];
  for (const message of messages) {
    // most messages keep every part: a filtered copy is made only for one that loses some
    let orphans: Set<Part> | null = null;
    for (const part of message.parts) {
      if (part.type === "tool-call") called.add(part.id);
      else if (part.type === "tool-result" && !called.has(part.callId)) {
        (orphans ??= new Set()).add(part);
        dropped.push(part.callId);
      }
    }
    const dropping = orphans;
    if (dropping === null) kept.push(message);
    else if (dropping.size < message.parts.length) kept.push({ ...message, parts: message.parts.filter((part) => !dropping.has(part)) });
  }
  return { messages: kept, dropped };
}

/** The note for {@link dropOrphanToolResults}, or none. */
export function orphanNotes(dropped: string[]): string[] {
  if (dropped.length === 0) return [];
  return [`${dropped.length} tool result(s) answering a call not in the session left out: ${dropped.slice(0, 5).join(", ")}`];
}

/**
 * Returns `preferred` when it is a non-empty id not used yet in the session, else `${format}-${index}`, and records
 * the one returned. Sources repeat ids (merged lines, trimmed fixtures), and message ids must stay unique.
 */
export function claimMessageId(options: {
  used: Set<string>;
  preferred: unknown;
  format: string;
  index: number;
}): string {
  const { used, preferred, format, index } = options;
  let id = typeof preferred === "string" && preferred.length > 0 && !used.has(preferred) ? preferred : `${format}-${index}`;
  for (let suffix = 1; used.has(id); suffix++) id = `${format}-${index}-${suffix}`;
  used.add(id);
  return id;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
