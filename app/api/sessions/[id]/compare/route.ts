import { readJsonBody } from "@/lib/http/read-json-body";
import { CompareRequestSchema } from "@/lib/api/contracts/compare-schemas";
import { handle } from "@/lib/http/route";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { runComparison } from "@/lib/jobs/run-comparison";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/sessions/:id/compare (CompareRequest) → 200 `application/x-ndjson`: CompareStreamLine per line
 * (`started`, per configuration `config-started` / `progress` / `row` or `config-error`, then `done`; a cancelled
 * comparison ends with `error`, code `cancelled`). Each configuration is stored as an ordinary run. Refusals come
 * before the stream, as JSON errors: 400 `invalid_request` / `invalid_settings` / `unknown_strategy` (field
 * `configs.<i>…`) / `missing_api_key`, 404 `not_found:session`. Aborting the request cancels the comparison.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const { configs, ...compare } = CompareRequestSchema.parse(await readJsonBody(request));
  const stream = await runComparison({ sessionIds: [(await params).id], configs, compare, signal: request.signal });
  return ndjsonResponse(stream);
});
