import { contextTokensOf, type Session } from "../model";
import { classifyMessages } from "../simulate/classify-messages";
import type { ReplayStep } from "../simulate/replay-result";
import { SourceContext } from "../simulate/source-context";
import { messageTokensWith, type Estimator } from "../tokens/estimator";

/**
 * What every call of the agent sends in front of the transcript's messages — its system prompt and tool
 * definitions, which transcripts do not hold (Claude Code's are 26–42K tokens on the shared sessions, Codex's ~8.6K,
 * pi's ~1.6K): at the first call with recorded usage, the recorded input minus the estimator's (unscaled) count of
 * the messages sent before it, never below 0. The same at every call. 0 when nothing is recorded (a generated
 * session without usage, a hand-built one).
 *
 * A replay counts it in every step's context (see replayCore), so every strategy's trigger sees the size the agent
 * saw. Measured with the replay's own estimator, so the first recorded call's estimate equals its recorded size.
 */
export function measureHiddenPrefix(session: Session, estimator: Estimator): number {
  const kinds = classifyMessages(session);
  const source = new SourceContext(session);
  for (let index = 0; index < session.messages.length; index++) {
    const message = session.messages[index];
    if (kinds[index] === "call" && message.usage) {
      const recorded = contextTokensOf(message.usage);
      if (recorded > 0) return Math.max(0, recorded - source.tokens);
    }
    source.add(index, message, messageTokensWith(estimator, message));
  }
  return 0;
}

/**
 * The tokens to add in front of each of a replay's calls for the prompt cache and prices: the first recorded call's
 * input minus the replay's estimate of it, never below 0. A replay that counted the hidden prefix itself (every run
 * since `hiddenPrefixTokens` is on the result) already estimates that call at its recorded size, so this is 0 for
 * it; a run stored before that gets the prefix measured here.
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
