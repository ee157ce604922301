import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SessionSummarySchema } from "../api/contracts/schemas";
import { RedactionResultSchema } from "../api/contracts/secret-schemas";
import { fetchJson, fetchNoContent } from "../client/fetch-json";
import { uploadTranscript, type UploadTranscriptOptions } from "../client/upload-transcript";
import { sessionKeys } from "./session-queries";

/** Deletes a session, then invalidates everything under `sessionKeys.all`. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchNoContent(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: sessionKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: sessionKeys.list() });
    },
  });
}

/** Uploads a transcript (with progress through `onProgress`), then invalidates the session list. */
export function useImportTranscript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: UploadTranscriptOptions) => uploadTranscript(options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}

/**
 * Redacts every credential in a session (POST /api/sessions/:id/redact), then drops its cached pages and refetches
 * everything under `sessionKeys.all`: the messages, title and findings all changed.
 */
export function useRedactSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson(`/api/sessions/${encodeURIComponent(id)}/redact`, RedactionResultSchema, { method: "POST" }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: sessionKeys.messages(id) });
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/**
 * Renames a session (PATCH /api/sessions/:id; `title: null` goes back to the imported title), then refetches
 * everything under `sessionKeys.all`: the list and the detail both show the title.
 */
export function useRenameSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string | null }) =>
      fetchJson(`/api/sessions/${encodeURIComponent(id)}`, SessionSummarySchema, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
