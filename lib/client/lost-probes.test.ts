import { describe, expect, it } from "vitest";
import type { UserProbe } from "../api/compare-schemas";
import { extractProbes } from "../engine/evaluate/extract-probes";
import { scoreRetention } from "../engine/evaluate/score-retention";
import { finalContext } from "../engine/simulate/context-at";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { buildSession, deepFreeze, type TurnSpec } from "../engine/testing/build-session";
import { lostProbes } from "./lost-probes";

const turns: TurnSpec[] = [{ user: "Always run the linter. Start with src/app/main.ts please." }];
for (let index = 0; index < 10; index++) {
  turns.push({
    assistant: `Step ${index}: I'll use parserVersion${index} instead.`,
    tools: [{ name: "bash", input: { command: `cat src/module_${index}/index.ts` }, output: `Error: missing export_${index}_value`, isError: true }],
  });
}
turns.push({ user: "Now write the release notes for v1.2.3." }, { assistant: "Writing them." });
const session = deepFreeze(buildSession(turns));
const probes = extractProbes(session);

const userProbe = (kind: "text" | "regex", pattern: string): UserProbe => ({ id: pattern, sessionId: "s", createdAt: "", kind, pattern });

async function replay(id: string, settings?: Record<string, unknown>) {
  return replaySession({ session, strategy: findStrategy(id)!, settings, window: 1_000_000 });
}

describe("lostProbes", () => {
  it.each([
    ["none", undefined],
    ["trim-messages", { maxConversationMessages: 4 }],
    ["trim-messages", { maxConversationMessages: 2 }],
  ])("names the same lost probes as scoreRetention for %s %j", async (id, settings) => {
    const result = await replay(id, settings);
    const expected = scoreRetention({ session, result, probes }).final.lostProbeIds;
    const lost = lostProbes({ snapshot: finalContext(session, result), probes });
    expect(lost.extracted.map((probe) => probe.id)).toEqual(expected);
  });

  it("matches user text probes normalised and regexes case-insensitively; flags a regex that does not compile", async () => {
    const result = await replay("trim-messages", { maxConversationMessages: 2 });
    const snapshot = finalContext(session, result);
    const lost = lostProbes({
      snapshot,
      probes: [],
      userProbes: [
        userProbe("text", "RELEASE   notes"),
        userProbe("regex", "V1\\.2\\.\\d"),
        userProbe("text", "always run the linter"),
        userProbe("regex", "parserVersion0\\b"),
        userProbe("regex", "("),
      ],
    });
    expect(lost.user.map((probe) => probe.pattern)).toEqual(["always run the linter", "parserVersion0\\b"]);
    expect(lost.unreadable.map((probe) => probe.pattern)).toEqual(["("]);
  });
});
