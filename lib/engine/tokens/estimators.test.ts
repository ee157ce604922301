import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { describeWithShared } from "../../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../../testing/shared-transcripts";
import type { Part } from "../model";
import { buildSession } from "../testing/build-session";
import { countBpeTokens, createBpeEstimator } from "./bpe-estimator";
import { createCalibratedEstimator } from "./calibrated-estimator";
import { createChars4Estimator } from "./chars4-estimator";
import { estimatorErrors } from "./estimator-errors";

const text = (value: string): Part => ({ type: "text", text: value });

describe("estimators", () => {
  it.each([
    ["plain text", text("hello world, this is a test"), 7, 7],
    ["an image", { type: "image", mediaType: "image/png" } as Part, 1_200, 1_200],
    [
      "a tool result with an image",
      { type: "tool-result", callId: "c", output: "ok", isError: false, images: [{ mediaType: "image/png" }] } as Part,
      1_201,
      1_201,
    ],
  ])("counts %s", (_, part, chars4, bpe) => {
    expect(createChars4Estimator().partTokens(part)).toBe(chars4);
    expect(createBpeEstimator().partTokens(part)).toBe(bpe);
  });

  it("counts special-token spellings as plain text", () => {
    expect(countBpeTokens("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("counts the same after the tokenizer's merge cache is started afresh (every 40,000 counts)", () => {
    const texts = Array.from({ length: 300 }, (_, index) => `line ${index}: const value${index} = compute(${index * 7}); // ünïcode ✓`);
    const before = texts.map(countBpeTokens);
    for (let index = 0; index < 40_000; index++) countBpeTokens(texts[index % texts.length]);
    expect(texts.map(countBpeTokens)).toEqual(before);
  });

  it("caches BPE counts per part object", () => {
    const estimator = createBpeEstimator();
    const part = text("x ".repeat(1000));
    const first = estimator.partTokens(part);
    expect(estimator.partTokens(part)).toBe(first);
  });

  it("calibrates with seed 004's EMA (α = 0.1), ignoring empty observations", () => {
    const estimator = createCalibratedEstimator();
    expect(estimator.scale(1000)).toBe(1000);
    estimator.observe(1000, 2000);
    expect(estimator.ratio).toBeCloseTo(1.1);
    estimator.observe(0, 500);
    estimator.observe(1000, 0);
    expect(estimator.ratio).toBeCloseTo(1.1);
    estimator.observe(1000, 2000);
    expect(estimator.ratio).toBeCloseTo(0.1 * 2 + 0.9 * 1.1);
  });

  it("reports nothing for a session without recorded usage", () => {
    expect(estimatorErrors(buildSession([{ user: "hi" }, { assistant: "hello" }]))).toEqual([]);
  });

  it("measures each estimator against recorded usage on a generated session", () => {
    const errors = estimatorErrors(generateSession({ seed: 7, messages: 400 }));
    expect(errors.map((error) => error.estimator)).toEqual(["chars4", "calibrated", "bpe"]);
    for (const error of errors) expect(error.calls).toBeGreaterThan(50);
    // The generator's usage adds a fixed 2,600 tokens of tool schemas: every estimator reads a little low.
    for (const error of errors) expect(error.meanAbsolutePercentError).toBeLessThan(40);
  });
});

describeWithShared("estimator errors on real transcripts", () => {
  it.each(listSharedTranscripts().filter((file) => !file.endsWith(".md")))("%s", async (file) => {
    const { importTranscript } = await import("../../transcripts");
    const session = importTranscript(fs.readFileSync(sharedTranscript(file), "utf8"), { sourceName: file }).session;
    for (const error of estimatorErrors(session)) {
      expect(error.calls).toBeGreaterThan(0);
      expect(Number.isFinite(error.meanRatio)).toBe(true);
    }
  });
});
