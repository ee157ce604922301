import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { substringIndex } from "./substring-index";

/** a small deterministic generator, so a failure names the same needle on every run */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

function sessionText(seed: number, messages: number): string {
  const session = generateSession({ seed, messages });
  return session.messages
    .flatMap((message) => message.parts.map((part) => (part.type === "text" ? part.text : part.type === "tool-result" ? JSON.stringify(part).slice(0, 400) : "")))
    .join("\n")
    .toLowerCase();
}

/** needles of every length around the gram: substrings of the text, each with one character changed, and absent ones */
function needlesOf(text: string, count: number, seed: number): string[] {
  const random = lcg(seed);
  const needles: string[] = ["", "a", "\n", text.slice(0, 8), text.slice(-8), text, `${text}x`, text.slice(1), text.slice(0, -1)];
  for (let at = 0; at < count; at++) {
    const length = 1 + Math.floor(random() * (at % 3 === 0 ? 12 : 80));
    const from = Math.floor(random() * Math.max(1, text.length - length));
    const needle = text.slice(from, from + length);
    needles.push(needle);
    const change = Math.floor(random() * needle.length);
    needles.push(`${needle.slice(0, change)}${String.fromCharCode(97 + Math.floor(random() * 26))}${needle.slice(change + 1)}`);
    needles.push(`${needle}${String.fromCharCode(32 + Math.floor(random() * 90))}`);
  }
  return needles;
}

describe("substringIndex answers what String.prototype.includes answers", () => {
  const cases: [string, string][] = [
    ["a generated session's text", sessionText(21, 600)],
    ["another, shorter", sessionText(22, 80)],
    ["one repeated gram (long chains)", "abcdefgh".repeat(2_000) + "abcdefgX"],
    ["spaces and one word", `${" ".repeat(5_000)}needle${" ".repeat(5_000)}`],
    ["CJK and emoji", "继续，然后修复 src/parser.ts 的测试 🚀 これをテストして ".repeat(300)],
    ["shorter than the index takes", "short text"],
  ];
  it.each(cases)("%s", (_, text) => {
    const index = substringIndex(text);
    const needles = needlesOf(text, 3_000, text.length);
    let found = 0;
    for (const needle of needles) {
      const expected = text.includes(needle);
      if (expected) found++;
      if (index.includes(needle) !== expected) expect.fail(`${JSON.stringify(needle)}: index says ${!expected}, includes says ${expected}`);
    }
    // the table asks both answers: many needles are found, many are not
    expect(found).toBeGreaterThan(needles.length / 4);
    expect(found).toBeLessThan(needles.length);
  });
});

describe("substringIndex(text).within(length) answers what text.slice(0, length).includes answers", () => {
  const text = sessionText(23, 300);
  const cut = [0, 1, 7, 8, 100, Math.floor(text.length / 3), Math.floor(text.length / 2) + 3, text.length - 1, text.length, text.length + 5];
  it.each(cut)("the first %i characters", (length) => {
    const index = substringIndex(text);
    const prefix = text.slice(0, length);
    const within = index.within(length);
    // needles of the text around the cut (the ones that end just within it and just past it) and elsewhere
    const around = Array.from({ length: 40 }, (_, at) => text.slice(Math.max(0, length - 30 + at), Math.max(0, length - 30 + at) + 12 + (at % 9)));
    for (const needle of [...needlesOf(text, 600, length + 1), ...around]) {
      const expected = prefix.includes(needle);
      if (within.includes(needle) !== expected) expect.fail(`${JSON.stringify(needle)} within ${length}: index says ${!expected}, includes says ${expected}`);
    }
    expect(substringIndex("short text").within(length).includes("short")).toBe("short text".slice(0, length).includes("short"));
  });
});
