import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { importTranscript } from "../../transcripts";
import type { Session } from "../model";
import type { CompactionEndEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { strategiesById } from "./index";
import { PI_TURN_CONTEXT_HEADING } from "./pi";
import { fileOperationOf } from "./pi/file-operations";

const PI_LARGE = path.resolve(import.meta.dirname, "../../../../shared/transcripts/pi/pi-mono__large-session.jsonl");

/** Every path a tool call in the session reads, writes or edits: the only things a file list may hold. */
function touchedPaths(session: Session): Set<string> {
  const paths = new Set<string>();
  for (const message of session.messages) for (const part of message.parts) if (part.type === "tool-call") {
    const operation = fileOperationOf(part);
    if (operation) paths.add(operation.path);
  }
  return paths;
}

const sessions: [string, () => Session | null][] = [
  ["a generated 2,000-message session", () => generateSession({ seed: 1, messages: 2_000 })],
  ["the shared pi large session", () => (fs.existsSync(PI_LARGE) ? importTranscript(fs.readFileSync(PI_LARGE, "utf8"), {}).session : null)],
];

describe("pi and openclaw carry file lists as structured details, never re-parsed from summary text (64K window)", () => {
  for (const [name, load] of sessions) {
    for (const id of ["openclaw", "pi"] as const) {
      it(`${id} on ${name}: within budget, no guard trips, lists only real paths, summaries free of list blocks and within their output caps`, async (context) => {
        const session = load();
        if (!session) return context.skip(`../shared/transcripts is absent (${PI_LARGE})`);
        const result = await replaySession({ session, strategy: strategiesById[id], window: 64_000 });
        const ends = result.events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");
        expect(ends.length).toBeGreaterThan(0);
        expect(result.events.filter((event) => event.type === "over-budget")).toEqual([]);
        expect(result.events.filter((event) => event.type === "guard")).toEqual([]);
        const real = touchedPaths(session);
        let previous = { readFiles: [] as readonly string[], modifiedFiles: [] as readonly string[] };
        for (const end of ends) {
          // the reported summary is the narrative: list blocks are rebuilt from details at each compaction
          expect(end.summary ?? "").not.toMatch(/<(read|modified)-files>/);
          const details = end.details!;
          for (const file of [...details.readFiles, ...details.modifiedFiles]) expect(real.has(file), file).toBe(true);
          // cumulative: what an earlier compaction listed stays listed (read may move to modified)
          for (const file of previous.modifiedFiles) expect(details.modifiedFiles).toContain(file);
          for (const file of previous.readFiles) expect(details.readFiles.includes(file) || details.modifiedFiles.includes(file)).toBe(true);
          previous = details;
        }
        // the summaries the model would write stay within their output caps (pi's and OpenClaw's maxOutputTokens:
        // 0.8 × reserve for the history, plus 0.5 × reserve for a split turn's prefix), at 4 chars a token
        const reserve = id === "pi" ? 16_384 : Math.max(16_384, 20_000);
        for (const end of ends) {
          const cap = 4 * (Math.floor(0.8 * reserve) + (end.splitTurn ? Math.floor(0.5 * reserve) : 0)) + PI_TURN_CONTEXT_HEADING.length;
          expect((end.summary ?? "").length, `step ${end.step}: summary`).toBeLessThanOrEqual(cap);
        }
      });
    }
  }
});
