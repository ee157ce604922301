import { afterEach, describe, expect, it, vi } from "vitest";
import { pollingStream } from "./polling-stream";

afterEach(() => vi.restoreAllMocks());

async function readAll(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const text = await new Response(stream).text();
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
}

describe("pollingStream", () => {
  it("sends each line, waits on null, and ends when the generator returns", async () => {
    const stream = pollingStream({
      async *lines() {
        yield { n: 1 };
        yield null;
        yield { n: 2 };
      },
    });
    expect(await readAll(stream)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("a reader that goes away while a line is being read: the generator is closed and nothing is logged or thrown", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let finished = false;
    let release: () => void = () => undefined;
    const stream = pollingStream({
      async *lines() {
        try {
          yield { n: 1 };
          // the database read of the next line is slow: the reader cancels meanwhile
          await new Promise<void>((resolve) => (release = resolve));
          yield { n: 2 };
          yield { n: 3 };
        } finally {
          finished = true;
        }
      },
    });
    const reader = stream.getReader();
    expect(await reader.read()).toMatchObject({ done: false });
    const pending = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cancelling = reader.cancel();
    release();
    await cancelling;
    expect(await pending).toEqual({ done: true, value: undefined });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  it("a generator that throws ends the stream with the error, logged once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stream = pollingStream({
      // eslint-disable-next-line require-yield
      async *lines() {
        throw new Error("database unreachable");
      },
    });
    await expect(readAll(stream)).rejects.toThrow("database unreachable");
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
