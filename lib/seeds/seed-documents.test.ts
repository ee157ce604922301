import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSeedText } from "./read-seed-text";
import { findSeedDocument, seedDocuments, seedLabel } from "./seed-documents";

const SHARED_SEEDS = path.resolve(import.meta.dirname, "../../../shared/seeds");
const previous = process.env.LAB_SEEDS_DIR;
afterEach(() => {
  if (previous === undefined) delete process.env.LAB_SEEDS_DIR;
  else process.env.LAB_SEEDS_DIR = previous;
});

describe("seed design documents", () => {
  it("lists each file a strategy names once, with every strategy reproducing it", () => {
    const documents = seedDocuments();
    expect(documents.map((entry) => entry.label)).toEqual(["seed 000", "seed 001", "seed 002", "seed 003", "seed 004"]);
    // seed 002 is reproduced twice: micro-agent and its TrimConversationHistory problem (trim-messages)
    expect(findSeedDocument("002_27b1b60fff932618.txt")?.reproducedBy.map((entry) => entry.id).sort()).toEqual(["micro-agent", "trim-messages"]);
    expect(seedLabel("004_91cfb95aaf759ded.txt")).toBe("seed 004");
  });

  it.each(["../package.json", "002_27b1b60fff932618.txt/../../x", "999_0000000000000000.txt", ""])("refuses %j: not a file a strategy names", async (file) => {
    expect(findSeedDocument(file)).toBeUndefined();
    expect(await readSeedText(file)).toBeUndefined();
  });

  it("reads a named seed from LAB_SEEDS_DIR, and says null when the folder does not hold it", async () => {
    process.env.LAB_SEEDS_DIR = "/nonexistent/seeds";
    expect(await readSeedText("003_00524752e35cb23e.txt")).toBeNull();
    if (!fs.existsSync(SHARED_SEEDS)) return console.log(`skipped the read: ${SHARED_SEEDS} is absent`);
    process.env.LAB_SEEDS_DIR = SHARED_SEEDS;
    const text = await readSeedText("003_00524752e35cb23e.txt");
    expect(text).toBe(fs.readFileSync(path.join(SHARED_SEEDS, "003_00524752e35cb23e.txt"), "utf8"));
  });
});
