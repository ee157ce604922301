import { handle } from "@/lib/http/route";
import { presentStoredSession } from "@/lib/present/present-session";
import { reimportUpload } from "@/lib/sessions/reimport-upload";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/sessions/:id/reimport → 200 `SessionSummary & { sessionCount }`: the session imported again from
 * its stored raw file with the current importers (same id). 400 with the ImportError when the file no longer
 * imports (nothing changes); 404 `not_found:session`, or `not_found:upload` for a generated demo session.
 */
export const POST = handle(async (_request: Request, { params }: Context) => presentStoredSession(await reimportUpload((await params).id)));
