import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { SessionFidelitySchema } from "@/lib/api/contracts/fidelity-schemas";
import { storeSession } from "@/lib/store/sessions";
import { describeWithShared } from "@/lib/testing/describe-with-shared";
import { sharedTranscript } from "@/lib/testing/shared-transcripts";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { importTranscript } from "@/lib/transcripts";
import { generateSession } from "@/lib/generator/generate-session";
import { GET as fidelity } from "./route";

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function stored(file: string) {
  const { session } = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file });
  return (await storeSession({ session, sourceName: file, sessionCount: 1, pick: 0 })).id;
}

async function fidelityOf(id: string) {
  const response = await fidelity(new Request(`http://lab.test/api/sessions/${id}/fidelity`), params(id));
  return { status: response.status, body: await response.json() };
}

describe("GET /api/sessions/:id/fidelity (real route handler, fresh SQLite database)", () => {
  useTestDatabase("sqlite");

  it("a session without recorded compactions is not replayed: fidelity null, with the reason", async () => {
    const { id } = await storeSession({ session: generateSession({ seed: 3, messages: 40 }), sourceName: "generated.json", sessionCount: 1, pick: 0 });
    const { status, body } = await fidelityOf(id);
    expect(status).toBe(200);
    expect(SessionFidelitySchema.parse(body)).toEqual({ fidelity: null, reason: "the session records no compaction of its own", versions: [], bestMatch: null });
  });

  it("an unknown session is a 404", async () => {
    const { status, body } = await fidelityOf("no-such-session");
    expect(status).toBe(404);
    expect(ApiErrorSchema.parse(body).error.code).toBe("not_found:session");
  });

  describeWithShared("on shared transcripts that record their agent's compactions", () => {
    it("the Codex session: codex replayed at the recorded 258,400 window, one row per recorded compaction, as `lab simulate` measures it", async () => {
      const id = await stored("codex/agentv__796eaddfe2f9.jsonl");
      const { status, body } = await fidelityOf(id);
      expect(status).toBe(200);
      const { fidelity: report } = SessionFidelitySchema.parse(body);
      expect(report).toMatchObject({ strategyId: "codex", estimatorId: "calibrated", window: 258_400, windowFrom: "recorded" });
      expect(report!.recorded.map((entry) => entry.recordedStep)).toEqual([98, 171, 257]);
      expect(report!.hiddenPrefixTokens).toBeGreaterThan(0);
      for (const entry of report!.recorded) expect(entry.within).toBe(entry.callsApart !== null && Math.abs(entry.callsApart) <= report!.toleranceCalls);
    }, 120_000);

    it("a Claude Code session is replayed with every version of claude-code, ranked by how well each matches", async () => {
      const id = await stored("claude-code/spotter__fa812bfe.jsonl");
      const { status, body } = await fidelityOf(id);
      expect(status).toBe(200);
      const parsed = SessionFidelitySchema.parse(body);
      expect(parsed.reason).toBeNull();
      expect(parsed.fidelity!.strategyId).toBe("claude-code");
      expect(parsed.versions.map((version) => version.strategyId).sort()).toEqual(["claude-code", "claude-code@2.1.299"]);
      expect(parsed.versions.find((version) => version.strategyId === "claude-code@2.1.299")!.version).toBe("2.1.299, 2026-10-14");
      const [first, second] = parsed.versions;
      expect(first.within).toBeGreaterThanOrEqual(second.within);
      if (parsed.bestMatch === null) expect([first.within, first.extraReplayed, first.meanCallsApart]).toEqual([second.within, second.extraReplayed, second.meanCallsApart]);
      else expect(parsed.bestMatch).toBe(first.strategyId);
    }, 180_000);
  });
});
