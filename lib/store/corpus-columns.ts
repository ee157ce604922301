import { sessionModel } from "../engine/cache/session-model";
import type { Session } from "../engine/model";
import { recordedUsageCost } from "../llm/recorded-usage-cost";

/** Raise it when corpusColumns derives something new: stored sessions below it are derived again (backfillCorpusColumns). */
export const CORPUS_COLUMNS_VERSION = 1;

/**
 * The columns the corpus view filters and sums on, from a canonical session: the model its calls went to
 * (sessionModel), its project (the cwd it ran in), when it started (the source's start, else its first message's
 * time; null when it records neither), and what its recorded usage cost (recordedUsageCost; null without usage or
 * with an unpriced model).
 */
export function corpusColumns(session: Session) {
  return {
    model: sessionModel(session),
    project: session.meta.cwd?.trim() || null,
    startedAt: startedAtOf(session),
    recordedCostUsd: recordedUsageCost(session).usd,
    corpusVersion: CORPUS_COLUMNS_VERSION,
  };
}

function startedAtOf(session: Session): Date | null {
  for (const value of [session.meta.startedAt, session.messages.find((message) => message.timestamp)?.timestamp]) {
    const date = value ? new Date(value) : null;
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return null;
}
