"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useState } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/queries/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { ContextChart } from "./context-chart";
import { JumpToMessage } from "./jump-to-message";
import { SessionHeader } from "./session-header";
import { Timeline, type TimelineTarget } from "./timeline";

/** One imported session: its figures, the context chart, and the virtualized timeline. */
export function SessionView({ id }: { id: string }) {
  const detail = useQuery(sessionQueries.detail(id));
  const [target, setTarget] = useState<TimelineTarget | null>(null);
  const jumpTo = useCallback((index: number) => setTarget((previous) => ({ index, nonce: (previous?.nonce ?? 0) + 1 })), []);

  if (detail.isPending) return <p className="text-slate-500">Loading session…</p>;
  if (detail.error) {
    return (
      <div className="space-y-3">
        <ApiErrorView title="Could not load this session" error={toApiErrorBody(detail.error)} testId="session-error" />
        <Link href="/" className="text-blue-700 underline">
          ← All sessions
        </Link>
      </div>
    );
  }
  const session = detail.data;
  return (
    <div className="space-y-3">
      <SessionHeader session={session} />
      <ContextChart
        points={session.contextCurve}
        contextWindow={typeof session.meta.contextWindow === "number" ? session.meta.contextWindow : null}
        onPointClick={jumpTo}
      />
      <section className="space-y-2" aria-label="Timeline">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-sm font-semibold">Timeline</h2>
          <JumpToMessage messageCount={session.messageCount} onJump={jumpTo} />
        </div>
        <Timeline sessionId={id} target={target} />
      </section>
    </div>
  );
}
