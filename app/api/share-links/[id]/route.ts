import { handle } from "@/lib/http/route";
import { presentShareLink } from "@/lib/present/present-share-link";
import { revokeShareLink } from "@/lib/store/share-links";

type Context = { params: Promise<{ id: string }> };

/** DELETE /api/share-links/:id → 200 the link, revoked (its /share/ page stops working at once); 404 `not_found:share_link`. */
export const DELETE = handle(async (_request: Request, { params }: Context) => ({ link: presentShareLink(await revokeShareLink((await params).id)) }));
