import { handle } from "@/lib/http/route";
import { listStrategies } from "@/lib/runs/list-strategies";

/** GET /api/strategies → 200 `{ strategies: StrategyInfo[] }` (lib/api/contracts/run-schemas.ts). */
export const GET = handle(async () => listStrategies());
