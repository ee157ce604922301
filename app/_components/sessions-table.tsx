"use client";

import Link from "next/link";
import type { SessionSummary } from "@/lib/api/contracts/schemas";
import { DeleteSessionButton } from "./delete-session-button";
import { formatLabel } from "./format-labels";
import { formatCount, formatDateTime } from "./format-number";

const HEAD = "px-3 py-1.5 text-left text-xs font-medium whitespace-nowrap uppercase tracking-wide text-slate-500";
const NUMERIC = "px-3 py-1.5 text-right tabular-nums whitespace-nowrap";
/** the actions column stays at the right edge when the table scrolls sideways */
const PINNED = "sticky right-0 shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]";

/**
 * Every imported session, newest first as the API lists them. The title column takes what the others leave
 * (truncated, never wider), so at desktop widths the table fits; on a phone it scrolls inside its own labelled
 * region, with the actions column pinned to the right edge so Delete and its confirmation stay on screen.
 */
export function SessionsTable({ sessions }: { sessions: SessionSummary[] }) {
  return (
    <div
      role="region"
      aria-label="Imported sessions"
      tabIndex={0}
      data-testid="sessions-table-region"
      className="overflow-x-auto rounded border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <table data-testid="sessions-table" className="w-full border-collapse">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th className={HEAD}>Title</th>
            <th className={HEAD}>Format</th>
            <th className={`${HEAD} text-right`}>Messages</th>
            <th className={`${HEAD} text-right`}>Tool calls</th>
            <th className={`${HEAD} text-right`} title="chars/4 estimate of the whole transcript">
              Est. tokens
            </th>
            <th className={`${HEAD} text-right`} title="largest context a model call recorded">
              Recorded peak
            </th>
            <th className={`${HEAD} text-right`}>Compactions</th>
            <th className={HEAD}>Imported</th>
            <th className={`${HEAD} ${PINNED} bg-slate-50`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id} data-testid="session-row" className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
              <td className="overflow-hidden px-3 py-1.5 sm:w-full sm:max-w-0">
                {/* a phone's table scrolls: the title keeps a readable width there instead of being squeezed */}
                <div className="w-44 sm:w-auto">
                <Link
                  href={`/sessions/${session.id}`}
                  data-testid="session-link"
                  className="block truncate font-medium text-blue-700 hover:underline"
                  title={session.title}
                >
                  {session.title}
                </Link>
                {session.secrets.count > 0 && (
                  <span
                    data-testid="session-secrets-badge"
                    title={`unredacted credentials: ${session.secrets.kinds.join(", ")} — open the session to redact them`}
                    className="mr-1 inline-block rounded bg-red-100 px-1.5 py-px text-xs font-semibold text-red-800"
                  >
                    ⚠ {session.secrets.count} credential{session.secrets.count === 1 ? "" : "s"}: {session.secrets.kinds.join(", ")}
                  </span>
                )}
                {session.secrets.count === 0 && session.secrets.redactedAt && (
                  <span data-testid="session-redacted-badge" className="mr-1 inline-block rounded bg-emerald-100 px-1.5 py-px text-xs text-emerald-800">
                    redacted
                  </span>
                )}
                {session.sourceName && (
                  <div className="truncate text-xs text-slate-500" title={session.sourceName}>
                    {session.sourceName}
                    {session.pick > 0 ? ` · #${session.pick + 1}` : ""}
                  </div>
                )}
                </div>
              </td>
              <td className="px-3 py-1.5 whitespace-nowrap text-slate-700">{formatLabel(session.format)}</td>
              <td className={NUMERIC}>{formatCount(session.messageCount)}</td>
              <td className={NUMERIC}>{formatCount(session.toolCallCount)}</td>
              <td className={NUMERIC}>{formatCount(session.estimatedTokens)}</td>
              <td className={NUMERIC}>
                {session.recordedPeakContextTokens === null ? (
                  <span className="text-slate-500" title="the transcript records no token usage">
                    —
                  </span>
                ) : (
                  formatCount(session.recordedPeakContextTokens)
                )}
              </td>
              <td className={NUMERIC}>{session.recordedCompactionCount || <span className="text-slate-500">0</span>}</td>
              <td className="px-3 py-1.5 whitespace-nowrap text-slate-600 tabular-nums">{formatDateTime(session.createdAt)}</td>
              <td className={`${PINNED} bg-white px-3 py-1.5 text-right whitespace-nowrap`}>
                <DeleteSessionButton id={session.id} title={session.title} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
