import { beforeAll, describe, expect, it } from "vitest";
import { PreviewRequestSchema } from "../api/contracts/run-schemas";
import type { PruneEvent } from "../engine/simulate/replay-events";
import { replaySession } from "../engine/simulate/replay-session";
import { strategiesById } from "../engine/strategies";
import { generateSession } from "../generator/generate-session";
import { storeSession } from "../store/sessions";
import { useTestDatabase } from "../testing/use-test-database";
import { previewCompaction } from "./preview-compaction";

/** The playground e2e's session and settings: opencode prunes under this window at several steps. */
const session = generateSession({ seed: 11, messages: 600 });
const CONFIG = { strategy: "opencode", window: 60_000, settings: { pruneProtect: 4_000, pruneMinimum: 2_000 } };

describe("previewCompaction at a step (real SQLite, the stored session)", () => {
  useTestDatabase("sqlite");
  let sessionId: string;
  let prunesByStep: Map<number, PruneEvent[]>;

  beforeAll(async () => {
    sessionId = (await storeSession({ session, sessionCount: 1, pick: 0 })).id;
    const run = await replaySession({ session, strategy: strategiesById.opencode, window: CONFIG.window, settings: CONFIG.settings });
    prunesByStep = new Map();
    for (const event of run.events) if (event.type === "prune") prunesByStep.set(event.step, [...(prunesByStep.get(event.step) ?? []), event]);
  });

  const preview = (atStep?: number) => previewCompaction({ sessionId, request: PreviewRequestSchema.parse({ ...CONFIG, atStep }) });

  it("a prune before the forced compaction at that step: its protection is listed with the compaction's, beside the parts it pruned", async () => {
    // a step whose prune the run made at the same point the preview forces its compaction after
    const steps = [...prunesByStep.keys()];
    expect(steps.length, "opencode prunes on this session").toBeGreaterThan(1);
    let checked = 0;
    for (const step of steps.slice(0, 3)) {
      const view = await preview(step);
      expect(view.atStep).toBe(step);
      expect(view.pruned.length).toBeGreaterThan(0);
      const prunes = view.events.filter((event): event is PruneEvent => event.type === "prune");
      expect(prunes.length).toBeGreaterThan(0);
      expect(prunes.every((event) => event.step === step)).toBe(true);
      // every part listed as pruned was pruned by a prune event the preview reports
      expect(view.pruned.length).toBe(prunes.reduce((sum, event) => sum + event.parts, 0));
      const labels = prunes.flatMap((event) => (event.protected ?? []).map((region) => region.label));
      expect(labels).toContain("newest 4000 tokens of tool output (pruneProtect)");
      // the forced compaction's own events still follow, in order
      const end = view.events.findIndex((event) => event.type === "compaction-end" || event.type === "trim");
      expect(end).toBeGreaterThan(view.events.findLastIndex((event) => event.type === "prune"));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("a step without a prune reports none, and after the last message only the forced decision's events", async () => {
    const quiet = [...Array(40).keys()].find((step) => step > 0 && !prunesByStep.has(step))!;
    const atQuiet = await preview(quiet);
    expect(atQuiet.pruned).toEqual([]);
    expect(atQuiet.events.filter((event) => event.type === "prune")).toEqual([]);

    const atEnd = await preview();
    expect(atEnd.atStep).toBe(atEnd.totalSteps);
    for (const event of atEnd.events) expect(event.step).toBe(atEnd.totalSteps);
  });
});
