"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { z } from "zod";
import { ShareLinkSummaryListSchema, ShareLinkViewSchema, type ShareLinkSummary } from "@/lib/api/contracts/share-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { fetchJson } from "@/lib/client/fetch-json";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { formatDateTime } from "@/app/_components/format-number";

const LIST_KEY = ["share-links"] as const;

/**
 * Every read-only share link in the lab: what it shows (a session, a run, a comparison's runs, by name), when it was
 * made, and revoke (the link stops working at once). Links are made on the session's "Share read-only" panel or with
 * "Share comparison"; their address is shown only then, since only a hash of the token is kept.
 */
export function ShareLinksView() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => fetchJson("/api/share-links", ShareLinkSummaryListSchema, { signal }) });
  const revoke = useMutation({
    mutationFn: (id: string) => fetchJson(`/api/share-links/${encodeURIComponent(id)}`, z.object({ link: ShareLinkViewSchema }), { method: "DELETE" }),
    // the sessions' share panels list under ["share-links", sessionId]: refresh them too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
  const links = list.data?.links;
  return (
    <div className="space-y-3">
      <div>
        <h1 className="text-lg font-semibold">Share links</h1>
        <p className="text-xs text-slate-600">
          A share link shows one session, run or comparison read-only to anyone who has it — no access token needed, nothing else in the lab reachable. Make
          one with “Share read-only” on a session or “Share comparison” above a comparison; its address is shown once, then only its hash is kept.
        </p>
      </div>
      {list.error && <ApiErrorView title="Could not load the share links" error={toApiErrorBody(list.error)} />}
      {revoke.error && <ApiErrorView title="Could not revoke the link" error={toApiErrorBody(revoke.error)} />}
      {links && links.length === 0 && (
        <p data-testid="shares-empty" className="text-sm text-slate-600">
          No share links yet.
        </p>
      )}
      {links && links.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table data-testid="shares-table" className="min-w-full text-xs">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-2 py-1 font-medium">Shows</th>
                <th className="px-2 py-1 font-medium">Session</th>
                <th className="px-2 py-1 font-medium">Runs</th>
                <th className="px-2 py-1 font-medium">Label</th>
                <th className="px-2 py-1 font-medium">Created</th>
                <th className="px-2 py-1 font-medium">State</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} data-testid="shares-row" data-kind={link.kind} data-revoked={link.revokedAt ? "true" : "false"} className="border-t border-slate-100">
                  <td className="px-2 py-1 font-medium">{KIND_LABEL[link.kind]}</td>
                  <td className="max-w-96 truncate px-2 py-1">
                    <Link href={`/sessions/${encodeURIComponent(link.sessionId)}`} className="text-violet-700 hover:underline">
                      {link.sessionTitle}
                    </Link>
                  </td>
                  <td className="px-2 py-1 text-slate-600">{runsLine(link)}</td>
                  <td className="px-2 py-1 text-slate-600">{link.label ?? ""}</td>
                  <td className="px-2 py-1 whitespace-nowrap text-slate-500">{formatDateTime(link.createdAt)}</td>
                  <td className="px-2 py-1 whitespace-nowrap">
                    {link.revokedAt ? (
                      <span className="text-slate-500">revoked {formatDateTime(link.revokedAt)}</span>
                    ) : (
                      <button
                        type="button"
                        data-testid="shares-revoke"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(link.id)}
                        className="rounded px-1.5 py-0.5 text-red-700 hover:bg-red-50 disabled:opacity-50"
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const KIND_LABEL: Record<ShareLinkSummary["kind"], string> = { session: "Session", run: "Run", comparison: "Comparison" };

function runsLine(link: ShareLinkSummary): string {
  if (link.kind === "session") return "the session: figures, curve, runs, messages";
  return link.runs.map((run) => run.strategyId ?? "(deleted run)").join(", ");
}
