"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CreatedShareLinkSchema } from "@/lib/api/contracts/share-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { fetchJson } from "@/lib/client/fetch-json";

/**
 * "Share comparison": a read-only link (/share/<token>) to a finished comparison's runs, shown this once with a copy
 * button (only the token's hash is stored). The session's "Share read-only" panel lists such links and revokes them.
 */
export function ShareComparisonButton({ sessionId, runIds }: { sessionId: string; runIds: string[] }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      fetchJson("/api/share-links", CreatedShareLinkSchema, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "comparison", targetId: sessionId, runIds }),
      }),
    // the session's share panel lists its links under this key
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["share-links", sessionId] }),
  });
  const url = create.data ? `${window.location.origin}${create.data.path}` : null;

  if (create.error) {
    const message = toApiErrorBody(create.error).message;
    return (
      <span role="alert" className="text-xs text-red-700" title={message}>
        Could not make a share link: {message}{" "}
        <button type="button" className="underline" onClick={() => create.reset()}>
          OK
        </button>
      </span>
    );
  }
  if (url) {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(url);
        setCopied(true);
      } catch {
        // no clipboard (plain http off localhost): the field selects itself on focus for a manual copy
        setCopied(false);
      }
    };
    return (
      <span className="inline-flex flex-wrap items-center gap-1 text-xs" data-testid="compare-share-created">
        <span className="text-slate-600">Read-only link (shown once):</span>
        <input readOnly value={url} data-testid="compare-share-url" onFocus={(event) => event.currentTarget.select()} className="w-72 rounded border border-slate-300 px-1 py-0.5 font-mono text-[11px]" />
        <button type="button" data-testid="compare-share-copy" onClick={() => void copy()} className="rounded bg-violet-700 px-2 py-0.5 font-medium text-white hover:bg-violet-800">
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" onClick={() => create.reset()} className="rounded px-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
          ×
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      data-testid="compare-share"
      disabled={create.isPending}
      onClick={() => create.mutate()}
      title="make a read-only link to these runs for someone without the access token"
      className="rounded px-1.5 py-0.5 text-xs font-medium text-violet-800 hover:bg-violet-100 disabled:opacity-50"
    >
      {create.isPending ? "Sharing…" : "Share comparison"}
    </button>
  );
}
