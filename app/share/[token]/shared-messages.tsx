"use client";

import type { MessagePage } from "@/lib/api/contracts/schemas";
import type { Message } from "@/lib/engine/model";
import { formatCount } from "@/app/_components/format-number";
import { MessageRow } from "@/app/sessions/[id]/_components/message-row";

/**
 * A shared session's messages, one page at a time (read on the server with the link's scope; `?cursor=` pages on).
 * The rows are the timeline's own, so transcript text renders as inert as it does there.
 */
export function SharedMessages({ page, messageCount, pageSize }: { page: MessagePage; messageCount: number; pageSize: number }) {
  const first = page.messages[0]?.seq ?? null;
  const last = page.messages.at(-1)?.seq ?? null;
  return (
    <section className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        <h2 className="text-sm font-semibold text-slate-800">Messages</h2>
        <span data-testid="share-message-range">
          {first === null || last === null ? "no messages here" : `${formatCount(first + 1)}–${formatCount(last + 1)} of ${formatCount(messageCount)}`}
        </span>
        <span className="ml-auto flex gap-3">
          {first !== null && first > 0 && (
            <a href={`?cursor=${Math.max(0, first - pageSize)}`} data-testid="share-previous-page" className="text-violet-700 hover:underline">
              ← earlier
            </a>
          )}
          {page.nextCursor !== null && (
            <a href={`?cursor=${page.nextCursor}`} data-testid="share-next-page" className="text-violet-700 hover:underline">
              later →
            </a>
          )}
        </span>
      </div>
      <div className="divide-y divide-slate-100 rounded border border-slate-200 bg-white">
        {page.messages.map((row) => (
          <MessageRow key={row.seq} seq={row.seq} tokens={row.tokens} message={row.message as unknown as Message} />
        ))}
      </div>
    </section>
  );
}
