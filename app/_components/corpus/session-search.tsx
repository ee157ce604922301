"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { SearchHit } from "@/lib/api/contracts/search-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "../api-error-view";
import { formatLabel } from "../format-labels";
import { plural } from "../format-number";
import { useUrlParams } from "./use-url-params";

const SEARCH_KEYS = ["q"] as const;

/**
 * The sessions page's search box: full text over every session's messages, tool inputs (paths, commands) and
 * outputs (GET /api/search). The query lives in the URL (`?q=`); a page's hits are grouped by session, each naming
 * its message and showing the words around the match with the match marked (as text: transcript content is never
 * HTML here), and each opens the session at that message. The results scroll in their own box, so the sessions list
 * stays near.
 */
export function SessionSearch() {
  const [{ q }, setParams] = useUrlParams(SEARCH_KEYS);
  const [draft, setDraft] = useState(q);
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    setDraft(q);
    setOffset(0);
  }, [q]);
  const search = useQuery({ ...sessionQueries.search(q, offset), enabled: q !== "", placeholderData: keepPreviousData });
  const result = search.data;

  return (
    <section aria-label="Search sessions" data-testid="session-search" className="space-y-2">
      <form
        role="search"
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setParams({ q: draft.trim() || null });
        }}
      >
        <label htmlFor="session-search-input" className="sr-only">
          Search every session&apos;s messages, paths and commands
        </label>
        <input
          id="session-search-input"
          data-testid="session-search-input"
          type="search"
          value={draft}
          maxLength={500}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search messages, file paths, commands…"
          className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm sm:max-w-md"
        />
        <button type="submit" data-testid="session-search-submit" className="rounded border border-slate-300 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100">
          Search
        </button>
        {q !== "" && (
          <button type="button" data-testid="session-search-clear" onClick={() => setParams({ q: null })} className="text-xs text-slate-600 underline">
            Clear search
          </button>
        )}
      </form>
      {q !== "" && search.isPending && <p className="text-sm text-slate-500">Searching…</p>}
      {q !== "" && search.error && <ApiErrorView title="Could not search" error={toApiErrorBody(search.error)} testId="session-search-error" />}
      {q !== "" && result && (
        <div data-testid="session-search-results" className="rounded border border-slate-200 bg-white">
          <p data-testid="session-search-summary" className="border-b border-slate-100 px-3 py-1.5 text-xs text-slate-600">
            {result.total === 0
              ? `No message matches “${result.query}”.`
              : `${plural(result.total, "message")} in ${plural(result.sessions, "session")} ${result.total === 1 ? "matches" : "match"} “${result.query}”${result.total > result.hits.length ? ` — ${result.offset + 1}–${result.offset + result.hits.length} shown` : ""}`}
          </p>
          <ol className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto">
            {groupBySession(result.hits).map((group) => (
              <SessionHits key={group[0].sessionId} hits={group} />
            ))}
          </ol>
          {(result.offset > 0 || result.nextOffset !== null) && (
            <div className="flex gap-3 border-t border-slate-100 px-3 py-1.5 text-xs">
              <button type="button" disabled={result.offset === 0} onClick={() => setOffset(Math.max(0, result.offset - result.limit))} className="underline disabled:opacity-40">
                ← Previous
              </button>
              <button type="button" disabled={result.nextOffset === null} onClick={() => result.nextOffset !== null && setOffset(result.nextOffset)} className="underline disabled:opacity-40">
                Next →
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** A page's hits by session, sessions in the order of their best hit, each session's hits in rank order. */
function groupBySession(hits: readonly SearchHit[]): SearchHit[][] {
  const bySession = new Map<string, SearchHit[]>();
  for (const hit of hits) bySession.set(hit.sessionId, [...(bySession.get(hit.sessionId) ?? []), hit]);
  return [...bySession.values()];
}

/** One session's hits on this page: its title once, then each message with its snippet. */
function SessionHits({ hits }: { hits: SearchHit[] }) {
  const first = hits[0];
  const href = (hit: SearchHit) => `/sessions/${encodeURIComponent(hit.sessionId)}?message=${hit.seq}`;
  return (
    <li data-testid="search-session" data-session-id={first.sessionId} className="px-3 py-2 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Link href={href(first)} data-testid="search-session-link" className="font-medium [overflow-wrap:anywhere] text-blue-700 hover:underline">
          {first.sessionTitle}
        </Link>
        <span className="text-xs text-slate-500">
          {formatLabel(first.format)} · {plural(hits.length, "hit")}
          {hits.length > 1 ? " on this page" : ""}
        </span>
      </div>
      <ul className="mt-1 space-y-1">
        {hits.map((hit) => (
          <li key={hit.seq} data-testid="search-hit" data-session-id={hit.sessionId} data-seq={hit.seq} className="flex flex-col gap-x-3 sm:flex-row">
            <Link href={href(hit)} data-testid="search-hit-link" className="shrink-0 text-xs whitespace-nowrap text-blue-700 hover:underline sm:w-44">
              message #{hit.seq}
              {hit.role ? ` · ${hit.role}` : ""}
            </Link>
            <p data-testid="search-snippet" className="min-w-0 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-700">
              {hit.snippet.map((segment, index) =>
                segment.hit ? (
                  <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
                    {segment.text}
                  </mark>
                ) : (
                  <span key={index}>{segment.text}</span>
                ),
              )}
            </p>
          </li>
        ))}
      </ul>
    </li>
  );
}
