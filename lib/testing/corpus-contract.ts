import { expect, it } from "vitest";
import type { CorpusFilter } from "../api/contracts/corpus-schemas";
import type { FormatId, Message, Session, Usage } from "../engine/model";
import { db } from "../store/db";
import { listCorpus } from "../store/list-corpus";
import { storeSession } from "../store/sessions";

const text = (role: "user" | "assistant", body: string, extra: Partial<Message> = {}): Message => ({ id: `${role}-${body.length}`, role, parts: [{ type: "text", text: body }], ...extra });
const usage = (input: number, output: number): Usage => ({ input, output, cacheRead: 0, cacheWrite: 0 });

interface Fixture {
  title: string;
  format: FormatId;
  cwd?: string;
  model?: string;
  startedAt?: string;
  /** characters of the assistant's reply (its size), and whether a compaction is recorded */
  size: number;
  compaction?: boolean;
  usage?: Usage;
  secret?: boolean;
}

function sessionOf(fixture: Fixture): Session {
  const messages: Message[] = [
    text("user", `Task for ${fixture.title}`),
    text("assistant", "x".repeat(fixture.size), { usage: fixture.usage, model: fixture.model, timestamp: fixture.startedAt }),
  ];
  if (fixture.compaction) messages.push({ id: "c", role: "user", parts: [{ type: "compaction", auto: true }] });
  return { title: fixture.title, format: fixture.format, meta: { ...(fixture.cwd ? { cwd: fixture.cwd } : {}), ...(fixture.startedAt ? { startedAt: fixture.startedAt } : {}) }, messages };
}

// claude-sonnet-4-5 on 2025-10-01: $3 / M input, $15 / M output. gpt-5: $1.25 / $10.
const FIXTURES: Fixture[] = [
  { title: "Refactor the parser", format: "claude-code", cwd: "/work/parser", model: "claude-sonnet-4-5", startedAt: "2025-10-01T09:00:00Z", size: 40_000, compaction: true, usage: usage(100_000, 10_000) },
  { title: "Fix the flaky test", format: "codex", cwd: "/work/parser", model: "gpt-5", startedAt: "2025-10-03T09:00:00Z", size: 4_000, usage: usage(200_000, 20_000), secret: true },
  { title: "Sketch the landing page", format: "pi", cwd: "/work/site", model: "acme-frontier-1", startedAt: "2025-10-05T23:30:00Z", size: 800, usage: usage(1_000, 1_000) },
  { title: "Notes without usage", format: "claude-code", size: 400 },
];

/**
 * The corpus view against a real database (SQLite and PostgreSQL share it): every filter narrows the list and the
 * sums follow; the facets list each value over all sessions; sessions stored before the corpus columns get them.
 */
export function corpusContract(): void {
  it("filters by agent, model, project, day, size, compactions and findings, and sums what it keeps", async () => {
    const ids: Record<string, string> = {};
    for (const fixture of FIXTURES) {
      const stored = await storeSession({
        session: sessionOf(fixture),
        sessionCount: 1,
        pick: 0,
        secretFindings: fixture.secret ? [{ rule: "github", kind: "GITHUB_TOKEN", message: "found", field: "part", seq: 1, part: 0, preview: "ghp_…" }] : [],
      });
      ids[fixture.title] = stored.id;
    }
    const titles = async (filter: CorpusFilter) => (await listCorpus(filter)).sessions.map((session) => session.title).sort();

    const all = await listCorpus({});
    expect(all.sessions).toHaveLength(4);
    expect(all.allSessions).toBe(4);
    expect(all.totals.sessions).toBe(4);
    expect(all.totals.recordedCompactions).toBe(1);
    expect(all.totals.estimatedTokens).toBe(all.sessions.reduce((sum, session) => sum + session.estimatedTokens, 0));
    // 100K × $3 + 10K × $15 = $0.45; 200K × $1.25 + 20K × $10 = $0.45; acme-frontier-1 has no price
    expect(all.totals.recordedUsd).toBeCloseTo(0.9, 10);
    expect(all.totals.unpricedSessions).toBe(1);
    const parser = all.sessions.find((session) => session.id === ids["Refactor the parser"])!;
    expect(parser).toMatchObject({ model: "claude-sonnet-4-5", project: "/work/parser", recordedCostUsd: expect.closeTo(0.45, 10) });
    expect(parser.startedAt?.toISOString()).toBe("2025-10-01T09:00:00.000Z");
    expect(all.facets.agents).toEqual([
      { value: "claude-code", count: 2 },
      { value: "codex", count: 1 },
      { value: "pi", count: 1 },
    ]);
    expect(all.facets.projects).toEqual([
      { value: "/work/parser", count: 2 },
      { value: "/work/site", count: 1 },
    ]);
    expect(all.facets.models.map((facet) => facet.value)).toEqual(["acme-frontier-1", "claude-sonnet-4-5", "gpt-5"]);

    expect(await titles({ agent: "claude-code" })).toEqual(["Notes without usage", "Refactor the parser"]);
    expect(await titles({ model: "gpt-5" })).toEqual(["Fix the flaky test"]);
    expect(await titles({ project: "/work/parser" })).toEqual(["Fix the flaky test", "Refactor the parser"]);
    expect(await titles({ from: "2025-10-02", to: "2025-10-05" })).toEqual(["Fix the flaky test", "Sketch the landing page"]);
    expect(await titles({ to: "2025-10-01" })).toEqual(["Refactor the parser"]);
    expect(await titles({ minTokens: 1_000 })).toEqual(["Fix the flaky test", "Refactor the parser"]);
    expect(await titles({ maxTokens: 1_000 })).toEqual(["Notes without usage", "Sketch the landing page"]);
    expect(await titles({ compactions: "with" })).toEqual(["Refactor the parser"]);
    expect(await titles({ compactions: "without", findings: "without" })).toEqual(["Notes without usage", "Sketch the landing page"]);
    expect(await titles({ findings: "with" })).toEqual(["Fix the flaky test"]);
    expect(await titles({ agent: "codex", project: "/work/site" })).toEqual([]);

    const parserProject = await listCorpus({ project: "/work/parser" });
    expect(parserProject.totals).toMatchObject({ sessions: 2, recordedCompactions: 1, unpricedSessions: 0 });
    expect(parserProject.totals.recordedUsd).toBeCloseTo(0.9, 10);
    expect(parserProject.allSessions).toBe(4);
    // a session with no start recorded is placed by its import (today): not in October 2025
    expect(await titles({ from: "2025-10-01", to: "2025-10-31" })).not.toContain("Notes without usage");
  });

  it("derives the columns of sessions stored before them, on the next list", async () => {
    const stored = await storeSession({ session: sessionOf({ title: "Old one", format: "codex", cwd: "/work/old", model: "gpt-5", startedAt: "2025-09-01T00:00:00Z", size: 100, usage: usage(1_000_000, 0) }), sessionCount: 1, pick: 0 });
    const prisma = await db();
    await prisma.session.update({ where: { id: stored.id }, data: { model: null, project: null, startedAt: null, recordedCostUsd: null, corpusVersion: 0 } });
    const listed = (await listCorpus({ project: "/work/old" })).sessions;
    expect(listed.map((session) => session.id)).toEqual([stored.id]);
    expect(listed[0]).toMatchObject({ model: "gpt-5", recordedCostUsd: expect.closeTo(1.25, 10) });
    expect((await prisma.session.findUnique({ where: { id: stored.id }, select: { corpusVersion: true } }))?.corpusVersion).toBeGreaterThan(0);
  });
}
