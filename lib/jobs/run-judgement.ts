import { UpstreamError } from "../api/contracts/errors";
import type { JudgedProbesRequest } from "../api/contracts/judged-probes-schemas";
import { judgePreparedProbes, type PreparedJudgement } from "../runs/judge-run-probes";
import { RunCancelledError } from "../runs/run-registry";
import { runSlots } from "../runs/run-slots";
import { heartbeatThread } from "../store/heartbeat-thread";
import { finishJudgement, heartbeatJudgement, judgementCancelRequested, startJudgement, writeJudgementProgress } from "../store/probe-judgements";
import { heartbeatIntervalMs } from "../store/runs";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";
import { CANCEL_POLL_MS } from "./watch-runs";
import { pinnedWorkerId } from "./run-pinned";

const CANCELLED = "Cancelled; nothing was stored (the run keeps its earlier grades, if any).";

/**
 * Judges a stored judgement in this process, in the background: waits for one of its run slots (`queued`, its
 * heartbeat kept by the heartbeat thread meanwhile), then `running` — the model calls one after another (bounded:
 * at most the plan's `maxRequests` requests), progress written after each, the cancel flag polled every
 * {@link CANCEL_POLL_MS} ms and the call in flight aborted when it is set — and ends it with one conditional write
 * (`done` with the grades stored on the run in the same write; `failed` with the call's code and message, or
 * `cancelled`, storing nothing). Never rejects: every outcome is the judgement's row.
 */
export function runJudgement(options: { judgementId: string; prepared: PreparedJudgement; request: JudgedProbesRequest; trustedBaseUrl?: boolean; timeoutMs?: number }): void {
  const { judgementId: id } = options;
  const thread = heartbeatThread();
  const stopBeating = thread?.watch({ table: "ProbeJudgement", runIds: [id], claimedBy: pinnedWorkerId() });
  const controller = new AbortController();
  let polling: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastBeat = Date.now();
  const poll = async () => {
    // the heartbeat from here only when the heartbeat thread cannot write it
    if (!thread?.healthy() && Date.now() - lastBeat >= heartbeatIntervalMs()) {
      lastBeat = Date.now();
      await heartbeatJudgement(id).catch(() => undefined);
    }
    if (await judgementCancelRequested(id).catch(() => false)) controller.abort(new RunCancelledError("cancel requested"));
    else if (!stopped) polling = setTimeout(poll, CANCEL_POLL_MS);
  };
  polling = setTimeout(poll, CANCEL_POLL_MS);
  void (async () => {
    const release = await runSlots().acquire();
    try {
      if (!(await startJudgement(id))) return;
      const judged = await judgePreparedProbes({
        prepared: options.prepared,
        request: options.request,
        trustedBaseUrl: options.trustedBaseUrl,
        timeoutMs: options.timeoutMs,
        signal: controller.signal,
        onProgress: (progress) => void writeJudgementProgress(id, progress).catch(() => undefined),
      });
      if (!(await retryWhileUnavailable(() => finishJudgement(id, { status: "done", judged }), { what: `judgement ${id}` }))) {
        await finishJudgement(id, { status: "cancelled", error: CANCELLED, errorCode: "cancelled" });
      }
    } catch (error) {
      const end = controller.signal.aborted
        ? { status: "cancelled" as const, error: CANCELLED, errorCode: "cancelled" }
        : error instanceof UpstreamError
          ? { status: "failed" as const, error: error.message, errorCode: error.code }
          : { status: "failed" as const, error: "The judgement failed on the server; the error was logged. Nothing was stored.", errorCode: "internal" };
      if (end.errorCode === "internal") console.error(`[jobs] judgement ${id} failed:`, error);
      await retryWhileUnavailable(() => finishJudgement(id, end), { what: `judgement ${id}` }).catch((cause: unknown) => console.error(`[jobs] judgement ${id} could not be ended:`, cause));
    } finally {
      stopped = true;
      clearTimeout(polling);
      stopBeating?.();
      release();
    }
  })();
}
