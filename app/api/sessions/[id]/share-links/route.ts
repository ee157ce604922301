import { handle } from "@/lib/http/route";
import { presentShareLink } from "@/lib/present/present-share-link";
import { listShareLinks } from "@/lib/store/share-links";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:id/share-links → 200 `{links}`: the session's and its runs' share links, newest first, revoked ones marked (never a token). */
export const GET = handle(async (_request: Request, { params }: Context) => ({ links: (await listShareLinks((await params).id)).map(presentShareLink) }));
