"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useState } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/queries/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { ContextChart, CONTEXT_CHART_HEIGHT } from "./context-chart";
import { SessionHeader } from "./session-header";
import { Timeline, type TimelineTarget } from "./timeline";

/**
 * One imported session: its figures, the context chart, and the virtualized timeline. The timeline's first page
 * loads in parallel with the session detail (whose context curve takes longer on a long session), and the
 * header and chart keep their space while loading so the timeline does not jump.
 */
export function SessionView({ id }: { id: string }) {
  const detail = useQuery(sessionQueries.detail(id));
  const [target, setTarget] = useState<TimelineTarget | null>(null);
  const jumpTo = useCallback((index: number) => setTarget((previous) => ({ index, nonce: (previous?.nonce ?? 0) + 1 })), []);

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
      {session ? (
        <>
          <SessionHeader session={session} />
          <ContextChart
            points={session.contextCurve}
            contextWindow={typeof session.meta.contextWindow === "number" ? session.meta.contextWindow : null}
            onPointClick={jumpTo}
          />
        </>
      ) : (
        <div aria-busy="true" className="space-y-3">
          <div className="h-[6.75rem] animate-pulse rounded bg-slate-200/60" />
          <div className="animate-pulse rounded border border-slate-200 bg-white" style={{ height: CONTEXT_CHART_HEIGHT + 34 }} />
        </div>
      )}
      <Timeline sessionId={id} target={target} onJump={jumpTo} />
    </div>
  );
}
