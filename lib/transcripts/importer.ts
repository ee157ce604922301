import type { FormatId, Session } from "../engine/model";
import type { TranscriptDocument } from "./read-document";

export interface ParseOptions {
  /** the uploaded file's name, used for a title when the transcript has none */
  sourceName?: string;
}

/**
 * One transcript format. `sniff` is a cheap structural check used by auto-detection; `parse` turns the
 * document into one or more sessions (a list of trajectories or a JSONL of instances holds several) and
 * throws an ImportError naming the line or JSON path of the first thing that does not fit.
 */
export interface Importer {
  id: FormatId;
  label: string;
  sniff(document: TranscriptDocument): boolean;
  parse(document: TranscriptDocument, options: ParseOptions): Session[];
}
