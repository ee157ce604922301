import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import { generateSession } from "../generator/generate-session";
import { CONTINUATION_FACTS_KEY } from "../runs/continuation-facts-schema";
import { exportAnthropic } from "../transcripts/export-anthropic";
import { cachedContinuationFacts, continuationFactsCacheFile } from "./cached-continuation-facts";
import { runCli } from "./run-cli";

let directory: string;
let file: string;
let previousCacheDir: string | undefined;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-facts-cache-"));
  file = path.join(directory, "generated.json");
  fs.writeFileSync(file, JSON.stringify(exportAnthropic(generateSession({ seed: 5, messages: 300 }))));
  previousCacheDir = process.env.LAB_CACHE_DIR;
  process.env.LAB_CACHE_DIR = path.join(directory, "cache");
});
afterAll(() => {
  if (previousCacheDir === undefined) delete process.env.LAB_CACHE_DIR;
  else process.env.LAB_CACHE_DIR = previousCacheDir;
  fs.rmSync(directory, { recursive: true, force: true });
});

const cacheFiles = () => fs.readdirSync(path.join(directory, "cache", "continuation-facts"));

async function simulate() {
  let stdout = "";
  const code = await runCli(["simulate", file, "--strategy", "pi", "--window", "20000", "--json"], { stdout: (text) => (stdout += text), stderr: () => {} });
  expect(code).toBe(0);
  return JSON.parse(stdout) as { continuationRecall: { overall: number; counted: number } };
}

describe("the CLI's continuation facts, cached by the file's content", () => {
  it("lab simulate writes them once and scores the same from the cache; a damaged cache file is extracted again", async () => {
    const first = await simulate();
    expect(cacheFiles()).toHaveLength(1);
    const cached = path.join(directory, "cache", "continuation-facts", cacheFiles()[0]);
    const stored = JSON.parse(fs.readFileSync(cached, "utf8"));
    expect(stored.key).toBe(CONTINUATION_FACTS_KEY);
    const second = await simulate();
    expect(second.continuationRecall).toEqual(first.continuationRecall);
    expect(first.continuationRecall.counted).toBeGreaterThan(0);
    // a cache that does not fit the session (one message short) is not used, and is replaced
    fs.writeFileSync(cached, JSON.stringify({ key: CONTINUATION_FACTS_KEY, facts: { ...stored.facts, firstStepByIndex: stored.facts.firstStepByIndex.slice(1) } }));
    expect((await simulate()).continuationRecall).toEqual(first.continuationRecall);
    expect(JSON.parse(fs.readFileSync(cached, "utf8"))).toEqual(stored);
  });

  it("is keyed by the content and the extractor: another file's hash, or facts under another key, are extracted", async () => {
    const session = generateSession({ seed: 6, messages: 120 });
    const expected = extractContinuationFacts(session);
    expect(await cachedContinuationFacts({ sha256: "a".repeat(64), session, read: {} })).toEqual(expected);
    const before = cacheFiles().length;
    const target = continuationFactsCacheFile({ sha256: "a".repeat(64), read: {} });
    expect(JSON.parse(fs.readFileSync(target, "utf8")).facts).toEqual(expected);
    // the same file under an older extractor's key: not read (extracted again and rewritten)
    fs.writeFileSync(target, JSON.stringify({ key: "0.0", facts: { ...expected, facts: [] } }));
    expect(await cachedContinuationFacts({ sha256: "a".repeat(64), session, read: {} })).toEqual(expected);
    expect(JSON.parse(fs.readFileSync(target, "utf8")).key).toBe(CONTINUATION_FACTS_KEY);
    expect(await cachedContinuationFacts({ sha256: "b".repeat(64), session, read: {} })).toEqual(expected);
    expect(cacheFiles().length).toBe(before + 1);
  });
});
