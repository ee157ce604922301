import type { Message, Part } from "../engine/model";
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
import { CLAUDE_CODE_FORMAT as FORMAT, isBoundary, type ClaudeCodeEntry } from "./claude-code-plan";
import { invalid } from "./import-error";

/** Claude Code writes locally generated assistant messages (API errors, "No response requested") with this model. */
const SYNTHETIC_MODEL = "<synthetic>";

/**
 * The messages of the selected lines (whole values, in file order), each yielded once it is final: an assistant
 * response split over several lines is one message, so a message leaves when the next one starts (or the lines end).
 * Tool results whose call is not earlier in the session are dropped as they pass (dropOrphanToolResults on one message
 * at a time: the calls seen so far are all it needs). Once the lines are done, the notes of what was left out are
 * added to `notes`. Each message's keys are in the order this importer has always given them: id, role, the flags and
 * parts of its kind, then source and timestamp. Holds one message and the ids seen, never the session.
 */
export function* claudeCodeMessages(selected: Iterable<ClaudeCodeEntry>, notes: string[]): Generator<Message> {
  const context = createBlockContext(FORMAT);
  const used = new Set<string>();
  const usageTaken = new Set<string>();
  const called = new Set<string>();
  const dropped: string[] = [];
  let pushed = 0;
  let previous: Message | undefined;
  let openAssistantId: string | null = null;
  let emptyDropped = 0;
  /** the previous message, its orphan tool results dropped (none left: the message goes too) */
  const settle = (message: Message): Message | null => {
    const kept = dropOrphanToolResults([message], called);
    dropped.push(...kept.dropped);
    return kept.messages[0] ?? null;
  };
  /** The id of a message about to be pushed, or null (and counted) when it has no parts and is left out. */
  const claim = (parts: Part[], preferredId: unknown): string | null => {
    if (parts.length === 0) {
      emptyDropped++;
      return null;
    }
    return claimMessageId({ used, preferred: preferredId, format: FORMAT, index: pushed });
  };
  /** Makes `message` the one being built; returns the one before it, now final (or null). */
  const push = (message: Message, source: Message["source"], timestamp: string | undefined): Message | null => {
    message.source = source;
    if (timestamp !== undefined) message.timestamp = timestamp;
    const done = previous === undefined ? null : settle(previous);
    previous = message;
    pushed++;
    return done;
  };
  for (const entry of selected) {
    const { value, line } = entry;
    // one object for the messages' source and the blocks' error location: neither is ever changed
    const source = { line };
    context.location = source;
    const timestamp = typeof value.timestamp === "string" ? value.timestamp : undefined;
    const out: (Message | null)[] = [];
    if (isBoundary(entry)) {
      openAssistantId = null;
      const metadata = isRecord(value.compactMetadata) ? value.compactMetadata : {};
      const trigger = metadata.trigger ?? value.trigger;
      const compaction: Part = { type: "compaction", auto: trigger === "auto" };
      if (typeof metadata.preTokens === "number") compaction.tokensBefore = metadata.preTokens;
      if (typeof metadata.postTokens === "number") compaction.tokensAfter = metadata.postTokens;
      const parts = [compaction];
      const id = claim(parts, entry.uuid);
      if (id !== null) out.push(push({ id, role: "system", parts }, source, timestamp));
    } else {
      const payload = value.message;
      if (!isRecord(payload)) invalid(FORMAT, { line, path: "message" }, "a `message` object", payload);
      if (payload.role !== entry.type) invalid(FORMAT, { line, path: "message.role" }, `"${entry.type}" (the line's type)`, payload.role);
      const parts = parseAnthropicContent(payload.content, context);
      if (entry.type === "user") {
        openAssistantId = null;
        if (value.isCompactSummary === true) {
          const texts = parts.filter((part) => part.type === "text");
          const id = claim(texts, entry.uuid);
          if (id !== null) out.push(push({ id, role: "user", summary: true, parts: texts }, source, timestamp));
        } else {
          const { toolResults, rest } = splitUserParts(parts);
          // a user line is tool results, text, or (rarely) both: only a line with neither counts as empty
          if (toolResults.length > 0) {
            const id = claim(toolResults, entry.uuid);
            if (id !== null) out.push(push({ id, role: "tool", parts: toolResults }, source, timestamp));
          }
          if (rest.length > 0 || toolResults.length === 0) {
            const id = claim(rest, entry.uuid);
            if (id !== null) out.push(push(value.isMeta === true ? { id, role: "user", parts: rest, synthetic: true } : { id, role: "user", parts: rest }, source, timestamp));
          }
        }
      } else {
        const responseId = typeof payload.id === "string" ? payload.id : null;
        const model = typeof payload.model === "string" ? payload.model : undefined;
        const usage = model === SYNTHETIC_MODEL ? undefined : anthropicUsage(payload.usage);
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
          out.push(push(message, source, timestamp));
          if (takeUsage && responseId) usageTaken.add(responseId);
        }
        openAssistantId = id !== null ? responseId : null;
      }
    }
    for (const message of out) if (message !== null) yield message;
  }
  if (previous !== undefined) {
    const last = settle(previous);
    if (last !== null) yield last;
  }
  if (emptyDropped > 0) notes.push(`${emptyDropped} line(s) with no importable content left out`);
  notes.push(...blockNotes(context), ...orphanNotes(dropped));
}
