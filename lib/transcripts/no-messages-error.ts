import type { FormatId } from "../engine/model";
import { ImportError } from "./import-error";
import type { TranscriptDocument } from "./read-document";

/**
 * The ImportError for a file with no session (`pick` absent) or whose picked session has no messages, saying where
 * the importer looked: the lines read, or the document. Only the document's kind and line count are read.
 */
export function noMessagesError(input: { document: { kind: TranscriptDocument["kind"]; lines?: readonly unknown[] }; format: FormatId; pick?: number }): ImportError {
  const { document, format, pick } = input;
  const what = pick === undefined ? "no session" : `session ${pick} has no messages`;
  const where = document.kind === "jsonl" ? `none of lines 1–${document.lines?.length ?? 0} holds a message` : "nothing under $ is a message";
  return new ImportError({
    code: "no_messages",
    format,
    message: pick === undefined ? `The ${format} file holds no session (${where}).` : `The ${format} session ${pick} has no messages (${where}).`,
    issues: [document.kind === "jsonl" ? { line: 1, message: `${what} in lines 1–${document.lines?.length ?? 0}` } : { path: "$", message: what }],
  });
}
