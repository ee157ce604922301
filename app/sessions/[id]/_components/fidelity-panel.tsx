"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { formatCount } from "@/app/_components/format-number";
import type { FidelityWire, VersionMatchWire } from "@/lib/api/contracts/fidelity-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";

const WINDOW_FROM: Record<FidelityWire["windowFrom"], string> = {
  recorded: "recorded in the transcript",
  agent: "the agent's default: Claude Code runs at 200K unless its 1M variant was picked, and no call here went past 200K",
  catalog: "the model's window in the price catalog",
  default: "the lab's default: the transcript names no window",
};

const tokens = (value: number | null) => (value === null ? "—" : formatCount(Math.round(value)));

/**
 * Beside the compactions the transcript recorded: where a replay of the agent's own strategy compacts (issue #35,
 * fidelity). Opened on demand, since the server replays the whole session to answer. One row per recorded
 * compaction: the call it came before, the replay's nearest, calls apart, tokens before and kept on both sides.
 */
export function FidelityPanel({ sessionId, recordedCompactions, onJump }: { sessionId: string; recordedCompactions: number; onJump?: (step: number) => void }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...sessionQueries.fidelity(sessionId), enabled: open });
  if (recordedCompactions === 0) return null;
  return (
    <details
      data-testid="fidelity-panel"
      className="rounded border border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-700"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer select-none font-medium text-slate-800">
        Fidelity: does the lab&apos;s replay of this agent compact where it really did?{" "}
        {query.data?.fidelity && (
          <span data-testid="fidelity-summary" className="font-normal text-slate-600">
            {query.data.fidelity.within} of {query.data.fidelity.recorded.length} recorded compaction{query.data.fidelity.recorded.length === 1 ? "" : "s"} replayed within{" "}
            {query.data.fidelity.toleranceCalls} calls
          </span>
        )}
      </summary>
      <div className="mt-1.5 space-y-1.5">
        {query.isPending && open && <p aria-busy="true">Replaying the session with its agent&apos;s strategy…</p>}
        {query.error && <ApiErrorView error={toApiErrorBody(query.error)} testId="fidelity-error" title="Fidelity could not be measured" />}
        {query.data && !query.data.fidelity && <p data-testid="fidelity-reason">Not measured: {query.data.reason}.</p>}
        {query.data?.fidelity && <FidelityTable fidelity={query.data.fidelity} onJump={onJump} />}
        {query.data && query.data.versions.length > 1 && <VersionsTable versions={query.data.versions} bestMatch={query.data.bestMatch} />}
      </div>
    </details>
  );
}

function FidelityTable({ fidelity, onJump }: { fidelity: FidelityWire; onJump?: (step: number) => void }) {
  return (
    <>
      <p>
        <span className="font-mono">{fidelity.strategyId}</span> at its defaults, {formatCount(fidelity.window)}-token window ({WINDOW_FROM[fidelity.windowFrom]}), the{" "}
        <span className="font-mono">{fidelity.estimatorId}</span> estimator, the agent&apos;s hidden prefix ({formatCount(fidelity.hiddenPrefixTokens)} tokens: system prompt and
        tools) counted in every call. The replay compacted at {fidelity.replayedSteps.length === 0 ? "no call" : `call${fidelity.replayedSteps.length === 1 ? "" : "s"} ${fidelity.replayedSteps.join(", ")}`}
        {fidelity.extraReplayed > 0 ? `; ${fidelity.extraReplayed} of them far from any recorded one` : ""}.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] border-collapse text-left tabular-nums">
          <thead className="text-[11px] uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-0.5 pr-2 font-medium">Recorded before call</th>
              <th className="py-0.5 pr-2 font-medium">Replay&apos;s nearest</th>
              <th className="py-0.5 pr-2 font-medium">Calls apart</th>
              <th className="py-0.5 pr-2 font-medium">Tokens before (recorded / replay)</th>
              <th className="py-0.5 pr-2 font-medium">Tokens kept (recorded / replay)</th>
            </tr>
          </thead>
          <tbody>
            {fidelity.recorded.map((entry) => (
              <tr key={entry.recordedStep} data-testid="fidelity-row" data-within={entry.within} className="border-t border-slate-100">
                <td className="py-0.5 pr-2">
                  {onJump ? (
                    <button type="button" className="underline hover:text-slate-900" onClick={() => onJump(entry.recordedStep)}>
                      {entry.recordedStep}
                    </button>
                  ) : (
                    entry.recordedStep
                  )}
                  {entry.markers > 1 ? ` (${entry.markers} markers)` : ""}
                </td>
                <td className="py-0.5 pr-2">{entry.replayed ? entry.replayed.step : "never"}</td>
                <td className={`py-0.5 pr-2 font-medium ${entry.within ? "text-emerald-700" : "text-red-700"}`}>
                  {entry.callsApart === null ? "—" : `${entry.callsApart > 0 ? "+" : ""}${entry.callsApart}`} {entry.within ? "✓" : "✗"}
                </td>
                <td className="py-0.5 pr-2">
                  {tokens(entry.recordedTokensBefore)} / {tokens(entry.replayed?.tokensBefore ?? null)}
                </td>
                <td className="py-0.5 pr-2">
                  {tokens(entry.recordedTokensKept)} / {tokens(entry.replayed?.tokensKept ?? null)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * Which version of the agent the session matches (issue #41): each version of its strategy replayed the same way,
 * best match first — recorded compactions replayed within the tolerance, compactions the agent never made, mean calls
 * apart. No best when the versions replay the session alike (their difference never came into play).
 */
function VersionsTable({ versions, bestMatch }: { versions: VersionMatchWire[]; bestMatch: string | null }) {
  return (
    <div data-testid="fidelity-versions" className="space-y-1 border-t border-slate-100 pt-1.5">
      <p data-testid="fidelity-best-match">
        {bestMatch === null ? (
          <>Which version of the agent? The {versions.length} versions the lab has replay this session alike: it does not tell them apart.</>
        ) : (
          <>
            Which version of the agent? This session matches <span className="font-mono font-medium">{bestMatch}</span> best.
          </>
        )}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] border-collapse text-left tabular-nums">
          <thead className="text-[11px] uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-0.5 pr-2 font-medium">Strategy</th>
              <th className="py-0.5 pr-2 font-medium">Reproduces</th>
              <th className="py-0.5 pr-2 font-medium">Within 5 calls</th>
              <th className="py-0.5 pr-2 font-medium">Compactions the agent did not make</th>
              <th className="py-0.5 pr-2 font-medium">Mean calls apart</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.strategyId} data-testid="fidelity-version-row" data-best={version.strategyId === bestMatch} className="border-t border-slate-100">
                <td className="py-0.5 pr-2 font-mono">
                  {version.strategyId}
                  {version.strategyId === bestMatch ? " ★" : ""}
                </td>
                <td className="py-0.5 pr-2">{version.version}</td>
                <td className="py-0.5 pr-2">
                  {version.within} of {version.recorded}
                </td>
                <td className="py-0.5 pr-2">{version.extraReplayed}</td>
                <td className="py-0.5 pr-2">{version.meanCallsApart === null ? "—" : version.meanCallsApart.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
