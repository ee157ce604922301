import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { describeWithShared } from "../../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../testing/shared-transcripts";
import type { Session } from "../model";
import { strategies } from "../strategies";
import type { Summarizer } from "../summarize/summarizer";
import { deepFreeze } from "../testing/build-session";
import { checkInvariants } from "./check-invariants";
import { planCompaction } from "./plan-compaction";
import { replaySession } from "./replay-session";

const failingSummarizer: Summarizer = async () => {
  throw new Error("rate limited");
};

/** Replays twice (once with a failing summarizer) and checks every invariant; returns the first result. */
async function expectSound(session: Session, window: number) {
  const frozen = deepFreeze(structuredClone(session));
  const before = JSON.stringify(frozen);
  for (const strategy of strategies) {
    const first = await replaySession({ session: frozen, strategy, window });
    const second = await replaySession({ session: frozen, strategy, window });
    expect(JSON.stringify(second), `${strategy.id} is deterministic`).toBe(JSON.stringify(first));
    const report = checkInvariants(frozen, first);
    expect(report.violations, strategy.id).toEqual([]);
    expect(report.toolPairsIntact).toBe(true);
    const failing = await replaySession({ session: frozen, strategy, window, summarizer: failingSummarizer });
    expect(checkInvariants(frozen, failing).violations, `${strategy.id} with a failing summarizer`).toEqual([]);
    const preview = planCompaction({ session: frozen, strategy, window });
    expect(checkInvariants(frozen, preview.replay).violations, `${strategy.id} preview`).toEqual([]);
  }
  expect(JSON.stringify(frozen)).toBe(before);
}

describe("invariants over every registered strategy", () => {
  it.each([
    { seed: 1, messages: 120, window: 30_000 },
    { seed: 2, messages: 600, window: 60_000 },
    { seed: 3, messages: 1_500, window: 200_000 },
  ])("generated session seed $seed, $messages messages, window $window", async ({ seed, messages, window }) => {
    await expectSound(generateSession({ seed, messages }), window);
  });
});

describeWithShared("invariants over every registered strategy on real transcripts", () => {
  it.each(listSharedTranscripts().filter((file) => !file.endsWith(".md")))("%s", async (file) => {
    const { importTranscript } = await import("../../transcripts");
    const session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
    await expectSound(session, 60_000);
  });
});
