import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { ImportError, importTranscript } from "./index";

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, "fixtures/openclaw-reset-window.jsonl"), "utf8");

describe("openclaw sessions", () => {
  it("are detected by their reset entry and read from the latest reset, keeping the entry it names", () => {
    const { format, session } = importTranscript(FIXTURE);
    expect(format).toBe("openclaw");
    expect(session.format).toBe("openclaw");
    expect(session.messages.map((message) => [message.id, message.role])).toEqual([
      ["e0000004", "assistant"],
      ["e0000007", "user"],
      ["e0000008", "assistant"],
    ]);
    expect(session.title).toBe("Rotate the logs older than a week");
    expect(session.meta).toMatchObject({ sourceId: "oc-session-1", cwd: "/home/dev/bot", model: "claude-sonnet-4-5" });
    expect(session.meta.notes).toContain("3 messages before the latest reset (line 7) left out: the model no longer sees them");
  });

  it("read the whole window after a reset that keeps nothing", () => {
    const text = FIXTURE.replace(',"firstKeptEntryId":"e0000004"', "");
    expect(importTranscript(text).session.messages.map((message) => message.id)).toEqual(["e0000007", "e0000008"]);
  });

  it("name openclaw and the line when a field is missing", () => {
    const text = FIXTURE.split("\n").map((line, index) => (index === 7 ? line.replace('"role":"user",', "") : line)).join("\n");
    expect(() => importTranscript(text, { format: "openclaw" })).toThrow(ImportError);
    expect(() => importTranscript(text, { format: "openclaw" })).toThrow(/Not a valid openclaw transcript: at line 8 \(message\.role\)/);
  });
});

describeWithShared("a pi-format session read as openclaw", () => {
  it("is pi's session, named openclaw, when asked for (no reset: nothing left out)", () => {
    const text = fs.readFileSync(sharedTranscript("pi/pi-mono__large-session.jsonl"), "utf8");
    const asPi = importTranscript(text);
    const asOpenclaw = importTranscript(text, { format: "openclaw" });
    expect(asPi.format).toBe("pi");
    // a v1 file's entries have no ids: the ones made up name the format
    const renamed = asOpenclaw.session.messages.map((message) => ({ ...message, id: message.id.replace(/^openclaw-/, "pi-") }));
    const events = asOpenclaw.session.meta.events?.map((event) => ({ ...event, beforeMessageId: event.beforeMessageId?.replace(/^openclaw-/, "pi-") }));
    expect({ ...asOpenclaw.session, messages: renamed, meta: { ...asOpenclaw.session.meta, events } }).toEqual({ ...asPi.session, format: "openclaw" });
  });
});
