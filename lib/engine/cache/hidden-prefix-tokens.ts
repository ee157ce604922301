import { contextTokensOf, type Session } from "../model";
import type { ReplayStep } from "../simulate/replay-result";

/**
 * What every call of the agent sent in front of the transcript's messages — its system prompt and tool
 * definitions, which transcripts do not hold (Claude Code's are ~18K tokens, pi's ~1.6K): the first call with
 * recorded usage, recorded input minus the lab's estimate of the messages it sent, never below 0. It is the same
 * at every call and never changes, so the cache model treats it as a prefix every call keeps. 0 when nothing is
 * recorded (a generated or hand-built session).
 */
export function hiddenPrefixTokens(session: Session, steps: readonly Pick<ReplayStep, "messageIndex" | "contextTokens">[]): number {
  for (const step of steps) {
    const usage = session.messages[step.messageIndex]?.usage;
    if (!usage) continue;
    const recorded = contextTokensOf(usage);
    if (recorded > 0) return Math.max(0, recorded - step.contextTokens);
  }
  return 0;
}
