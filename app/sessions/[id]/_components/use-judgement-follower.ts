"use client";

import { useEffect, useRef, useState } from "react";
import { JudgementStreamLineSchema, type JudgedProbesResult, type Judgement, type JudgementProgress } from "@/lib/api/contracts/judged-probes-schemas";
import { getNdjson } from "@/lib/client/post-ndjson";
import { toApiErrorBody } from "@/lib/client/api-request-error";

/** What the panel shows of a judgement being followed. */
export interface FollowedJudgement {
  id: string;
  total: number;
  queued: boolean;
  progress: JudgementProgress | null;
  cancelling: boolean;
}

/**
 * Follows a judgement job's stream (GET /api/judgements/:id/stream) while `judgement` is open — one just started,
 * or one still going when the page was opened — and reports its end: `onDone` with the grades, `onError` with the
 * server's message. Leaving the page stops following only; `cancel` asks the server to cancel it.
 */
export function useJudgementFollower(options: { judgement: Judgement | null; onDone: (judged: JudgedProbesResult) => void; onError: (message: string) => void }) {
  const [followed, setFollowed] = useState<FollowedJudgement | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const open = options.judgement && (options.judgement.status === "queued" || options.judgement.status === "running") ? options.judgement : null;
  const openId = open?.id ?? null;
  const openTotal = open?.total ?? 0;

  useEffect(() => {
    if (openId === null) return;
    const controller = new AbortController();
    setFollowed({ id: openId, total: openTotal, queued: false, progress: null, cancelling: false });
    let ended = false;
    void getNdjson<unknown>({
      url: `/api/judgements/${encodeURIComponent(openId)}/stream`,
      signal: controller.signal,
      onLine: (raw) => {
        const line = JudgementStreamLineSchema.parse(raw);
        if (line.type === "queued") setFollowed((current) => current && { ...current, queued: true });
        else if (line.type === "progress") setFollowed((current) => current && { ...current, queued: false, progress: line.progress });
        else if (line.type === "done") {
          ended = true;
          callbacks.current.onDone(line.judged);
        } else if (line.type === "error") {
          ended = true;
          callbacks.current.onError(line.error.message);
        }
      },
    })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) callbacks.current.onError(`Lost the judgement's progress: ${toApiErrorBody(error).message}`);
      })
      .finally(() => {
        if (!controller.signal.aborted || ended) setFollowed(null);
      });
    return () => controller.abort();
  }, [openId, openTotal]);

  const cancel = async () => {
    if (!followed) return;
    setFollowed({ ...followed, cancelling: true });
    await fetch(`/api/judgements/${encodeURIComponent(followed.id)}/cancel`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => undefined);
  };
  return { followed, cancel };
}
