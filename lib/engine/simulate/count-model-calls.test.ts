import { describe, expect, it } from "vitest";
import type { Message, Session } from "../model";
import { classifyMessages } from "./classify-messages";
import { countModelCalls } from "./count-model-calls";

function session(messages: Array<Pick<Message, "role"> & Partial<Message>>): Session {
  return {
    meta: { id: "s", title: "t", format: "anthropic", contextWindow: null },
    messages: messages.map((message, index) => ({ id: `m${index}`, parts: [{ type: "text", text: "x" }], ...message })),
  } as unknown as Session;
}

describe("countModelCalls", () => {
  it.each([
    ["no messages", [], 0],
    ["a user message only", [{ role: "user" }], 0],
    ["one call", [{ role: "user" }, { role: "assistant" }], 1],
    ["an assistant message after another is the same call", [{ role: "user" }, { role: "assistant" }, { role: "assistant" }], 1],
    ["a tool result between two assistant messages makes two calls", [{ role: "user" }, { role: "assistant" }, { role: "tool" }, { role: "assistant" }], 2],
    ["a recorded summary is no call", [{ role: "user" }, { role: "assistant", summary: true }, { role: "user" }, { role: "assistant" }], 1],
  ] as const)("%s → %i", (_name, messages, calls) => {
    const input = session(messages as never);
    expect(countModelCalls(input)).toBe(calls);
    expect(countModelCalls(classifyMessages(input))).toBe(calls);
  });
});
