import { describe, expect, it } from "vitest";
import { uploadStageLabel } from "./upload-stage-label";

describe("uploadStageLabel", () => {
  it("names each server stage, with the seconds it has taken once they are worth saying", () => {
    expect(uploadStageLabel(null, 0)).toEqual({ text: "Uploaded; waiting for the server…", percent: null });
    expect(uploadStageLabel({ stage: "parsing", bytes: 10 }, 12.7)).toEqual({ text: "Reading the file on the server… · 12 s", percent: null });
    expect(uploadStageLabel({ stage: "scanning", format: "pi", messages: 98_762 }, 1)).toEqual({
      text: "Read 98,762 messages (pi); scanning for credentials…",
      percent: null,
    });
    expect(uploadStageLabel({ stage: "scanning", format: "codex", messages: 1 }, 0).text).toContain("1 message (codex)");
  });

  it("shows storing as a share of the messages", () => {
    expect(uploadStageLabel({ stage: "storing", messages: 98_762, stored: 40_000 }, 30)).toEqual({ text: "Storing messages: 40,000 of 98,762 · 30 s", percent: 41 });
    expect(uploadStageLabel({ stage: "storing", messages: 0, stored: 0 }, 0).percent).toBe(100);
  });
});
