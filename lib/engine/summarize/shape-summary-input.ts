import type { Message, Part } from "../model";
import { partChars } from "../tokens/chars4";

/**
 * How a strategy's source prepares the messages it hands its summarizer, as plain data (so a plan stays
 * previewable):
 * - `toolResultPreview`: tool results longer than head + tail keep only their first `headChars` and last
 *   `tailChars` (seed 002: 500 + 200);
 * - `toolInputChars`: tool-call inputs, serialised as JSON, are cut to this many characters (seed 002: 200);
 * - `maxChars`: the whole input is capped, cut from the middle with a marker message (seed 002: 100,000);
 * - `insertAfter`: synthetic messages added right after a context position inside the ranges (seed 000's
 *   history cleaning: "Tool no response" results, a closing "Understood." assistant message).
 */
export interface SummaryInputShaping {
  toolResultPreview?: { headChars: number; tailChars: number };
  toolInputChars?: number;
  maxChars?: number;
  insertAfter?: readonly { position: number; message: Message }[];
}

export interface ShapeSummaryInputOptions {
  ranges: readonly { from: number; to: number }[];
  /** the context message at a position, as sent (marks applied) */
  rendered: (position: number) => Message;
  shaping?: SummaryInputShaping;
}

/**
 * The summarizer's input for some ranges of the context, shaped as the plan asks. Without shaping this is
 * just the rendered messages in order. Returns new message objects only where something changed; the
 * context's messages are never touched.
 *
 * The middle cut keeps whole messages (the head's up to half of `maxChars`, then the tail's up to the rest),
 * so a message larger than half the cap is dropped whole rather than cut inside — the seeds that cap the
 * input serialise it to text and only say "truncate from the middle with a marker".
 */
export function shapeSummaryInput(options: ShapeSummaryInputOptions): Message[] {
  const { shaping } = options;
  const insertsByPosition = new Map<number, Message[]>();
  for (const insert of shaping?.insertAfter ?? []) {
    insertsByPosition.set(insert.position, [...(insertsByPosition.get(insert.position) ?? []), insert.message]);
  }
  const messages: Message[] = [];
  for (const range of options.ranges) {
    for (let position = range.from; position < range.to; position++) {
      messages.push(previewMessage(options.rendered(position), shaping));
      messages.push(...(insertsByPosition.get(position) ?? []));
    }
  }
  return shaping?.maxChars === undefined ? messages : cutFromTheMiddle(messages, shaping.maxChars);
}

/** The marker a middle cut leaves in place of the messages it dropped. */
export function middleCutMarker(messagesOmitted: number, charsOmitted: number): string {
  return `[… ${messagesOmitted} message(s), ${charsOmitted} chars cut from the middle of the conversation …]`;
}

/**
 * The last preview made of each message and part, with the shaping it was made under. A strategy summarizes much
 * of the same context again at every compaction; handing back the same objects for the same input keeps the
 * summarizer's per-message caches warm. For speed only: a different shaping or message makes a new preview.
 */
const previewedMessages = new WeakMap<Message, { key: string; parts: readonly Part[]; previewed: Message }>();
const previewedParts = new WeakMap<Part, { key: string; previewed: Part }>();

function previewMessage(message: Message, shaping: SummaryInputShaping | undefined): Message {
  if (!shaping?.toolResultPreview && shaping?.toolInputChars === undefined) return message;
  const key = `${shaping.toolResultPreview?.headChars}:${shaping.toolResultPreview?.tailChars}:${shaping.toolInputChars}`;
  let changed = false;
  const parts = message.parts.map((part) => {
    const previewed = previewPartOnce(part, shaping, key);
    if (previewed !== part) changed = true;
    return previewed;
  });
  if (!changed) return message;
  const known = previewedMessages.get(message);
  if (known?.key === key && known.parts.length === parts.length && known.parts.every((part, index) => part === parts[index])) return known.previewed;
  const previewed = { ...message, parts };
  previewedMessages.set(message, { key, parts, previewed });
  return previewed;
}

function previewPartOnce(part: Part, shaping: SummaryInputShaping, key: string): Part {
  const known = previewedParts.get(part);
  if (known?.key === key) return known.previewed;
  const previewed = previewPart(part, shaping);
  previewedParts.set(part, { key, previewed });
  return previewed;
}

function previewPart(part: Part, shaping: SummaryInputShaping): Part {
  const preview = shaping.toolResultPreview;
  if (part.type === "tool-result" && preview && part.output.length > preview.headChars + preview.tailChars) {
    const omitted = part.output.length - preview.headChars - preview.tailChars;
    const tail = preview.tailChars > 0 ? part.output.slice(-preview.tailChars) : "";
    return { ...part, output: `${part.output.slice(0, preview.headChars)}\n[… ${omitted} chars …]\n${tail}` };
  }
  if (part.type === "tool-call" && shaping.toolInputChars !== undefined) {
    const serialised = typeof part.input === "string" ? part.input : (JSON.stringify(part.input) ?? "");
    if (serialised.length > shaping.toolInputChars) return { ...part, input: `${serialised.slice(0, shaping.toolInputChars)}…` };
  }
  return part;
}

function cutFromTheMiddle(messages: Message[], maxChars: number): Message[] {
  const sizes = messages.map((message) => message.parts.reduce((sum, part) => sum + partChars(part), 0));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= maxChars) return messages;
  let head = 0;
  let headChars = 0;
  while (head < messages.length && headChars + sizes[head] <= maxChars / 2) headChars += sizes[head++];
  let tail = messages.length;
  let tailChars = 0;
  while (tail > head && headChars + tailChars + sizes[tail - 1] <= maxChars) tailChars += sizes[--tail];
  const marker: Message = {
    id: "lab:summary-input:middle-cut",
    role: "user",
    parts: [{ type: "text", text: middleCutMarker(tail - head, total - headChars - tailChars), synthetic: true }],
    synthetic: true,
  };
  return [...messages.slice(0, head), marker, ...messages.slice(tail)];
}
