import { z } from "zod";
import { RunSummarySchema, type RunSummary } from "../api/run-schemas";
import type { PartMark } from "../engine/model";
import type { ContextSnapshot } from "../engine/simulate/context-at";
import type { ReplayEvent } from "../engine/simulate/replay-events";
import type { ReplayResult } from "../engine/simulate/replay-result";

/**
 * Client readers of the playground's engine-shaped answers. Engine data (ReplayResult, events, context
 * snapshots) is built by our own server and typed by import, not parsed field by field (run-schemas.ts);
 * these readers only check the envelope so a contract slip shows as a clear error, not a blank chart.
 */

/** GET /api/runs/:id → the run's summary and the engine's result (null while running or when it failed). */
export interface RunDetail extends RunSummary {
  result: ReplayResult | null;
}

export const RunDetailSchema = z
  .unknown()
  .transform((raw, context): RunDetail => {
    // accept `{ ...summary, result }` and `{ run: summary, result }`
    const record = (raw ?? {}) as Record<string, unknown>;
    const summarySource = record.run && typeof record.run === "object" ? record.run : record;
    const summary = RunSummarySchema.safeParse(summarySource);
    if (!summary.success) {
      context.addIssue({ code: "custom", message: `run summary: ${z.prettifyError(summary.error)}` });
      return z.NEVER;
    }
    const result = (record.result ?? (summarySource as Record<string, unknown>).result ?? null) as ReplayResult | null;
    if (result !== null && (!Array.isArray(result.steps) || !Array.isArray(result.events))) {
      context.addIssue({ code: "custom", message: "run result: steps and events must be arrays" });
      return z.NEVER;
    }
    return { ...summary.data, result };
  });

export const RunListSchema = z.object({ runs: z.array(RunSummarySchema) });

/** A part the preview would prune, clear or trim. */
export interface PreviewPart {
  messageId: string;
  partIndex: number;
  messageIndex: number | null;
  mark: PartMark | null;
  tokens: number | null;
  toolName: string | null;
}

/** POST /api/sessions/:id/preview, normalised: the figures the strategy panel shows. */
export interface PreviewView {
  tokensBefore: number;
  tokensAfter: number;
  firstKeptMessageId: string | null;
  firstKeptMessageIndex: number | null;
  summaryPreview: string | null;
  events: ReplayEvent[];
  parts: PreviewPart[];
}

const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

export const PreviewViewSchema = z
  .object({ tokensBefore: z.number(), tokensAfter: z.number() })
  .loose()
  .transform((raw): PreviewView => {
    const record = raw as Record<string, unknown>;
    const partsSource = [record.parts, record.partsToPrune, record.prunedParts, record.marks].find(Array.isArray) as unknown[] | undefined;
    return {
      tokensBefore: raw.tokensBefore,
      tokensAfter: raw.tokensAfter,
      firstKeptMessageId: stringOrNull(record.firstKeptMessageId),
      firstKeptMessageIndex: numberOrNull(record.firstKeptMessageIndex ?? record.firstKeptIndex),
      summaryPreview: stringOrNull(record.summaryPreview),
      events: Array.isArray(record.events) ? (record.events as ReplayEvent[]) : [],
      parts: (partsSource ?? []).map(readPreviewPart),
    };
  });

function readPreviewPart(raw: unknown): PreviewPart {
  const record = (raw ?? {}) as Record<string, unknown>;
  const mark = (record.mark && typeof record.mark === "object" ? record.mark : null) as PartMark | null;
  return {
    messageId: stringOrNull(record.messageId) ?? "",
    partIndex: numberOrNull(record.partIndex) ?? 0,
    messageIndex: numberOrNull(record.messageIndex ?? record.sessionIndex ?? record.index),
    mark,
    tokens: numberOrNull(record.tokens ?? record.tokensFreed),
    toolName: stringOrNull(record.toolName ?? record.name),
  };
}

/** GET /api/runs/:id/context?step= → the context as sent (accepts the snapshot itself or `{ context }`). */
export const ContextSnapshotSchema = z
  .looseObject({})
  .transform((raw, context): ContextSnapshot => {
    const record = raw as Record<string, unknown>;
    const snapshot = (record.context && typeof record.context === "object" ? record.context : record) as ContextSnapshot;
    if (!Array.isArray(snapshot.messages)) {
      context.addIssue({ code: "custom", message: "context: messages must be an array" });
      return z.NEVER;
    }
    return snapshot;
  });
