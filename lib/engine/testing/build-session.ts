import type { Message, Part, Session, Usage } from "../model";

/** One turn of a hand-built test session. */
export type TurnSpec =
  | { user: string }
  | { system: string }
  | {
      assistant: string;
      tools?: { name: string; input: unknown; output: string; isError?: boolean; images?: number }[];
      usage?: Usage;
    }
  | { compaction: { tokensBefore?: number; tokensAfter?: number; firstKeptMessageId?: string }; summary: string };

/**
 * A small canonical session for tests, following the importers' conventions: one assistant message per model
 * call, its tool results in `tool` messages right after it, a recorded compaction as a system marker message
 * plus a `summary: true` message. Ids are `m0`, `m1`, …; call ids `c0`, `c1`, ….
 */
export function buildSession(turns: readonly TurnSpec[], title = "test session"): Session {
  const messages: Message[] = [];
  let callCount = 0;
  const add = (role: Message["role"], parts: Part[], extra: Partial<Message> = {}) =>
    messages.push({ id: `m${messages.length}`, role, parts, ...extra });
  for (const turn of turns) {
    if ("user" in turn) add("user", [{ type: "text", text: turn.user }]);
    else if ("system" in turn) add("system", [{ type: "text", text: turn.system }]);
    else if ("compaction" in turn) {
      add("system", [{ type: "compaction", auto: true, ...turn.compaction }]);
      add("user", [{ type: "text", text: turn.summary }], { summary: true });
    } else {
      const calls = (turn.tools ?? []).map((tool) => ({ ...tool, id: `c${callCount++}` }));
      add(
        "assistant",
        [
          ...(turn.assistant ? [{ type: "text" as const, text: turn.assistant }] : []),
          ...calls.map((call) => ({ type: "tool-call" as const, id: call.id, name: call.name, input: call.input })),
        ],
        turn.usage ? { usage: turn.usage } : {},
      );
      for (const call of calls) {
        add("tool", [
          {
            type: "tool-result",
            callId: call.id,
            name: call.name,
            output: call.output,
            isError: call.isError ?? false,
            images: Array.from({ length: call.images ?? 0 }, () => ({ mediaType: "image/png" })),
          },
        ]);
      }
    }
  }
  return { title, format: "anthropic", messages, meta: {} };
}

/** Deep-freezes a value so any mutation throws in strict mode (tests prove the engine never mutates input). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
