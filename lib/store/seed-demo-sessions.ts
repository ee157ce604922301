import { generateSession } from "../generator/generate-session";
import { db } from "./db";
import { storeSession, type StoredSession } from "./store-session";

/** The demo sessions a fresh lab starts with: generated, deterministic (fixed seeds), three sizes. */
export const DEMO_SESSIONS = [
  { size: "small", seed: 1, messages: 60 },
  { size: "medium", seed: 2, messages: 400 },
  { size: "large", seed: 3, messages: 2_000 },
] as const;

/**
 * Stores the {@link DEMO_SESSIONS} when the database holds no session at all, and does nothing otherwise, so it
 * is safe to run on every start (and never re-adds demos a user deleted while other sessions remain). Titles say
 * they are generated. They have no raw upload, so re-importing them answers `not_found:upload`.
 */
export async function seedDemoSessions(): Promise<StoredSession[]> {
  const prisma = await db();
  if ((await prisma.session.count()) > 0) return [];
  const stored: StoredSession[] = [];
  for (const demo of DEMO_SESSIONS) {
    const session = generateSession({ seed: demo.seed, messages: demo.messages });
    session.title = `Generated demo session — ${demo.size} (${demo.messages.toLocaleString("en-US")} messages): ${session.title}`;
    stored.push(await storeSession({ session, sessionCount: 1, pick: 0, sourceName: `generated (seed ${demo.seed})` }));
  }
  return stored;
}
