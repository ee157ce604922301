import { z } from "zod";
import { RunSummarySchema, type RunSummary } from "../api/contracts/run-schemas";
import type { PartMarkKind } from "../engine/model";
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

/** A part the preview would prune, clear or trim (CompactionPreviewView.pruned). */
export interface PreviewPart {
  messageId: string;
  seq: number | null;
  partIndex: number;
  kind: PartMarkKind | null;
  tokensFreed: number | null;
}

/** POST /api/sessions/:id/preview (CompactionPreviewView), normalised for the strategy panel. */
export interface PreviewView {
  atStep: number | null;
  totalSteps: number | null;
  tokensBefore: number;
  tokensAfter: number;
  firstKept: { messageId: string | null; seq: number | null } | null;
  summaryPreview: string | null;
  events: ReplayEvent[];
  pruned: PreviewPart[];
  plan: { reason: string; budget: number } | null;
  messagesAfter: number | null;
  mode: "forced" | "as-configured";
  /** whether a summary or a trim happens at the previewed step */
  compacted: boolean;
  autoTrigger: number | null;
}

const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);
const recordOf = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : null);

export const PreviewViewSchema = z
  .looseObject({ tokensBefore: z.number(), tokensAfter: z.number() })
  .transform((raw): PreviewView => {
    const record = raw as Record<string, unknown>;
    const firstKept = recordOf(record.firstKept);
    const plan = recordOf(record.plan);
    const pruned = [record.pruned, record.parts].find(Array.isArray) as unknown[] | undefined;
    return {
      atStep: numberOrNull(record.atStep),
      totalSteps: numberOrNull(record.totalSteps),
      tokensBefore: raw.tokensBefore,
      tokensAfter: raw.tokensAfter,
      firstKept: firstKept
        ? { messageId: stringOrNull(firstKept.messageId), seq: numberOrNull(firstKept.seq) }
        : typeof record.firstKeptMessageId === "string"
          ? { messageId: record.firstKeptMessageId, seq: null }
          : null,
      summaryPreview: stringOrNull(record.summaryPreview),
      events: Array.isArray(record.events) ? (record.events as ReplayEvent[]) : [],
      pruned: (pruned ?? []).map((entry) => {
        const part = recordOf(entry) ?? {};
        return {
          messageId: stringOrNull(part.messageId) ?? "",
          seq: numberOrNull(part.seq),
          partIndex: numberOrNull(part.partIndex) ?? 0,
          kind: (stringOrNull(part.kind) as PartMarkKind | null) ?? null,
          tokensFreed: numberOrNull(part.tokensFreed),
        };
      }),
      plan: plan ? { reason: stringOrNull(plan.reason) ?? "", budget: numberOrNull(plan.budget) ?? 0 } : null,
      messagesAfter: numberOrNull(record.messagesAfter),
      mode: record.mode === "as-configured" ? "as-configured" : "forced",
      compacted:
        typeof record.compacted === "boolean"
          ? record.compacted
          : Array.isArray(record.events) && (record.events as ReplayEvent[]).some((event) => event.type === "compaction-end" || event.type === "trim"),
      autoTrigger: numberOrNull(record.autoTrigger),
    };
  });

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
