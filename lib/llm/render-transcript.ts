import type { Message, Part } from "../engine/model";

/**
 * The messages to summarize as one plain-text transcript, the way seeds 002 and 004 serialize history for their
 * summarizer (`_serialize_for_summary`): one block per message, headed by its number and role; tool calls with
 * their JSON input, tool results as text (error flag kept), thinking as text. Images and files are never sent
 * as payloads, only named (`[image: image/png, 12,345 bytes]`). Marks are already applied by the replay, so a
 * pruned tool result shows its placeholder, as the model saw it.
 *
 * Messages with nothing to show (a bare compaction marker) are left out. A literal `</transcript>` inside a message is defused so the transcript cannot close its own wrapper.
 */
export function renderTranscript(messages: readonly Message[]): string {
  return messages
    .map((message) => ({ message, body: message.parts.map(renderPart).filter(Boolean).join("\n") }))
    .filter(({ body }) => body.length > 0)
    .map(({ message, body }, index) => `[${index + 1}] ${roleLabel(message)}:\n${body}`.trimEnd())
    .join("\n\n")
    .replaceAll("</transcript>", "<\\/transcript>");
}

function roleLabel(message: Message): string {
  if (message.summary) return "SUMMARY (of an earlier part of the conversation)";
  if (message.role === "tool") return "TOOL RESULT";
  return message.synthetic ? `${message.role.toUpperCase()} (injected by the agent)` : message.role.toUpperCase();
}

function renderPart(part: Part): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "reasoning":
      return part.redacted ? "(thinking: redacted)" : `(thinking) ${part.text}`;
    case "tool-call":
      return `→ tool call ${part.name} (${part.id}): ${typeof part.input === "string" ? part.input : (JSON.stringify(part.input) ?? "")}`;
    case "tool-result": {
      const images = part.images.map((image) => ` ${describeImage(image.mediaType, image.bytes)}`).join("");
      return `← tool result ${part.name ?? "tool"} (${part.callId})${part.isError ? ", error" : ""}:${images}\n${part.output}`;
    }
    case "image":
      return describeImage(part.mediaType, part.bytes);
    case "file":
      return `[file: ${part.filename ?? part.mediaType}]`;
    case "compaction":
      return "";
    case "opaque":
      return `[${part.provider}'s opaque compaction item, ${part.tokens} tokens: its content is encrypted and not kept by the lab]`;
  }
}

function describeImage(mediaType: string, bytes: number | undefined): string {
  return `[image: ${mediaType}${bytes === undefined ? "" : `, ${bytes.toLocaleString("en-US")} bytes`}]`;
}
