import type { Metadata } from "next";
import { RunCostPanel } from "@/app/_components/run-cost-panel";
import { notFound } from "next/navigation";
import { formatCount } from "@/app/_components/format-number";
import { downsample } from "@/lib/client/downsample";
import { getRun, listRuns } from "@/lib/store/runs";
import { MessagePageQuerySchema } from "@/lib/api/contracts/schemas";
import { presentMessagePage } from "@/lib/present/present-message-page";
import { getSession, listMessages } from "@/lib/store/sessions";
import { resolveShareToken } from "@/lib/store/share-links";
import { ShareCurve } from "./share-curve";
import { callFromParam } from "@/lib/client/demo-script";
import { SharedComparison } from "./shared-comparison";
import { SharedMessages } from "./shared-messages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Shared from Compaction Lab", robots: { index: false, follow: false } };

const MAX_POINTS = 600;
/** Messages per page of a shared session. */
const SHARED_MESSAGE_PAGE_SIZE = 100;

/**
 * A read-only share link (/share/<token>): the one session, run or comparison it names, rendered on the server — the visitor
 * needs no access token, gets no cookie and reaches no API: every other page and route still asks for the token in
 * team mode. An unknown or revoked token is a 404. Transcript text (titles, summaries) is rendered as text, inert.
 */
export default async function SharePage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await params;
  const link = await resolveShareToken(token);
  if (!link) notFound();
  const session = await getSession(link.sessionId);
  if (link.kind === "run" && link.runId) return <SharedRun runId={link.runId} title={session.title} label={link.label} call={(await searchParams).call} />;
  if (link.kind === "comparison") {
    return (
      <div data-testid="share-page" data-kind="comparison" className="space-y-3">
        <SharedHeader kind="comparison" title={`${link.runIds.length} runs compared on ${session.title}`} label={link.label} />
        <SharedComparison sessionId={link.sessionId} runIds={link.runIds} />
      </div>
    );
  }
  const runs = await listRuns(link.sessionId);
  // a bad or missing ?cursor= starts at the first message
  const cursor = MessagePageQuerySchema.shape.cursor.safeParse((await searchParams).cursor);
  const messages = await listMessages(link.sessionId, { cursor: cursor.success ? cursor.data : 0, limit: SHARED_MESSAGE_PAGE_SIZE });
  const curve = session.contextCurve.map((point) => ({ step: point.step, tokens: point.estimatedTokens }));
  return (
    <div data-testid="share-page" data-kind="session" className="space-y-3">
      <SharedHeader kind="session" title={session.title} label={link.label} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        <Figure name="messages" value={formatCount(session.messageCount)} />
        <Figure name="tool calls" value={formatCount(session.toolCallCount)} />
        <Figure name="estimated tokens" value={formatCount(session.estimatedTokens)} />
        <Figure name="recorded compactions" value={formatCount(session.recordedCompactionCount)} />
        <Figure name="format" value={session.format} />
      </dl>
      {curve.length > 0 && <ShareCurve points={thin(curve)} window={null} label="the session as recorded" />}
      <section className="rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
        <h2 className="px-1 pb-1 text-sm font-semibold text-slate-800">Runs ({runs.length})</h2>
        <table data-testid="share-runs" className="w-full text-xs">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="px-1 py-1">strategy</th>
              <th className="px-1 py-1">status</th>
              <th className="px-1 py-1 text-right">window</th>
              <th className="px-1 py-1 text-right">peak before → after</th>
              <th className="px-1 py-1 text-right">compactions</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-t border-slate-100">
                <td className="px-1 py-1 font-medium">{run.strategyId}</td>
                <td className="px-1 py-1">{run.status}</td>
                <td className="px-1 py-1 text-right tabular-nums">{formatCount(run.options.window)}</td>
                <td className="px-1 py-1 text-right tabular-nums">
                  {run.tokensBefore === null ? "—" : formatCount(run.tokensBefore)} → {run.tokensAfter === null ? "—" : formatCount(run.tokensAfter)}
                </td>
                <td className="px-1 py-1 text-right tabular-nums">{run.compactions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <SharedMessages page={presentMessagePage(messages)} messageCount={session.messageCount} pageSize={SHARED_MESSAGE_PAGE_SIZE} />
    </div>
  );
}

async function SharedRun({ runId, title, label, call: callParam }: { runId: string; title: string; label: string | null; call: string | string[] | undefined }) {
  const run = await getRun(runId);
  const steps = run.result?.steps ?? [];
  // `?call=<n>` (demo mode's "Link to this call"): the run at that call — marked on the curve, its context and the
  // compaction before it said first
  const call = callFromParam(typeof callParam === "string" ? callParam : null, Math.max(0, steps.length - 1));
  const curve = thin(steps.map((step) => ({ step: step.step, tokens: step.contextTokens })));
  const compactions = (run.result?.events ?? []).flatMap((event) => (event.type === "compaction-end" || event.type === "trim" ? [event] : []));
  return (
    <div data-testid="share-page" data-kind="run" className="space-y-3">
      <SharedHeader kind="run" title={`${run.strategyId} on ${title}`} label={label} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        <Figure name="strategy" value={run.strategyId} />
        <Figure name="window" value={formatCount(run.options.window)} />
        <Figure name="peak before → after" value={`${run.tokensBefore === null ? "—" : formatCount(run.tokensBefore)} → ${run.tokensAfter === null ? "—" : formatCount(run.tokensAfter)}`} />
        <Figure name="compactions" value={String(run.compactions)} />
        <Figure name="status" value={run.status} />
      </dl>
      <pre data-testid="share-settings" tabIndex={0} className="overflow-auto rounded border border-slate-200 bg-slate-50 p-2 text-xs">{JSON.stringify(run.settings, null, 2)}</pre>
      {call !== null && steps[call] && <SharedCall call={call} tokens={steps[call].contextTokens} window={run.options.window} compactions={compactions} />}
      {curve.length > 0 && <ShareCurve points={curve} window={run.options.window} label={run.strategyId} cursorStep={call} />}
      <RunCostPanel cost={run.cost} />
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-800">Compactions ({compactions.length})</h2>
        {compactions.map((event, index) => (
          <article key={index} data-testid="share-compaction" className="rounded-lg border border-fuchsia-200 bg-white p-2 text-xs shadow-sm">
            <div className="font-medium text-fuchsia-900">
              before model call {event.step}: {formatCount(event.tokensBefore)} → {formatCount(event.tokensAfter)} tokens
            </div>
            {event.type === "compaction-end" && event.summary && <pre tabIndex={0} aria-label={`Summary at step ${event.step}`} className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap text-slate-700">{event.summary}</pre>}
            {event.type === "compaction-end" && event.opaque && (
              <p data-testid="share-opaque" className="mt-1 inline-block rounded border border-dashed border-slate-400 bg-slate-50 px-2 py-1 font-mono text-slate-700">
                🔒 {event.opaque.provider === "openai" ? "OpenAI" : event.opaque.provider} compaction item · {formatCount(event.opaque.tokens)} tokens (encrypted: the lab cannot read it)
              </p>
            )}
          </article>
        ))}
      </section>
    </div>
  );
}

/** The shared run at one call: what it sent there and the last compaction at or before it. */
function SharedCall({ call, tokens, window, compactions }: { call: number; tokens: number; window: number; compactions: readonly { step: number; tokensBefore: number; tokensAfter: number }[] }) {
  const last = [...compactions].reverse().find((event) => event.step <= call);
  return (
    <p data-testid="share-call" data-step={call} className="rounded border border-fuchsia-200 bg-fuchsia-50 px-2 py-1 text-xs text-fuchsia-950">
      <span className="font-semibold">At call {formatCount(call)}:</span> {formatCount(tokens)} tokens sent of a {formatCount(window)}-token window ·{" "}
      {last ? `the last compaction before it: call ${formatCount(last.step)}, ${formatCount(last.tokensBefore)} → ${formatCount(last.tokensAfter)} tokens` : "no compaction yet"}
    </p>
  );
}

function SharedHeader({ kind, title, label }: { kind: "session" | "run" | "comparison"; title: string; label: string | null }) {
  return (
    <header className="space-y-1">
      <div className="text-xs font-semibold uppercase tracking-wide text-violet-700">Shared {kind} · read only</div>
      <h1 data-testid="share-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h1>
      {label && <p className="text-sm text-slate-600">{label}</p>}
    </header>
  );
}

function Figure({ name, value }: { name: string; value: string }) {
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1">
      <dt className="text-[10px] uppercase text-slate-500">{name}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function thin<T extends { tokens: number }>(points: T[]): T[] {
  return [...downsample({ points, maxPoints: MAX_POINTS, value: (point) => point.tokens })];
}
