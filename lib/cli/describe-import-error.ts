import { describeLocation, type ImportError } from "../transcripts/import-error";

/**
 * An ImportError as one line for a terminal or a log: the file, the format tried (or that none was
 * detected), the importer's message, and the first issue's line or JSON path when the message does not
 * already name one. Newlines in messages are folded so `2>err.txt; head -1 err.txt` sees everything.
 */
export function describeImportError(options: { file: string; error: ImportError }): string {
  const { file, error } = options;
  const format = error.format ? `format ${error.format}` : "format not detected";
  const first = error.issues[0];
  const location = first ? describeLocation(first) : null;
  const namesLocation = location !== null && error.message.includes(location);
  const where = location && !namesLocation ? ` (at ${location}: ${first!.message})` : "";
  return `error: ${file}: ${format}: ${error.message}${where}`.replace(/\s*\n\s*/g, " ");
}
