import { describe, expect, it } from "vitest";
import { createUploadAnswerReader } from "./upload-answer-reader";

describe("createUploadAnswerReader", () => {
  it("returns each complete line once, as the text grows, and waits for a line still being written", () => {
    const read = createUploadAnswerReader();
    const first = '{"type":"stage","stage":{"stage":"parsing","bytes":120}}\n{"type":"stage","stage":{"stage":"scan';
    expect(read(first)).toEqual([{ type: "stage", stage: { stage: "parsing", bytes: 120 } }]);
    const second = `${first}ning","format":"pi","messages":4}}\n`;
    expect(read(second)).toEqual([{ type: "stage", stage: { stage: "scanning", format: "pi", messages: 4 } }]);
    expect(read(second)).toEqual([]);
    const third = `${second}{"type":"done","result":{"id":"s1"}}\n`;
    expect(read(third)).toEqual([{ type: "done", result: { id: "s1" } }]);
  });

  it("refuses a line that is not one of the answer's lines (the stream is the server's own: a bug to surface)", () => {
    const read = createUploadAnswerReader();
    expect(() => read('{"type":"stage","stage":{"stage":"storing","messages":-1,"stored":0}}\n')).toThrow();
    expect(() => read("not json\n")).toThrow();
  });
});
