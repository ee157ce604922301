import type { Message, Part, Session } from "../engine/model";
import { redactJsonValue, redactText, redactTitle, type Redaction } from "./redact-text";

/**
 * A copy of the session with every redaction applied to its title, metadata and every text a part holds (text,
 * reasoning, tool-call input, tool output, file names and URLs). The session passed in is not changed.
 */
export function redactSession(session: Session, redactions: readonly Redaction[]): Session {
  return {
    ...session,
    title: redactTitle(session.title, redactions),
    meta: redactJsonValue(session.meta, redactions) as Session["meta"],
    messages: session.messages.map((message): Message => ({ ...message, parts: message.parts.map((part) => redactPart(part, redactions)) })),
  };
}

function redactPart(part: Part, redactions: readonly Redaction[]): Part {
  switch (part.type) {
    case "text":
    case "reasoning":
      return { ...part, text: redactText(part.text, redactions) };
    case "tool-call":
      return { ...part, name: redactText(part.name, redactions), input: redactJsonValue(part.input, redactions) };
    case "tool-result":
      return { ...part, output: redactText(part.output, redactions) };
    case "file":
      return { ...part, ...(part.filename === undefined ? {} : { filename: redactText(part.filename, redactions) }), ...(part.url === undefined ? {} : { url: redactText(part.url, redactions) }) };
    case "image":
      return part.url === undefined ? part : { ...part, url: redactText(part.url, redactions) };
    case "compaction":
    case "opaque":
      return part;
  }
}
