import Link from "next/link";
import type { SessionDetail } from "@/lib/api/contracts/schemas";
import { formatLabel } from "@/app/_components/format-labels";
import { formatCount, formatDateTime } from "@/app/_components/format-number";
import { SessionTitle } from "./session-title";

/** Title, provenance and the summary figures of a session. */
export function SessionHeader({ session }: { session: SessionDetail }) {
  const model = typeof session.meta.model === "string" ? session.meta.model : null;
  const contextWindow = typeof session.meta.contextWindow === "number" ? session.meta.contextWindow : null;
  const cwd = typeof session.meta.cwd === "string" ? session.meta.cwd : null;
  const figures: { label: string; value: string; title?: string }[] = [
    { label: "Messages", value: formatCount(session.messageCount) },
    { label: "Model calls", value: formatCount(session.contextCurve.length) },
    { label: "Tool calls", value: formatCount(session.toolCallCount) },
    { label: "Tool results", value: formatCount(session.toolResultCount) },
    { label: "Est. tokens", value: formatCount(session.estimatedTokens), title: "chars/4 estimate of the whole transcript" },
    {
      label: "Recorded peak",
      value: session.recordedPeakContextTokens === null ? "—" : formatCount(session.recordedPeakContextTokens),
      title: "largest context a model call recorded (input + cache read + cache write)",
    },
    { label: "Recorded compactions", value: formatCount(session.recordedCompactionCount), title: "compactions the transcript recorded (a run's own are above its chart)" },
  ];
  if (contextWindow) figures.push({ label: "Context window", value: formatCount(contextWindow) });

  return (
    <header data-testid="session-header" className="space-y-2">
      <div className="text-xs text-slate-500">
        <Link href="/" className="hover:underline">
          Sessions
        </Link>{" "}
        /
      </div>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <SessionTitle id={session.id} title={session.title} importedTitle={session.importedTitle} />
        <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">{formatLabel(session.format)}</span>
        {model && <span className="font-mono text-xs text-slate-600">{model}</span>}
      </div>
      <div className="flex flex-wrap gap-x-3 text-xs text-slate-500">
        {session.sourceName && <span>from {session.sourceName}</span>}
        {session.sessionCount > 1 && (
          <span>
            session #{session.pick + 1} of {formatCount(session.sessionCount)} in that file
          </span>
        )}
        {cwd && <span className="font-mono">{cwd}</span>}
        <span>imported {formatDateTime(session.createdAt)}</span>
      </div>
      <dl className="flex flex-wrap gap-px overflow-hidden rounded border border-slate-200 bg-slate-200">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-[8.5rem] flex-1 bg-white px-3 py-1.5" title={figure.title}>
            <dt className="text-[11px] uppercase tracking-wide text-slate-500">{figure.label}</dt>
            <dd className="text-base font-semibold tabular-nums" data-testid={`figure-${figure.label.toLowerCase().replace(/[^a-z]+/g, "-")}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
