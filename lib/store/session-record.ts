import type { ContextCurvePoint } from "../engine/context-curve";
import type { FormatId, Message, SessionMeta } from "../engine/model";

/**
 * A stored session as the store returns it: its row's figures, dates as Dates. What travels over HTTP is
 * lib/present's business (ISO strings, and which fields each answer shows).
 */
export interface SessionRecord {
  id: string;
  /** the user's title when they gave one, else the imported one */
  title: string;
  /** the title the importer derived (shown when the user renames, and restored when they clear theirs) */
  importedTitle: string;
  format: FormatId;
  sourceName: string | null;
  /** which session of its file this is (0-based), and how many the file holds */
  pick: number;
  sessionCount: number;
  messageCount: number;
  toolCallCount: number;
  toolResultCount: number;
  recordedCompactionCount: number;
  estimatedTokens: number;
  recordedPeakContextTokens: number | null;
  createdAt: Date;
  /** the corpus view's columns (lib/store/corpus-columns.ts); null where the session does not say (or, stored before them, until backfillCorpusColumns) */
  model: string | null;
  project: string | null;
  startedAt: Date | null;
  /** what the recorded usage cost in USD; null: no usage recorded, or a model without a price */
  recordedCostUsd: number | null;
  secrets: SessionSecretsRecord;
}

/** What the lab knows of a session's credentials (lib/secrets): how many are unredacted, of which kinds, and redactions. */
export interface SessionSecretsRecord {
  /** false for a session stored before scanning existed: nothing is known until it is scanned */
  scanned: boolean;
  /** findings not redacted */
  count: number;
  kinds: string[];
  redactedAt: Date | null;
  /** findings replaced by redactions so far */
  redactedCount: number;
}

/** A session with its meta and its recorded context curve (computed from the stored messages). */
export interface SessionDetailRecord extends SessionRecord {
  meta: SessionMeta;
  contextCurve: ContextCurvePoint[];
}

/** A page of a session's messages by seq, each with its chars/4 estimate; `nextCursor` is null after the last. */
export interface MessagePageRecord {
  messages: { seq: number; tokens: number; message: Message }[];
  nextCursor: number | null;
  total: number;
}
