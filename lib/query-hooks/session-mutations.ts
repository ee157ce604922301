import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchNoContent } from "../client/fetch-json";
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
