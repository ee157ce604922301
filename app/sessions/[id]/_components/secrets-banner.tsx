"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SessionSecrets } from "@/lib/api/contracts/schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { useRedactSession } from "@/lib/query-hooks/session-mutations";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { formatCount, formatDateTime } from "@/app/_components/format-number";

/**
 * The session's credentials, where nobody can miss them: a warning with the count and kinds while any are
 * unredacted, the findings (where, which rule, a masked preview — the secret itself never reaches the browser) on
 * demand, and one button that redacts them all, after a confirmation. Once redacted, a quiet note says when, and
 * that runs made before were computed on the text as it was.
 */
export function SecretsBanner({ sessionId, secrets, onJump }: { sessionId: string; secrets: SessionSecrets; onJump: (index: number) => void }) {
  const [open, setOpen] = useState(false);
  const findings = useQuery({ ...sessionQueries.secrets(sessionId), enabled: open });
  const redact = useRedactSession();
  const plural = secrets.count === 1 ? "" : "s";

  if (secrets.count === 0) {
    if (!secrets.redactedAt) return null;
    return (
      <div data-testid="secrets-redacted" className="rounded border border-emerald-200 bg-emerald-50 px-3 py-1.5 text-xs text-emerald-900">
        {formatCount(secrets.redactedCount)} credential{secrets.redactedCount === 1 ? "" : "s"} redacted {formatDateTime(secrets.redactedAt)} — in the messages, the stored
        upload and the runs&apos; stored results. Runs made before that were computed on the text as it was.
      </div>
    );
  }
  const confirmRedact = () => {
    const message = `Replace all ${secrets.count} credential${plural} in this session with placeholders such as [REDACTED:${secrets.kinds[0]}]? This rewrites the stored messages and the stored upload, and cannot be undone.`;
    if (window.confirm(message)) redact.mutate(sessionId);
  };
  return (
    <div role="alert" data-testid="secrets-warning" className="space-y-1.5 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          ⚠ {formatCount(secrets.count)} credential{plural} found in this session
        </span>
        <span data-testid="secrets-kinds" className="text-xs">
          {secrets.kinds.join(" · ")}
        </span>
        <span className="text-xs">— share links and external models are refused until they are redacted.</span>
        <div className="ml-auto flex gap-2">
          <button type="button" data-testid="secrets-toggle" aria-expanded={open} onClick={() => setOpen(!open)} className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-red-100">
            {open ? "Hide" : "Show"} where
          </button>
          <button type="button" data-testid="secrets-redact" disabled={redact.isPending} onClick={confirmRedact} className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white disabled:opacity-50">
            {redact.isPending ? "Redacting…" : "Redact all"}
          </button>
        </div>
      </div>
      {redact.error && <div className="text-xs">Redaction failed: {toApiErrorBody(redact.error).message}</div>}
      {open && (
        <ul data-testid="secrets-findings" className="max-h-48 space-y-0.5 overflow-auto text-xs">
          {findings.isPending && <li>loading…</li>}
          {(findings.data?.findings ?? []).map((finding, index) => (
            <li key={index} data-testid="secret-finding" className="flex flex-wrap items-center gap-2">
              {finding.seq === null ? (
                <span className="font-medium">session {finding.field}</span>
              ) : (
                <button type="button" onClick={() => onJump(finding.seq!)} className="font-mono text-blue-800 hover:underline">
                  #{finding.seq} part {finding.part}
                </button>
              )}
              <span className="rounded bg-red-100 px-1 font-semibold">{finding.kind}</span>
              <span className="font-mono" data-testid="secret-preview">
                {finding.preview}
              </span>
              <span className="text-red-800">{finding.rule}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
