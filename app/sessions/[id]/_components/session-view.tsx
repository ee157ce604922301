"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { ContextChart } from "./context-chart";
import { createStepLookup } from "./create-step-lookup";
import { Playground } from "./playground";
import { SecretsBanner } from "./secrets-banner";
import { FidelityPanel } from "./fidelity-panel";
import { SessionHeader } from "./session-header";
import type { TimelineTarget } from "./timeline";

/**
 * One imported session: its figures, and the playground (strategy panel, run chart and history, the
 * timeline with the selected run drawn over it). The timeline does not wait for the session detail (its
 * context curve is the large part of a long session's detail): it shows its rows as soon as its first page
 * arrives (the server puts that page in the HTML), and the header and chart keep their space while the detail loads
 * so the timeline does not jump; the chart is mounted empty meanwhile (see ContextChart).
 *
 * `?message=N` (a search hit's link) opens the timeline at message N, highlighted, as "Go to message #" would.
 */
export function SessionView({ id }: { id: string }) {
  // the timeline, mounted from the first render on, asks for its first page alongside this (not through here: a
  // subscription here re-rendered the whole playground when that page arrived, on the way to the first rows)
  const detail = useQuery(sessionQueries.detail(id));
  const [target, setTarget] = useState<TimelineTarget | null>(null);
  const jumpTo = useCallback((index: number) => setTarget((previous) => ({ index, nonce: (previous?.nonce ?? 0) + 1 })), []);
  const requested = messageParam(useSearchParams().get("message"));
  useEffect(() => {
    if (requested !== null) jumpTo(requested);
  }, [requested, jumpTo]);
  const session = detail.data;
  const stepOf = useMemo(() => createStepLookup(session?.contextCurve ?? []), [session]);

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
  return (
    <Playground
      sessionId={id}
      session={session ?? null}
      target={target}
      onJump={jumpTo}
      header={
        session ? (
          <>
            <SessionHeader session={session} />
            <FidelityPanel
              sessionId={id}
              recordedCompactions={session.recordedCompactionCount}
              onJump={(step) => {
                const point = session.contextCurve.find((entry) => entry.step === step);
                if (point) jumpTo(point.messageIndex);
              }}
            />
            <SecretsBanner sessionId={id} secrets={session.secrets} onJump={jumpTo} />
          </>
        ) : (
          <div aria-busy="true" data-testid="session-header-loading" className="h-[6.75rem] animate-pulse rounded bg-slate-200/60" />
        )
      }
      sessionChart={
        <ContextChart
          points={session?.contextCurve ?? null}
          contextWindow={typeof session?.meta.contextWindow === "number" ? session.meta.contextWindow : null}
          onPointClick={jumpTo}
        />
      }
      stepOf={stepOf}
    />
  );
}

/** The `message` query parameter as a message index, or null when absent or not a whole number. */
function messageParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}
