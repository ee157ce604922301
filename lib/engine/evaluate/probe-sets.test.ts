import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ProbeSetSchema } from "../../api/contracts/probe-set-schema";
import { describeWithShared } from "../../testing/describe-with-shared";
import { sharedTranscript } from "../../testing/shared-transcripts";
import { importTranscript } from "../../transcripts";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { buildSession } from "../testing/build-session";
import { checkProbeSet } from "./check-probe-set";
import { scoreHandProbes } from "./score-hand-probes";

const PROBES_DIR = path.resolve(__dirname, "../../../bench/probes");
const files = fs.readdirSync(PROBES_DIR).filter((file) => file.endsWith(".json"));

describe("the hand-written probe sets in bench/probes", () => {
  it("there are at least five", () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files)("%s parses, holds 25–40 probes with unique ids, a third or more rules, decisions or facts", (file) => {
    const set = ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, file), "utf8")));
    expect(set.probes.length).toBeGreaterThanOrEqual(25);
    expect(set.probes.length).toBeLessThanOrEqual(40);
    expect(new Set(set.probes.map((probe) => probe.id)).size).toBe(set.probes.length);
    const hard = set.probes.filter((probe) => probe.kind === "rule" || probe.kind === "decision" || probe.kind === "fact").length;
    expect(hard * 3).toBeGreaterThanOrEqual(set.probes.length);
  });
});

describeWithShared("the hand-written probe sets against their transcripts", () => {
  it.each(files)("%s: every probe is first stated in the first 70% and absent from the last 15%", (file) => {
    const set = ProbeSetSchema.parse(JSON.parse(fs.readFileSync(path.join(PROBES_DIR, file), "utf8")));
    const { session } = importTranscript(fs.readFileSync(sharedTranscript(set.transcript), "utf8"), { sourceName: set.transcript });
    expect(checkProbeSet(session, set.probes).flatMap((check) => (check.problem ? [`${check.id}: ${check.problem}`] : []))).toEqual([]);
  });
});

describe("checkProbeSet and scoreHandProbes", () => {
  const turns = [{ user: "Never touch the lockfile. The cache TTL is 900 seconds." }];
  for (let index = 0; index < 18; index++) turns.push({ user: `step ${index} of the work` });
  turns.push({ user: "The cache TTL is still 900 seconds." }); // message 19: in the last 15%
  const session = buildSession(turns);
  const probes = [
    { id: "lockfile", kind: "rule" as const, label: "never touch the lockfile", any: ["never touch the lock ?file"] },
    { id: "ttl", kind: "fact" as const, label: "the cache TTL is 900 s", any: ["ttl is (still )?900"] },
    { id: "late", kind: "fact" as const, label: "step 17", any: ["step 17 of"] },
    { id: "ghost", kind: "fact" as const, label: "never said", any: ["no such text"] },
  ];

  it("names the probes that break the rules", () => {
    expect(checkProbeSet(session, probes).map((check) => [check.id, check.problem])).toEqual([
      ["lockfile", null],
      ["ttl", "stated again in the last 15% (messages 19)"],
      ["late", "first stated at message 18 of 20, after the first 70%"],
      ["ghost", "no message holds it"],
    ]);
  });

  it("scores the weighted share the final context holds, and names what it lost", async () => {
    const none = await replaySession({ session, strategy: findStrategy("none")!, window: 1_000_000 });
    const kept = scoreHandProbes({ session, result: none, probes });
    // rule 3 + fact 2 + fact 2 held, the ghost (2) lost
    expect(kept.overall).toBeCloseTo(7 / 9);
    expect(kept.lostIds).toEqual(["ghost"]);
    // with calls between the messages, trimming to the last two leaves only the end of the session
    const talk = buildSession(turns.flatMap((turn) => [turn, { assistant: "ok" }]));
    const trimmed = await replaySession({ session: talk, strategy: findStrategy("trim-messages")!, settings: { maxConversationMessages: 2 }, window: 1_000_000 });
    const report = scoreHandProbes({ session: talk, result: trimmed, probes });
    expect(report.lostIds).toEqual(["lockfile", "late", "ghost"]);
    expect(report.byKind.rule).toEqual({ counted: 1, retained: 0 });
  });
});
