"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import {
  JUDGED_DIMENSION_LABELS,
  JUDGED_DIMENSIONS,
  JUDGED_LIMITS,
  JudgedProbesPlanSchema,
  JudgedProbesResultSchema,
  JudgementSchema,
  type JudgedProbesPlan,
  type JudgedProbesRequestInput,
  type JudgedProbesResult,
} from "@/lib/api/contracts/judged-probes-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { fetchJson } from "@/lib/client/fetch-json";
import { retentionColour } from "@/lib/client/retention-colour";
import { useJudgementFollower } from "./use-judgement-follower";

const StoredSchema = z.object({ judged: JudgedProbesResultSchema.nullable(), judgement: JudgementSchema.nullable() });
const StartedSchema = z.object({ judgement: JudgementSchema, url: z.string() });
const keyOf = (runId: string) => ["runs", "detail", runId, "judged-probes"] as const;
const post = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const grade = (value: number | null) => (value === null ? "—" : value.toFixed(1));
const dollars = (value: number | null) => (value === null ? "unknown (a model the price table does not know)" : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`);

/**
 * Judged probes of the open run (Factory-style, opt-in): the stored grades — per compaction and per rubric
 * dimension, 0–5, with each question, its reference and the answer on demand — and a form that first shows what a
 * judgement will send and cost (calls, tokens, dollars per role) and starts only when that is confirmed. A started
 * judgement is a job on the server: its progress (call n of N) is followed from its stream, after a reload too, and
 * Cancel stops it. Every text a model wrote is shown as plain text.
 */
export function JudgedProbesPanel({ runId }: { runId: string }) {
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey: keyOf(runId), queryFn: ({ signal }) => fetchJson(`/api/runs/${encodeURIComponent(runId)}/judged-probes`, StoredSchema, { signal }) });
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<{ provider: "anthropic" | "openai"; judgeModel: string; questionModel: string; answerModel: string; questions: number; compactions: number; allowSecrets: boolean }>({
    provider: "anthropic",
    judgeModel: "",
    questionModel: "",
    answerModel: "",
    questions: JUDGED_LIMITS.questions.default,
    compactions: JUDGED_LIMITS.compactions.default,
    allowSecrets: false,
  });
  const request: JudgedProbesRequestInput = {
    provider: form.provider,
    ...(form.judgeModel.trim() ? { judgeModel: form.judgeModel.trim() } : {}),
    ...(form.questionModel.trim() ? { questionModel: form.questionModel.trim() } : {}),
    ...(form.answerModel.trim() ? { answerModel: form.answerModel.trim() } : {}),
    questionsPerCompaction: form.questions,
    maxCompactions: form.compactions,
    ...(form.allowSecrets ? { allowSecrets: true } : {}),
  };
  const plan = useMutation({ mutationFn: () => fetchJson(`/api/runs/${encodeURIComponent(runId)}/judged-probes/plan`, JudgedProbesPlanSchema, post(request)) });
  const [jobError, setJobError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => fetchJson(`/api/runs/${encodeURIComponent(runId)}/judged-probes`, StartedSchema, post({ ...request, confirm: true })),
    onSuccess: ({ judgement }) => {
      setJobError(null);
      queryClient.setQueryData(keyOf(runId), (current: z.infer<typeof StoredSchema> | undefined) => ({ judged: current?.judged ?? null, judgement }));
      plan.reset();
      setOpen(false);
    },
  });
  const { followed, cancel } = useJudgementFollower({
    judgement: stored.data?.judgement ?? null,
    onDone: (judged) => {
      queryClient.setQueryData(keyOf(runId), (current: z.infer<typeof StoredSchema> | undefined) => ({ judged, judgement: current?.judgement ? { ...current.judgement, status: "done" as const } : null }));
      void queryClient.invalidateQueries({ queryKey: keyOf(runId) });
    },
    onError: (message) => {
      setJobError(message);
      void queryClient.invalidateQueries({ queryKey: keyOf(runId) });
    },
  });
  const change = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    plan.reset();
    start.reset();
    setJobError(null);
  };
  const error = start.error ?? plan.error;
  const refusedForSecrets = error ? toApiErrorBody(error).code === "secrets_unredacted" : false;
  const judged = stored.data?.judged ?? null;

  return (
    <div data-testid="judged-probes" className="space-y-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Judged probes</span>
        {judged ? (
          <span data-testid="judged-overall" className="rounded px-1.5 py-0.5 font-semibold tabular-nums" style={retentionStyle(judged.overall)}>
            {grade(judged.overall)} / 5
          </span>
        ) : (
          <span className="text-slate-500">{stored.isPending ? "loading…" : "not judged: a model asks questions about what each compaction cut, answers from the compacted context, and a judge grades the answers"}</span>
        )}
        {judged && (
          <span className="text-slate-500">
            {judged.points.length} compaction{judged.points.length === 1 ? "" : "s"}, {judged.calls} calls · writer {judged.models.question}, answerer {judged.models.answer}, judge {judged.models.judge}
          </span>
        )}
        <button type="button" data-testid="judged-toggle" aria-expanded={open} onClick={() => setOpen(!open)} className="ml-auto rounded border border-slate-300 bg-white px-2 py-0.5 font-medium hover:bg-slate-50">
          {open ? "▾ Close" : judged ? "▸ Judge again…" : "▸ Judge this run…"}
        </button>
      </div>
      {stored.error && <div className="text-red-700">Could not load the judged probes: {toApiErrorBody(stored.error).message}</div>}
      {followed && (
        <div data-testid="judged-progress" data-calls={followed.progress?.calls ?? 0} data-total={followed.total} className="flex flex-wrap items-center gap-2" role="status">
          <progress max={Math.max(1, followed.total)} value={followed.progress?.calls ?? 0} className="h-2 w-40" aria-label="Judged probes progress" />
          <span className="tabular-nums">
            {followed.queued && !followed.progress
              ? "Queued: waiting for a free slot on the server…"
              : followed.progress
                ? `Judging: call ${followed.progress.calls} of ${followed.total} done (${followed.progress.role}, compaction before call #${followed.progress.step})`
                : `Judging: ${followed.total} calls, one after another…`}
          </span>
          <button type="button" data-testid="judged-cancel" disabled={followed.cancelling} onClick={() => void cancel()} className="rounded border border-red-300 bg-white px-2 py-0.5 font-medium text-red-700 hover:bg-red-50 disabled:opacity-50">
            {followed.cancelling ? "Cancelling…" : "Cancel"}
          </button>
        </div>
      )}
      {jobError && !followed && (
        <div data-testid="judged-job-error" role="alert" className="text-red-700">
          {jobError}
        </div>
      )}

      {open && (
        <div data-testid="judged-form" className="space-y-2 rounded border border-slate-200 bg-slate-50 p-2">
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col">
              Provider
              <select data-testid="judged-provider" value={form.provider} onChange={(event) => change({ provider: event.target.value as "anthropic" | "openai" })} className="rounded border border-slate-300 bg-white px-1 py-0.5">
                <option value="anthropic">Anthropic</option>
                <option value="openai">OpenAI-compatible</option>
              </select>
            </label>
            <ModelField label="Judge model" testId="judged-judge-model" value={form.judgeModel} placeholder={form.provider === "anthropic" ? "claude-haiku-4-5" : "the endpoint's model"} onChange={(judgeModel) => change({ judgeModel })} />
            <ModelField label="Question writer" testId="judged-question-model" value={form.questionModel} placeholder="the judge's" onChange={(questionModel) => change({ questionModel })} />
            <ModelField label="Answerer" testId="judged-answer-model" value={form.answerModel} placeholder="the judge's" onChange={(answerModel) => change({ answerModel })} />
            <NumberField label="Questions per compaction" testId="judged-questions" value={form.questions} limits={JUDGED_LIMITS.questions} onChange={(questions) => change({ questions })} />
            <NumberField label="Compactions at most" testId="judged-compactions" value={form.compactions} limits={JUDGED_LIMITS.compactions} onChange={(compactions) => change({ compactions })} />
            <button type="button" data-testid="judged-estimate" disabled={plan.isPending || start.isPending} onClick={() => plan.mutate()} className="rounded bg-slate-700 px-2 py-1 font-semibold text-white disabled:opacity-50">
              {plan.isPending ? "Estimating…" : "Estimate the cost"}
            </button>
          </div>
          {plan.data && <PlanView plan={plan.data} />}
          {plan.data && (
            <button type="button" data-testid="judged-start" disabled={start.isPending || followed !== null} onClick={() => start.mutate()} className="rounded bg-violet-700 px-2 py-1 font-semibold text-white disabled:opacity-50">
              {start.isPending ? "Starting…" : `Start: ${plan.data.calls} calls, ${plan.data.dollars === null ? "cost unknown" : `about ${dollars(plan.data.dollars)}`}`}
            </button>
          )}
          {error && (
            <div data-testid="judged-error" role="alert" className="text-red-700">
              {toApiErrorBody(error).message}
            </div>
          )}
          {refusedForSecrets && (
            <label className="flex items-center gap-1 text-amber-900">
              <input type="checkbox" data-testid="judged-allow-secrets" checked={form.allowSecrets} onChange={(event) => change({ allowSecrets: event.target.checked })} />
              Send this session to the models anyway, credentials included
            </label>
          )}
        </div>
      )}

      {judged && <GradesView judged={judged} />}
    </div>
  );
}

function PlanView({ plan }: { plan: JudgedProbesPlan }) {
  return (
    <div data-testid="judged-plan" data-calls={plan.calls} className="space-y-1">
      <div>
        <span data-testid="judged-plan-summary">
          {plan.steps.length} of the run&apos;s {plan.compactionsInRun} compactions (before calls {plan.steps.map((step) => `#${step}`).join(", ")}) × 3 calls = <strong>{plan.calls} model calls</strong> (at most {plan.maxRequests} requests with retries), {plan.questionsPerCompaction} questions each. Estimated cost{" "}
          <strong data-testid="judged-plan-dollars">{dollars(plan.dollars)}</strong> at base rates (prices of {plan.pricesDate}; tokens estimated at 4 characters each, outputs at their cap). Sends the session to {plan.sends.join(", ")}.
        </span>
      </div>
      <table className="tabular-nums">
        <thead className="text-slate-500">
          <tr>
            <th className="pr-3 text-left font-medium">Role</th>
            <th className="pr-3 text-left font-medium">Model</th>
            <th className="pr-3 text-right font-medium">Calls</th>
            <th className="pr-3 text-right font-medium">Input tokens</th>
            <th className="pr-3 text-right font-medium">Output tokens</th>
            <th className="text-right font-medium">Dollars</th>
          </tr>
        </thead>
        <tbody>
          {plan.roles.map((role) => (
            <tr key={role.role}>
              <td className="pr-3">{role.role === "question" ? "write questions" : role.role === "answer" ? "answer" : "grade"}</td>
              <td className="pr-3">{role.model}</td>
              <td className="pr-3 text-right">{role.calls}</td>
              <td className="pr-3 text-right">{role.inputTokens.toLocaleString("en-US")}</td>
              <td className="pr-3 text-right">{role.outputTokens.toLocaleString("en-US")}</td>
              <td className="text-right">{role.dollars === null ? "unknown" : dollars(role.dollars)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Per compaction × dimension, coloured 0 (red) to 5 (green), the run's means last; a compaction's questions on a click. */
function GradesView({ judged }: { judged: JudgedProbesResult }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const point = chosen === null ? null : judged.points[chosen];
  return (
    <div className="space-y-1">
      <table data-testid="judged-grades" className="w-full tabular-nums">
        <thead className="text-slate-500">
          <tr>
            <th className="pr-2 text-left font-medium">Compaction</th>
            {JUDGED_DIMENSIONS.map((dimension) => (
              <th key={dimension} className="px-1 text-center font-medium">
                {JUDGED_DIMENSION_LABELS[dimension]}
              </th>
            ))}
            <th className="px-1 text-center font-semibold">Overall</th>
          </tr>
        </thead>
        <tbody>
          {judged.points.map((entry, index) => (
            <tr key={`${entry.step}-${index}`} data-testid="judged-point">
              <td className="pr-2">
                <button type="button" onClick={() => setChosen(chosen === index ? null : index)} aria-expanded={chosen === index} className={`rounded px-1 underline decoration-dotted ${chosen === index ? "ring-2 ring-violet-600" : ""}`}>
                  {entry.event} before #{entry.step}
                </button>
              </td>
              {JUDGED_DIMENSIONS.map((dimension) => (
                <GradeCell key={dimension} value={entry.byDimension[dimension]} />
              ))}
              <GradeCell value={entry.overall} strong />
            </tr>
          ))}
          <tr data-testid="judged-run-row" className="border-t border-slate-200">
            <td className="pr-2 font-semibold">Run</td>
            {JUDGED_DIMENSIONS.map((dimension) => (
              <GradeCell key={dimension} value={judged.byDimension[dimension]} testId={`judged-dimension-${dimension}`} />
            ))}
            <GradeCell value={judged.overall} strong />
          </tr>
        </tbody>
      </table>
      {point && (
        <ol data-testid="judged-questions-list" className="list-decimal space-y-1 pl-5">
          {point.questions.map((entry, index) => (
            <li key={index}>
              <span className="rounded bg-slate-100 px-1 text-slate-600">{entry.kind}</span> {entry.question}
              <div className="text-slate-600">Reference: {entry.expected}</div>
              <div className="text-slate-600">Answer from the compacted context: {entry.answer}</div>
              <div className="text-slate-500">
                {JUDGED_DIMENSIONS.map((dimension) => `${JUDGED_DIMENSION_LABELS[dimension]} ${entry.grades[dimension]}`).join(" · ")}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function GradeCell({ value, strong, testId }: { value: number | null; strong?: boolean; testId?: string }) {
  return (
    <td data-testid={testId} className={`px-1 text-center ${strong ? "font-semibold" : ""}`}>
      <span className="inline-block min-w-8 rounded px-1" style={retentionStyle(value)}>
        {grade(value)}
      </span>
    </td>
  );
}

function retentionStyle(value: number | null) {
  const colour = retentionColour(value === null ? null : value / 5);
  return { background: colour.background, color: colour.text };
}

function ModelField({ label, testId, value, placeholder, onChange }: { label: string; testId: string; value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col">
      {label}
      <input data-testid={testId} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} className="w-36 rounded border border-slate-300 bg-white px-1 py-0.5" />
    </label>
  );
}

function NumberField({ label, testId, value, limits, onChange }: { label: string; testId: string; value: number; limits: { min: number; max: number }; onChange: (value: number) => void }) {
  return (
    <label className="flex flex-col">
      {label}
      <input
        type="number"
        data-testid={testId}
        value={value}
        min={limits.min}
        max={limits.max}
        onChange={(event) => onChange(Math.min(limits.max, Math.max(limits.min, Math.round(Number(event.target.value) || limits.min))))}
        className="w-20 rounded border border-slate-300 bg-white px-1 py-0.5"
      />
    </label>
  );
}
