import { handle } from "@/lib/http/route";
import { ContextQuerySchema } from "@/lib/api/contracts/run-schemas";
import { runContext } from "@/lib/runs/run-context";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/runs/:id/context?step=N|final → 200 ContextSnapshot `{ step, messages: [{ message, sessionIndex,
 * purpose, marks }], contextTokens }`; 400 for a bad step or a run without a result; 404 `not_found:run`.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const query = ContextQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return runContext({ runId: (await params).id, step: query.step });
});
