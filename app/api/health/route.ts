import { handle } from "@/lib/http/route";
import { checkDatabase } from "@/lib/store/check-database";

export const dynamic = "force-dynamic";

/**
 * Open in team mode too (load balancers and Playwright poll it). GET /api/health → 200 `{ ok: true, database: "sqlite" | "postgresql" }` once the database answers (the first
 * call also migrates a fresh database), else a 500. Playwright's webServer waits on it.
 */
export const GET = handle(async () => ({ ok: true, database: await checkDatabase() }), { access: "public" });
