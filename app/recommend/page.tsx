import { Suspense } from "react";
import { TRIGGER_SHARE_STRATEGIES, triggerShareRule } from "@/lib/compare/recommend/trigger-share";
import { findModelContextWindow } from "@/lib/llm/model-context-windows";
import { pricedModelIds } from "@/lib/llm/model-prices";
import { RecommendView } from "./_components/recommend-view";

/**
 * The recommender (issue #27): the models the lab prices (with their windows where known) and the strategies whose
 * trigger can be swept are server data, handed to the client view; `?id=` opens a stored recommendation.
 */
export default function RecommendPage() {
  const models = pricedModelIds().map((id) => ({ id, window: findModelContextWindow(id) ?? null }));
  const strategies = TRIGGER_SHARE_STRATEGIES.map((id) => ({ id, defaultShareAt200K: triggerShareRule(id)!.defaultShare(200_000) }));
  return (
    <Suspense>
      <RecommendView models={models} strategies={strategies} />
    </Suspense>
  );
}
