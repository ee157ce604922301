"use client";

import { useState } from "react";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { useDeleteSession } from "@/lib/query-hooks/session-mutations";

/** Delete with an inline confirmation (no blocking browser dialog). */
export function DeleteSessionButton({ id, title }: { id: string; title: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSession();

  if (remove.error) {
    const message = toApiErrorBody(remove.error).message;
    return (
      <span role="alert" className="text-xs text-red-700" title={message}>
        Delete failed: {message}{" "}
        <button type="button" className="underline" onClick={() => remove.reset()}>
          OK
        </button>
      </span>
    );
  }
  if (!confirming) {
    return (
      <button
        type="button"
        data-testid="delete-session"
        aria-label={`Delete ${title}`}
        onClick={() => setConfirming(true)}
        className="rounded px-2 py-0.5 text-xs text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        Delete
      </button>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs">
      <span className="text-slate-600">Delete this session?</span>
      <button
        type="button"
        data-testid="confirm-delete"
        disabled={remove.isPending}
        onClick={() => remove.mutate(id)}
        className="rounded bg-red-600 px-2 py-0.5 font-medium text-white hover:bg-red-700 disabled:opacity-50"
      >
        {remove.isPending ? "Deleting…" : "Delete"}
      </button>
      <button
        type="button"
        onClick={() => setConfirming(false)}
        className="rounded px-2 py-0.5 text-slate-600 hover:bg-slate-100"
      >
        Cancel
      </button>
    </span>
  );
}
