"use client";

import { useState } from "react";
import type { ContinuationRecallSummary } from "@/lib/api/contracts/continuation-recall-summary";
import { formatShare, retentionColour } from "@/lib/client/retention-colour";
import { worstCuts } from "@/lib/client/worst-cuts";
import { ContinuationRecallChart } from "./continuation-recall-chart";

/** the cuts named under the chart, worst first */
const WORST_NAMED = 5;

/**
 * The opened run's continuation recall: the run's figure, a small bar chart of every scored cut and the worst cuts
 * named under it (a click on either shows that step's context) and, for the chosen cut, the facts it lost — the
 * files, commands, identifiers, numbers and error names the session's later messages use that the context no longer
 * held.
 */
export function ContinuationRecallStrip({ recall, onStep, opaque = false }: { recall: ContinuationRecallSummary | null; onStep: (step: number) => void; /** the run's compactions left an encrypted provider item */ opaque?: boolean }) {
  const [chosen, setChosen] = useState<number | null>(null);
  if (recall === null) {
    return (
      <div data-testid="run-recall" data-recall="" className="rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-500">
        Continuation recall: not scored for this run.
      </div>
    );
  }
  const colour = retentionColour(recall.overall);
  const point = chosen === null ? null : recall.points[chosen];
  const worst = worstCuts(recall.points, WORST_NAMED);
  const choose = (index: number) => {
    setChosen(chosen === index ? null : index);
    const step = recall.points[index]?.step;
    if (typeof step === "number") onStep(step);
  };
  return (
    <div data-testid="run-recall" data-recall={recall.overall ?? ""} className="space-y-1 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Continuation recall</span>
        <span data-testid="run-recall-overall" className="rounded px-1.5 py-0.5 font-semibold tabular-nums" style={{ background: colour.background, color: colour.text }}>
          {formatShare(recall.overall)}
        </span>
        <span className="text-slate-500">
          {recall.events === 0
            ? "nothing was ever cut: the context holds every fact the session uses later"
            : `${recall.present.toLocaleString("en-US")} of ${recall.counted.toLocaleString("en-US")} facts the later messages use were still in context, over ${recall.points.length} cuts${recall.events > recall.points.length ? ` (sampled from ${recall.events})` : ""}`}
        </span>
      </div>
      {opaque && (
        <p data-testid="run-recall-opaque" className="text-slate-600">
          This run&apos;s compaction item is encrypted by the provider: recall counts only the messages kept and cannot read what the item holds; only judged evaluation applies.
        </p>
      )}
      {recall.points.length > 0 && (
        <>
          <ContinuationRecallChart cuts={recall.points} chosen={chosen} worst={worst} onChoose={choose} />
          {worst.length > 0 && (
            <div className="flex flex-wrap items-center gap-1" role="list" aria-label="The cuts that lost the most">
              <span className="text-slate-600">{worst.length === 1 ? "Worst cut:" : `Worst ${worst.length} cuts:`}</span>
              {worst.map((index) => {
                const entry = recall.points[index];
                const chip = retentionColour(entry.recall);
                return (
                  <button
                    key={`${entry.step}-${index}`}
                    type="button"
                    role="listitem"
                    data-testid="run-recall-point"
                    title={`${entry.event} before call ${entry.step}: ${entry.present} of ${entry.counted} facts held`}
                    onClick={() => choose(index)}
                    className={`rounded px-1 py-0.5 tabular-nums ${chosen === index ? "ring-2 ring-violet-600" : ""}`}
                    style={{ background: chip.background, color: chip.text }}
                  >
                    {entry.step === "final" ? "end" : `call ${entry.step}`} {formatShare(entry.recall)} · {entry.counted - entry.present} lost
                  </button>
                );
              })}
              <span className="text-slate-500">· click a bar for any other cut</span>
            </div>
          )}
        </>
      )}
      {point && (
        <div data-testid="run-recall-lost" className="text-slate-600">
          {point.lost.length === 0 ? (
            "Nothing lost at this cut."
          ) : (
            <>
              Lost at call {String(point.step)} ({point.counted - point.present} in all):{" "}
              {point.lost.map((fact) => (
                <code key={fact} className="mr-1 rounded bg-slate-100 px-1">
                  {fact}
                </code>
              ))}
            </>
          )}
        </div>
      )}
    </div>
  );
}
