import type { CorpusFilter } from "../api/contracts/corpus-schemas";
import type { Prisma } from "../generated/prisma/client.ts";
import { backfillCorpusColumns } from "./backfill-corpus-columns";
import { db } from "./db";
import type { SessionRecord } from "./session-record";
import { SESSION_SUMMARY_SELECT, toSessionRecord } from "./session-row";

export interface CorpusRecord {
  sessions: SessionRecord[];
  totals: { sessions: number; messages: number; estimatedTokens: number; recordedCompactions: number; recordedUsd: number; unpricedSessions: number };
  allSessions: number;
  facets: Record<"agents" | "models" | "projects", { value: string; count: number }[]>;
}

const DAY_MS = 86_400_000;

/**
 * The sessions a corpus filter keeps, newest first, with what they add up to (sessions, messages, estimated tokens,
 * recorded compactions, recorded dollars and how many sessions with usage have no price) and each filter's values over
 * all sessions (most sessions first). Derives the corpus columns of sessions stored before them first.
 */
export async function listCorpus(filter: CorpusFilter): Promise<CorpusRecord> {
  await backfillCorpusColumns();
  const prisma = await db();
  const [rows, allSessions, agents, models, projects] = await Promise.all([
    prisma.session.findMany({ where: whereOf(filter), select: SESSION_SUMMARY_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
    prisma.session.count(),
    prisma.session.groupBy({ by: ["format"], _count: { _all: true } }),
    prisma.session.groupBy({ by: ["model"], _count: { _all: true } }),
    prisma.session.groupBy({ by: ["project"], _count: { _all: true } }),
  ]);
  const sessions = rows.map(toSessionRecord);
  const totals = { sessions: sessions.length, messages: 0, estimatedTokens: 0, recordedCompactions: 0, recordedUsd: 0, unpricedSessions: 0 };
  for (const session of sessions) {
    totals.messages += session.messageCount;
    totals.estimatedTokens += session.estimatedTokens;
    totals.recordedCompactions += session.recordedCompactionCount;
    if (session.recordedCostUsd !== null) totals.recordedUsd += session.recordedCostUsd;
    else if (session.recordedPeakContextTokens !== null) totals.unpricedSessions++;
  }
  const facet = (groups: { value: string | null; count: number }[]) =>
    groups.filter((group): group is { value: string; count: number } => group.value !== null).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    sessions,
    totals,
    allSessions,
    facets: {
      agents: facet(agents.map((group) => ({ value: group.format, count: group._count._all }))),
      models: facet(models.map((group) => ({ value: group.model, count: group._count._all }))),
      projects: facet(projects.map((group) => ({ value: group.project, count: group._count._all }))),
    },
  };
}

/** The filter as a Prisma where: every given filter must hold; a day range covers whole UTC days on the session's start, else its import. */
function whereOf(filter: CorpusFilter): Prisma.SessionWhereInput {
  const and: Prisma.SessionWhereInput[] = [];
  if (filter.agent) and.push({ format: filter.agent });
  if (filter.model) and.push({ model: filter.model });
  if (filter.project) and.push({ project: filter.project });
  if (filter.minTokens !== undefined) and.push({ estimatedTokens: { gte: filter.minTokens } });
  if (filter.maxTokens !== undefined) and.push({ estimatedTokens: { lte: filter.maxTokens } });
  if (filter.compactions) and.push({ recordedCompactionCount: filter.compactions === "with" ? { gt: 0 } : { equals: 0 } });
  if (filter.findings) and.push({ secretCount: filter.findings === "with" ? { gt: 0 } : { equals: 0 } });
  if (filter.from || filter.to) {
    const range: Prisma.DateTimeFilter = {
      ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
      ...(filter.to ? { lt: new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS) } : {}),
    };
    and.push({ OR: [{ startedAt: range }, { startedAt: null, createdAt: range }] });
  }
  return { AND: and };
}
