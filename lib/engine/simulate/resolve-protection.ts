import type { ContextView, PositionRange, ProtectionRequest } from "../strategies/strategy";
import type { ProtectedRegion, SplitTurn } from "./replay-events";

/**
 * Names a strategy's protection requests by session message (ids and indexes), against the context they were
 * made on — so it must run before a compaction's layout moves the positions. A tail starting at a synthetic
 * message starts at the next session message; a tail with none, or a parts list with only synthetic messages,
 * is dropped (there is nothing in the transcript to draw it on). Out-of-range positions are ignored rather
 * than thrown: protection is reporting only and must never stop a replay.
 */
export function resolveProtection(context: ContextView, requests: readonly ProtectionRequest[] | undefined): ProtectedRegion[] {
  const regions: ProtectedRegion[] = [];
  for (const request of requests ?? []) {
    if (request.kind === "tail") {
      const from = firstSessionEntry(context, request.from, context.length);
      if (from) regions.push({ kind: "tail", label: request.label, fromMessageId: from.messageId, fromIndex: from.index });
      continue;
    }
    const parts: Extract<ProtectedRegion, { kind: "parts" }>["parts"] = [];
    for (const { position, partIndex } of request.parts) {
      if (position < 0 || position >= context.length) continue;
      const entry = context.entry(position);
      if (entry.sessionIndex !== null) parts.push({ messageId: entry.message.id, index: entry.sessionIndex, partIndex });
    }
    if (parts.length > 0) regions.push({ kind: "parts", label: request.label, parts });
  }
  return regions;
}

/** A split turn's prefix by session message; null when the range holds no session message. */
export function resolveSplitTurn(context: ContextView, range: PositionRange | undefined): SplitTurn | null {
  if (!range) return null;
  const from = firstSessionEntry(context, range.from, Math.min(range.to, context.length));
  if (!from) return null;
  let messages = 0;
  for (let position = Math.max(0, range.from); position < Math.min(range.to, context.length); position++) {
    if (context.entry(position).sessionIndex !== null) messages++;
  }
  return { fromMessageId: from.messageId, fromIndex: from.index, messages };
}

function firstSessionEntry(context: ContextView, from: number, to: number): { messageId: string; index: number } | null {
  for (let position = Math.max(0, from); position < to; position++) {
    const entry = context.entry(position);
    if (entry.sessionIndex !== null) return { messageId: entry.message.id, index: entry.sessionIndex };
  }
  return null;
}
