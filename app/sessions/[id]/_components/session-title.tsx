"use client";

import { useState, type FormEvent } from "react";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { MAX_SESSION_TITLE_LENGTH } from "@/lib/api/contracts/schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { useRenameSession } from "@/lib/query-hooks/session-mutations";

/**
 * The session's title with a Rename control: an inline form (Enter saves, Escape cancels) and, once renamed, a way
 * back to the title the importer derived. The title is plain text: transcript content never renders as HTML.
 */
export function SessionTitle({ id, title, importedTitle }: { id: string; title: string; importedTitle: string }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const rename = useRenameSession();
  const renamed = title !== importedTitle;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === title) return setEditing(false);
    rename.mutate({ id, title: next === "" ? null : next }, { onSuccess: () => setEditing(false) });
  };

  if (!editing) {
    return (
      <>
        <h1 data-testid="session-title" className="text-lg font-semibold break-all">
          {title}
        </h1>
        <button
          type="button"
          data-testid="rename-session"
          onClick={() => {
            setDraft(title);
            rename.reset();
            setEditing(true);
          }}
          className="rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          Rename
        </button>
        {renamed && (
          <span className="text-xs text-slate-500" title={importedTitle} data-testid="imported-title">
            imported as “{importedTitle.length > 40 ? `${importedTitle.slice(0, 39)}…` : importedTitle}”{" "}
            <button type="button" className="underline hover:text-slate-800" disabled={rename.isPending} onClick={() => rename.mutate({ id, title: null })}>
              restore
            </button>
          </span>
        )}
      </>
    );
  }
  return (
    <form onSubmit={save} className="flex w-full flex-wrap items-center gap-2" data-testid="rename-session-form">
      <label className="sr-only" htmlFor="session-title-input">
        Session title
      </label>
      <input
        id="session-title-input"
        data-testid="session-title-input"
        autoFocus
        value={draft}
        maxLength={MAX_SESSION_TITLE_LENGTH}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setEditing(false);
        }}
        placeholder={importedTitle}
        className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-base font-semibold"
      />
      <button type="submit" disabled={rename.isPending} className="rounded bg-slate-800 px-2.5 py-1 text-xs font-medium text-white disabled:opacity-50">
        {rename.isPending ? "Saving…" : "Save"}
      </button>
      <button type="button" onClick={() => setEditing(false)} className="rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100">
        Cancel
      </button>
      <span className="w-full text-xs text-slate-500">Leave it empty to go back to the imported title.</span>
      {rename.error && <ApiErrorView error={toApiErrorBody(rename.error)} testId="rename-error" title="The title was not saved" />}
    </form>
  );
}
