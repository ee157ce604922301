import { generateClaudeCodeSession } from "../generator/generate-claude-code-session";
import { toClaudeCodeJsonl } from "../generator/to-claude-code-jsonl";
import { ImportError } from "../transcripts/import-error";
import { db } from "../store/db";
import type { SessionRecord } from "../store/session-record";
import { storeSession } from "../store/store-session";
import { importUpload } from "./import-upload";

/** The demo sessions a fresh lab starts with: generated, deterministic (fixed seeds), three sizes. */
export const DEMO_SESSIONS = [
  { size: "small", seed: 1, messages: 60 },
  { size: "medium", seed: 2, messages: 400 },
  { size: "large", seed: 3, messages: 2_000 },
] as const;

/**
 * Stores the {@link DEMO_SESSIONS} when the database holds no session at all, and does nothing otherwise, so it
 * is safe to run on every start (and never re-adds demos a user deleted while other sessions remain). Titles say
 * they are generated.
 *
 * Each one goes through the real upload path as a Claude Code file (lib/generator/to-claude-code-jsonl.ts), so
 * it has raw bytes and can be re-imported like any upload, generated so that it reads back with exactly the demo's
 * message count (see generateClaudeCodeSession). Should the importer reject the
 * file, the canonical session is stored directly instead (with a warning), so a start never fails on demo data.
 */
export async function seedDemoSessions(): Promise<SessionRecord[]> {
  const prisma = await db();
  if ((await prisma.session.count()) > 0) return [];
  const stored: SessionRecord[] = [];
  for (const demo of DEMO_SESSIONS) {
    const session = generateClaudeCodeSession({ seed: demo.seed, messages: demo.messages });
    session.title = `Generated demo session — ${demo.size} (${demo.messages.toLocaleString("en-US")} messages): ${session.title}`;
    const sourceName = `generated-demo-${demo.size}.jsonl`;
    try {
      const bytes = new TextEncoder().encode(toClaudeCodeJsonl(session));
      stored.push(await importUpload({ bytes, format: "claude-code", sourceName }));
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      console.warn(`seed: the claude-code importer rejected the generated ${demo.size} session (${error.message}); storing it without a raw file`);
      stored.push(await storeSession({ session, sessionCount: 1, pick: 0, sourceName }));
    }
  }
  return stored;
}
