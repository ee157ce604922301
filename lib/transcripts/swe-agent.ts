import type { Message, Session } from "../engine/model";
import type { Importer } from "./importer";
import {
  childLocation,
  expectArray,
  expectRecord,
  fail,
  isRecord,
  optionalString,
  titleSnippet,
  type FieldLocation,
  type JsonRecord,
} from "./json-fields";
import { contentText, readOpenAIMessage } from "./openai-messages";
import { createToolCallLedger, type ToolCallLedger } from "./tool-call-ledger";

const FORMAT = "swe-agent";
const FENCED_BLOCK = /```[^\n]*\n([\s\S]*?)```/g;
const MODEL_STATS_KEYS = ["instance_cost", "total_cost", "tokens_sent", "tokens_received", "api_calls"] as const;

/**
 * SWE-agent `.traj` files (`{environment, trajectory, history, info}`): `history` is what the model was sent.
 *
 * - Function-calling runs (assistant `tool_calls`, `role: "tool"` with `tool_call_ids`) are read as OpenAI
 *   chat messages.
 * - Older text-only runs have no tool calls: the model wrote its command in a fenced block, SWE-agent stored it
 *   as `action`, and sent the command's output back as a plain user message. So that pruning strategies can see
 *   tool outputs, each such action becomes a tool-call part (name = the command's first word, input = the
 *   action text, id `swe-agent-call-<history index>`) and the user message right after it (untagged, or
 *   tagged `message_type: "observation"`) becomes the matching tool-result in a `tool` message. A user message
 *   after an assistant turn with no command (a format error) stays a user message. The assistant's text is its `thought`
 *   (the content minus the fenced action) so the command is not counted twice; without `thought` the content
 *   is kept whole. An action found only in the content (no `action` field) is its last fenced block.
 * - Demonstrations (`is_demo`) were sent to the model: they are kept and marked synthetic.
 * - `info.model_stats` holds run totals only, so it goes to meta notes and no message gets usage.
 *   SWE-agent records no compactions (its history processors run at query time and are not stored).
 */
export const sweAgentImporter: Importer = {
  id: FORMAT,
  label: "SWE-agent trajectory (.traj)",
  sniff(document) {
    return document.kind === "json" && isRecord(document.value) && Array.isArray(document.value.history) && Array.isArray(document.value.trajectory);
  },
  parse(document, options) {
    const root: FieldLocation = { format: FORMAT, path: "$" };
    if (document.kind !== "json") return fail({ ...root, line: 1 }, "one JSON document with history and trajectory, not JSON lines");
    const record = expectRecord(document.value, root, "an object with history and trajectory");
    const historyLocation = childLocation(root, "history");
    const history = expectArray(record.history, historyLocation, "an array of chat messages");
    const ledger = createToolCallLedger();
    const messages: Message[] = [];
    let openAction: { callId: string } | undefined;
    history.forEach((value, index) => {
      const location = childLocation(historyLocation, index);
      const entry = expectRecord(value, location, "a chat message object");
      const id = `${FORMAT}-${index}`;
      const action = isFunctionCalling(entry) ? undefined : textAction(entry);
      let message: Message;
      if (action !== undefined) {
        message = actionMessage({ entry, action, index, location, ledger });
        openAction = { callId: `${FORMAT}-call-${index}` };
      } else if (isObservation(entry, openAction)) {
        const call = openAction && ledger.answer(openAction.callId);
        if (!call) fail(location, "an observation right after an assistant action");
        message = {
          id,
          role: "tool",
          parts: [{ type: "tool-result", callId: call.id, name: call.name, output: contentText(entry.content), isError: false, images: [] }],
          source: { path: location.path },
        };
        openAction = undefined;
      } else {
        message = readOpenAIMessage(entry, { format: FORMAT, location, id, ledger });
        if (entry.role !== "tool") openAction = undefined;
      }
      if (entry.is_demo === true) message.synthetic = true;
      messages.push(message);
    });
    const firstTask = history.find((value) => isRecord(value) && value.role === "user" && value.is_demo !== true) as JsonRecord | undefined;
    const session: Session = {
      title: (firstTask && titleSnippet(contentText(firstTask.content))) || options.sourceName || "SWE-agent trajectory",
      format: FORMAT,
      messages,
      meta: { notes: runNotes(record, ledger) },
    };
    return [session];
  },
};

function isFunctionCalling(entry: JsonRecord): boolean {
  return Array.isArray(entry.tool_calls) || entry.role === "tool" || Array.isArray(entry.tool_call_ids);
}

/** The command of a text-only assistant turn: `action`, else the last fenced block of the content. */
function textAction(entry: JsonRecord): { text: string; name: string } | undefined {
  if (entry.role !== "assistant") return undefined;
  const text = typeof entry.action === "string" ? entry.action : lastFencedBlock(contentText(entry.content));
  const name = text?.trim().split(/\s+/)[0];
  return text && name ? { text, name } : undefined;
}

function lastFencedBlock(content: string): string | undefined {
  return [...content.matchAll(FENCED_BLOCK)].at(-1)?.[1];
}

/**
 * A user message answering an open text-only action. SWE-agent 1.x also tags the first task message
 * `message_type: "observation"`, so the tag alone does not make one.
 */
function isObservation(entry: JsonRecord, openAction: unknown): boolean {
  const tagged = entry.message_type === undefined || entry.message_type === "observation";
  return tagged && entry.role === "user" && openAction !== undefined;
}

function actionMessage(input: {
  entry: JsonRecord;
  action: { text: string; name: string };
  index: number;
  location: FieldLocation;
  ledger: ToolCallLedger;
}): Message {
  const { entry, action, index, location } = input;
  const thought = optionalString(entry, "thought", location);
  const text = (thought ?? contentText(entry.content)).trimEnd();
  const callId = input.ledger.addCall(`${FORMAT}-call-${index}`, action.name);
  return {
    id: `${FORMAT}-${index}`,
    role: "assistant",
    parts: [...(text ? [{ type: "text" as const, text }] : []), { type: "tool-call", id: callId, name: action.name, input: action.text }],
    source: { path: location.path },
  };
}

function runNotes(record: JsonRecord, ledger: ToolCallLedger): string[] {
  const notes: string[] = [];
  const info = isRecord(record.info) ? record.info : {};
  if (isRecord(info.model_stats)) {
    const stats = info.model_stats;
    const described = MODEL_STATS_KEYS.filter((key) => typeof stats[key] === "number").map((key) => `${key} ${stats[key]}`);
    notes.push(`SWE-agent model_stats (run totals, not per call, so no message has usage): ${described.join(", ")}`);
  }
  if (typeof info.exit_status === "string") notes.push(`exit_status ${info.exit_status}`);
  const unanswered = ledger.unanswered();
  if (unanswered.length > 0) notes.push(`${unanswered.length} action(s) have no observation: ${unanswered.map((call) => `${call.id} (${call.name})`).join(", ")}.`);
  return notes;
}
