import { createContextCurve, type ContextCurvePoint } from "../engine/context-curve";
import type { FormatId, Message, Session, SessionMeta } from "../engine/model";
import { addMessageStats, emptySessionStats, type SessionStats } from "../engine/session-stats";
import { mayHoldSecret } from "../secrets/may-hold-secret";
import { messageTexts, scanSessionTexts, sessionHeadTexts, type Where } from "../secrets/scan-session";
import { toSecretFinding } from "../secrets/to-secret-finding";
import type { DetectedSecret, SecretFinding } from "../secrets/secret-finding";
import { SCAN_BATCH_CHARS } from "../secrets/scan-texts";
import { corpusColumns } from "../store/corpus-columns";

/** What a streamed session adds up to once its last message has passed: the facts its row needs, and its curve. */
export interface StreamedSessionFacts {
  title: string;
  format: FormatId;
  meta: SessionMeta;
  stats: SessionStats;
  corpus: ReturnType<typeof corpusColumns>;
  secretFindings: SecretFinding[];
  contextCurve: ContextCurvePoint[];
}

/**
 * Watches a session's messages pass on their way to the store and keeps, in bounded state, what importUpload
 * otherwise computes from the whole session: its stats and context curve (added up message by message), the few
 * messages the corpus columns read (those with a model, usage, or the first timestamp — without their parts), and its
 * credentials: each message's texts that may hold one wait until about SCAN_BATCH_CHARS of them have gathered, then
 * are scanned ({@link scanPending}, between the store's batches); the title and meta, known last, are scanned at the
 * end and their findings put first, so the findings are scanSession's, in its order.
 */
export interface StreamedSessionTally {
  /** `messages`, each noted as it passes */
  observe(messages: Iterable<Message>): Generator<Message>;
  /** scans the texts gathered so far when they reach a scan batch (`force`: whatever there is) */
  scanPending(force?: boolean): Promise<void>;
  /** after the last message: the session's facts, with its title and meta (the importer's, known only now) */
  finish(input: { title: string; meta: SessionMeta; format: FormatId }): Promise<StreamedSessionFacts>;
}

export function createStreamedSessionTally(): StreamedSessionTally {
  const stats = emptySessionStats();
  const curve = createContextCurve();
  const corpusMessages: Message[] = [];
  let timestamped = false;
  let pending: { text: string; where: Where }[] = [];
  let pendingChars = 0;
  const found: DetectedSecret[] = [];
  let seq = 0;
  const note = (message: Message) => {
    addMessageStats(stats, message);
    curve.add(message);
    const model = message.role === "assistant" ? message.model : undefined;
    if (model !== undefined || message.usage || (!timestamped && message.timestamp)) {
      timestamped ||= Boolean(message.timestamp);
      corpusMessages.push({ id: message.id, role: message.role, parts: [], model, usage: message.usage, timestamp: message.timestamp });
    }
    for (const entry of messageTexts(message, seq)) {
      if (entry.text.length === 0 || !mayHoldSecret(entry.text)) continue;
      pending.push(entry);
      pendingChars += entry.text.length;
    }
    seq++;
  };
  const scanPending = async (force = false) => {
    if (pending.length === 0 || (!force && pendingChars < SCAN_BATCH_CHARS)) return;
    const batch = pending;
    pending = [];
    pendingChars = 0;
    found.push(...(await scanSessionTexts(batch)));
  };
  return {
    *observe(messages) {
      for (const message of messages) {
        note(message);
        yield message;
      }
    },
    scanPending,
    async finish({ title, meta, format }) {
      await scanPending(true);
      const head = await scanSessionTexts(sessionHeadTexts({ title, meta }));
      const corpusSession: Session = { title, format, meta, messages: corpusMessages };
      return {
        title,
        format,
        meta,
        stats,
        corpus: corpusColumns(corpusSession),
        secretFindings: [...head, ...found].map(toSecretFinding),
        contextCurve: curve.points,
      };
    },
  };
}
