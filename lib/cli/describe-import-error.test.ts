import { describe, expect, it } from "vitest";
import { ImportError } from "../transcripts/import-error";
import { describeImportError } from "./describe-import-error";

describe("describeImportError", () => {
  it.each([
    {
      name: "a message that already names the line",
      error: new ImportError({
        code: "invalid_format",
        format: "codex",
        message: "Not a valid codex transcript: at line 4 (payload.call_id) expected a string call id.",
        issues: [{ line: 4, path: "payload.call_id", message: "expected a string call id" }],
      }),
      expected: "error: a.jsonl: format codex: Not a valid codex transcript: at line 4 (payload.call_id) expected a string call id.",
    },
    {
      name: "a message without the location",
      error: new ImportError({ code: "invalid_format", format: "openai", message: "Bad\nmessage.", issues: [{ path: "$.messages[3].role", message: "expected a role" }] }),
      expected: "error: a.jsonl: format openai: Bad message. (at $.messages[3].role: expected a role)",
    },
    {
      name: "no format detected",
      error: new ImportError({ code: "empty_file", format: null, message: "The file is empty." }),
      expected: "error: a.jsonl: format not detected: The file is empty.",
    },
  ])("describes $name on one line", ({ error, expected }) => {
    const line = describeImportError({ file: "a.jsonl", error });
    expect(line).toBe(expected);
    expect(line).not.toContain("\n");
  });
});
