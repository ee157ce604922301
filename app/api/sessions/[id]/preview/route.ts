import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { PreviewRequestSchema } from "@/lib/api/contracts/run-schemas";
import { previewCompaction } from "@/lib/runs/preview-compaction";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/sessions/:id/preview (PreviewRequest) → 200 CompactionPreviewView: the instant, LLM-free preview.
 * 400 `invalid_request` / `invalid_settings` (naming the setting) / `unknown_strategy`; 404 `not_found:session`.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const body = PreviewRequestSchema.parse(await readJsonBody(request));
  return previewCompaction({ sessionId: (await params).id, request: body });
});
