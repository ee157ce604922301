import type { Message } from "../engine/model";
import { childLocation, expectRecord, fail, isRecord, type FieldLocation, type JsonRecord } from "./json-fields";

/**
 * The tool name the CodeAct agent gave each action type (its function-calling tools), for events that do not
 * carry `tool_call_metadata`. An action type missing here is still read as a call, under its own name.
 */
const TOOL_NAME_BY_ACTION: Readonly<Record<string, string>> = {
  run: "execute_bash",
  run_ipython: "execute_ipython_cell",
  read: "str_replace_editor",
  write: "str_replace_editor",
  edit: "str_replace_editor",
  browse: "browser",
  browse_interactive: "browser",
  finish: "finish",
  think: "think",
  delegate: "delegate",
};

/** Actions that are not model calls: the user's turn-taking and state changes. */
const NOT_CALLS = new Set(["message", "system", "change_agent_state", "recall", "null", "condensation_request"]);
/** Fields of a serialised action that are bookkeeping, not the call's input. */
const NOT_INPUT = new Set(["action", "thought", "hidden", "blocking", "keep_prompt", "confirmation_state", "security_risk", "is_confirmed", "impl_source", "wait_for_response", "image_urls"]);

/** An event as `dataclasses.asdict` writes it: no id, source or tool_call_metadata, the fields flat. */
export function isFlatEvent(value: unknown): value is JsonRecord {
  return isRecord(value) && value.source === undefined && (typeof value.action === "string" || typeof value.observation === "string");
}

/**
 * Reads the flat events of an OpenHands resolver output line (`{issue, instruction, history, metrics, …}`, whose
 * history is `[dataclasses.asdict(event) …]`): no ids, no `source`, no `tool_call_metadata` and no model usage.
 *
 * - A `message` action is the user's when `wait_for_response` is not true (the resolver's instruction and its
 *   scripted "please continue" replies), else the agent's text to the user.
 * - Every other action (but state changes) is one model call with one tool call, its text the `thought`, named as
 *   the CodeAct agent named its tools; its input is the action's own fields. The next observation answers it.
 * - A command observation's output ends with the exit code, as the agent was shown it.
 * - An observation with no call waiting (the instruction's environment reports, `null`) is skipped and counted;
 *   one that has content is kept as synthetic user text.
 */
export function readFlatEvents(input: { events: readonly unknown[]; location: FieldLocation }): { messages: Message[]; notes: string[] } {
  const messages: Message[] = [];
  const skipped = new Map<string, number>();
  let open: { id: string; name: string } | null = null;
  let calls = 0;
  const push = (message: Message, location: FieldLocation) => {
    message.source = location.line === undefined ? { path: location.path } : { line: location.line, path: location.path };
    messages.push(message);
  };
  input.events.forEach((value, index) => {
    const location = childLocation(input.location, index);
    const event = expectRecord(value, location, "an event object");
    const id = `event-${index}`;
    if (typeof event.action === "string") {
      const action = event.action;
      if (action === "message") {
        const text = typeof event.content === "string" ? event.content : "";
        const role = event.wait_for_response === true ? "assistant" : "user";
        push({ id, role, parts: [{ type: "text", text }] }, location);
        open = null;
        return;
      }
      if (NOT_CALLS.has(action)) {
        skipped.set(action, (skipped.get(action) ?? 0) + 1);
        return;
      }
      const name = TOOL_NAME_BY_ACTION[action] ?? action;
      const callId = `call-${calls++}`;
      const thought = typeof event.thought === "string" ? event.thought : "";
      const toolInput: JsonRecord = { command: action };
      for (const [key, field] of Object.entries(event)) if (!NOT_INPUT.has(key)) toolInput[key] = field;
      push({ id, role: "assistant", parts: [...(thought ? [{ type: "text" as const, text: thought }] : []), { type: "tool-call", id: callId, name, input: toolInput }] }, location);
      open = { id: callId, name };
      return;
    }
    if (typeof event.observation !== "string") fail(location, 'an event with a string "action" or "observation"', event);
    const output = observationText(event);
    const call: { id: string; name: string } | null = open;
    if (call) {
      push({ id, role: "tool", parts: [{ type: "tool-result", callId: call.id, name: call.name, output, isError: event.observation === "error", images: [] }] }, location);
      open = null;
    } else if (output.length > 0 && event.observation !== "null") {
      push({ id, role: "user", synthetic: true, parts: [{ type: "text", text: output }] }, location);
    } else {
      skipped.set(event.observation, (skipped.get(event.observation) ?? 0) + 1);
    }
  });
  const notes = [
    "OpenHands resolver output: events serialised without ids, source or model responses; calls are paired with the next observation and no usage is recorded",
    ...[...skipped].map(([kind, count]) => `skipped ${count} ${kind} event(s): not sent to the model as such`),
  ];
  if (open) notes.push(`the last tool call (${(open as { name: string }).name}) has no observation.`);
  return { messages, notes };
}

function observationText(event: JsonRecord): string {
  const content = typeof event.content === "string" ? event.content : "";
  if (event.observation === "run" && typeof event.exit_code === "number") return `${content}\n[Command finished with exit code ${event.exit_code}]`;
  return content;
}
