import { describe, expect, it } from "vitest";
import { buildSession } from "../testing/build-session";
import { sessionCacheTtl } from "./session-cache-ttl";

const withWrites = (writes: { cacheWrite: number; cacheWrite1h?: number }[]) => {
  const session = buildSession(writes.flatMap(() => [{ user: "go" }, { assistant: "done" }]));
  let call = 0;
  return { ...session, messages: session.messages.map((message) => (message.role === "assistant" ? { ...message, usage: { input: 1, output: 1, cacheRead: 0, ...writes[call++] } } : message)) };
};

describe("sessionCacheTtl", () => {
  it.each([
    ["1-hour writes", [{ cacheWrite: 5_000, cacheWrite1h: 5_000 }, { cacheWrite: 300, cacheWrite1h: 300 }], "1h"],
    ["5-minute writes", [{ cacheWrite: 5_000 }, { cacheWrite: 300 }], "5m"],
    ["mostly 5-minute", [{ cacheWrite: 5_000, cacheWrite1h: 1_000 }], "5m"],
    ["no writes", [{ cacheWrite: 0 }], null],
  ])("%s → %s", (_name, writes, ttl) => {
    expect(sessionCacheTtl(withWrites(writes))).toBe(ttl);
  });
});
