import { describe, expect, it } from "vitest";
import type { Message, Session } from "../engine/model";
import { contextTokensOf } from "../engine/model";
import { generateSession } from "./generate-session";

const cache = new Map<string, Session>();
function generated(seed: number, messages: number, compactAt?: number): Session {
  const key = `${seed}:${messages}:${compactAt}`;
  if (!cache.has(key)) cache.set(key, generateSession({ seed, messages, compactAt }));
  return cache.get(key)!;
}

function toolResults(session: Session) {
  return session.messages.flatMap((message) => message.parts.filter((part) => part.type === "tool-result"));
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

describe("generateSession", () => {
  it("gives a deep-equal session for the same options", () => {
    expect(generateSession({ seed: 42, messages: 300 })).toEqual(generateSession({ seed: 42, messages: 300 }));
  });

  it.each([
    [1, 2],
    [42, 43],
    [7, 1_007],
  ])("gives different sessions for seeds %i and %i", (first, second) => {
    const left = generated(first, 200);
    const right = generated(second, 200);
    expect(JSON.stringify(left.messages)).not.toEqual(JSON.stringify(right.messages));
    expect(left.title).toContain(`seed ${first}`);
  });

  it.each([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 60, 61, 399, 400, 2_000])("hits a target of %i messages exactly", (target) => {
    for (const seed of [1, 2, 3, 4, 5]) expect(generated(seed, target).messages).toHaveLength(target);
  });

  it("extends a shorter session with the same seed instead of rewriting it", () => {
    const shorter = generated(4, 400).messages;
    const longer = generated(4, 2_000).messages;
    expect(longer.slice(0, shorter.length - 5)).toEqual(shorter.slice(0, -5));
  });

  it.each([0, 2, 2.5, Number.NaN])("rejects a target of %s messages", (target) => {
    expect(() => generateSession({ seed: 1, messages: target })).toThrow(RangeError);
  });

  it.each([1, 2, 3, 11, 99])("answers every tool call directly after its assistant message (seed %i)", (seed) => {
    const { messages } = generated(seed, 400);
    messages.forEach((message, index) => {
      if (message.role !== "assistant") return;
      const callIds = message.parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : []));
      const following = messages.slice(index + 1, index + 1 + callIds.length);
      const answered = following.flatMap((next) =>
        next.role === "tool" ? next.parts.flatMap((part) => (part.type === "tool-result" ? [part.callId] : [])) : [],
      );
      expect(answered).toEqual(callIds);
    });
    const allCallIds = messages.flatMap((message) => message.parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : [])));
    expect(new Set(allCallIds).size).toBe(allCallIds.length);
  });

  it.each([
    [1, undefined],
    [5, undefined],
    [9, 60_000],
  ])("keeps the roles in a sane order (seed %i, compactAt %s)", (seed, compactAt) => {
    const { messages } = generated(seed, 2_000, compactAt);
    expect(messages[0].role).toBe("system");
    expect(messages[1].role).toBe("user");
    expect(messages.at(-1)!.role).toBe("assistant");
    expect(messages.at(-1)!.parts.some((part) => part.type === "tool-call")).toBe(false);
    messages.slice(1).forEach((message, offset) => {
      const previous: Message = messages[offset];
      if (message.role === "assistant") expect(previous.role).not.toBe("assistant");
      if (message.role === "tool") expect(["assistant", "tool"]).toContain(previous.role);
      if (message.role === "system") expect(message.parts[0].type).toBe("compaction");
    });
  });

  it("contains every kind of content a coding agent produces", () => {
    const session = generated(3, 2_000);
    const parts = session.messages.flatMap((message) => message.parts);
    const results = toolResults(session);
    const texts = parts.flatMap((part) => (part.type === "text" ? [part.text] : []));
    expect(parts.some((part) => part.type === "reasoning")).toBe(true);
    expect(new Set(results.map((result) => result.name))).toEqual(
      new Set(["read_file", "write_file", "edit", "bash", "grep", "list_dir", "web_fetch"]),
    );
    expect(results.some((result) => result.isError)).toBe(true);
    const outputs = results.map((result) => result.output);
    const patterns: [string, RegExp][] = [
      ["a unified diff", /^@@ -\d+,\d+ \+\d+,\d+ @@$/m],
      ["grep file:line matches", /^(src|tests)\/[\w/.-]+:\d+:/m],
      ["a stack trace", /(❯ \w+ src\/|Error$)/m],
      ["a JSON payload", /^\{\n {2}"data": \[/],
      ["a failing then passing test run", /(passed|PASSED)/],
    ];
    for (const [, pattern] of patterns) expect(outputs.some((output) => pattern.test(output))).toBe(true);
    expect(outputs.some((output) => output.split("\n").length >= 300)).toBe(true);
    expect(texts.some((text) => /I'll .* because /.test(text))).toBe(true);
    expect(texts.some((text) => /(Always|Never|Don't|must)/.test(text))).toBe(true);
    expect(session.messages.filter((message) => message.role === "assistant").every((message) => message.usage)).toBe(true);
  });

  it("gives tool outputs a long tail: the largest are many times the median", () => {
    const sizes = toolResults(generated(4, 2_000)).map((result) => result.output.length);
    const sorted = [...sizes].sort((left, right) => right - left);
    expect(sorted[0]).toBeGreaterThan(20 * median(sizes));
    expect(sorted[4]).toBeGreaterThan(5 * median(sizes));
  });

  it("records usage that grows with the context and keeps paths consistent", () => {
    const session = generated(6, 400);
    const contexts = session.messages.flatMap((message) => (message.usage ? [contextTokensOf(message.usage)] : []));
    expect(contexts.at(-1)!).toBeGreaterThan(contexts[0] * 5);
    for (let index = 1; index < contexts.length; index++) expect(contexts[index]).toBeGreaterThanOrEqual(contexts[index - 1]);
    const readPaths = new Set(
      session.messages.flatMap((message) =>
        message.parts.flatMap((part) => (part.type === "tool-call" && part.name === "read_file" ? [(part.input as { path: string }).path] : [])),
      ),
    );
    expect(readPaths.size).toBeLessThan(15);
  });

  it("records compactions when asked, and the context drops after each", () => {
    const session = generated(9, 2_000, 60_000);
    const markers = session.messages.flatMap((message, index) => (message.parts[0].type === "compaction" ? [index] : []));
    expect(markers.length).toBeGreaterThan(2);
    for (const index of markers) {
      expect(session.messages[index + 1].summary).toBe(true);
      const nextCall = session.messages.slice(index).find((message) => message.usage)!;
      expect(contextTokensOf(nextCall.usage!)).toBeLessThan(60_000);
    }
  });

  it("generates a 10,000-message session", () => {
    const session = generateSession({ seed: 10, messages: 10_000 });
    expect(session.messages).toHaveLength(10_000);
    expect(session.meta.notes?.[0]).toMatch(/generated/i);
  });
});
