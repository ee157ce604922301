import { firstUserRequestTitle } from "./session-title";
import type { Message, Part, Session } from "../engine/model";
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
  type BlockContext,
} from "./anthropic-blocks";
import { invalid } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";

const FORMAT = "claude-code";
/** Claude Code writes locally generated assistant messages (API errors, "No response requested") with this model. */
const SYNTHETIC_MODEL = "<synthetic>";

interface Entry {
  /** position in the file's entries, for the marks kept in typed arrays below */
  index: number;
  line: number;
  value: Record<string, unknown>;
  type: string;
  uuid?: string;
  sidechain: boolean;
}

const isConversation = (entry: Entry) => entry.type === "user" || entry.type === "assistant";
const isBoundary = (entry: Entry) => entry.type === "system" && entry.value.subtype === "compact_boundary";

export const claudeCodeImporter: Importer = {
  id: FORMAT,
  label: "Claude Code session (JSONL)",
  sniff(document) {
    if (document.kind !== "jsonl") return false;
    return document.lines.slice(0, 50).some(({ value }) => {
      if (!isRecord(value)) return false;
      const conversational = value.type === "user" || value.type === "assistant" || value.type === "system";
      return conversational && typeof value.uuid === "string" && ("sessionId" in value || "parentUuid" in value);
    });
  },
  parse(document, options) {
    return [parseClaudeCode(document, options)];
  },
};

/**
 * Imports one Claude Code session file as the conversation that ends at its leaf (the last non-sidechain
 * user/assistant line), following `parentUuid` and crossing compact boundaries through `logicalParentUuid` so the
 * pre-compaction history stays. Parallel tool results that Claude Code chains off the sibling tool_use lines are
 * brought back in. A file of sidechain lines only is a subagent transcript and is imported whole.
 *
 * When the parent links loop (trimmed fixtures reuse uuids) the chain cannot be trusted, so the non-sidechain lines
 * are taken in file order instead, and a note says so.
 */
function parseClaudeCode(document: TranscriptDocument, options: ParseOptions): Session {
  if (document.kind !== "jsonl") invalid(FORMAT, { path: "$" }, "JSON lines (one entry per line)", "a single JSON document");
  const entries = document.lines.map(({ line, value }, index): Entry => {
    if (!isRecord(value)) invalid(FORMAT, { line }, "an object with a string `type`", value);
    if (typeof value.type !== "string") invalid(FORMAT, { line, path: "type" }, "a string `type` (\"user\", \"assistant\", \"summary\", …)", value.type);
    return {
      index,
      line,
      value,
      type: value.type,
      uuid: typeof value.uuid === "string" ? value.uuid : undefined,
      sidechain: value.isSidechain === true,
    };
  });
  const conversation = entries.filter(isConversation);
  if (conversation.length === 0) {
    invalid(FORMAT, { line: entries[0]?.line ?? 1 }, "user or assistant lines (`type` \"user\" / \"assistant\" with a `message`)", entries[0]?.value.type);
  }
  const subagent = conversation.length > 0 && conversation.every((entry) => entry.sidechain);
  const notes: string[] = [];
  const leaf = conversation.filter((entry) => !entry.sidechain).at(-1);
  let selected: Entry[];
  if (subagent) selected = inFileOrder(entries, { withSidechain: true });
  else if (!leaf) selected = [];
  else {
    const chain = walkFromLeaf(leaf, entries, notes);
    if (chain) selected = withParallelToolResults(chain, entries);
    else {
      notes.push("parent links loop (repeated uuids): imported the non-sidechain lines in file order");
      selected = inFileOrder(entries, { withSidechain: false });
    }
    const isSelected = new Uint8Array(entries.length);
    for (const entry of selected) isSelected[entry.index] = 1;
    const left = conversation.filter((entry) => !entry.sidechain && isSelected[entry.index] === 0).length;
    if (left > 0) notes.push(`${left} user/assistant line(s) on other branches left out`);
  }
  const context = createBlockContext(FORMAT);
  const { messages, dropped } = dropOrphanToolResults(buildMessages(selected, context, notes));
  notes.push(...blockNotes(context), ...orphanNotes(dropped));
  const first = selected[0]?.value ?? {};
  const lastModel = messages.findLast((message) => message.role === "assistant" && !message.synthetic)?.model;
  return {
    title: titleOf({ entries, leaf, messages, sourceName: options.sourceName }),
    format: FORMAT,
    messages,
    meta: {
      ...(typeof first.sessionId === "string" ? { sourceId: first.sessionId } : {}),
      ...(typeof first.cwd === "string" ? { cwd: first.cwd } : {}),
      ...(lastModel ? { model: lastModel } : {}),
      ...(typeof first.timestamp === "string" ? { startedAt: first.timestamp } : {}),
      ...(subagent ? { subagent: true } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    },
  };
}

/** The chain from the leaf back to the root, oldest first, or null when the links loop. */
function walkFromLeaf(leaf: Entry, entries: Entry[], notes: string[]): Entry[] | null {
  const byUuid = new Map<string, Entry>();
  for (const entry of entries) if (entry.uuid && !byUuid.has(entry.uuid)) byUuid.set(entry.uuid, entry);
  const chain: Entry[] = [];
  const visited = new Uint8Array(entries.length);
  let current: Entry | undefined = leaf;
  while (current) {
    if (visited[current.index] === 1) return null;
    visited[current.index] = 1;
    chain.push(current);
    let parentUuid = current.value.parentUuid;
    if ((parentUuid === null || parentUuid === undefined) && isBoundary(current)) parentUuid = current.value.logicalParentUuid;
    if (typeof parentUuid !== "string") break;
    current = byUuid.get(parentUuid);
    if (!current) notes.push(`line ${chain.at(-1)!.line} points at parent ${parentUuid}, which is not in the file`);
  }
  return chain.reverse();
}

/**
 * Claude Code chains each parallel tool result off its own tool_use line, so the walk from the leaf passes only the
 * last one. A user line of tool results whose parent is on the chain and whose calls are on the chain was sent to
 * the model too. Lines are appended, so file order (the entries' order) is the conversation's.
 */
function withParallelToolResults(chain: Entry[], entries: Entry[]): Entry[] {
  const taken = new Uint8Array(entries.length);
  const chainUuids = new Set<string | undefined>();
  const calledIds = new Set<string>();
  for (const entry of chain) {
    taken[entry.index] = 1;
    chainUuids.add(entry.uuid);
    const blocks = contentOf(entry);
    for (let index = 0; index < blocks.length; index++) {
      const block = blocks[index];
      if (isRecord(block) && block.type === "tool_use") calledIds.add(String(block.id));
    }
  }
  for (const entry of entries) {
    if (entry.type !== "user" || entry.sidechain || taken[entry.index] === 1) continue;
    if (chainUuids.has(entry.value.parentUuid as string) && answersCalledTools(entry, calledIds)) taken[entry.index] = 1;
  }
  return entries.filter((entry) => taken[entry.index] === 1 && (isConversation(entry) || isBoundary(entry)));
}

/** Whether the line's content blocks are tool results only (at least one), each answering one of `calledIds`. */
function answersCalledTools(entry: Entry, calledIds: Set<string>): boolean {
  const blocks = contentOf(entry);
  let results = 0;
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index];
    if (!isRecord(block)) continue;
    if (block.type !== "tool_result" || !calledIds.has(String(block.tool_use_id))) return false;
    results++;
  }
  return results > 0;
}

/** Conversation lines and compact boundaries in file order; a compact summary stays with the boundary before it. */
function inFileOrder(entries: Entry[], options: { withSidechain: boolean }): Entry[] {
  const selected: Entry[] = [];
  for (const entry of entries) {
    if (!isConversation(entry) && !isBoundary(entry)) continue;
    const followsBoundary = entry.value.isCompactSummary === true && selected.at(-1) && isBoundary(selected.at(-1)!);
    if (options.withSidechain || !entry.sidechain || followsBoundary) selected.push(entry);
  }
  return selected;
}

/**
 * The messages of the selected lines. Each message is built once, its keys in the order this importer has always
 * given them: id, role, the flags and parts of its kind, then source and timestamp.
 */
function buildMessages(selected: Entry[], context: BlockContext, notes: string[]): Message[] {
  const messages: Message[] = [];
  const used = new Set<string>();
  const usageTaken = new Set<string>();
  let openAssistantId: string | null = null;
  let emptyDropped = 0;
  /** The id of a message about to be pushed, or null (and counted) when it has no parts and is left out. */
  const claim = (parts: Part[], preferredId: unknown): string | null => {
    if (parts.length === 0) {
      emptyDropped++;
      return null;
    }
    return claimMessageId({ used, preferred: preferredId, format: FORMAT, index: messages.length });
  };
  const push = (message: Message, source: Message["source"], timestamp: string | undefined): void => {
    message.source = source;
    if (timestamp !== undefined) message.timestamp = timestamp;
    messages.push(message);
  };
  for (const entry of selected) {
    const { value, line } = entry;
    // one object for the messages' source and the blocks' error location: neither is ever changed
    const source = { line };
    context.location = source;
    const timestamp = typeof value.timestamp === "string" ? value.timestamp : undefined;
    if (isBoundary(entry)) {
      openAssistantId = null;
      const metadata = isRecord(value.compactMetadata) ? value.compactMetadata : {};
      const trigger = metadata.trigger ?? value.trigger;
      const compaction: Part = { type: "compaction", auto: trigger === "auto" };
      if (typeof metadata.preTokens === "number") compaction.tokensBefore = metadata.preTokens;
      if (typeof metadata.postTokens === "number") compaction.tokensAfter = metadata.postTokens;
      const parts = [compaction];
      const id = claim(parts, entry.uuid);
      if (id !== null) push({ id, role: "system", parts }, source, timestamp);
      continue;
    }
    const payload = value.message;
    if (!isRecord(payload)) invalid(FORMAT, { line, path: "message" }, "a `message` object", payload);
    if (payload.role !== entry.type) invalid(FORMAT, { line, path: "message.role" }, `"${entry.type}" (the line's type)`, payload.role);
    const parts = parseAnthropicContent(payload.content, context);
    if (entry.type === "user") {
      openAssistantId = null;
      if (value.isCompactSummary === true) {
        const texts = parts.filter((part) => part.type === "text");
        const id = claim(texts, entry.uuid);
        if (id !== null) push({ id, role: "user", summary: true, parts: texts }, source, timestamp);
        continue;
      }
      const { toolResults, rest } = splitUserParts(parts);
      // a user line is tool results, text, or (rarely) both: only a line with neither counts as empty
      if (toolResults.length > 0) {
        const id = claim(toolResults, entry.uuid);
        if (id !== null) push({ id, role: "tool", parts: toolResults }, source, timestamp);
      }
      if (rest.length > 0 || toolResults.length === 0) {
        const id = claim(rest, entry.uuid);
        if (id !== null) push(value.isMeta === true ? { id, role: "user", parts: rest, synthetic: true } : { id, role: "user", parts: rest }, source, timestamp);
      }
      continue;
    }
    const responseId = typeof payload.id === "string" ? payload.id : null;
    const model = typeof payload.model === "string" ? payload.model : undefined;
    const usage = model === SYNTHETIC_MODEL ? undefined : anthropicUsage(payload.usage);
    const previous = messages.at(-1);
    if (responseId && openAssistantId === responseId && previous?.role === "assistant") {
      previous.parts.push(...parts);
      if (usage && previous.usage) previous.usage = usage; // later lines of a response carry the final output count
      continue;
    }
    const takeUsage = usage && !(responseId && usageTaken.has(responseId));
    const id = claim(parts, entry.uuid);
    if (id !== null) {
      const message: Message = { id, role: "assistant", parts };
      if (model === SYNTHETIC_MODEL) message.synthetic = true;
      if (takeUsage) message.usage = usage;
      if (model) message.model = model;
      push(message, source, timestamp);
      if (takeUsage && responseId) usageTaken.add(responseId);
    }
    openAssistantId = id !== null ? responseId : null;
  }
  if (emptyDropped > 0) notes.push(`${emptyDropped} line(s) with no importable content left out`);
  return messages;
}

/** The line's `message.content` when it is an array of blocks, else none (blocks that are not objects included). */
function contentOf(entry: Entry): readonly unknown[] {
  const message = entry.value.message;
  return isRecord(message) && Array.isArray(message.content) ? message.content : NO_BLOCKS;
}

const NO_BLOCKS: readonly unknown[] = [];

/** The `summary` line's title for the leaf, else the user's first own request (injected blocks skipped), else the file name. */
function titleOf(options: { entries: Entry[]; leaf?: Entry; messages: Message[]; sourceName?: string }): string {
  const { entries, leaf, messages, sourceName } = options;
  const summaryLine = entries.findLast((entry) => entry.type === "summary" && leaf?.uuid && entry.value.leafUuid === leaf.uuid);
  if (summaryLine && typeof summaryLine.value.summary === "string" && summaryLine.value.summary.trim()) {
    return summaryLine.value.summary.trim();
  }
  return firstUserRequestTitle(messages) ?? sourceName ?? "Claude Code session";
}
