import { handle } from "@/lib/http/route";
import { listSummarizers } from "@/lib/runs/list-summarizers";

export const dynamic = "force-dynamic";

/** GET /api/summarizers → 200 `{ summarizers: SummarizerOption[] }` (lib/api/contracts/summarizer-schemas.ts); never a key. */
export const GET = handle(async () => listSummarizers());
