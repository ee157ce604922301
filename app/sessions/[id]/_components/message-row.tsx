"use client";

import { memo } from "react";
import type { Message, Role } from "@/lib/engine/model";
import { contextTokensOf } from "@/lib/engine/model";
import { formatCount, formatDateTime } from "@/app/_components/format-number";
import { useHydrated } from "@/app/_components/use-hydrated";
import type { RowOverlay } from "./build-run-overlay";
import { PartView } from "./part-view";

export const ROLE_STYLES: Record<Role, { rule: string; badge: string }> = {
  system: { rule: "border-l-role-system", badge: "bg-slate-100 text-slate-600" },
  user: { rule: "border-l-role-user", badge: "bg-blue-50 text-role-user" },
  assistant: { rule: "border-l-role-assistant", badge: "bg-emerald-50 text-role-assistant" },
  tool: { rule: "border-l-role-tool", badge: "bg-amber-50 text-role-tool" },
};

/**
 * One message: a header line (number, role, size, model, time) and its parts. Memoized: the timeline
 * re-renders on every scroll frame, a row only when its message changes.
 */
export const MessageRow = memo(function MessageRow({
  seq,
  tokens,
  message,
  overlay,
  actions,
  secretKinds,
}: {
  seq: number;
  tokens: number;
  message: Message;
  /** the selected run's view of this message: dropped from the context, marks on its parts */
  overlay?: RowOverlay;
  /** extra header controls (e.g. "compact here") */
  actions?: React.ReactNode;
  /** kinds of unredacted credential found in this message (lib/secrets), joined; absent when none */
  secretKinds?: string;
}) {
  const role = ROLE_STYLES[message.role] ? message.role : "system";
  const style = ROLE_STYLES[role];
  const parts = Array.isArray(message.parts) ? message.parts : [];
  const onlyCompaction = parts.length > 0 && parts.every((part) => part.type === "compaction");

  if (onlyCompaction) {
    return (
      <div data-testid="message" data-role={message.role} data-seq={seq} className="px-3 py-1">
        <div className="flex items-center gap-2">
          <span className="w-14 shrink-0 text-right font-mono text-[11px] text-slate-500">#{seq}</span>
          <div className="flex-1">
            {parts.map((part, index) => (
              <PartView key={index} part={part} memoryKey={`${seq}:${index}`} />
            ))}
          </div>
        </div>
      </div>
    );
  }

  const body = (
    <div className="min-w-0 flex-1 space-y-1.5">
      {parts.length === 0 && <span className="text-xs text-slate-500 italic">(no content)</span>}
      {parts.map((part, index) => {
        const protectedBy = overlay?.protectedParts.get(index);
        const view = <PartView key={index} part={part} memoryKey={`${seq}:${index}`} mark={overlay?.marks.get(index)} />;
        if (!protectedBy) return view;
        return (
          <div key={index} data-testid="protected-part" data-label={protectedBy} className="rounded ring-2 ring-teal-300">
            <div className="bg-teal-50 px-1.5 py-px text-[11px] font-semibold text-teal-800">{protectedBy}</div>
            {view}
          </div>
        );
      })}
    </div>
  );
  const splitTurnOf = overlay?.splitTurnOf ?? [];
  const dropped = overlay?.dropped ?? false;

  return (
    <div
      data-testid="message"
      data-role={message.role}
      data-seq={seq}
      data-dropped={dropped ? "true" : undefined}
      data-secrets={secretKinds ? "true" : undefined}
      title={dropped ? "The model no longer sees this message at the viewed step (it was compacted away)" : undefined}
      className={`border-l-4 ${style.rule} px-3 py-2 ${dropped ? "border-dashed bg-slate-50" : "bg-white"}`}
    >
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
        <span className="font-mono text-slate-500">#{seq}</span>
        <span className={`rounded px-1.5 py-px font-semibold ${style.badge}`}>{message.role}</span>
        {message.summary && <span className="rounded bg-fuchsia-100 px-1.5 py-px font-semibold text-fuchsia-800">summary</span>}
        {message.synthetic && <span className="rounded bg-slate-100 px-1.5 py-px">injected</span>}
        <span className="tabular-nums">{formatCount(tokens)} tok</span>
        {message.usage && (
          <span className="tabular-nums" title="context the source recorded for this call (input + cache read + cache write); output">
            recorded ctx {formatCount(contextTokensOf(message.usage))} · out {formatCount(message.usage.output)}
          </span>
        )}
        {message.model && <span className="font-mono">{message.model}</span>}
        {dropped && <span className="rounded bg-slate-300 px-1.5 py-px font-semibold text-slate-700">not sent</span>}
        {secretKinds && (
          <span data-testid="message-secret-badge" title="this message holds a credential: redact the session before sharing it" className="rounded bg-red-100 px-1.5 py-px font-semibold text-red-800">
            ⚠ credential: {secretKinds}
          </span>
        )}
        {overlay && overlay.protectedBy.length > 0 && (
          <span data-testid="protected-badge" title={overlay.protectedBy.join("; ")} className="rounded bg-teal-100 px-1.5 py-px font-semibold text-teal-800">
            protected
          </span>
        )}
        {splitTurnOf.length > 0 && (
          <span
            data-testid="split-turn-badge"
            title="pi / openclaw cut inside this turn: its beginning was summarized on its own (Turn Context), the rest of the turn kept"
            className="rounded bg-orange-100 px-1.5 py-px font-semibold text-orange-800"
          >
            split turn: prefix summarized (call {splitTurnOf.map((pivot) => pivot.step).join(", ")})
          </span>
        )}
        {message.timestamp && <MessageTime timestamp={message.timestamp} />}
        {actions}
      </div>
      {message.summary ? (
        <div data-testid="summary-card" className="rounded border border-fuchsia-200 bg-fuchsia-50/60 px-3 py-2">
          <div className="mb-1 text-xs font-semibold uppercase tracking-wide text-fuchsia-800">Compaction summary</div>
          {body}
        </div>
      ) : (
        body
      )}
    </div>
  );
});

/**
 * The source's timestamp, shown as local date and time when it is one (sources sometimes hold other text). Only in
 * the browser: the server renders the first rows in its own time zone, which would not match the viewer's.
 */
function MessageTime({ timestamp }: { timestamp: string }) {
  const hydrated = useHydrated();
  const date = new Date(timestamp);
  if (!hydrated || Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={timestamp} title={timestamp} className="ml-auto tabular-nums">
      {formatDateTime(timestamp)}:{String(date.getSeconds()).padStart(2, "0")}
    </time>
  );
}
