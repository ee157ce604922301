import { UploadLineSchema, type UploadLine } from "../api/contracts/upload-stage-schemas";

/**
 * Reads POST /api/sessions's streamed answer as it grows (an XMLHttpRequest's `responseText`, which only ever
 * grows): each call takes the whole text so far and returns the complete lines it had not returned yet, parsed
 * against UploadLineSchema. A line still being written (no newline yet) waits for the next call.
 */
export function createUploadAnswerReader(): (text: string) => UploadLine[] {
  let offset = 0;
  return (text) => {
    const lines: UploadLine[] = [];
    let newline = text.indexOf("\n", offset);
    while (newline >= 0) {
      const line = text.slice(offset, newline).trim();
      // a broken line throws on every later call too, until somebody reports it
      if (line) lines.push(UploadLineSchema.parse(JSON.parse(line)));
      offset = newline + 1;
      newline = text.indexOf("\n", offset);
    }
    return lines;
  };
}
