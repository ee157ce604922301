"use client";

import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "./api-error-view";
import { EmptyState } from "./empty-state";
import { CorpusSessions } from "./corpus/corpus-sessions";
import { SessionSearch } from "./corpus/session-search";
import { HomeIntro } from "./home-intro";
import { UploadPanel } from "./upload-panel";

/**
 * The home page: what the lab is and where to start, then import, then the imported sessions — searchable, and
 * filtered and summed by the corpus view (both in app/_components/corpus, their state in the URL; Suspense because
 * they read the URL's parameters on a page rendered ahead of time).
 */
export function SessionsView() {
  const list = useQuery(sessionQueries.list());
  return (
    <div className="space-y-4">
      <HomeIntro sessions={list.data?.sessions} />
      <div className="flex items-baseline justify-between">
        <h2 className="text-lg font-semibold">Sessions</h2>
        {list.data && list.data.sessions.length > 0 && (
          <span className="text-xs text-slate-500">{list.data.sessions.length} imported</span>
        )}
      </div>
      <UploadPanel />
      {list.isPending && <p className="text-slate-500">Loading sessions…</p>}
      {list.error && (
        <ApiErrorView
          title="Could not load the sessions"
          error={toApiErrorBody(list.error)}
        />
      )}
      {list.data &&
        (list.data.sessions.length === 0 ? (
          <EmptyState />
        ) : (
          <Suspense>
            <SessionSearch />
            <CorpusSessions />
          </Suspense>
        ))}
    </div>
  );
}
