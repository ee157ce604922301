import { beforeAll, describe, expect, it } from "vitest";
import type { JudgedProbesResult } from "../api/contracts/judged-probes-schemas";
import { generateSession } from "../generator/generate-session";
import { PG_TEST_URL, useTestDatabase, type TestDatabaseKind } from "../testing/use-test-database";
import { db } from "./db";
import { createJudgement, finishJudgement, getJudgement, INTERRUPTED_JUDGEMENT_ERROR, latestJudgementOfRun, requestJudgementCancel, startJudgement } from "./probe-judgements";
import { readRunJudgedProbes } from "./run-judged-probes";
import { createRun } from "./runs";
import { storeSession } from "./sessions";

const OPTIONS = { window: 1_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } as const;
const PLAN = { calls: 3 };
const means = { accuracy: 4, contextAwareness: 4, artifactTrail: 4, completeness: 4, continuity: 4, instructionFollowing: 4 };
const JUDGED: JudgedProbesResult = { provider: "anthropic", models: { question: "m", answer: "m", judge: "m" }, points: [], byDimension: means, byKind: {}, overall: 4, calls: 3, estimatedDollars: null, judgedAt: "2026-11-27T14:00:00.000Z" };

describe.each<TestDatabaseKind>(PG_TEST_URL ? ["sqlite", "postgresql"] : ["sqlite"])("judgement jobs on %s", (kind) => {
  useTestDatabase(kind);
  let runId: string;
  beforeAll(async () => {
    const session = await storeSession({ session: generateSession({ seed: 2, messages: 20 }), sessionCount: 1, pick: 0 });
    runId = (await createRun({ sessionId: session.id, strategyId: "none", settings: {}, options: OPTIONS })).id;
  });
  const newJudgement = () => createJudgement({ runId, request: { confirm: true }, plan: PLAN, claimedBy: "pinned:here:1" });

  it("ends exactly once: done stores the grades on the run in the same write; a second end is refused", async () => {
    const judgement = await newJudgement();
    expect(judgement).toMatchObject({ status: "queued", total: 3, progress: null, error: null });
    expect(await startJudgement(judgement.id)).toBe(true);
    expect(await startJudgement(judgement.id)).toBe(false);
    expect(await finishJudgement(judgement.id, { status: "done", judged: JUDGED })).toBe(true);
    expect(await finishJudgement(judgement.id, { status: "failed", error: "late", errorCode: "judge_timeout" })).toBe(false);
    expect(await readRunJudgedProbes(runId)).toEqual(JUDGED);
    expect((await latestJudgementOfRun(runId))?.status).toBe("done");
  });

  it("a cancel wins over a done recorded after it; a failure stores nothing on the run", async () => {
    const cancelled = await newJudgement();
    await startJudgement(cancelled.id);
    expect((await requestJudgementCancel(cancelled.id)).status).toBe("running");
    expect(await finishJudgement(cancelled.id, { status: "done", judged: { ...JUDGED, overall: 1 } })).toBe(false);
    expect(await finishJudgement(cancelled.id, { status: "cancelled", error: "Cancelled.", errorCode: "cancelled" })).toBe(true);
    const queued = await newJudgement();
    expect(await requestJudgementCancel(queued.id)).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
    expect(await startJudgement(queued.id)).toBe(false);
    const failed = await newJudgement();
    await startJudgement(failed.id);
    await finishJudgement(failed.id, { status: "failed", error: "Judged probes failed, nothing was stored: timeout", errorCode: "judge_timeout" });
    expect(await getJudgement(failed.id)).toMatchObject({ status: "failed", error: { code: "judge_timeout" } });
    expect((await readRunJudgedProbes(runId))?.overall).toBe(4);
  });

  it("an open judgement whose heartbeat went stale is ended interrupted by its first reader; a live one is left alone", async () => {
    const live = await newJudgement();
    const lost = await newJudgement();
    await startJudgement(lost.id);
    await (await db()).probeJudgement.update({ where: { id: lost.id }, data: { heartbeatAt: new Date("2020-01-01T00:00:00Z") } });
    expect(await getJudgement(lost.id)).toMatchObject({ status: "interrupted", error: { code: "interrupted", message: INTERRUPTED_JUDGEMENT_ERROR } });
    expect((await getJudgement(live.id)).status).toBe("queued");
    await expect(getJudgement("missing")).rejects.toMatchObject({ code: "not_found:judgement" });
  });
});
