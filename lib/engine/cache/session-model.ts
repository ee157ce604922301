import type { Session } from "../model";

/**
 * The model a session's calls went to: the source's session model, else the one most of its assistant messages
 * name (ties: the first seen), else null. What its cost is priced at unless a run names another.
 */
export function sessionModel(session: Session): string | null {
  if (session.meta.model) return session.meta.model;
  const counts = new Map<string, number>();
  for (const message of session.messages) {
    if (message.role === "assistant" && message.model) counts.set(message.model, (counts.get(message.model) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [model, count] of counts) if (best === null || count > counts.get(best)!) best = model;
  return best;
}
