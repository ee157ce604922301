import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRandom } from "../../generator/create-random";
import { MUTATIONS, mutateTranscript } from "./mutate-transcript";

const source = {
  name: "session.jsonl",
  bytes: new TextEncoder().encode(
    [
      JSON.stringify({ type: "session", id: "s1", cwd: "/tmp" }),
      JSON.stringify({ type: "message", id: "a1", message: { role: "user", content: "hello" } }),
      JSON.stringify({ type: "message", id: "a2", message: { role: "assistant", content: [{ type: "text", text: "hi" }] } }),
    ].join("\n"),
  ),
};

describe("mutateTranscript", () => {
  it("is deterministic: the same seed gives the same uploads", () => {
    const digest = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");
    const run = (seed: number) =>
      Array.from({ length: 50 }, (_, index) => {
        const upload = mutateTranscript(source, createRandom(seed * 1_000 + index));
        return { ...upload, bytes: digest(upload.bytes) };
      });
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });

  it.each(MUTATIONS)("%s changes what is posted (bytes, name or forced format)", (mutation) => {
    const changed = Array.from({ length: 20 }, (_, seed) => mutateTranscript(source, createRandom(seed), mutation)).filter(
      (upload) => upload.name !== source.name || upload.format !== undefined || Buffer.compare(Buffer.from(upload.bytes), Buffer.from(source.bytes)) !== 0,
    );
    expect(changed.length).toBeGreaterThanOrEqual(15);
  });

  it("deep nesting writes the nesting verbatim into a line, beyond what JSON.stringify would build", () => {
    const uploads = Array.from({ length: 30 }, (_, seed) => new TextDecoder().decode(mutateTranscript(source, createRandom(seed), "deep-nesting").bytes));
    expect(uploads.some((text) => text.includes("[".repeat(10_000)) || text.includes('{"a":'.repeat(10_000)))).toBe(true);
  });
});
