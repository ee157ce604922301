import { describe, expect, it } from "vitest";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { buildSession, deepFreeze, type TurnSpec } from "../testing/build-session";
import { extractProbes } from "./extract-probes";
import { scoreRetention } from "./score-retention";

const turns: TurnSpec[] = [{ user: "Always run the linter. Start with src/app/main.ts please." }];
for (let index = 0; index < 12; index++) {
  turns.push({
    assistant: `Step ${index}: I'll use parserVersion${index} instead of the old one.`,
    tools: [{ name: "bash", input: { command: `cat src/module_${index}/index.ts` }, output: `Error: missing export_${index}_value` , isError: true }],
  });
}
turns.push({ user: "Now write the release notes for v1.2.3." }, { assistant: "Writing them." });
const session = deepFreeze(buildSession(turns));
const probes = extractProbes(session);

async function replay(id: string, settings?: Record<string, unknown>) {
  return replaySession({ session, strategy: findStrategy(id)!, settings, window: 1_000_000 });
}

describe("scoreRetention", () => {
  it("none retains every probe, at the end and with nothing lost", async () => {
    const report = scoreRetention({ session, result: await replay("none"), probes });
    expect(report.final.overall).toBe(1);
    expect(report.final.counted).toBe(probes.length);
    expect(report.final.lostProbeIds).toEqual([]);
    expect(report.compactions).toEqual([]);
  });

  it("trim-messages with a small cap loses early probes: the score drops below 1 and names what was lost", async () => {
    const report = scoreRetention({ session, result: await replay("trim-messages", { maxConversationMessages: 4 }), probes });
    expect(report.final.overall).toBeGreaterThan(0);
    expect(report.final.overall).toBeLessThan(1);
    expect(report.final.byKind.rule).toEqual({ counted: 1, retained: 0, score: 0 });
    expect(report.final.byKind["last-request"]).toEqual({ counted: 1, retained: 1, score: 1 });
    expect(report.final.lostProbeIds).toContain("rule-0");
    expect(report.compactions.length).toBeGreaterThan(0);
  });

  it("scores each compaction on the context of the step it belongs to, counting only probes seen by then", async () => {
    const result = await replay("trim-messages", { maxConversationMessages: 4 });
    const report = scoreRetention({ session, result, probes });
    for (const point of report.compactions) {
      expect(point.step).toBe(point.eventStep);
      expect(point.counted).toBe(probes.filter((probe) => probe.firstStep <= point.eventStep).length);
      expect(point.overall).toBeLessThanOrEqual(1);
    }
    const lastRequest = probes.find((probe) => probe.kind === "last-request")!;
    const before = report.compactions.filter((point) => point.eventStep < lastRequest.firstStep);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((point) => point.byKind["last-request"].counted === 0)).toBe(true);
  });

  it("finalOnly scores the final context alone: the same final figure, no compaction points", async () => {
    const result = await replaySession({ session, strategy: findStrategy("trim-messages")!, settings: { maxConversationMessages: 2 }, window: 1_000_000 });
    const full = scoreRetention({ session, result, probes });
    expect(full.compactions.length).toBeGreaterThan(0);
    expect(scoreRetention({ session, result, probes, finalOnly: true })).toEqual({ final: full.final, compactions: [] });
  });

  it("matches through normalisation: case, quotes, whitespace and path separators", async () => {
    const windowsSession = buildSession([
      { user: 'Edit "SRC\\App\\Main.ts"   now, and make sure it builds.' },
      { assistant: "ok" },
    ]);
    const probe = { id: "file-path-0", kind: "file-path" as const, text: "src/app/main.ts", normalized: "src/app/main.ts", firstStep: 0, messageId: "m0" };
    const result = await replaySession({ session: windowsSession, strategy: findStrategy("none")! });
    expect(scoreRetention({ session: windowsSession, result, probes: [probe] }).final.overall).toBe(1);
  });

  it("scores user probes: text and regex retained when the context holds them, counted from their first step", async () => {
    const userProbes = [
      { id: "rule", kind: "text" as const, pattern: "ALWAYS run the linter" },
      { id: "late", kind: "regex" as const, pattern: "export_1[01]_value" },
      { id: "early", kind: "regex" as const, pattern: "module_[0-2]/" },
      { id: "absent", kind: "text" as const, pattern: "not in this session" },
    ];
    const withUser = extractProbes(session, { userProbes });
    const none = scoreRetention({ session, result: await replay("none"), probes: withUser });
    // none keeps all but the absent one, which counts from step 0 and no context holds
    expect(none.final.byKind.user).toEqual({ counted: 4, retained: 3, score: 0.75 });
    expect(none.final.lostProbeIds).toEqual(["user-absent"]);
    const trim = scoreRetention({ session, result: await replay("trim-messages", { maxConversationMessages: 4 }), probes: withUser });
    // the last 4 messages hold the 12th tool result (export_11_value) but not the first message or module_0..2
    expect(trim.final.byKind.user).toEqual({ counted: 4, retained: 1, score: 0.25 });
    expect(trim.final.lostProbeIds.filter((id) => id.startsWith("user-"))).toEqual(["user-rule", "user-early", "user-absent"]);
    const lateStep = withUser.find((probe) => probe.id === "user-late")!.firstStep;
    for (const point of trim.compactions) expect(point.byKind.user.counted).toBe(point.eventStep >= lateStep ? 4 : 3);
  });

  it("never retains a probe whose normalised text is empty, and throws on a regex that does not compile", async () => {
    const result = await replay("none");
    const empty = { id: "user-q", kind: "user" as const, text: '""', normalized: "", firstStep: 0, messageId: null, inSession: false };
    expect(scoreRetention({ session, result, probes: [empty] }).final.overall).toBe(0);
    const broken = { ...empty, id: "user-r", text: "(", normalized: "(", regex: "(" };
    expect(() => scoreRetention({ session, result, probes: [broken] })).toThrow(/regex probe "\(" does not compile/);
  });
});
