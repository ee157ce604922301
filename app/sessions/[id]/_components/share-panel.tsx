"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { CreatedShareLinkSchema, ShareLinkViewSchema, type CreatedShareLink, type ShareLinkView } from "@/lib/api/contracts/share-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { fetchJson } from "@/lib/client/fetch-json";
import { formatDateTime } from "@/app/_components/format-number";

const ListSchema = z.object({ links: z.array(ShareLinkViewSchema) });
const keyOf = (sessionId: string) => ["share-links", sessionId] as const;

/**
 * Read-only share links for this session or the open run: create one (its address is shown once — only a hash is
 * stored), copy it, see every link with what it exposes and when it was made, revoke it. A visitor with the link
 * sees that page only (/share/<token>), without the access token, and can change nothing. A session holding
 * unredacted credentials is refused with the server's reason; "Share anyway" then asks again with allowSecrets,
 * which the link records.
 */
export function SharePanel({ sessionId, runId }: { sessionId: string; runId: string | null }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: keyOf(sessionId), queryFn: () => fetchJson(`/api/sessions/${encodeURIComponent(sessionId)}/share-links`, ListSchema), enabled: open });
  const create = useMutation({
    mutationFn: (input: { kind: "session" | "run"; targetId: string; allowSecrets?: boolean }) =>
      fetchJson("/api/share-links", CreatedShareLinkSchema, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) }),
    onSuccess: (result) => {
      setCreated(result);
      return queryClient.invalidateQueries({ queryKey: keyOf(sessionId) });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => fetchJson(`/api/share-links/${encodeURIComponent(id)}`, z.object({ link: ShareLinkViewSchema }), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(sessionId) }),
  });
  const address = created ? `${window.location.origin}${created.path}` : null;
  const error = create.error ?? revoke.error ?? links.error;
  const refusedForSecrets = create.error ? toApiErrorBody(create.error).code === "secrets_unredacted" : false;
  return (
    <div data-testid="share-panel" className="text-xs">
      <button type="button" data-testid="share-toggle" onClick={() => setOpen(!open)} aria-expanded={open} className="rounded border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-50">
        {open ? "▾" : "▸"} Share read-only
      </button>
      {open && (
        <div className="mt-1 space-y-2 rounded-md border border-slate-200 bg-white p-2 shadow-sm">
          <div className="flex flex-wrap gap-2">
            <button type="button" data-testid="share-create-session" disabled={create.isPending} onClick={() => create.mutate({ kind: "session", targetId: sessionId })} className="rounded bg-violet-700 px-2 py-0.5 font-semibold text-white disabled:opacity-50">
              Link to this session
            </button>
            <button type="button" data-testid="share-create-run" disabled={create.isPending || runId === null} onClick={() => runId && create.mutate({ kind: "run", targetId: runId })} title={runId === null ? "open a run first" : undefined} className="rounded bg-violet-700 px-2 py-0.5 font-semibold text-white disabled:opacity-50">
              Link to the open run
            </button>
          </div>
          {address && (
            <div data-testid="share-created" className="space-y-1 rounded border border-emerald-200 bg-emerald-50 p-2">
              <div className="font-medium text-emerald-900">Copy this address now: it is shown once (only its hash is stored).</div>
              <div className="flex items-center gap-2">
                <input readOnly value={address} data-testid="share-address" className="w-full rounded border border-emerald-300 bg-white px-1 py-0.5 font-mono" onFocus={(event) => event.currentTarget.select()} />
                <button type="button" onClick={() => void navigator.clipboard?.writeText(address)} className="rounded border border-emerald-400 px-2 py-0.5">
                  Copy
                </button>
              </div>
            </div>
          )}
          {error && (
            <div data-testid="share-error" className="text-red-700">
              Share links: {toApiErrorBody(error).message}
              {refusedForSecrets && create.variables && (
                <button
                  type="button"
                  data-testid="share-anyway"
                  onClick={() => create.variables && create.mutate({ ...create.variables, allowSecrets: true })}
                  className="ml-2 rounded border border-red-400 px-2 py-0.5 font-semibold text-red-800 hover:bg-red-50"
                >
                  Share anyway, credentials included
                </button>
              )}
            </div>
          )}
          <ul data-testid="share-links" className="divide-y divide-slate-100">
            {(links.data?.links ?? []).map((link: ShareLinkView) => (
              <li key={link.id} data-testid="share-link" data-revoked={link.revokedAt ? "true" : "false"} className="flex items-center gap-2 py-1">
                <span className="font-medium">{link.kind === "run" ? `run ${link.runId}` : link.kind === "comparison" ? `comparison of ${link.runIds.length} runs` : "this session"}</span>
                <span className="text-slate-500">created {formatDateTime(link.createdAt)}</span>
                {link.unredactedSecrets > 0 && (
                  <span data-testid="share-link-secrets" className="rounded bg-red-100 px-1 font-semibold text-red-800" title="its creator chose to share the session with these credentials unredacted">
                    shared with {link.unredactedSecrets} credential{link.unredactedSecrets === 1 ? "" : "s"}
                  </span>
                )}
                {link.revokedAt ? (
                  <span className="text-slate-500">revoked {formatDateTime(link.revokedAt)}</span>
                ) : (
                  <button type="button" data-testid="share-revoke" onClick={() => revoke.mutate(link.id)} className="ml-auto text-red-700 hover:underline">
                    Revoke
                  </button>
                )}
              </li>
            ))}
            {links.data && links.data.links.length === 0 && <li className="py-1 text-slate-500">No share links yet.</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
