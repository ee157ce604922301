import { describe, expect, it } from "vitest";
import { importTranscript } from "../transcripts";
import { generateClaudeCodeSession } from "./generate-claude-code-session";
import { generateSession } from "./generate-session";
import { claudeCodeMessageCount, toClaudeCodeJsonl } from "./to-claude-code-jsonl";

describe("a generated Claude Code file reads back with the messages asked for", () => {
  it.each([
    { seed: 1, messages: 3 },
    { seed: 1, messages: 400 },
    { seed: 7, messages: 2_000 },
    { seed: 3, messages: 5_000, compactAt: 60_000 },
  ])("seed $seed, $messages messages (compact at $compactAt)", ({ seed, messages, compactAt }) => {
    const plain = generateSession({ seed, messages, compactAt });
    const session = generateClaudeCodeSession({ seed, messages, compactAt });
    const imported = importTranscript(toClaudeCodeJsonl(session)).session;
    // the count rule is the writer's and the importer's: checked on the plain session too
    expect(claudeCodeMessageCount(plain)).toBe(importTranscript(toClaudeCodeJsonl(plain)).session.messages.length);
    expect(imported.messages).toHaveLength(messages);
  });
});
