import { describe, expect, it } from "vitest";
import { asciiJsonText } from "./ascii-json-text";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A seeded run of characters: ASCII, Latin-1, BMP, astral, quotes and backslashes escaped as JSON needs them. */
function randomJsonString(seed: number, length: number): string {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pool = ["a", "Z", " ", "é", "ß", "—", "✓", "日", "🚀", "👩‍💻", '\\"', "\\\\", "\\n", "\\u00e9", "x"];
  let text = "";
  for (let index = 0; index < length; index++) text += pool[Math.floor(next() * pool.length)];
  return `"${text}"`;
}

describe("asciiJsonText", () => {
  it("is ASCII and parses to the decoded text's value", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const json = `{"k":${randomJsonString(seed, 200)},"list":[${randomJsonString(seed + 100, 30)},1,null]}`;
      const text = asciiJsonText(utf8(json), 0, utf8(json).length)!;
      expect(/^[\x00-\x7f]*$/.test(text)).toBe(true);
      expect(JSON.parse(text)).toEqual(JSON.parse(json));
    }
  });

  it("finds runs across its 64 KB blocks and the stretches it halves them into", () => {
    // characters outside ASCII around every power-of-two boundary up to past the first block
    const parts: string[] = [];
    let length = 0;
    for (const at of [63, 64, 65, 127, 128, 4_095, 4_096, 32_767, 32_768, 65_534, 65_535, 65_536, 65_537, 131_071]) {
      const filler = "a".repeat(Math.max(0, at - length - 1));
      parts.push(filler, "é🚀");
      length += filler.length + 3;
    }
    const json = JSON.stringify({ text: parts.join("") });
    const bytes = utf8(json);
    expect(JSON.parse(asciiJsonText(bytes, 0, bytes.length)!)).toEqual(JSON.parse(json));
  });

  it("escapes in place when the buffer has room past the text, else into a copy, the same text both ways", () => {
    const json = utf8('{"a":"é","b":"✓ and 🚀","c":"plain"}');
    const tight = json.slice();
    const roomy = new Uint8Array(json.length + 64);
    roomy.set(json);
    const copied = asciiJsonText(tight, 0, json.length);
    expect(tight).toEqual(json); // not written to: no room
    expect(asciiJsonText(roomy, 0, json.length)).toBe(copied);
    expect(JSON.parse(copied!)).toEqual({ a: "é", b: "✓ and 🚀", c: "plain" });
  });

  it("reads from `from`, skipping what comes before (a byte-order mark)", () => {
    const bytes = utf8('\uFEFF{"a":"é"}');
    expect(JSON.parse(asciiJsonText(bytes, 3, bytes.length)!)).toEqual({ a: "é" });
  });

  it("gives up on a character after an escaping backslash, where an escape would change the meaning", () => {
    expect(asciiJsonText(utf8('{"a":"\\é"}'), 0, utf8('{"a":"\\é"}').length)).toBeNull();
    // after an escaped backslash the character is a character: kept
    const valid = utf8('{"a":"\\\\é"}');
    expect(JSON.parse(asciiJsonText(valid, 0, valid.length)!)).toEqual({ a: "\\é" });
  });

  it("keeps a text that does not parse from parsing (a character outside a string)", () => {
    const bytes = utf8('{"a":1}é');
    expect(() => JSON.parse(asciiJsonText(bytes, 0, bytes.length)!)).toThrow();
  });
});
