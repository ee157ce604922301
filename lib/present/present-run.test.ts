import { describe, expect, it } from "vitest";
import { RunSummarySchema } from "../api/contracts/run-schemas";
import type { RunDetailRecord } from "../store/run-record";
import { presentRunDetail, presentRunSummary } from "./present-run";

const RECORD: RunDetailRecord = {
  id: "r1",
  sessionId: "s1",
  comparisonId: null,
  strategyId: "opencode",
  settings: { keep: 2 },
  options: { window: 60_000, outputReserve: 0, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null, costModel: null, cacheProvider: "auto", cacheTtl: "5m", recordedRewrites: true },
  status: "done",
  error: null,
  tokensBefore: 900,
  tokensAfter: 400,
  compactions: 1,
  prunes: 0,
  fallbacks: 0,
  summarizerFailures: 0,
  summarizerUsage: null,
  estimatedCostUsd: null,
  continuationRecall: null,
  cost: null,
  createdAt: new Date("2026-11-25T14:00:00.000Z"),
  finishedAt: new Date("2026-11-25T14:00:01.500Z"),
  result: null,
  session: { id: "s1", title: "A session", format: "openai", messageCount: 4 },
};

describe("run presenters (the wire format the API has always sent)", () => {
  it.each([
    { name: "a finished run", record: RECORD, finishedAt: '"2026-11-25T14:00:01.500Z"' },
    { name: "a queued run", record: { ...RECORD, status: "queued" as const, finishedAt: null }, finishedAt: "null" },
  ])("$name: RunSummarySchema's fields in its order, dates as ISO strings", ({ record, finishedAt }) => {
    const summary = presentRunSummary(record);
    expect(JSON.stringify(summary)).toBe(
      `{"id":"r1","sessionId":"s1","comparisonId":null,"strategyId":"opencode","settings":{"keep":2},"options":{"window":60000,"outputReserve":0,"estimator":"chars4",` +
        `"summarizer":"extractive","model":null,"instructions":null,"compactAtStep":null,"promptOverrides":null,"costModel":null,"cacheProvider":"auto","cacheTtl":"5m","recordedRewrites":true},"status":"${record.status}","error":null,` +
        `"tokensBefore":900,"tokensAfter":400,"compactions":1,"prunes":0,"fallbacks":0,"summarizerFailures":0,"summarizerUsage":null,` +
        `"estimatedCostUsd":null,"continuationRecall":null,"cost":null,"createdAt":"2026-11-25T14:00:00.000Z","finishedAt":${finishedAt}}`,
    );
    expect(JSON.stringify(RunSummarySchema.parse(summary))).toBe(JSON.stringify(summary));
  });

  it("a detail adds the result and the session basics after the summary", () => {
    expect(JSON.stringify(presentRunDetail(RECORD))).toBe(`${JSON.stringify(presentRunSummary(RECORD)).slice(0, -1)},"result":null,"session":{"id":"s1","title":"A session","format":"openai","messageCount":4}}`);
  });
});
