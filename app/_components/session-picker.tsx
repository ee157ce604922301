"use client";

import Link from "next/link";
import type { SessionSummary } from "@/lib/api/contracts/schemas";
import { formatCount } from "@/app/_components/format-number";

/**
 * The stored sessions as a grid of checkboxes (title, message count), for pages that work over several sessions at
 * once. With none stored it points to the import. Once `max` are picked the others are disabled; `picked` may name
 * sessions no longer listed, they are simply not shown. The caller keeps the picks and wraps the grid in its own
 * heading; each checkbox carries `checkboxTestId` and its session's id (data-session-id).
 */
export function SessionPicker({
  sessions,
  picked,
  onToggle,
  max,
  disabled,
  checkboxTestId,
}: {
  /** undefined while the list loads */
  sessions: readonly Pick<SessionSummary, "id" | "title" | "messageCount">[] | undefined;
  picked: readonly string[];
  onToggle: (id: string) => void;
  max: number;
  disabled: boolean;
  checkboxTestId: string;
}) {
  return (
    <>
      {sessions?.length === 0 && (
        <p className="text-slate-600">
          No sessions yet: <Link href="/" className="text-violet-700 underline">import a transcript</Link> first.
        </p>
      )}
      <ul className="grid max-h-56 gap-x-4 overflow-y-auto md:grid-cols-2">
        {sessions?.map((session) => (
          <li key={session.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-slate-50">
              <input
                type="checkbox"
                data-testid={checkboxTestId}
                data-session-id={session.id}
                checked={picked.includes(session.id)}
                disabled={disabled || (!picked.includes(session.id) && picked.length >= max)}
                onChange={() => onToggle(session.id)}
                className="accent-violet-600"
              />
              <span className="min-w-0 flex-1 truncate">{session.title}</span>
              <span className="shrink-0 tabular-nums text-slate-500">{formatCount(session.messageCount)} messages</span>
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}
