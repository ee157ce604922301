// Seeds the generated demo sessions into an empty database (DATABASE_URL, default file:./data/lab.db).
// Idempotent: does nothing when any session exists. Run: npx tsx scripts/seed.ts (scripts/start.sh does).
import { closeDatabases } from "../lib/store/db";
import { seedDemoSessions } from "../lib/sessions/seed-demo-sessions";

try {
  const stored = await seedDemoSessions();
  console.log(
    stored.length === 0
      ? "seed: the database already has sessions; nothing to do"
      : `seed: stored ${stored.length} generated demo sessions (${stored.map((session) => session.messageCount).join(", ")} messages)`,
  );
} finally {
  await closeDatabases();
}
