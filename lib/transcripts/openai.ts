import { firstUserRequestTitle } from "./session-title";
import type { Message, Session } from "../engine/model";
import type { Importer, ParseOptions } from "./importer";
import {
  childLocation,
  expectArray,
  expectRecord,
  fail,
  isRecord,
  type FieldLocation,
  type JsonRecord,
} from "./json-fields";
import { readOpenAIMessage } from "./openai-messages";
import type { TranscriptDocument } from "./read-document";
import { createToolCallLedger } from "./tool-call-ledger";

const FORMAT = "openai";
const OPENAI_ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);
const OPENAI_PART_TYPES = new Set(["text", "image_url", "refusal", "file", "input_audio"]);
/** how many leading messages sniff looks at */
const SNIFF_MESSAGES = 20;
/** keys under which a list entry keeps its messages: tau-bench writes `traj` */
const TRAJECTORY_KEYS = ["traj", "messages"] as const;

type Shape =
  | { kind: "messages"; messages: unknown[]; location: FieldLocation }
  | { kind: "trajectories"; entries: unknown[] };

/**
 * OpenAI chat-completions message arrays: a bare `[message…]`, `{messages: [message…]}`, or a list of
 * trajectories `[{traj | messages: [message…], …}]` (tau-bench) where each entry becomes its own session,
 * titled "trajectory 3 of 200 — <first user text>". OpenAI messages carry no ids or usage, so ids are
 * `openai-<index>` and no usage is set; a trajectory's `task_id`, `trial` and `reward` go to meta.
 */
export const openaiImporter: Importer = {
  id: FORMAT,
  label: "OpenAI chat messages",
  sniff(document) {
    if (document.kind !== "json") return false;
    const shape = shapeOf(document.value);
    if (!shape) return false;
    const messages = shape.kind === "messages" ? shape.messages : messagesOf(shape.entries[0]);
    return messages !== undefined && messages.slice(0, SNIFF_MESSAGES).every(looksLikeOpenAIMessage);
  },
  parse(document, options) {
    if (document.kind !== "json") {
      return fail({ format: FORMAT, path: "$", line: 1 }, "one JSON document (an array of chat messages), not JSON lines");
    }
    const shape = shapeOf(document.value);
    if (!shape) {
      return fail(
        { format: FORMAT, path: "$" },
        'an array of chat messages, an object with "messages", or an array of trajectories with "traj"',
        document.value,
      );
    }
    if (shape.kind === "messages") return [readSession({ messages: shape.messages, location: shape.location, options })];
    return shape.entries.map((entry, index) => {
      const location: FieldLocation = { format: FORMAT, path: `$[${index}]` };
      const record = expectRecord(entry, location, "a trajectory object");
      const key = TRAJECTORY_KEYS.find((candidate) => candidate in record) ?? "traj";
      const messagesLocation = childLocation(location, key);
      const messages = expectArray(record[key], messagesLocation, "an array of chat messages");
      const session = readSession({ messages, location: messagesLocation, options });
      session.title = `trajectory ${index + 1} of ${shape.entries.length} — ${session.title}`;
      addTrajectoryMeta(session, record);
      return session;
    });
  },
};

function shapeOf(value: unknown): Shape | null {
  if (isRecord(value) && Array.isArray(value.messages)) {
    return { kind: "messages", messages: value.messages, location: { format: FORMAT, path: "$.messages" } };
  }
  if (!Array.isArray(value) || value.length === 0 || !isRecord(value[0])) return null;
  if (typeof value[0].role === "string") return { kind: "messages", messages: value, location: { format: FORMAT, path: "$" } };
  if (messagesOf(value[0])) return { kind: "trajectories", entries: value };
  return null;
}

function messagesOf(entry: unknown): unknown[] | undefined {
  if (!isRecord(entry)) return undefined;
  const key = TRAJECTORY_KEYS.find((candidate) => Array.isArray(entry[candidate]));
  return key ? (entry[key] as unknown[]) : undefined;
}

function looksLikeOpenAIMessage(value: unknown): boolean {
  if (!isRecord(value) || typeof value.role !== "string" || !OPENAI_ROLES.has(value.role)) return false;
  if (value.content === null || value.content === undefined || typeof value.content === "string") return true;
  return (
    Array.isArray(value.content) &&
    value.content.every((part) => isRecord(part) && typeof part.type === "string" && OPENAI_PART_TYPES.has(part.type))
  );
}

function readSession(input: { messages: unknown[]; location: FieldLocation; options: ParseOptions }): Session {
  const ledger = createToolCallLedger();
  const messages: Message[] = input.messages.map((value, index) =>
    readOpenAIMessage(value, {
      format: FORMAT,
      location: childLocation(input.location, index),
      id: `${FORMAT}-${index}`,
      ledger,
    }),
  );
  const notes: string[] = [];
  if (ledger.renamedCount() > 0) {
    notes.push(`${ledger.renamedCount()} tool call(s) reused an earlier call's id; renamed <id>#2, <id>#3… so each call id is unique.`);
  }
  const unanswered = ledger.unanswered();
  if (unanswered.length > 0) notes.push(`${unanswered.length} tool call(s) have no tool message answering them: ${unanswered.map((call) => call.id).join(", ")}.`);
  return {
    title: firstUserRequestTitle(messages) ?? (input.options.sourceName || "OpenAI chat"),
    format: FORMAT,
    messages,
    meta: notes.length > 0 ? { notes } : {},
  };
}

function addTrajectoryMeta(session: Session, record: JsonRecord): void {
  const described = ["task_id", "trial", "reward"]
    .filter((key) => typeof record[key] === "number" || typeof record[key] === "string")
    .map((key) => `${key} ${String(record[key])}`);
  if (record.task_id !== undefined && record.task_id !== null) session.meta.sourceId = String(record.task_id);
  if (described.length > 0) session.meta.notes = [`trajectory ${described.join(", ")}`, ...(session.meta.notes ?? [])];
}
