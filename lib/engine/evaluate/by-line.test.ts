import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { normalizeByLine, wordSetByLine } from "./by-line";
import { wordSet } from "./continuation-recognizers";
import { normalizeProbeText } from "./normalize-probe-text";

/** Long enough to be read by line (4,096 characters and more). */
const long = (lines: readonly string[]) => Array.from({ length: 80 }, (_, index) => lines[index % lines.length]).join("\n");

describe("normalizeByLine / wordSetByLine: what reading the whole text gives", () => {
  it.each([
    ["short text, read whole", "A `quoted` Path\\to\\File.TS\n\n  and more"],
    ["blank, whitespace-only and quote-only lines", long(["- first line of a summary with src/app.ts", "", "   \t ", "''\"``", "\u2018\u2019", "last: npm run test -- --watch"])],
    ["CRLF line ends and Unicode blanks at the ends", long(["ERROR ACC-1230 total mismatch\r", "\u00a0 leading no-break space", "ends with a line separator\u2028", "tab\tinside\u3000ideographic space"])],
    ["Greek capital sigma at a line's end and start (final sigma)", long(["ΟΔΥΣΣΕΥΣ", "Σ starts this line", "ΑΣ", "ΑΣ'", "'Σ"])],
    ["letters that change length when lower-cased", long(["İSTANBUL İ", "ẞ STRASSE", "ǅ Ǆ ǈ"])],
    ["a multi-word phrase broken over two lines", long(["the migrations folder — those are applied", "by the DBA. Never touch them.", "C:\\Users\\dev\\src\\notify_hub\\api.py:118"])],
  ])("%s", (_name, text) => {
    expect(normalizeByLine(text)).toBe(normalizeProbeText(text));
    expect([...wordSetByLine(text)].sort()).toEqual([...wordSet(text)].sort());
    // and again, now from the remembered lines
    expect(normalizeByLine(text)).toBe(normalizeProbeText(text));
    expect([...wordSetByLine(text)].sort()).toEqual([...wordSet(text)].sort());
  });

  it("gives the same as reading whole for every summary message of a long replay", async () => {
    const session = generateSession({ seed: 42, messages: 600 });
    const result = await replaySession({ session, strategy: findStrategy("pi")!, settings: { reserveTokens: 180_000 }, window: 200_000 });
    const texts = result.epochs.flatMap((epoch) => epoch.entries.flatMap((entry) => (entry.kind === "synthetic" ? entry.message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])) : [])));
    expect(texts.filter((text) => text.length >= 4_096).length).toBeGreaterThan(10);
    for (const text of texts) {
      expect(normalizeByLine(text)).toBe(normalizeProbeText(text));
      expect(wordSetByLine(text)).toEqual(wordSet(text));
    }
  });
});
