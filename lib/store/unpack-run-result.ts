import { applyLineDelta, type LineDeltaOp } from "./line-delta";
import { PACKED_RESULT_FORMAT } from "./pack-run-result";

type Json = Record<string, unknown>;

/**
 * A stored result (the Run.result column) as the ReplayResult it was packed from (`packRunResult`): the same keys in
 * the same order, so what the API sends is byte for byte what it sent when results were stored whole. A result
 * stored whole (no `storedAs`: every run stored before 2026-11-27) comes back as it is. Never mutates `stored`.
 * Throws an Error saying where for a packed text whose base is not there (a corrupted row).
 */
export function unpackRunResult(stored: Json): Json {
  if (stored.storedAs === undefined) return stored;
  if (stored.storedAs !== PACKED_RESULT_FORMAT) throw new Error(`result stored as ${JSON.stringify(stored.storedAs)}, which this version does not read`);
  const { storedAs: _storedAs, ...result } = stored;
  /** the texts decoded so far, by their base's key ("3" for events[3], "5.0.1" for an epoch's part), split into lines when one is a base */
  const texts = new Map<string, { text: string; lines?: string[] }>();
  const decode = (packed: unknown, where: string): string => {
    if (!isObject(packed) || !Array.isArray(packed.base) || !Array.isArray(packed.lines)) throw new Error(`${where}: not a packed text`);
    const base = texts.get(packed.base.join("."));
    if (!base) throw new Error(`${where}: its base ${JSON.stringify(packed.base)} is not a text before it`);
    base.lines ??= base.text.split("\n");
    try {
      return applyLineDelta(base.lines, packed.lines as LineDeltaOp[]);
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const events = asArray(result.events, "events").map((event, index) => {
    if (!isObject(event) || event.type !== "compaction-end" || event.summary === null || event.summary === undefined) return event;
    if (typeof event.summary === "string") {
      texts.set(String(index), { text: event.summary });
      return event;
    }
    const summary = decode(event.summary, `events.${index}.summary`);
    texts.set(String(index), { text: summary });
    return { ...event, summary };
  });
  const epochs = asArray(result.epochs, "epochs").map((epoch, epochIndex) => {
    if (!isObject(epoch) || !Array.isArray(epoch.entries)) return epoch;
    let changed = false;
    const entries = epoch.entries.map((entry: unknown, entryIndex: number) => {
      if (!isObject(entry) || entry.kind !== "synthetic" || !isObject(entry.message) || !Array.isArray(entry.message.parts)) return entry;
      const message = entry.message;
      let packedHere = false;
      const parts = (message.parts as unknown[]).map((part, partIndex) => {
        if (!isObject(part) || part.type !== "text") return part;
        const key = `${epochIndex}.${entryIndex}.${partIndex}`;
        if (typeof part.text === "string") {
          texts.set(key, { text: part.text });
          return part;
        }
        packedHere = true;
        const text = decode(part.text, `epochs.${epochIndex}.entries.${entryIndex}.message.parts.${partIndex}.text`);
        texts.set(key, { text });
        return { ...part, text };
      });
      if (!packedHere) return entry;
      changed = true;
      return { ...entry, message: { ...message, parts } };
    });
    return changed ? { ...epoch, entries } : epoch;
  });
  return { ...result, events, epochs };
}

function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: not an array`);
  return value;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
