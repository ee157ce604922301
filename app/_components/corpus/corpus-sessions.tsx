"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CORPUS_FILTER_KEYS, type CorpusSummary } from "@/lib/api/contracts/corpus-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "../api-error-view";
import { formatCompact, formatCount, formatUsd, plural } from "../format-number";
import { SessionsTable } from "../sessions-table";
import { CorpusFilterBar } from "./corpus-filter-bar";
import { useUrlParams } from "./use-url-params";

/**
 * The corpus view: the sessions list narrowed by the filters in the URL (filtered on the server, GET /api/sessions),
 * and what the sessions shown add up to — how many of all, their messages, estimated tokens, recorded compactions
 * and the dollars their recorded usage cost.
 */
export function CorpusSessions() {
  const [values, setValues] = useUrlParams(CORPUS_FILTER_KEYS);
  const filter = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
  const list = useQuery({ ...sessionQueries.corpus(filter), placeholderData: keepPreviousData });
  const filtered = Object.keys(filter).length > 0;
  return (
    <div className="space-y-2">
      <CorpusFilterBar values={values} facets={list.data?.corpus.facets} onChange={setValues} />
      {list.error && <ApiErrorView title="Could not filter the sessions" error={toApiErrorBody(list.error)} testId="corpus-error" />}
      {list.data && !list.error && (
        <>
          <CorpusTotals corpus={list.data.corpus} />
          {list.data.sessions.length > 0 ? (
            <SessionsTable sessions={list.data.sessions} />
          ) : (
            <p data-testid="corpus-no-match" className="rounded border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
              {filtered ? "No session matches these filters." : "No sessions yet."}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function CorpusTotals({ corpus }: { corpus: CorpusSummary }) {
  const { totals } = corpus;
  return (
    <p data-testid="corpus-totals" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-live="polite">
      <span>
        <strong data-testid="corpus-total-sessions" className="tabular-nums">
          {formatCount(totals.sessions)}
        </strong>
        {totals.sessions === corpus.allSessions ? ` ${totals.sessions === 1 ? "session" : "sessions"}` : ` of ${formatCount(corpus.allSessions)} sessions`}
      </span>
      <span title={`${formatCount(totals.messages)} messages`}>{plural(totals.messages, "message")}</span>
      <span title={`${formatCount(totals.estimatedTokens)} estimated tokens (chars/4 of every transcript, as if sent at once)`}>
        <strong data-testid="corpus-total-tokens" className="tabular-nums">
          {formatCompact(totals.estimatedTokens)}
        </strong>{" "}
        est. tokens
      </span>
      <span>{plural(totals.recordedCompactions, "recorded compaction")}</span>
      <span title="what the sessions' recorded usage cost at their models' prices on the day of each call">
        <strong data-testid="corpus-total-usd" className="tabular-nums">
          {formatUsd(totals.recordedUsd)}
        </strong>{" "}
        recorded
        {totals.unpricedSessions > 0 && <span className="text-slate-500"> ({plural(totals.unpricedSessions, "session")} with usage but no price, not counted)</span>}
      </span>
    </p>
  );
}
