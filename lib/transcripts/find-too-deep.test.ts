import { describe, expect, it } from "vitest";
import { importTranscript } from ".";
import { ImportError } from "./import-error";
import { findTooDeep, MAX_JSON_DEPTH } from "./find-too-deep";
import { readDocument } from "./read-document";

const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown;

describe("findTooDeep", () => {
  it.each([
    [{ a: [1, { b: "x" }] }, null],
    [nested(MAX_JSON_DEPTH), null],
    [nested(MAX_JSON_DEPTH + 1), "$[0][0][0][0][0][0]…"],
    [{ message: { content: [{ input: nested(200_000) }] } }, "$.message.content[0].input[0][0]…"],
    [{ "odd key": nested(5) }, null],
  ])("%#", (value, path) => {
    expect(findTooDeep(value)).toBe(path);
  });
});

describe("importing a transcript nested deeper than the limit", () => {
  it("is refused with the line and path (it used to answer 500 when the token estimate overflowed the stack)", () => {
    const lines = [
      JSON.stringify({ type: "session", version: 3, id: "deep", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/tmp" }),
      `{"type":"message","id":"a1","parentId":null,"timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"user","content":[{"type":"text","text":"hi","extra":${"[".repeat(50_000)}${"]".repeat(50_000)}}]}}`,
    ];
    let error: unknown;
    try {
      importTranscript(lines.join("\n"));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ code: "too_deep", issues: [{ line: 2, path: "$.message.content[0].extra[0][0]…" }] });
    expect((error as Error).message).toMatch(/^line 2 \(\$\.message\.content\[0\]\.extra\[0\]\[0\]…\) nests deeper than 1,000 levels/);
  });
});

describe("the depth check of JSON lines (skipped for lines too short to nest that deep)", () => {
  const line = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  it.each([
    ["1,000 levels (2,000 characters) pass", MAX_JSON_DEPTH, null],
    ["1,001 levels (2,002 characters, the shortest refused) are refused", MAX_JSON_DEPTH + 1, { line: 2, path: "$[0][0][0][0][0][0]…" }],
  ])("%s", (_name, depth, refused) => {
    const read = () => readDocument(`{"type":"a"}\n${line(depth)}`);
    if (refused === null) expect(read()).toMatchObject({ kind: "jsonl" });
    else expect(read).toThrow(expect.objectContaining({ code: "too_deep", issues: [expect.objectContaining(refused)] }));
  });
});
