import type { Message, Part } from "../model";
import type { ContextSnapshot } from "../simulate/context-at";
import { normalizeProbeText } from "./normalize-probe-text";
import { normalizeByLine } from "./by-line";

/**
 * Everything the model reads in a context, normalised (see `normalizeProbeText`): text and reasoning, tool
 * names with their JSON input, tool output — marks already applied, so a pruned result reads as its
 * placeholder. Messages and parts are separated by a newline (normalised to a space), so a probe can only
 * match across a part boundary if it spans the separator, which extracted probes never do.
 */
export function contextText(snapshot: ContextSnapshot): string {
  const pieces: string[] = [];
  for (const entry of snapshot.messages) {
    for (const part of entry.message.parts) {
      const text = normalizedPartText(part);
      if (text) pieces.push(text);
    }
  }
  // the same string as normalising the parts joined by newlines: a separator and the whitespace around it collapse
  // to one space, and an empty or all-blank part leaves no trace
  return pieces.join(" ");
}

/**
 * A part's normalised text, remembered per part object (a speed cache: the function is pure). The session's own
 * parts are the same objects at every point of a run and in every run replaying that session, so scoring a context
 * normalises only what is new in it — synthetic messages and marked parts.
 */
const normalizedParts = new WeakMap<Part, string>();

/** A part's normalised text as {@link contextText} joins it (empty: the part leaves no trace). */
export function normalizedPartText(part: Part): string {
  let text = normalizedParts.get(part);
  if (text === undefined) {
    // a summary's lines recur in every later summary and every run of the session: each normalised once
    text = normalizeByLine(partText(part));
    normalizedParts.set(part, text);
  }
  return text;
}

/** One message's text as {@link contextText} reads it, normalised: where a user probe is looked for in the session. */
export function messageText(message: Message): string {
  return normalizeProbeText(message.parts.map(partText).join("\n"));
}

/** One part as the model reads it (a tool call: its name, then its input's values one per line), not normalised. */
export function partText(part: Part): string {
  switch (part.type) {
    case "text":
    case "reasoning":
      return part.text;
    case "tool-call":
      return `${part.name}\n${inputText(part.input)}`;
    case "tool-result":
      return part.output;
    case "file":
      return part.filename ?? "";
    default:
      return "";
  }
}

/** A tool input as its values, one per line (not JSON: escaping would hide `"a\\b"` from a probe `"a\b"`). */
function inputText(input: unknown): string {
  if (input === null || input === undefined) return "";
  if (typeof input !== "object") return String(input);
  const values = Array.isArray(input) ? input : Object.values(input);
  return values.map(inputText).join("\n");
}
