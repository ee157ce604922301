import { handle } from "@/lib/http/route";
import { presentMessagePage } from "@/lib/present/present-message-page";
import { MessagePageQuerySchema } from "@/lib/api/contracts/schemas";
import { listMessages } from "@/lib/store/sessions";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/sessions/:id/messages?cursor=&limit= → 200 `MessagePage`: messages with seq ≥ cursor (default 0),
 * at most limit (1–500, default 100), each with its chars/4 token estimate; `nextCursor` null after the last.
 * 400 for a bad cursor or limit; 404 `not_found:session`.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const page = MessagePageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return presentMessagePage(await listMessages((await params).id, page));
});
