import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { claudeCodeImporter } from "../transcripts/claude-code";
import { readDocument } from "../transcripts/read-document";
import { generateSession } from "./generate-session";
import { toClaudeCodeJsonl } from "./to-claude-code-jsonl";

function roundTrip(options: { seed: number; messages: number; compactAt?: number }) {
  const session = generateSession(options);
  const text = toClaudeCodeJsonl(session);
  const [imported] = claudeCodeImporter.parse(readDocument(text, "claude-code"), {});
  return { session, text, imported };
}

describe("toClaudeCodeJsonl", () => {
  it.each([
    { seed: 1, messages: 60 },
    { seed: 2, messages: 400 },
    { seed: 3, messages: 1_500, compactAt: 80_000 },
  ])("imports back as claude-code with the same calls, results, compactions and usage ($messages messages)", (options) => {
    const { session, text, imported } = roundTrip(options);
    expect(claudeCodeImporter.sniff(readDocument(text))).toBe(true);
    const before = sessionStats(session);
    const after = sessionStats(imported);
    expect(after.toolCalls).toBe(before.toolCalls);
    expect(after.toolResults).toBe(before.toolResults);
    expect(after.recordedCompactions).toBe(before.recordedCompactions);
    expect(after.recordedPeakContextTokens).toBe(before.recordedPeakContextTokens);
    expect(imported.title).toBe(session.title);
    const assistants = (messages: typeof session.messages) => messages.filter((message) => message.role === "assistant");
    expect(assistants(imported.messages).map((message) => message.usage)).toEqual(assistants(session.messages).map((message) => message.usage));
  });

  it("writes the same file for the same session", () => {
    expect(toClaudeCodeJsonl(generateSession({ seed: 5, messages: 100 }))).toBe(toClaudeCodeJsonl(generateSession({ seed: 5, messages: 100 })));
  });
});
