import { describe, expect, it } from "vitest";
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
    expect(lost.map((probe) => probe.id)).toEqual(expected);
  });

  it("agrees with scoreRetention on user probes: text normalised, regex case-insensitive, absent ones lost", async () => {
    const specs = [
      { id: "a", kind: "text" as const, pattern: "RELEASE   notes" },
      { id: "b", kind: "regex" as const, pattern: "V1\\.2\\.\\d" },
      { id: "c", kind: "text" as const, pattern: "always run the linter" },
      { id: "d", kind: "regex" as const, pattern: "parserVersion0\\b" },
      { id: "e", kind: "text" as const, pattern: "never said anywhere" },
    ];
    const withUser = extractProbes(session, { userProbes: specs });
    const result = await replay("trim-messages", { maxConversationMessages: 2 });
    const lost = lostProbes({ snapshot: finalContext(session, result), probes: withUser }).filter((probe) => probe.kind === "user");
    expect(lost.map((probe) => probe.id)).toEqual(["user-c", "user-d", "user-e"]);
    const expected = scoreRetention({ session, result, probes: withUser }).final.lostProbeIds.filter((id) => id.startsWith("user-"));
    expect(lost.map((probe) => probe.id)).toEqual(expected);
  });
});
