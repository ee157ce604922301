import type { Session } from "../engine/model";
import { generateSession, type GenerateSessionOptions } from "./generate-session";
import { claudeCodeMessageCount } from "./to-claude-code-jsonl";

/** Generations tried before giving up on an exact count (each adds what the last one missed; 2–3 suffice). */
const MAX_ATTEMPTS = 12;

/**
 * A generated session that reads back from its Claude Code file with exactly `messages` messages. The file
 * leaves out the system prompt and writes parallel tool results as one line, so a session generated with the
 * target itself reads back shorter (100,000 → 98,762); this generates longer by what was missed until the count
 * is exact. A longer target with the same seed starts with the shorter session, so each attempt only grows the
 * tail. If the count cannot be hit exactly (a parallel-result run straddles the end), the closest one under it wins.
 */
export function generateClaudeCodeSession(options: GenerateSessionOptions): Session {
  let target = options.messages;
  let best: Session | null = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const session = generateSession({ ...options, messages: target });
    const read = claudeCodeMessageCount(session);
    if (read === options.messages) return session;
    if (read < options.messages && (best === null || claudeCodeMessageCount(best) < read)) best = session;
    target = Math.max(3, target + options.messages - read);
  }
  return best ?? generateSession(options);
}
