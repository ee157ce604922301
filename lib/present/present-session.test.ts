import { describe, expect, it } from "vitest";
import { SessionDetailSchema, SessionListSchema } from "../api/contracts/schemas";
import type { SessionDetailRecord } from "../store/session-record";
import { presentMessagePage } from "./present-message-page";
import { presentSessionDetail, presentSessionList, presentSessionSummary, presentStoredSession } from "./present-session";

const RECORD: SessionDetailRecord = {
  id: "s1",
  title: "A session",
  importedTitle: "A session",
  format: "openai",
  sourceName: "chat.json",
  pick: 1,
  sessionCount: 2,
  messageCount: 4,
  toolCallCount: 1,
  toolResultCount: 1,
  recordedCompactionCount: 0,
  estimatedTokens: 120,
  recordedPeakContextTokens: null,
  createdAt: new Date("2026-11-25T14:00:00.123Z"),
  model: "gpt-5",
  project: "/repo",
  startedAt: new Date("2026-11-24T08:30:00.000Z"),
  recordedCostUsd: 0.0125,
  secrets: { scanned: true, count: 2, kinds: ["GITHUB_TOKEN"], redactedAt: new Date("2026-11-26T09:00:00.000Z"), redactedCount: 1 },
  meta: { cwd: "/repo" },
  contextCurve: [
    { step: 0, messageIndex: 1, estimatedTokens: 10, recordedTokens: null },
    { step: 1, messageIndex: 3, estimatedTokens: 42, recordedTokens: 40 },
  ],
};

const SUMMARY_JSON =
  '{"id":"s1","title":"A session","importedTitle":"A session","format":"openai","sourceName":"chat.json","pick":1,"messageCount":4,"toolCallCount":1,"toolResultCount":1,' +
  '"recordedCompactionCount":0,"estimatedTokens":120,"recordedPeakContextTokens":null,"createdAt":"2026-11-25T14:00:00.123Z",' +
  '"model":"gpt-5","project":"/repo","startedAt":"2026-11-24T08:30:00.000Z","recordedCostUsd":0.0125,' +
  '"secrets":{"scanned":true,"count":2,"kinds":["GITHUB_TOKEN"],"redactedAt":"2026-11-26T09:00:00.000Z","redactedCount":1}}';

describe("session presenters (the wire format the API has always sent)", () => {
  it("a summary: the listed fields only, createdAt as an ISO string", () => {
    expect(JSON.stringify(presentSessionSummary(RECORD))).toBe(SUMMARY_JSON);
    expect(JSON.stringify(presentSessionList([RECORD]))).toBe(`{"sessions":[${SUMMARY_JSON}]}`);
    expect(SessionListSchema.parse(presentSessionList([RECORD]))).toEqual(presentSessionList([RECORD]));
  });

  it("an upload's answer adds sessionCount last; a detail adds meta, sessionCount and the curve", () => {
    expect(JSON.stringify(presentStoredSession(RECORD))).toBe(`${SUMMARY_JSON.slice(0, -1)},"sessionCount":2}`);
    const detail = presentSessionDetail(RECORD);
    expect(JSON.stringify(detail)).toBe(
      `${SUMMARY_JSON.slice(0, -1)},"meta":{"cwd":"/repo"},"sessionCount":2,"contextCurve":{"messageIndex":[1,3],"estimatedTokens":[10,42],"recordedTokens":[null,40]}}`,
    );
    // the client reads the columns back as the store's points
    expect(SessionDetailSchema.parse(detail)).toEqual({ ...JSON.parse(JSON.stringify(detail)), contextCurve: RECORD.contextCurve });
    expect(SessionDetailSchema.safeParse({ ...detail, contextCurve: { messageIndex: [1], estimatedTokens: [], recordedTokens: [] } }).success).toBe(false);
    expect(SessionDetailSchema.safeParse({ ...detail, contextCurve: { ...detail.contextCurve, estimatedTokens: [10, 4.2] } }).success).toBe(false);
    expect(SessionDetailSchema.safeParse({ ...detail, contextCurve: { ...detail.contextCurve, messageIndex: [1, null] } }).success).toBe(false);
    expect(SessionDetailSchema.safeParse({ ...detail, contextCurve: { ...detail.contextCurve, recordedTokens: [null, "40"] } }).success).toBe(false);
    expect(detail.meta).not.toBe(RECORD.meta);
  });

  it("a message page carries the canonical messages as they are", () => {
    const message = { id: "m0", role: "user" as const, parts: [{ type: "text" as const, text: "hi" }] };
    const page = presentMessagePage({ messages: [{ seq: 0, tokens: 1, message }], nextCursor: null, total: 1 });
    expect(JSON.stringify(page)).toBe('{"messages":[{"seq":0,"tokens":1,"message":{"id":"m0","role":"user","parts":[{"type":"text","text":"hi"}]}}],"nextCursor":null,"total":1}');
  });
});
