import type { Message, Session } from "../engine/model";
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
const TITLE_LENGTH = 80;
/** Claude Code writes locally generated assistant messages (API errors, "No response requested") with this model. */
const SYNTHETIC_MODEL = "<synthetic>";

interface Entry {
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
  const entries = document.lines.map(({ line, value }): Entry => {
    if (!isRecord(value) || typeof value.type !== "string") invalid(FORMAT, { line }, "an object with a string `type`", value);
    return {
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
    const left = conversation.filter((entry) => !entry.sidechain && !selected.includes(entry)).length;
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
  const visited = new Set<Entry>();
  let current: Entry | undefined = leaf;
  while (current) {
    if (visited.has(current)) return null;
    visited.add(current);
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
 * the model too. Lines are appended, so sorting by line number restores the order.
 */
function withParallelToolResults(chain: Entry[], entries: Entry[]): Entry[] {
  const onChain = new Set(chain);
  const chainUuids = new Set(chain.map((entry) => entry.uuid));
  const calledIds = new Set<string>();
  for (const entry of chain) for (const block of contentBlocks(entry)) if (block.type === "tool_use") calledIds.add(String(block.id));
  const extra = entries.filter((entry) => {
    if (entry.type !== "user" || entry.sidechain || onChain.has(entry)) return false;
    if (!chainUuids.has(entry.value.parentUuid as string)) return false;
    const blocks = contentBlocks(entry);
    return blocks.length > 0 && blocks.every((block) => block.type === "tool_result" && calledIds.has(String(block.tool_use_id)));
  });
  return [...chain, ...extra].filter((entry) => isConversation(entry) || isBoundary(entry)).sort((a, b) => a.line - b.line);
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

function buildMessages(selected: Entry[], context: BlockContext, notes: string[]): Message[] {
  const messages: Message[] = [];
  const used = new Set<string>();
  const usageTaken = new Set<string>();
  let openAssistantId: string | null = null;
  let emptyDropped = 0;
  const push = (message: Omit<Message, "id">, preferredId: unknown) => {
    if (message.parts.length === 0) return void emptyDropped++;
    messages.push({ id: claimMessageId({ used, preferred: preferredId, format: FORMAT, index: messages.length }), ...message });
  };
  for (const entry of selected) {
    const { value, line } = entry;
    context.location = { line };
    const base = { source: { line }, ...(typeof value.timestamp === "string" ? { timestamp: value.timestamp } : {}) };
    if (isBoundary(entry)) {
      openAssistantId = null;
      const metadata = isRecord(value.compactMetadata) ? value.compactMetadata : {};
      const trigger = metadata.trigger ?? value.trigger;
      push(
        {
          role: "system",
          parts: [
            {
              type: "compaction",
              auto: trigger === "auto",
              ...(typeof metadata.preTokens === "number" ? { tokensBefore: metadata.preTokens } : {}),
              ...(typeof metadata.postTokens === "number" ? { tokensAfter: metadata.postTokens } : {}),
            },
          ],
          ...base,
        },
        entry.uuid,
      );
      continue;
    }
    const payload = value.message;
    if (!isRecord(payload)) invalid(FORMAT, { line, path: "message" }, "a `message` object", payload);
    if (payload.role !== entry.type) invalid(FORMAT, { line, path: "message.role" }, `"${entry.type}" (the line's type)`, payload.role);
    const parts = parseAnthropicContent(payload.content, context);
    if (entry.type === "user") {
      openAssistantId = null;
      if (value.isCompactSummary === true) {
        push({ role: "user", summary: true, parts: parts.filter((part) => part.type === "text"), ...base }, entry.uuid);
        continue;
      }
      const { toolResults, rest } = splitUserParts(parts);
      const synthetic = value.isMeta === true ? { synthetic: true } : {};
      // a user line is tool results, text, or (rarely) both: only a line with neither counts as empty
      if (toolResults.length > 0) push({ role: "tool", parts: toolResults, ...base }, entry.uuid);
      if (rest.length > 0 || toolResults.length === 0) push({ role: "user", parts: rest, ...synthetic, ...base }, entry.uuid);
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
    const before = messages.length;
    push(
      {
        role: "assistant",
        parts,
        ...(model === SYNTHETIC_MODEL ? { synthetic: true } : {}),
        ...(takeUsage ? { usage } : {}),
        ...(model ? { model } : {}),
        ...base,
      },
      entry.uuid,
    );
    const pushed = messages.length > before;
    if (pushed && takeUsage && responseId) usageTaken.add(responseId);
    openAssistantId = pushed ? responseId : null;
  }
  if (emptyDropped > 0) notes.push(`${emptyDropped} line(s) with no importable content left out`);
  return messages;
}

function contentBlocks(entry: Entry): Record<string, unknown>[] {
  const message = entry.value.message;
  if (!isRecord(message) || !Array.isArray(message.content)) return [];
  return message.content.filter(isRecord);
}

/** The `summary` line's title for the leaf, else the first typed user text, else the file name. */
function titleOf(options: { entries: Entry[]; leaf?: Entry; messages: Message[]; sourceName?: string }): string {
  const { entries, leaf, messages, sourceName } = options;
  const summaryLine = entries.findLast((entry) => entry.type === "summary" && leaf?.uuid && entry.value.leafUuid === leaf.uuid);
  if (summaryLine && typeof summaryLine.value.summary === "string" && summaryLine.value.summary.trim()) {
    return summaryLine.value.summary.trim();
  }
  for (const message of messages) {
    if (message.role !== "user" || message.synthetic || message.summary) continue;
    const text = message.parts.find((part) => part.type === "text")?.text.trim();
    if (text) return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text;
  }
  return sourceName ?? "Claude Code session";
}
