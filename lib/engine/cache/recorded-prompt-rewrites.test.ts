import { describe, expect, it } from "vitest";
import type { Message, Session, Usage } from "../model";
import { recordedPromptRewrites } from "./recorded-prompt-rewrites";

const at = (seconds: number) => new Date(Date.UTC(2025, 10, 21, 0, 0, seconds)).toISOString();
const user = (seconds: number): Message => ({ id: `u${seconds}`, role: "user", parts: [{ type: "text", text: "go" }], timestamp: at(seconds) });
const call = (seconds: number, usage: Partial<Usage>): Message => ({
  id: `a${seconds}`,
  role: "assistant",
  parts: [{ type: "text", text: "done" }],
  timestamp: at(seconds + 5),
  usage: { input: 3, output: 10, cacheRead: 0, cacheWrite: 0, ...usage },
});
const session = (messages: Message[]): Session => ({ title: "t", format: "pi", messages, meta: {} });
const warm = { cacheRead: 20_000, cacheWrite: 200 };
const cold = { cacheRead: 0, cacheWrite: 20_300 };

describe("recordedPromptRewrites", () => {
  it.each<{ name: string; messages: Message[]; expected: number[] }>([
    { name: "a warm session: none", messages: [user(0), call(0, cold), user(60), call(60, warm), user(120), call(120, warm)], expected: [] },
    { name: "the first call writing everything is no rewrite", messages: [user(0), call(0, cold), user(60), call(60, warm)], expected: [] },
    { name: "read nothing, wrote the whole prompt, 60 s after a cached call: a rewrite", messages: [user(0), call(0, cold), user(60), call(60, warm), user(120), call(120, cold)], expected: [5] },
    { name: "after an idle gap past the TTL the cache expired: the model explains it", messages: [user(0), call(0, cold), user(60), call(60, warm), user(600), call(600, cold)], expected: [] },
    {
      name: "a recorded compaction between the calls explains it",
      messages: [user(0), call(0, cold), user(60), call(60, warm), { id: "c", role: "system", parts: [{ type: "compaction", auto: true }], timestamp: at(100) }, user(120), call(120, cold)],
      expected: [],
    },
    { name: "a call that neither read nor wrote (caching off) is none", messages: [user(0), call(0, cold), user(60), call(60, warm), user(120), call(120, { cacheRead: 0, cacheWrite: 0, input: 20_000 })], expected: [] },
    {
      name: "without timestamps the gap is unknown: none",
      messages: [user(0), call(0, cold), user(60), call(60, warm), user(120), call(120, cold)].map(({ timestamp: _timestamp, ...message }) => message),
      expected: [],
    },
  ])("$name", ({ messages, expected }) => {
    expect(recordedPromptRewrites(session(messages), { ttlSeconds: 300 })).toEqual(expected);
  });
});
