import { handle } from "@/lib/http/route";
import { readRecommendation } from "@/lib/compare/recommend/read-recommendation";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/recommendations/:id → RecommendationView: every setting's dollars and continuation recall per session so
 * far, the frontier, and once every run ended the recommendation (or the best reachable recall). Any instance, after
 * a reload too. 404 `not_found:comparison`.
 */
export const GET = handle(async (_request: Request, { params }: Context) => readRecommendation((await params).id));
