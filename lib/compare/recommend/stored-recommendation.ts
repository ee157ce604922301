import { z } from "zod";
import { RecommendRequestSchema } from "../../api/contracts/recommend-schemas";

/** What a recommendation stores beside its comparison: the request with its windows resolved, and the settings left out. */
export const StoredRecommendationSchema = z.object({
  request: RecommendRequestSchema.and(z.object({ windows: z.array(z.number().int().positive()).min(1) })),
  skipped: z.array(z.string()),
});
export type StoredRecommendation = z.infer<typeof StoredRecommendationSchema>;
