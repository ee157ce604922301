import { describe, expect, it } from "vitest";
import type { SyncReport } from "../sync/sync-sessions";
import { drawSyncProgress } from "./sync-progress";

const report = (counts: Partial<SyncReport>): SyncReport => ({ target: "t", dryRun: false, found: 4, excluded: 0, imported: 0, updated: 0, skipped: 0, held: 0, failed: 0, sessions: [], ...counts });

describe("drawSyncProgress", () => {
  it("draws the bar, the counts and the session being read, redrawn in place", () => {
    const current = { agent: "codex", project: "/tmp/repo" } as Parameters<typeof drawSyncProgress>[0]["current"];
    expect(drawSyncProgress({ done: 1, total: 4, current, report: report({ imported: 1 }) })).toBe("\r[######..................] 1/4  new 1 · updated 0 · unchanged 0  codex /tmp/repo\u001b[K");
  });

  it("ends the line when done, naming held and failed sessions only when there are some", () => {
    expect(drawSyncProgress({ done: 4, total: 4, current: null, report: report({ skipped: 2, held: 1, failed: 1 }) })).toBe("\r[########################] 4/4  new 0 · updated 0 · unchanged 2 · held 1 · failed 1\u001b[K\n");
  });
});
