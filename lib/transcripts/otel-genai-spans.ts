import { isRecord } from "./anthropic-blocks";
import { invalid, type SourceLocation } from "./import-error";
import type { TranscriptDocument } from "./read-document";

export const OTEL_FORMAT = "otel-genai";

/** One span of a trace file as the importer needs it: where it is, when it started, its trace and its attributes. */
export interface TraceSpan {
  at: SourceLocation;
  traceId: string;
  /** start time in nanoseconds since the epoch (0 when the span has none) */
  start: bigint;
  attributes: Map<string, unknown>;
}

/**
 * Every span of a trace file: OTLP/JSON (`{resourceSpans: [{scopeSpans: [{spans}]}]}`, as the collector's file
 * exporter and `OTEL_EXPORTER_OTLP_PROTOCOL=http/json` write it), one such request per line (JSON lines), or an array
 * (or JSON lines) of spans whose `attributes` are a plain object (`{"gen_ai.input.messages": "…"}`), as trace viewers
 * export them. OTLP attribute values (`{stringValue}`, `{intValue}` — an int64 as a string —, `{doubleValue}`,
 * `{boolValue}`, `{arrayValue}`) are unwrapped.
 */
export function traceSpans(document: TranscriptDocument): TraceSpan[] {
  const roots: { value: unknown; at: SourceLocation }[] =
    document.kind === "json" ? [{ value: document.value, at: { path: "$" } }] : document.lines.map(({ line, value }) => ({ value, at: { line, path: "$" } }));
  const spans: TraceSpan[] = [];
  for (const root of roots) {
    if (isRecord(root.value) && Array.isArray(root.value.resourceSpans)) {
      root.value.resourceSpans.forEach((resource, r) => {
        const scopes = isRecord(resource) && Array.isArray(resource.scopeSpans) ? resource.scopeSpans : [];
        scopes.forEach((scope, s) => {
          const list = isRecord(scope) && Array.isArray(scope.spans) ? scope.spans : [];
          list.forEach((span, index) => spans.push(readSpan(span, { ...root.at, path: `${root.at.path}.resourceSpans[${r}].scopeSpans[${s}].spans[${index}]` })));
        });
      });
    } else if (Array.isArray(root.value)) {
      root.value.forEach((span, index) => spans.push(readSpan(span, { ...root.at, path: `${root.at.path}[${index}]` })));
    } else if (isRecord(root.value) && "attributes" in root.value) {
      spans.push(readSpan(root.value, root.at));
    }
  }
  return spans;
}

/** Whether a document holds a span with GenAI message attributes (for detection; reads at most the first 2,000 spans). */
export function hasGenAiSpans(document: TranscriptDocument): boolean {
  try {
    return traceSpans(document)
      .slice(0, 2_000)
      .some((span) => span.attributes.has("gen_ai.input.messages") || span.attributes.has("gen_ai.output.messages"));
  } catch {
    return false;
  }
}

function readSpan(span: unknown, at: SourceLocation): TraceSpan {
  if (!isRecord(span)) invalid(OTEL_FORMAT, at, "a span object", span);
  const attributes = new Map<string, unknown>();
  const raw = span.attributes;
  if (Array.isArray(raw)) {
    for (const attribute of raw) {
      if (isRecord(attribute) && typeof attribute.key === "string") attributes.set(attribute.key, otlpValue(attribute.value));
    }
  } else if (isRecord(raw)) {
    for (const [key, value] of Object.entries(raw)) attributes.set(key, value);
  } else if (raw !== undefined) {
    invalid(OTEL_FORMAT, { ...at, path: `${at.path}.attributes` }, "span attributes: an OTLP key/value array or an object", raw);
  }
  const startValue = span.startTimeUnixNano ?? span.start_time_unix_nano ?? span.startTime;
  const start = typeof startValue === "string" && /^\d+$/.test(startValue) ? BigInt(startValue) : typeof startValue === "number" && Number.isFinite(startValue) ? BigInt(Math.trunc(startValue)) : 0n;
  const traceId = typeof span.traceId === "string" ? span.traceId : typeof span.trace_id === "string" ? span.trace_id : "";
  return { at, traceId, start, attributes };
}

/** An OTLP AnyValue as a plain value. */
function otlpValue(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("boolValue" in value) return value.boolValue;
  if (isRecord(value.arrayValue)) return Array.isArray(value.arrayValue.values) ? value.arrayValue.values.map(otlpValue) : [];
  return value;
}
