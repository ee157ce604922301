import { claudeCodeTrigger, DEFAULT_CLAUDE_CODE_SETTINGS, ClaudeCodeSettingsSchema } from "./claude-code";

export interface ReserveWarning {
  /** what the strategy keeps free of the window: its output reserve and buffer */
  reserve: number;
  window: number;
  /** window − reserve: zero or below */
  trigger: number;
  message: string;
}

/**
 * Claude Code's auto-compact threshold is `window − min(maxOutputTokens, maxOutputTokensForSummary) −
 * autocompactBufferTokens`, with no floor (the `getAutoCompactThreshold` shape quoted in anthropics/claude-code
 * issue #12004 and its public write-ups). On a window no larger than that reserve (30K against 20,000 + 13,000)
 * the threshold is zero or negative, so every context is past it: Claude Code compacts before every call, until its
 * thrash guard (3 compactions in a row refilled within 3 calls) stops auto-compaction. The replay does the same;
 * this says so in words instead of showing a negative trigger. Null when the window leaves room, or for another
 * strategy.
 */
export function reserveWarning(strategyId: string, settings: Readonly<Record<string, unknown>>, window: number): ReserveWarning | null {
  if (strategyId !== "claude-code") return null;
  const parsed = ClaudeCodeSettingsSchema.safeParse({ ...DEFAULT_CLAUDE_CODE_SETTINGS, ...settings });
  if (!parsed.success) return null;
  const trigger = claudeCodeTrigger(window, parsed.data);
  if (trigger > 0) return null;
  const output = Math.min(parsed.data.maxOutputTokens, parsed.data.maxOutputTokensForSummary);
  const buffer = parsed.data.autocompactBufferTokens;
  const reserve = output + buffer;
  const count = (value: number) => value.toLocaleString("en-US");
  return {
    reserve,
    window,
    trigger,
    message:
      `This window (${count(window)}) is ${trigger === 0 ? "no larger than" : "smaller than"} claude-code's output + buffer reserve ` +
      `(${count(reserve)} = ${count(output)} output + ${count(buffer)} buffer): its trigger would be ${count(window)} − ${count(reserve)} = ` +
      `${trigger < 0 ? `−${count(-trigger)}` : "0"}, so it compacts before every call — until its thrash guard stops auto-compaction ` +
      `(${parsed.data.thrashLimit} compactions in a row back at the trigger within ${parsed.data.thrashTurns} calls).`,
  };
}
