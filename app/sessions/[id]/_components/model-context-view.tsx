"use client";

import { useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { ContextMessage } from "@/lib/engine/simulate/context-at";
import { estimateMessageTokens } from "@/lib/engine/tokens/chars4";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { formatCount } from "@/app/_components/format-number";
import { estimateRowHeight } from "./estimate-row-height";
import { InertMarkdown } from "./inert-markdown";
import { MessageRow } from "./message-row";
import { ToggleMemoryProvider } from "./remembered-toggle";

/**
 * Exactly the context the model was sent at one step of the run (GET /api/runs/:id/context?step=): kept
 * messages with their marks applied, and the synthetic summary / acknowledgement / continue messages.
 */
export function ModelContextView({ runId, step, onJump }: { runId: string; step: number | "final"; onJump: (index: number) => void }) {
  const query = useQuery(runQueries.context(runId, step));
  const scrollRef = useRef<HTMLDivElement>(null);
  const messages = query.data?.messages ?? [];
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (messages[index]?.purpose ? 160 : estimateRowHeight(messages[index]?.message)),
    overscan: 6,
  });
  if (query.error) return <ApiErrorView title="Could not load the context" error={toApiErrorBody(query.error)} />;
  const synthetic = messages.filter((entry) => entry.sessionIndex === null).length;
  return (
    <section className="space-y-1.5" aria-label="What the model sees">
      <div className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600" data-testid="model-context-status">
        {query.data ? (
          <>
            <span className="font-semibold text-slate-800">
              Sent {step === "final" ? "to the next call after the last message" : `to model call ${step}`}
            </span>
            <span className="tabular-nums">
              {formatCount(messages.length)} messages ({formatCount(synthetic)} synthetic) · {formatCount(query.data.contextTokens)} tokens
            </span>
            {query.isPlaceholderData && <span className="text-slate-500">loading…</span>}
          </>
        ) : (
          "loading the context…"
        )}
      </div>
      <ToggleMemoryProvider>
        <div ref={scrollRef} data-testid="model-context" data-count={messages.length} className="h-[72vh] min-h-96 overflow-auto rounded border border-violet-200 bg-violet-50/30 [overflow-anchor:none]">
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const entry = messages[item.index];
              return (
                <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="absolute top-0 left-0 w-full border-b border-slate-200" style={{ transform: `translateY(${item.start}px)` }}>
                  {entry && <ContextRow entry={entry} position={item.index} onJump={onJump} />}
                </div>
              );
            })}
          </div>
        </div>
      </ToggleMemoryProvider>
    </section>
  );
}

function ContextRow({ entry, position, onJump }: { entry: ContextMessage; position: number; onJump: (index: number) => void }) {
  if (entry.sessionIndex === null) {
    const text = entry.message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n\n");
    return (
      <div data-testid="context-synthetic" data-purpose={entry.purpose ?? ""} className="m-2 rounded-lg border border-fuchsia-300 bg-gradient-to-br from-fuchsia-50 to-white px-3 py-2 shadow-sm">
        <div className="mb-1 flex items-center gap-2 text-xs text-fuchsia-900">
          <span className="rounded-full bg-fuchsia-600 px-2 py-0.5 font-semibold text-white">{entry.purpose ?? "synthetic"}</span>
          <span>{entry.message.role} · context position {position}</span>
          <span className="ml-auto tabular-nums">{formatCount(estimateMessageTokens(entry.message))} tok</span>
        </div>
        {entry.purpose === "summary" ? <InertMarkdown text={text} /> : <div className="text-[13px] whitespace-pre-wrap">{text}</div>}
      </div>
    );
  }
  return (
    <div className="relative">
      <button type="button" onClick={() => onJump(entry.sessionIndex!)} className="absolute top-2 right-3 z-10 text-[11px] text-violet-700 hover:underline" title="show in the timeline">
        ↗ timeline
      </button>
      <MessageRow seq={entry.sessionIndex} tokens={estimateMessageTokens(entry.message)} message={entry.message} />
    </div>
  );
}
