import type { Judgement, JudgementStreamLine } from "../api/contracts/judged-probes-schemas";
import { getJudgement, isJudgementEnded } from "../store/probe-judgements";
import { readRunJudgedProbes } from "../store/run-judged-probes";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";
import { pollingStream } from "./polling-stream";

/**
 * Follows a judgement from the database, wherever it runs, as an NDJSON stream of {@link JudgementStreamLine}s:
 * `started`, `queued` while it waits, `progress` whenever a model call ended, then `done` with the grades stored on
 * the run, or `error` with the judgement (its code: `cancelled`, `interrupted`, `judge_<code>`, …). Closing the
 * stream stops following only.
 */
export function followJudgement(options: { judgement: Judgement; signal?: AbortSignal }): ReadableStream<Uint8Array> {
  const { id, runId } = options.judgement;
  return pollingStream<JudgementStreamLine>({
    signal: options.signal,
    async *lines() {
      yield { type: "started", judgementId: id, runId, total: options.judgement.total };
      let saidQueued = false;
      let calls = -1;
      for (;;) {
        const judgement = await retryWhileUnavailable(() => getJudgement(id), { what: "following a judgement", signal: options.signal });
        if (judgement.status === "queued" && !saidQueued) {
          saidQueued = true;
          yield { type: "queued" };
        }
        if (judgement.progress && judgement.progress.calls !== calls) {
          calls = judgement.progress.calls;
          yield { type: "progress", progress: judgement.progress };
        }
        if (isJudgementEnded(judgement.status)) {
          const judged = judgement.status === "done" ? await retryWhileUnavailable(() => readRunJudgedProbes(runId), { what: "following a judgement", signal: options.signal }) : null;
          if (judged) yield { type: "done", judged };
          else yield { type: "error", error: judgement.error ?? { code: judgement.status, message: judgement.status }, judgement };
          return;
        }
        yield null;
      }
    },
  });
}
