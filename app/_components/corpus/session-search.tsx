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
 * outputs (GET /api/search). The query lives in the URL (`?q=`); each hit names its session and message, shows the
 * words around the match with the match marked (as text: transcript content is never HTML here), and opens the
 * session at that message.
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
              : `${plural(result.total, "message")} in ${plural(result.sessions, "session")} match “${result.query}”${result.total > result.hits.length ? ` — ${result.offset + 1}–${result.offset + result.hits.length} shown` : ""}`}
          </p>
          <ol className="divide-y divide-slate-100">
            {result.hits.map((hit) => (
              <SearchHitRow key={`${hit.sessionId}:${hit.seq}`} hit={hit} />
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

function SearchHitRow({ hit }: { hit: SearchHit }) {
  return (
    <li data-testid="search-hit" data-session-id={hit.sessionId} data-seq={hit.seq} className="px-3 py-2 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Link href={`/sessions/${encodeURIComponent(hit.sessionId)}?message=${hit.seq}`} data-testid="search-hit-link" className="font-medium text-blue-700 hover:underline">
          {hit.sessionTitle}
        </Link>
        <span className="text-xs text-slate-500">
          {formatLabel(hit.format)} · message #{hit.seq}
          {hit.role ? ` · ${hit.role}` : ""}
        </span>
      </div>
      <p data-testid="search-snippet" className="mt-0.5 font-mono text-xs break-words whitespace-pre-wrap text-slate-700">
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
  );
}
