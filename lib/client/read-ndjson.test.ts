import { describe, expect, it } from "vitest";
import { readNdjson } from "./read-ndjson";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("readNdjson", () => {
  it.each([
    ["one line per chunk", ['{"a":1}\n', '{"a":2}\n']],
    ["lines split across chunks", ['{"a"', ':1}\n{"a":', "2}\n"]],
    ["no trailing newline, blank lines", ['{"a":1}\n\n', '{"a":2}']],
  ])("%s", async (_name, chunks) => {
    const lines: unknown[] = [];
    await readNdjson(streamOf(chunks), (line) => lines.push(line));
    expect(lines).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("throws on a broken line", async () => {
    await expect(readNdjson(streamOf(["{nope\n"]), () => {})).rejects.toThrow();
  });
});
