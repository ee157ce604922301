import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgedProbesPlanSchema, JudgedProbesResultSchema, JudgementSchema, JudgementStreamLineSchema, type JudgementStreamLine } from "@/lib/api/contracts/judged-probes-schemas";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "@/lib/testing/fake-llm/fake-anthropic-server";
import { storeSession } from "@/lib/store/sessions";
import { fakeCredentials } from "@/lib/testing/fake-credentials";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as startRun } from "../sessions/[id]/runs/route";
import { GET as readJudged, POST as judge } from "./[id]/judged-probes/route";
import { POST as plan } from "./[id]/judged-probes/plan/route";
import { GET as judgedOfRuns } from "./judged-probes/route";
import { GET as followJudgement } from "../judgements/[id]/stream/route";
import { POST as cancelJudgement } from "../judgements/[id]/cancel/route";

const BASE = "http://lab.test/api";
const KEY = "sk-ant-judged-probes-route-key-7788";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (url: string, body: unknown) => new Request(url, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

/** Starts a confirmed judgement (202) and follows its stream to the end. */
async function judgeAndFollow(runId: string, body: object): Promise<{ judgementId: string; lines: JudgementStreamLine[] }> {
  const started = await judge(post(`${BASE}/runs/${runId}/judged-probes`, { ...body, confirm: true }), params(runId));
  expect(started.status).toBe(202);
  const { judgement, url } = await started.json();
  expect(url).toBe(`/api/judgements/${judgement.id}/stream`);
  expect(JudgementSchema.parse(judgement).status).toBe("queued");
  return { judgementId: judgement.id, lines: await follow(judgement.id) };
}

async function follow(judgementId: string): Promise<JudgementStreamLine[]> {
  const response = await followJudgement(new Request(`${BASE}/judgements/${judgementId}/stream`), params(judgementId));
  return (await response.text()).split("\n").filter(Boolean).map((line) => JudgementStreamLineSchema.parse(JSON.parse(line)));
}

async function finishedRun(sessionId: string): Promise<string> {
  const response = await startRun(post(`${BASE}/sessions/${sessionId}/runs`, { strategy: "trim-messages", settings: { maxConversationMessages: 20 } }), params(sessionId));
  const lines = (await response.text()).split("\n").filter(Boolean).map((line) => JSON.parse(line) as { type: string; runId?: string });
  expect(lines.at(-1)!.type).toBe("done");
  return lines[0].runId!;
}

describe("judged probes routes (real Requests, SQLite, the fake Anthropic server)", () => {
  useTestDatabase("sqlite");
  let fake: FakeAnthropicServer;
  let runId: string;
  const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };

  beforeAll(async () => {
    fake = await startFakeAnthropicServer({ expectedApiKey: KEY, retryAfterMs: 10, slowMs: 8_000 });
    process.env.ANTHROPIC_BASE_URL = fake.url;
    process.env.ANTHROPIC_API_KEY = KEY;
    const stored = await storeSession({ session: generateSession({ seed: 11, messages: 120 }), sessionCount: 1, pick: 0 });
    runId = await finishedRun(stored.id);
  });
  afterAll(async () => {
    await fake.close();
    process.env.ANTHROPIC_BASE_URL = saved.url;
    if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = saved.key;
  });

  it("plans (calls and dollars, nothing sent), refuses to start unconfirmed, then judges, stores and serves the grades", async () => {
    const planned = JudgedProbesPlanSchema.parse(await (await plan(post(`${BASE}/runs/${runId}/judged-probes/plan`, { questionsPerCompaction: 3, maxCompactions: 2 }), params(runId))).json());
    expect(planned.steps).toHaveLength(2);
    expect(planned.compactionsInRun).toBeGreaterThan(2);
    expect(planned).toMatchObject({ calls: 6, maxRequests: 12, questionsPerCompaction: 3 });
    expect(planned.roles.map((role) => role.model)).toEqual(["claude-haiku-4-5", "claude-haiku-4-5", "claude-haiku-4-5"]);
    expect(planned.dollars).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(0);

    const unconfirmed = await judge(post(`${BASE}/runs/${runId}/judged-probes`, { questionsPerCompaction: 3, maxCompactions: 2 }), params(runId));
    expect(unconfirmed.status).toBe(400);
    const refusal = ApiErrorSchema.parse(await unconfirmed.json()).error;
    expect(refusal.code).toBe("confirm_required");
    expect(refusal.message).toContain("6 model calls");
    expect(fake.requests).toHaveLength(0);
    expect((await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged).toBeNull();

    const { judgementId, lines } = await judgeAndFollow(runId, { questionsPerCompaction: 3, maxCompactions: 2, judgeModel: "claude-sonnet-4-5" });
    // the job's stream: started, then progress after each of the six calls (in order), then the grades
    expect(lines[0]).toEqual({ type: "started", judgementId, runId, total: 6 });
    const progress = lines.flatMap((line) => (line.type === "progress" ? [line.progress.calls] : []));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(6);
    const last = lines.at(-1)!;
    expect(last.type).toBe("done");
    const judged = JudgedProbesResultSchema.parse(last.type === "done" ? last.judged : null);
    expect(fake.requests).toHaveLength(6);
    expect(judged.models).toEqual({ question: "claude-sonnet-4-5", answer: "claude-sonnet-4-5", judge: "claude-sonnet-4-5" });
    expect(judged.points.map((point) => point.step)).toEqual(planned.steps);
    expect(judged.points.every((point) => point.questions.length >= 1 && point.questions.length <= 3)).toBe(true);
    expect(judged.overall).toBeGreaterThanOrEqual(0);
    expect(judged.overall).toBeLessThanOrEqual(5);
    expect(judged.estimatedDollars).toBeGreaterThan(planned.dollars!);
    const stored = await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json();
    expect(stored.judgement).toMatchObject({ id: judgementId, status: "done", total: 6, progress: { calls: 6, total: 6 }, error: null });

    const read = JudgedProbesResultSchema.parse((await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged);
    expect(read).toEqual(judged);

    // the compare table's optional column: many runs at once, unjudged and unknown ones left out
    const many = await (await judgedOfRuns(new Request(`${BASE}/runs/judged-probes?ids=${runId},no-such-run`), undefined)).json();
    expect(Object.keys(many.byRunId)).toEqual([runId]);
    expect(many.byRunId[runId]).toEqual({ overall: judged.overall, byDimension: judged.byDimension, compactions: 2, judge: "claude-sonnet-4-5" });
  });

  it("a failing judge: the judgement fails with its code after a bounded number of requests, and the stored grades are kept", async () => {
    const before = (await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged;
    expect(before).not.toBeNull();
    const sent = fake.requests.length;
    const { judgementId, lines } = await judgeAndFollow(runId, { judgeModel: "fake-server-error", maxRetries: 2 });
    const last = lines.at(-1)!;
    expect(last.type).toBe("error");
    const error = last.type === "error" ? last.error : null;
    expect(error?.code).toBe("judge_server_error");
    expect(error?.message).toContain("nothing was stored");
    expect(error?.message).not.toContain(KEY);
    expect(last.type === "error" && last.judgement).toMatchObject({ id: judgementId, status: "failed" });
    expect(fake.requests.length - sent).toBe(3);
    expect((await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged).toEqual(before);
  });

  it("a judge that hangs: cancelled within a second, the call in flight aborted, the stored grades kept", async () => {
    const before = (await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged;
    const sent = fake.requests.length;
    const started = await judge(post(`${BASE}/runs/${runId}/judged-probes`, { judgeModel: "fake-slow", maxRetries: 0, confirm: true }), params(runId));
    const { judgement } = await started.json();
    const following = follow(judgement.id);
    // wait until the first (slow) call reached the model server
    for (let waited = 0; fake.requests.length === sent && waited < 10_000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(fake.requests.length - sent).toBe(1);
    const asked = performance.now();
    const cancelled = await cancelJudgement(post(`${BASE}/judgements/${judgement.id}/cancel`, {}), params(judgement.id));
    expect(cancelled.status).toBe(200);
    const lines = await following;
    const took = performance.now() - asked;
    console.log(`judgement cancelled ${Math.round(took)} ms after the request`);
    expect(took).toBeLessThan(2_000);
    expect(lines.at(-1)).toMatchObject({ type: "error", error: { code: "cancelled" }, judgement: { status: "cancelled" } });
    expect(fake.requests.length - sent).toBe(1);
    expect((await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged).toEqual(before);
    // an unknown judgement: 404 with the usual JSON error, on both routes
    expect(ApiErrorSchema.parse(await (await cancelJudgement(post(`${BASE}/judgements/missing/cancel`, {}), params("missing"))).json()).error.code).toBe("not_found:judgement");
    expect((await followJudgement(new Request(`${BASE}/judgements/missing/stream`), params("missing"))).status).toBe(404);
  });

  it("a judge that times out: the judgement fails with judge_timeout after its bounded requests, nothing stored", async () => {
    const { startJudgement } = await import("@/lib/jobs/start-judgement");
    const { JudgedProbesRequestSchema } = await import("@/lib/api/contracts/judged-probes-schemas");
    const before = (await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged;
    const sent = fake.requests.length;
    const judgement = await startJudgement({ runId, request: JudgedProbesRequestSchema.parse({ judgeModel: "fake-slow", maxRetries: 1, confirm: true }), timeoutMs: 300 });
    const lines = await follow(judgement.id);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ type: "error", error: { code: "judge_timeout" }, judgement: { status: "failed" } });
    expect(last.type === "error" && last.error.message).toContain("nothing was stored");
    expect(fake.requests.length - sent).toBe(2);
    expect((await (await readJudged(new Request(`${BASE}/runs/${runId}/judged-probes`), params(runId))).json()).judged).toEqual(before);
  });

  it("names bad input: bounds, an unknown run, a run that never compacted, no key", async () => {
    const tooMany = await plan(post(`${BASE}/runs/${runId}/judged-probes/plan`, { questionsPerCompaction: 50 }), params(runId));
    expect(tooMany.status).toBe(400);
    expect(ApiErrorSchema.parse(await tooMany.json()).error.issues?.[0].path).toBe("questionsPerCompaction");
    expect((await plan(post(`${BASE}/runs/missing/judged-probes/plan`, {}), params("missing"))).status).toBe(404);

    const small = await storeSession({ session: generateSession({ seed: 3, messages: 12 }), sessionCount: 1, pick: 0 });
    const quiet = await finishedRun(small.id);
    const none = await plan(post(`${BASE}/runs/${quiet}/judged-probes/plan`, {}), params(quiet));
    expect(ApiErrorSchema.parse(await none.json()).error.code).toBe("no_compactions");

    delete process.env.ANTHROPIC_API_KEY;
    try {
      const keyless = await plan(post(`${BASE}/runs/${runId}/judged-probes/plan`, {}), params(runId));
      expect(ApiErrorSchema.parse(await keyless.json()).error).toMatchObject({ code: "missing_api_key", issues: [{ path: "apiKey" }] });
    } finally {
      process.env.ANTHROPIC_API_KEY = KEY;
    }
  });

  it("the secrets gate: a session with an unredacted credential is refused until allowSecrets", async () => {
    const token = fakeCredentials(3).find((credential) => credential.rule === "github")!.value;
    const session = generateSession({ seed: 5, messages: 120 });
    const first = session.messages.find((message) => message.role === "user" && message.parts[0]?.type === "text")!;
    first.parts = [{ type: "text", text: `Deploy with ${token} please.` }, ...first.parts];
    const stored = await storeSession({ session: { ...session, title: "with a token" }, sessionCount: 1, pick: 0 });
    const secretRun = await finishedRun(stored.id);
    const refused = await plan(post(`${BASE}/runs/${secretRun}/judged-probes/plan`, {}), params(secretRun));
    expect(ApiErrorSchema.parse(await refused.json()).error).toMatchObject({ code: "secrets_unredacted" });
    const allowed = await plan(post(`${BASE}/runs/${secretRun}/judged-probes/plan`, { allowSecrets: true }), params(secretRun));
    expect(allowed.status).toBe(200);
  });
});
