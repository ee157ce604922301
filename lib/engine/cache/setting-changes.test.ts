import { describe, expect, it } from "vitest";
import type { Message, Session, SessionEvent } from "../model";
import { settingChanges } from "./setting-changes";

const message = (id: string, role: Message["role"], model?: string): Message => ({ id, role, parts: [{ type: "text", text: id }], ...(model ? { model } : {}) });
// u0 a1 u2 a3 u4 a5 u6 a7: the calls are the assistant messages 1, 3, 5, 7
const messages = ["u0", "a1", "u2", "a3", "u4", "a5", "u6", "a7"].map((id) => message(id, id.startsWith("u") ? "user" : "assistant"));
const session = (events: SessionEvent[], list: Message[] = messages): Session => ({ title: "t", format: "pi", messages: list, meta: { events } });
const calls = [1, 3, 5, 7];

describe("settingChanges", () => {
  it.each<{ name: string; events: SessionEvent[]; expected: string[][] }>([
    { name: "no events: no changes", events: [], expected: [[], [], [], []] },
    {
      name: "a level set before the first call only is no change",
      events: [{ kind: "thinking-level", value: "off", beforeMessageId: "u0" }],
      expected: [[], [], [], []],
    },
    {
      name: "a level changed between two calls changes the next call",
      events: [
        { kind: "thinking-level", value: "off", beforeMessageId: "u0" },
        { kind: "thinking-level", value: "high", beforeMessageId: "u4" },
      ],
      expected: [[], [], ["thinking-level"], []],
    },
    {
      name: "cycled back to the same level between two calls: the request is the same",
      events: [
        { kind: "thinking-level", value: "off", beforeMessageId: "u0" },
        { kind: "thinking-level", value: "low", beforeMessageId: "u2" },
        { kind: "thinking-level", value: "high", beforeMessageId: "u2" },
        { kind: "thinking-level", value: "off", beforeMessageId: "u2" },
      ],
      expected: [[], [], [], []],
    },
    {
      name: "a first recorded level after some calls counts (the entry says the agent set it)",
      events: [{ kind: "thinking-level", value: "medium", beforeMessageId: "u6" }],
      expected: [[], [], [], ["thinking-level"]],
    },
    {
      name: "a model change and a level change before the same call",
      events: [
        { kind: "model", value: "claude-sonnet-4-5", beforeMessageId: "u0" },
        { kind: "model", value: "claude-opus-4-5", beforeMessageId: "u2" },
        { kind: "thinking-level", value: "low", beforeMessageId: "u2" },
      ],
      expected: [[], ["thinking-level", "model"], [], []],
    },
    { name: "an event after the last message applies to no call", events: [{ kind: "thinking-level", value: "high" }], expected: [[], [], [], []] },
  ])("$name", ({ events, expected }) => {
    expect(settingChanges(session(events), calls)).toEqual(expected);
  });

  it("does not compare the calls' own models: a side call to another model is no recorded change", () => {
    const mixed = messages.map((entry, index) => (index === 3 ? { ...entry, model: "claude-haiku-4-5" } : entry.role === "assistant" ? { ...entry, model: "claude-opus-4-5" } : entry));
    expect(settingChanges(session([], mixed), calls)).toEqual([[], [], [], []]);
  });
});
