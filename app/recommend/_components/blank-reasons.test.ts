import { describe, expect, it } from "vitest";
import type { RecommendationCell } from "@/lib/api/contracts/recommend-schemas";
import { longReason, reasonKey, shortReason, whyNoDollars, whyNoRecall } from "./blank-reasons";

const cell = (overrides: Partial<RecommendationCell>): RecommendationCell => ({
  sessionId: "s",
  runId: "r",
  status: "done",
  usd: 1,
  tokens: 100,
  recall: 0.9,
  uncompacted: 1,
  compactions: 1,
  error: null,
  ...overrides,
});

describe("why a recommender figure is blank", () => {
  it.each([
    { name: "every figure present", cells: [cell({}), cell({})], dollars: null, recall: null },
    { name: "an unpriced model", cells: [cell({ usd: null, unpriced: "local-qwen" })], dollars: "no price for local-qwen", recall: null },
    { name: "no model at all", cells: [cell({ usd: null })], dollars: "no price for the sessions' model", recall: null },
    { name: "a run still going", cells: [cell({}), cell({ status: "running", usd: null, recall: null })], dollars: "still running", recall: "still running" },
    { name: "a failed run, before a running one", cells: [cell({ status: "running", usd: null, recall: null }), cell({ status: "failed", usd: null, recall: null, error: "boom" })], dollars: "run failed", recall: "run failed" },
    { name: "a done run with nothing to check", cells: [cell({ recall: null })], dollars: null, recall: "nothing to check" },
  ])("$name", ({ cells, dollars, recall }) => {
    const noDollars = whyNoDollars(cells);
    const noRecall = whyNoRecall(cells);
    expect(noDollars ? shortReason(noDollars) : null).toBe(dollars);
    expect(noRecall ? shortReason(noRecall) : null).toBe(recall);
  });

  it("a model the catalog does not know at all is named from the request", () => {
    expect(shortReason(whyNoDollars([cell({ usd: null })], "lab-unknown")!)).toBe("no price for lab-unknown");
    expect(shortReason(whyNoDollars([cell({ usd: null, unpriced: "known-unpriced" })], "lab-unknown")!)).toBe("no price for known-unpriced");
  });

  it("the note says how to set a price, on the page and on the command line", () => {
    const reason = whyNoDollars([cell({ usd: null, unpriced: "local-qwen" })])!;
    expect(longReason(reason)).toContain("local-qwen");
    expect(longReason(reason)).toContain("--cost-model");
    expect(longReason(reason)).toContain("Model (prices, and its window)");
    expect(reasonKey(reason)).toBe("unpriced:local-qwen");
    expect(longReason(whyNoRecall([cell({ status: "failed", recall: null, error: "boom" })])!)).toContain("(boom)");
  });
});
