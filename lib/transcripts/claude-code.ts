import type { Message, Session, SessionMeta } from "../engine/model";
import { isRecord } from "./anthropic-blocks";
import { claudeCodeMessages } from "./claude-code-messages";
import { CLAUDE_CODE_FORMAT as FORMAT, planClaudeCode, type ClaudeCodeEntry, type ClaudeCodePlan } from "./claude-code-plan";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";
import { createUserRequestTitle } from "./session-title";

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
 * Imports one Claude Code session file: the lines planClaudeCode chooses (the conversation that ends at the leaf),
 * built into messages by claudeCodeMessages.
 */
function parseClaudeCode(document: TranscriptDocument, options: ParseOptions): Session {
  const plan = planClaudeCode(document);
  const building = buildClaudeCodeSession({ plan, entries: plan.selected, sourceName: options.sourceName });
  const messages = [...building.messages];
  const { title, meta } = building.finish();
  return { title, format: FORMAT, messages, meta };
}

/** A Claude Code session being built: its messages as they are made, then (once they are all read) its title and meta. */
export interface ClaudeCodeSessionBuilding {
  messages: Generator<Message>;
  /** after `messages` is done: the title (the leaf's summary line, the user's first request, the file name) and meta */
  finish(): { title: string; meta: SessionMeta };
}

/**
 * The session of a plan, from its selected lines' whole values (`entries`, in file order: the plan's own, or the
 * lines read again for a streamed import). Keeps only what the title and meta need from the messages that pass.
 */
export function buildClaudeCodeSession(input: { plan: Omit<ClaudeCodePlan, "selected">; entries: Iterable<ClaudeCodeEntry>; sourceName?: string }): ClaudeCodeSessionBuilding {
  const { plan, sourceName } = input;
  const notes = [...plan.notes];
  const requestTitle = createUserRequestTitle();
  let lastModel: string | undefined;
  function* messages(): Generator<Message> {
    for (const message of claudeCodeMessages(input.entries, notes)) {
      if (message.role === "assistant" && !message.synthetic) lastModel = message.model;
      requestTitle.add(message);
      yield message;
    }
  }
  return {
    messages: messages(),
    finish: () => ({
      title: plan.summaryTitle ?? requestTitle.title() ?? sourceName ?? "Claude Code session",
      meta: {
        ...(plan.head.sourceId !== undefined ? { sourceId: plan.head.sourceId } : {}),
        ...(plan.head.cwd !== undefined ? { cwd: plan.head.cwd } : {}),
        ...(lastModel ? { model: lastModel } : {}),
        ...(plan.head.startedAt !== undefined ? { startedAt: plan.head.startedAt } : {}),
        ...(plan.subagent ? { subagent: true } : {}),
        ...(notes.length > 0 ? { notes } : {}),
      },
    }),
  };
}
